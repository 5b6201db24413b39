import { describe, expect, it } from 'vitest';
import { html } from './html.js';
import { acceptedLocale, languageSwitcher, LOCALES } from './locales.js';

describe('acceptedLocale', () => {
  it('follows the browser preference order by q, not our list order', () => {
    expect(acceptedLocale('ru,de;q=0.9')).toBe('ru');
    expect(acceptedLocale('de;q=0.5,ru;q=0.8')).toBe('ru');
    expect(acceptedLocale('fi-FI, et;q=0.9, en;q=0.8')).toBe('fi');
    expect(acceptedLocale('pl;q=0.5,lt;q=0.5')).toBe('pl');
  });
  it('matches the primary subtag, case-insensitively, skipping unknown languages and q=0', () => {
    expect(acceptedLocale('LV-lv')).toBe('lv');
    expect(acceptedLocale('nb-NO,sv;q=0.9,et;q=0.1')).toBe('et');
    expect(acceptedLocale('de;q=0,en;q=0.1')).toBe('en');
    expect(acceptedLocale('es, fr')).toBeUndefined();
    expect(acceptedLocale('')).toBeUndefined();
    expect(acceptedLocale(undefined)).toBeUndefined();
    expect(acceptedLocale(';;,,q=1')).toBeUndefined();
  });
});

describe('languageSwitcher', () => {
  it('links every language in its own name, marking the current one', () => {
    const out = String(html`${languageSwitcher('Keel', 'et', (l) => `?lang=${l}`)}`);
    expect(out.match(/<a /g)).toHaveLength(LOCALES.length);
    expect(out).toContain('<nav aria-label="Keel">');
    expect(out).toContain('<a href="?lang=et" lang="et" hreflang="et" aria-current="true">Eesti</a>');
    expect(out).toContain('<a href="?lang=ru" lang="ru" hreflang="ru">Русский</a>');
  });
});
