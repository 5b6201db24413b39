import { describe, expect, it } from 'vitest';
import { canMove, FUNDS_RETRY_DELAYS_MS, HOLDING, REFUND_STATUSES, REFUND_TRANSITIONS } from './states.js';

describe('refund states', () => {
  it('final statuses go nowhere; nothing returns to PENDING once processing', () => {
    for (const s of ['SUCCESSFUL', 'REJECTED', 'CANCELED'] as const) for (const to of REFUND_STATUSES) expect(canMove(s, to)).toBe(false);
    expect(canMove('PROCESSING', 'PENDING')).toBe(false);
    expect(canMove('PROCESSING', 'CANCELED')).toBe(false); // the processor has it: no cancelling
    expect(canMove('PENDING', 'SUCCESSFUL')).toBe(false); // only through PROCESSING (the money is booked first)
  });

  it('every status is in the table, and only live or successful refunds hold the order amount', () => {
    expect(Object.keys(REFUND_TRANSITIONS).sort()).toEqual([...REFUND_STATUSES].sort());
    expect([...HOLDING].sort()).toEqual(['PENDING', 'PROCESSING', 'SUCCESSFUL']);
  });

  it('waiting for funds lasts about three days before EXPIRED', () => {
    const total = FUNDS_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(70);
    expect(total / 3_600_000).toBeLessThan(73);
  });
});
