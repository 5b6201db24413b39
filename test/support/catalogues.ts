/** The checks every message catalogue (a messages object per locale) must pass. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/platform/locales.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Strings long enough that an identical text in two languages means a missing translation. */
const LONG = 12;

/** All eight locales, every key non-empty with the English placeholders, no English fallbacks. */
export function checkCatalogue(name: string, catalogue: Readonly<Record<string, Readonly<object>>>): void {
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
