/**
 * A payment method is one definition (catalogue/methods.ts `METHOD_DEFINITIONS`): every table
 * keyed by method that the rest of the code reads is derived from it, and says what it says.
 */
import { describe, expect, it } from 'vitest';
import { FEE_SCHEDULE } from '../fees.js';
import { METHOD_TITLE_KEYS, messages } from '../hosted-pages/i18n.js';
import { DRAFT_METHODS } from '../sessions/service.js';
import { METHOD_CHANNEL, METHOD_CURRENCIES, METHOD_DEFINITIONS, METHOD_LABELS, PAYMENT_METHODS, type PaymentMethodDefinition, type PaymentMethodName } from './catalogue/methods.js';
import { PER_COUNTRY_METHODS } from './countries.js';

/** The methods whose entry in `table` is not `fact` of their definition (and entries for no method). */
function drift(table: Readonly<Record<string, unknown>>, fact: (d: PaymentMethodDefinition) => unknown): string[] {
  const methods = PAYMENT_METHODS.filter((m) => JSON.stringify(table[m]) !== JSON.stringify(fact(METHOD_DEFINITIONS[m])));
  return [...methods, ...Object.keys(table).filter((k) => !(PAYMENT_METHODS as readonly string[]).includes(k))];
}

/** The methods whose definition has `flag` on, in spec table order. */
const withFlag = (flag: (d: PaymentMethodDefinition) => boolean): PaymentMethodName[] => PAYMENT_METHODS.filter((m) => flag(METHOD_DEFINITIONS[m]));

describe('the payment method definitions', () => {
  it('are the six spec methods, in spec table order', () => {
    expect(Object.keys(METHOD_DEFINITIONS)).toEqual(['paymentInitiation', 'cardPayments', 'mobilePay', 'blik', 'bnpl', 'hirePurchase']);
    expect(PAYMENT_METHODS).toEqual(Object.keys(METHOD_DEFINITIONS));
  });

  it('finds a table that drifted from the definitions (the check can fail)', () => {
    expect(drift({ ...FEE_SCHEDULE, bnpl: { basisPoints: 300, fixedMinor: 0, minimumMinor: 10 } }, (d) => d.fee)).toEqual(['bnpl']);
    const { hirePurchase: _, ...missing } = METHOD_CHANNEL;
    expect(drift(missing, (d) => d.channel)).toEqual(['hirePurchase']);
    expect(drift({ ...METHOD_LABELS, paypal: 'PayPal' }, (d) => d.label)).toEqual(['paypal']);
  });

  it('are what every per-method table says', () => {
    expect(drift(METHOD_CURRENCIES, (d) => d.currencies)).toEqual([]);
    expect(drift(METHOD_LABELS, (d) => d.label)).toEqual([]);
    expect(drift(FEE_SCHEDULE, (d) => d.fee)).toEqual([]);
    expect(drift(METHOD_CHANNEL, (d) => d.channel)).toEqual([]);
    expect(PER_COUNTRY_METHODS).toEqual(withFlag((d) => d.perCountry));
    expect(DRAFT_METHODS).toEqual(withFlag((d) => d.embeddedIntent));
    // Every method has a title in every locale, under the key its name gives.
    for (const m of PAYMENT_METHODS) {
      expect(METHOD_TITLE_KEYS[m]).toBe(`method${m[0]?.toUpperCase()}${m.slice(1)}`);
      expect(messages('en')[METHOD_TITLE_KEYS[m]]).toMatch(/\S/);
    }
  });

  it('hold the facts the service had before they were one definition', () => {
    // The tables as they were spread over six folders (fees.ts, ledger/chart.ts, countries.ts,
    // methods/service.ts, orders/schema.ts, sessions/service.ts); the wire output depends on them.
    expect(FEE_SCHEDULE).toEqual({
      paymentInitiation: { basisPoints: 50, fixedMinor: 0, minimumMinor: 10 },
      cardPayments: { basisPoints: 150, fixedMinor: 10, minimumMinor: 10 },
      mobilePay: { basisPoints: 150, fixedMinor: 10, minimumMinor: 10 },
      blik: { basisPoints: 120, fixedMinor: 0, minimumMinor: 10 },
      bnpl: { basisPoints: 300, fixedMinor: 0, minimumMinor: 50 },
      hirePurchase: { basisPoints: 250, fixedMinor: 0, minimumMinor: 50 },
    });
    expect(METHOD_CHANNEL).toEqual({
      paymentInitiation: 'bankPayments',
      cardPayments: 'cardPayments',
      mobilePay: 'cardPayments',
      blik: 'blik',
      bnpl: 'financing',
      hirePurchase: 'financing',
    });
    expect(PER_COUNTRY_METHODS).toEqual(['paymentInitiation']);
    expect(withFlag((d) => d.requiredToBeEnabled)).toEqual(['cardPayments', 'mobilePay']);
    expect(withFlag((d) => d.embeddedSession)).toEqual(['cardPayments']);
    expect(DRAFT_METHODS).toEqual(['cardPayments', 'blik']);
  });

  it('are frozen, as the tables derived from them', () => {
    for (const m of PAYMENT_METHODS) {
      const d = METHOD_DEFINITIONS[m];
      for (const part of [d, d.currencies, d.logo, d.fee]) expect(Object.isFrozen(part)).toBe(true);
    }
    for (const table of [METHOD_DEFINITIONS, PAYMENT_METHODS, METHOD_CURRENCIES, METHOD_LABELS, METHOD_CHANNEL, FEE_SCHEDULE, PER_COUNTRY_METHODS, DRAFT_METHODS]) {
      expect(Object.isFrozen(table)).toBe(true);
    }
  });
});
