import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../platform/locales.js';
import { SIM_MESSAGES } from '../processors/sim-kit/messages.js';
import { failureMessageKey, MESSAGES, pageLocale } from './i18n.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Strings long enough that an identical text in two languages means a missing translation. */
const LONG = 12;

function checkCatalogue(name: string, catalogue: Readonly<Record<string, Readonly<object>>>) {
  describe(name, () => {
    const en = catalogue.en as Readonly<Record<string, string>>;
    const keys = Object.keys(en);

    it('has all eight locales', () => {
      expect(Object.keys(catalogue).sort()).toEqual([...LOCALES].sort());
    });

    it.each([...LOCALES])('%s has every key, non-empty, with the same placeholders', (locale) => {
      const m = catalogue[locale] as Readonly<Record<string, string>>;
      expect(Object.keys(m).sort()).toEqual([...keys].sort());
      for (const k of keys) {
        expect(typeof m[k], `${locale}.${k}`).toBe('string');
        expect(m[k]!.trim().length, `${locale}.${k}`).toBeGreaterThan(0);
        expect(placeholders(m[k]!), `${locale}.${k}`).toEqual(placeholders(en[k]!));
      }
    });

    it('no locale shares the English text of a long string (no English fallbacks)', () => {
      for (const k of keys) {
        if (en[k]!.length < LONG) continue;
        for (const locale of LOCALES) {
          if (locale === 'en') continue;
          const v = (catalogue[locale] as Readonly<Record<string, string>>)[k];
          expect(v, `${locale}.${k} is the English text`).not.toBe(en[k]);
        }
      }
    });
  });
}

checkCatalogue('hosted page messages', MESSAGES);
checkCatalogue('simulator messages', SIM_MESSAGES);

describe('pageLocale', () => {
  const order = { locale: 'et' as const, payment_method: 'paymentInitiation' as const, method_options: { preferredLocale: 'lv' as const } };
  it("?lang= first, then preferredLocale for bank payments and BLIK, then the order's locale", () => {
    expect(pageLocale(order, 'ru')).toBe('ru');
    expect(pageLocale(order, 'xx')).toBe('lv');
    expect(pageLocale(order)).toBe('lv');
    expect(pageLocale({ ...order, payment_method: 'blik' })).toBe('lv');
    expect(pageLocale({ ...order, payment_method: 'cardPayments' })).toBe('et');
    expect(pageLocale({ ...order, method_options: {} })).toBe('et');
  });
  it('maps failure reasons to messages', () => {
    expect(failureMessageKey('INSUFFICIENT_FUNDS')).toBe('errorINSUFFICIENT_FUNDS');
    expect(failureMessageKey('SOMETHING_ELSE')).toBe('errorGeneric');
    expect(failureMessageKey(null)).toBe('errorGeneric');
  });
});
