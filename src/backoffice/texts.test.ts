/**
 * The back office's text tables: every locale has every text, none empty, and none left in
 * English except words that are the same in that language (listed here, per locale).
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../platform/locales.js';
import { TEXTS } from './i18n.js';
import { PAYOUT_TEXTS } from './payouts/texts.js';
import { SETTINGS_TEXTS } from './settings/texts.js';
import { SHIPPING_TEXTS } from './shipping/texts.js';
import { channelName, countryName, methodName, RAW_VALUES, VALUE_ENUMS, VALUE_TEXTS, word } from './values.js';
import { PAYMENT_METHODS } from '../payments/methods/catalogue/methods.js';
import { CHANNELS } from '../ledger/chart.js';

/** English words that are also the word in these languages. */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  de: ['Sandbox', 'Status', 'Name', 'Region', 'IBAN', 'optional', 'Webhooks'],
  pl: ['Sandbox', 'Status', 'Region', 'IBAN'],
  et: ['IBAN'],
  fi: ['IBAN'],
  lt: ['IBAN'],
  lv: ['IBAN'],
  ru: ['IBAN'],
};

const TABLES = { TEXTS, PAYOUT_TEXTS, SETTINGS_TEXTS, SHIPPING_TEXTS } as unknown as Record<string, Record<string, Record<string, unknown>>>;

describe.each(Object.entries(TABLES))('%s', (_name, table) => {
  const en = table.en!;
  it.each(LOCALES.filter((l) => l !== 'en'))('%s: every text, translated', (locale) => {
    const t = table[locale]!;
    expect(Object.keys(t).sort()).toEqual(Object.keys(en).sort());
    const problems: string[] = [];
    for (const [key, english] of Object.entries(en)) {
      const value = t[key];
      if (typeof english !== 'string') continue;
      if (typeof value !== 'string' || !value.trim()) problems.push(`${key}: empty`);
      else if (value === english && !(SAME_AS_ENGLISH[locale] ?? []).includes(value)) problems.push(`${key}: still English ("${value}")`);
    }
    expect(problems).toEqual([]);
  });
});

/**
 * The words for API values (values.ts): each kind of each locale names exactly the values of the
 * source's enum (VALUE_ENUMS, from the exported arrays), none empty, none the raw identifier, and
 * none left in English except where the word is the same in that language.
 */
const SAME_VALUE_AS_ENGLISH: Record<string, readonly string[]> = {};

describe('VALUE_TEXTS', () => {
  it.each([...LOCALES])('%s: every value of every enum has a word of its own', (locale) => {
    const problems: string[] = [];
    for (const [kind, values] of Object.entries(VALUE_ENUMS)) {
      const table = VALUE_TEXTS[locale][kind as keyof typeof VALUE_ENUMS] as Record<string, string>;
      const english = VALUE_TEXTS.en[kind as keyof typeof VALUE_ENUMS] as Record<string, string>;
      expect(Object.keys(table).sort(), `${locale} ${kind}`).toEqual([...values].sort());
      for (const value of values) {
        const w = table[value];
        if (typeof w !== 'string' || !w.trim()) problems.push(`${kind}.${value}: empty`);
        else if (RAW_VALUES.includes(w)) problems.push(`${kind}.${value}: the raw value "${w}"`);
        else if (locale !== 'en' && w === english[value] && !(SAME_VALUE_AS_ENGLISH[locale] ?? []).includes(w)) problems.push(`${kind}.${value}: still English ("${w}")`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('word() translates every value, methodName and channelName every method and channel, in every locale', () => {
    for (const locale of LOCALES) {
      for (const [kind, values] of Object.entries(VALUE_ENUMS)) for (const v of values) expect(word(locale, kind as keyof typeof VALUE_ENUMS, v), `${locale} ${kind} ${v}`).not.toBe(v);
      for (const m of PAYMENT_METHODS) expect(RAW_VALUES, `${locale} ${m}`).not.toContain(methodName(locale, m));
      for (const c of CHANNELS) expect(RAW_VALUES, `${locale} ${c}`).not.toContain(channelName(locale, c));
    }
    // A value no table has (written by a newer Kassa) is shown as it is, not hidden.
    expect(word('en', 'orderStatus', 'ON_HOLD')).toBe('ON_HOLD');
    expect(countryName('de', 'EE')).toBe('Estland');
    expect(countryName('ru', 'PL')).toBe('Польша');
  });

  it('RAW_VALUES holds every enum the back office shows', () => {
    for (const v of ['PARTIALLY_REFUNDED', 'paymentInitiation', 'bankPayments', 'labelsCreated', 'pickupPoint', 'owner', 'FULL_REFUND', 'shipment.registered', 'legacy_webhook', 'COURIER'])
      expect(RAW_VALUES).toContain(v);
  });
});
