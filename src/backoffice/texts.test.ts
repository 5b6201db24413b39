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
