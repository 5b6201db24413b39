import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../platform/locales.js';
import { checkCatalogue } from '../../../test/support/catalogues.js';
import { formatUpdated, STATUS_KEYS, TRACKING_MESSAGES, trackingLocale } from './i18n.js';

checkCatalogue('tracking page messages', TRACKING_MESSAGES);

describe('tracking page statuses', () => {
  it('every shipment status has its own message', () => {
    const used = Object.values(STATUS_KEYS);
    expect(new Set(used).size).toBe(used.length);
    for (const k of used) expect(Object.keys(TRACKING_MESSAGES.en)).toContain(k);
  });
});

describe('trackingLocale', () => {
  it('a valid ?lang= wins over everything', () => {
    expect(trackingLocale({ lang: 'pl', acceptLanguage: 'de-DE,de;q=0.9', country: 'EE' })).toBe('pl');
  });
  it('an invalid ?lang= is ignored: Accept-Language, then destination country, then en', () => {
    expect(trackingLocale({ lang: 'xx', acceptLanguage: 'de-DE,de;q=0.9', country: 'EE' })).toBe('de');
    expect(trackingLocale({ lang: ['pl', 'de'], acceptLanguage: 'de', country: 'EE' })).toBe('de');
    expect(trackingLocale({ lang: 'xx', acceptLanguage: 'ja,zh;q=0.5', country: 'LV' })).toBe('lv');
    expect(trackingLocale({ lang: 'xx', country: 'US' })).toBe('en');
    expect(trackingLocale({ country: null })).toBe('en');
    expect(trackingLocale({})).toBe('en');
  });
  it('the destination country speaks only when the browser names none of our languages', () => {
    expect(trackingLocale({ acceptLanguage: 'en-GB,en;q=0.8', country: 'FI' })).toBe('en');
    expect(trackingLocale({ acceptLanguage: '', country: 'FI' })).toBe('fi');
    expect(trackingLocale({ acceptLanguage: '*', country: 'LT' })).toBe('lt');
  });
});

describe('formatUpdated', () => {
  const at = new Date('2026-03-05T21:07:00Z');
  it('is the date and time in UTC in the chosen language, saying UTC', () => {
    for (const locale of LOCALES) {
      const s = formatUpdated(at, locale);
      expect(s, locale).toMatch(/ UTC$/);
      expect(s, locale).toMatch(/21[.:]07|9[.:]07/);
    }
    expect(formatUpdated(at, 'de')).toBe('05.03.2026, 21:07 UTC');
    expect(formatUpdated(at, 'en')).toContain('Mar 5, 2026');
  });
});
