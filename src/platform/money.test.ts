import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, parseAmount, toNumber, MAX_MINOR } from './money.js';

const minor = fc.integer({ min: 0, max: MAX_MINOR });

describe('money', () => {
  it('format → parse round-trips every amount in minor units', () => {
    fc.assert(
      fc.property(minor, (m) => {
        const r = parseAmount(formatAmount(m));
        return r.ok && r.minor === m;
      }),
    );
  });

  it('a JS number with at most 2 decimals parses exactly (no float drift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (m) => {
        const r = parseAmount(toNumber(m));
        return r.ok && r.minor === m;
      }),
    );
    expect(parseAmount(10.1)).toEqual({ ok: true, minor: 1010 });
    expect(parseAmount(0.29)).toEqual({ ok: true, minor: 29 });
    expect(parseAmount(1.005)).toEqual({ ok: false, reason: 'must have at most 2 decimal places' });
    expect(parseAmount(0.1 + 0.2)).toEqual({ ok: false, reason: 'must have at most 2 decimal places' });
  });

  it('accepts numeric strings and trailing zeros, refuses everything else', () => {
    expect(parseAmount('12.30')).toEqual({ ok: true, minor: 1230 });
    expect(parseAmount('12.300')).toEqual({ ok: true, minor: 1230 });
    expect(parseAmount(' 7 ')).toEqual({ ok: true, minor: 700 });
    expect(parseAmount('-1.5')).toEqual({ ok: true, minor: -150 });
    for (const bad of ['', 'abc', '1,50', '1e3', '0x10', null, true, {}, [], Number.NaN, Infinity]) {
      expect(parseAmount(bad).ok).toBe(false);
    }
    expect(parseAmount(1e-7)).toEqual({ ok: false, reason: 'must have at most 2 decimal places' });
    expect(parseAmount(1e21)).toEqual({ ok: false, reason: 'is too large' });
    expect(parseAmount('999999999999999999')).toEqual({ ok: false, reason: 'is too large' });
  });

  it('sums of parsed amounts equal the parse of the decimal sum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000_00 }), { maxLength: 50 }), (parts) => {
        const total = parts.reduce((a, b) => a + b, 0);
        const viaStrings = parts.map((p) => parseAmount(formatAmount(p))).reduce((a, r) => a + (r.ok ? r.minor : NaN), 0);
        return viaStrings === total;
      }),
    );
  });

  it('formats like the spec: "10.00"', () => {
    expect(formatAmount(1000)).toBe('10.00');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(-105)).toBe('-1.05');
    expect(toNumber(1050)).toBe(10.5);
  });
});
