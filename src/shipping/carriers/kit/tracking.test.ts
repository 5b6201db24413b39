import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../registry.js';
import { gs1CheckDigit, luhnCheckDigit, mod7CheckDigit, s10CheckDigit, s10Residue } from './check-digits.js';

describe('check digit algorithms (published examples)', () => {
  it('S10 mod 11', () => {
    expect(s10CheckDigit('47312482')).toBe(9); // RR473124829GB, the UPU S10 example
    expect(s10CheckDigit('12345678')).toBe(5); // CC123456785EE
    expect(s10CheckDigit('00000000')).toBe(5); // residue 0: 11 → 5
    expect(s10CheckDigit('02000000')).toBe(0); // residue 1: 10 → 0
    expect(() => s10CheckDigit('1234567')).toThrow(RangeError);
  });
  it('Luhn', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('424242424242424')).toBe(2);
  });
  it('GS1 mod 10', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1); // GTIN-13 4006381333931
    expect(gs1CheckDigit('00614141123456789')).toBe(0); // SSCC 006141411234567890
  });
  it('mod 7', () => {
    expect(mod7CheckDigit('123456789')).toBe(123456789 % 7);
    expect(() => mod7CheckDigit('1234567890123456')).toThrow(RangeError);
  });
});

const replaceAt = (s: string, i: number, c: string): string => `${s.slice(0, i)}${c}${s.slice(i + 1)}`;

describe.each(CARRIERS.map((d) => [d.code, d] as const))('%s tracking numbers', (_, def) => {
  const scheme = def.trackingNumber;
  const seq = fc.integer({ min: 0, max: Math.min(scheme.capacity, Number.MAX_SAFE_INTEGER) - 1 });
  const country = fc.constantFrom(...def.countries);

  it('generates numbers in the format that pass their check digit', () => {
    fc.assert(
      fc.property(seq, country, (n, c) => {
        const tn = scheme.generate(n, c);
        expect(tn).toMatch(scheme.format);
        expect(scheme.isValid(tn)).toBe(true);
      }),
    );
    expect(scheme.isValid(scheme.example)).toBe(true);
  });

  it('gives distinct sequence numbers distinct tracking numbers', () => {
    fc.assert(fc.property(seq, seq, country, (a, b, c) => (a === b) === (scheme.generate(a, c) === scheme.generate(b, c))));
  });

  it('refuses sequence numbers outside its range', () => {
    const c = def.countries[0]!;
    expect(() => scheme.generate(-1, c)).toThrow(RangeError);
    expect(() => scheme.generate(1.5, c)).toThrow(RangeError);
    if (scheme.capacity < Number.MAX_SAFE_INTEGER) expect(() => scheme.generate(scheme.capacity, c)).toThrow(RangeError);
  });

  const checked = scheme.checkDigit.algorithm !== 'none';

  it.runIf(checked)('detects a changed check digit', () => {
    fc.assert(
      fc.property(seq, country, fc.integer({ min: 0, max: 9 }), (n, c, d) => {
        const tn = scheme.generate(n, c);
        const at = scheme.protectedPositions(tn).checkDigit;
        fc.pre(tn[at] !== String(d));
        expect(scheme.isValid(replaceAt(tn, at, String(d)))).toBe(false);
      }),
    );
  });

  it.runIf(checked)('detects a single changed protected digit, where the scheme allows', () => {
    fc.assert(
      fc.property(seq, country, fc.nat(), fc.integer({ min: 1, max: 9 }), (n, c, pos, delta) => {
        const tn = scheme.generate(n, c);
        const positions = scheme.protectedPositions(tn).protectedDigits;
        const at = positions[pos % positions.length]!;
        const old = Number(tn[at]);
        const changed = replaceAt(tn, at, String((old + delta) % 10));
        const detected = !scheme.isValid(changed);
        switch (scheme.checkDigit.algorithm) {
          case 'luhn-mod10':
          case 'gs1-mod10':
            expect(detected).toBe(true);
            break;
          case 'mod7':
            // A digit changed by ±7 (0↔7, 1↔8, 2↔9) keeps the number's residue mod 7.
            expect(detected).toBe(Math.abs(((old + delta) % 10) - old) !== 7);
            break;
          case 'none':
            throw new Error('unreachable: schemes without a check digit are skipped');
          case 'upu-s10-mod11': {
            // Residues 0 and 6 share check digit 5; every other change is caught.
            const residues = new Set([s10Residue(tn.slice(2, 10)), s10Residue(changed.slice(2, 10))]);
            expect(detected).toBe(!(residues.has(0) && residues.has(6)));
            break;
          }
        }
        expect(scheme.checkDigit.detectsAllSingleDigitErrors).toBe(scheme.checkDigit.algorithm === 'luhn-mod10' || scheme.checkDigit.algorithm === 'gs1-mod10');
      }),
      { numRuns: 500 },
    );
  });

  it('builds a tracking link that carries the number', () => {
    const tn = scheme.example;
    const url = new URL(def.trackingUrl(tn));
    expect(url.protocol).toBe('https:');
    expect(url.href).toContain(tn);
  });
});

describe('tracking number shapes', () => {
  const byCode = Object.fromEntries(CARRIERS.map((d) => [d.code, d.trackingNumber]));
  it('match the carriers', () => {
    expect(byCode.omniva!.generate(12345678, 'EE')).toBe('CE123456785EE');
    expect(byCode.omniva!.generate(12345678, 'LT')).toBe('CE123456785LT');
    expect(byCode.smartpost!.generate(1, 'FI')).toMatch(/^37\d{12}$/);
    expect(byCode.dpd!.generate(1, 'PL')).toMatch(/^05\d{12}$/);
    expect(byCode.venipak!.generate(1234, 'LT')).toMatch(/^V\d{5}E0001234$/);
    expect(byCode.inpost!.generate(1, 'PL')).toMatch(/^620\d{21}$/);
    expect(() => byCode.omniva!.generate(1, 'PL')).toThrow(RangeError);
  });
});
