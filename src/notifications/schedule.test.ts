import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSuccessStatus, MAX_ATTEMPTS, nextDelayMs, RETRY_DELAYS_MS } from './schedule.js';

describe('notification retry schedule', () => {
  it('13 retries adding up to exactly 48 hours, never shrinking', () => {
    expect(RETRY_DELAYS_MS).toHaveLength(13);
    expect(MAX_ATTEMPTS).toBe(14);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(48 * 60 * 60 * 1000);
    for (let i = 1; i < RETRY_DELAYS_MS.length; i++) expect(RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i - 1]!);
  });

  it('after n failed attempts the next delay is the n-th, then none', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (n) => {
        const d = nextDelayMs(n);
        return n <= 13 ? d === RETRY_DELAYS_MS[n - 1] : d === null;
      }),
    );
  });

  it('only 200 and 201 are success', () => {
    fc.assert(fc.property(fc.integer({ min: 100, max: 599 }), (s) => isSuccessStatus(s) === (s === 200 || s === 201)));
  });
});
