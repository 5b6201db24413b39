import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FEE_SCHEDULE, serviceFee } from './fees.js';
import { PAYMENT_METHODS } from './methods/catalogue/methods.js';

describe('service fee', () => {
  it('is an integer between the minimum (or the amount) and the amount, and grows with the amount', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAYMENT_METHODS), fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (m, a, extra) => {
        const f = serviceFee(m, a);
        return Number.isInteger(f) && f <= a && f >= Math.min(a, FEE_SCHEDULE[m].minimumMinor) && serviceFee(m, a + extra) >= f;
      }),
    );
  });

  it('examples', () => {
    expect(serviceFee('paymentInitiation', 10_000)).toBe(50); // 0.5 % of 100.00
    expect(serviceFee('paymentInitiation', 1_050)).toBe(10); // minimum 0.10
    expect(serviceFee('cardPayments', 10_000)).toBe(160); // 1.5 % + 0.10
    expect(serviceFee('bnpl', 20)).toBe(20); // never above the amount
  });
});
