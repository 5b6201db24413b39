import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkDigit731, isNationalReference, isRfReference, isValidPaymentReference, makeRfReference } from './references.js';

describe('structured payment references', () => {
  it('7-3-1 references: the known example and any base with its check digit', () => {
    expect(isNationalReference('1234561')).toBe(true); // 7-3-1 of 123456 is 1
    expect(isNationalReference('1234567')).toBe(false);
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{1,19}$/), (base) => isNationalReference(base + checkDigit731(base))));
  });

  it('a changed digit is detected by 7-3-1', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{2,19}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (base, pos, delta) => {
        const ref = base + checkDigit731(base);
        const i = pos % ref.length;
        const changed = ref.slice(0, i) + String((Number(ref[i]) + delta) % 10) + ref.slice(i + 1);
        return !isNationalReference(changed);
      }),
    );
  });

  it('RF creditor references (ISO 11649)', () => {
    expect(isRfReference('RF18539007547034')).toBe(true);
    expect(isRfReference('RF18 5390 0754 7034')).toBe(true);
    expect(isRfReference('RF19539007547034')).toBe(false);
    fc.assert(fc.property(fc.stringMatching(/^[A-Z0-9]{1,21}$/), (base) => isRfReference(makeRfReference(base))));
  });

  it('anything else is refused', () => {
    for (const bad of ['', 'abc', '1', 'RF', 'RF00', '12-34']) expect(isValidPaymentReference(bad)).toBe(false);
  });
});
