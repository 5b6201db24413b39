import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatScaled, gramsIn, MAX_LENGTH_MM, MAX_WEIGHT_G, millimetresIn, toGrams, toMillimetres } from './units.js';

const mm = fc.integer({ min: 1, max: MAX_LENGTH_MM });
const grams = fc.integer({ min: 1, max: MAX_WEIGHT_G });
const ok = (value: number) => ({ ok: true, value });

describe('length conversion', () => {
  it('n mm written in m, cm or mm (as strings and as JS numbers) converts back to exactly n', () => {
    fc.assert(
      fc.property(mm, fc.boolean(), (n, asNumber) => {
        const m = formatScaled(n, 3);
        const cm = formatScaled(n, 1);
        const mmText = String(n);
        const read = (text: string) => (asNumber ? Number(text) : text);
        return (
          [toMillimetres(read(m), 'm'), toMillimetres(read(cm), 'cm'), toMillimetres(read(mmText), 'mm')].every((r) => r.ok && r.value === n) &&
          millimetresIn(n, 'm') === Number(m) &&
          millimetresIn(n, 'cm') === Number(cm) &&
          millimetresIn(n, 'mm') === n
        );
      }),
    );
  });

  it('trailing zeros and padding do not change the value', () => {
    fc.assert(
      fc.property(mm, fc.nat({ max: 6 }), (n, zeros) => {
        const text = ` ${formatScaled(n, 3)}${formatScaled(n, 3).includes('.') ? '' : '.'}${'0'.repeat(zeros)} `;
        const r = toMillimetres(text, 'm');
        return r.ok && r.value === n;
      }),
    );
  });

  it('rounds half up below a millimetre, once, from the decimal digits', () => {
    expect(toMillimetres(12.345, 'cm')).toEqual(ok(123));
    expect(toMillimetres(12.35, 'cm')).toEqual(ok(124)); // 12.35 as a double is 12.3499999…; the digits say 12.35
    expect(toMillimetres(1.0005, 'm')).toEqual(ok(1001));
    expect(toMillimetres(1.0004999, 'm')).toEqual(ok(1000));
    expect(toMillimetres(0.1 + 0.2, 'm')).toEqual(ok(300)); // 0.30000000000000004 m
    expect(toMillimetres(2.5, 'mm')).toEqual(ok(3));
    expect(toMillimetres('1.5e1', 'cm')).toEqual(ok(150));
    expect(toMillimetres(1e-7, 'm')).toEqual(ok(1)); // positive but under half a millimetre counts as 1
    expect(toMillimetres(0.04, 'mm')).toEqual(ok(1));
  });

  it('refuses zero, negatives, non-numbers and lengths over 10 m', () => {
    expect(toMillimetres(0, 'cm')).toEqual({ ok: false, reason: 'must be greater than 0' });
    expect(toMillimetres('-0', 'cm')).toEqual({ ok: false, reason: 'must be greater than 0' });
    expect(toMillimetres(-1, 'cm')).toEqual({ ok: false, reason: 'must be greater than 0' });
    expect(toMillimetres(1000.01, 'cm')).toEqual({ ok: false, reason: 'must be at most 1000 cm' });
    expect(toMillimetres(10.001, 'm')).toEqual({ ok: false, reason: 'must be at most 10 m' });
    expect(toMillimetres(10, 'm')).toEqual(ok(10_000));
    expect(toMillimetres(1e21, 'mm')).toEqual({ ok: false, reason: 'must be at most 10000 mm' });
    expect(toMillimetres('1e999999', 'mm')).toEqual({ ok: false, reason: 'must be at most 10000 mm' });
    for (const bad of ['', ' ', 'abc', '1,5', '0x10', '1.2.3', '.', null, true, {}, [], Number.NaN, Infinity]) {
      expect(toMillimetres(bad, 'cm').ok).toBe(false);
    }
  });

  it('enforces a decimal-places limit in the unit given, ignoring trailing zeros', () => {
    expect(toMillimetres(0.25, 'm', { maxDecimals: 2 })).toEqual(ok(250));
    expect(toMillimetres('0.2500', 'm', { maxDecimals: 2 })).toEqual(ok(250));
    expect(toMillimetres(0.255, 'm', { maxDecimals: 2 })).toEqual({ ok: false, reason: 'must have at most 2 decimal places' });
    expect(toMillimetres(0.1 + 0.2, 'm', { maxDecimals: 2 })).toEqual({ ok: false, reason: 'must have at most 2 decimal places' });
  });
});

describe('weight conversion', () => {
  it('n g written in kg or g converts back to exactly n', () => {
    fc.assert(
      fc.property(grams, fc.boolean(), (n, asNumber) => {
        const kg = formatScaled(n, 3);
        const a = toGrams(asNumber ? Number(kg) : kg, 'kg');
        const b = toGrams(asNumber ? n : String(n), 'g');
        return a.ok && a.value === n && b.ok && b.value === n && gramsIn(n, 'kg') === Number(kg);
      }),
    );
  });

  it('rounds half up below a gram and caps at 1000 kg', () => {
    expect(toGrams(1.2345, 'kg')).toEqual(ok(1235));
    expect(toGrams(1.2344, 'kg')).toEqual(ok(1234));
    expect(toGrams(0.4, 'g')).toEqual(ok(1));
    expect(toGrams(1000, 'kg')).toEqual(ok(MAX_WEIGHT_G));
    expect(toGrams(1000.001, 'kg')).toEqual({ ok: false, reason: 'must be at most 1000 kg' });
    expect(toGrams(-0.5, 'kg')).toEqual({ ok: false, reason: 'must be greater than 0' });
    expect(toGrams(2.555, 'kg', { maxDecimals: 2 })).toEqual({ ok: false, reason: 'must have at most 2 decimal places' });
  });

  it('reads 0 as the lightest weight, 1 g, only when asked (rate items); negatives stay refused', () => {
    expect(toGrams(0, 'kg')).toEqual({ ok: false, reason: 'must be greater than 0' });
    expect(toGrams(0, 'kg', { zeroIsLightest: true })).toEqual(ok(1));
    expect(toGrams('0.00', 'g', { zeroIsLightest: true })).toEqual(ok(1));
    expect(toGrams(-0.5, 'kg', { zeroIsLightest: true })).toEqual({ ok: false, reason: 'must be greater than 0' });
  });
});

describe('formatScaled', () => {
  it('writes integers with the decimal point moved, no trailing zeros', () => {
    expect(formatScaled(305, 1)).toBe('30.5');
    expect(formatScaled(300, 1)).toBe('30');
    expect(formatScaled(5, 3)).toBe('0.005');
    expect(formatScaled(2900, 3)).toBe('2.9');
    expect(formatScaled(0, 3)).toBe('0');
  });
});
