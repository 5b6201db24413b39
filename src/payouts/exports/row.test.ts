import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMinor } from './row.js';

/** Reference on BigInt: no floats anywhere. */
function reference(minor: number): string {
  const b = BigInt(minor);
  const abs = b < 0n ? -b : b;
  return `${b < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

describe('formatMinor', () => {
  it('writes exactly two decimals with the sign in front', () => {
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(-0)).toBe('0.00');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(50)).toBe('0.50');
    expect(formatMinor(-1250)).toBe('-12.50');
    expect(formatMinor(100)).toBe('1.00');
    expect(formatMinor(123456789)).toBe('1234567.89');
    expect(formatMinor(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(formatMinor(-Number.MAX_SAFE_INTEGER)).toBe('-90071992547409.91');
  });

  it('refuses non-integers and unsafe integers', () => {
    expect(() => formatMinor(1.5)).toThrow(RangeError);
    expect(() => formatMinor(Number.NaN)).toThrow(RangeError);
    expect(() => formatMinor(2 ** 53)).toThrow(RangeError);
  });

  it('matches a BigInt reference for every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (m) => formatMinor(m) === reference(m)),
      { numRuns: 2000 },
    );
  });
});
