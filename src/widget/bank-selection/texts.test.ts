import { describe, expect, it } from 'vitest';
import { regionName, TEXTS, textsFor } from './texts.js';

describe('widget texts', () => {
  it("exist in Kassa's eight locales, each naming the currency", () => {
    expect(Object.keys(TEXTS).sort()).toEqual(['de', 'en', 'et', 'fi', 'lt', 'lv', 'pl', 'ru']);
    for (const t of Object.values(TEXTS)) {
      expect(t.none).toContain('{c}');
      expect(t.region && t.banks).toBeTruthy();
    }
    expect(new Set(Object.values(TEXTS).map((t) => t.banks)).size).toBe(8);
  });

  it('follow the language tag, English otherwise', () => {
    expect(textsFor('et-EE').locale).toBe('et');
    expect(textsFor('PL').locale).toBe('pl');
    expect(textsFor('sv').locale).toBe('en');
    expect(textsFor(undefined).texts).toBe(TEXTS.en);
  });

  it("name regions by the merchant's regionNames first, else the platform's names", () => {
    expect(regionName('EE', { EE: 'Eesti' }, 'en')).toBe('Eesti');
    expect(regionName('EE', {}, 'en')).toBe('Estonia');
    expect(regionName('DE', {}, 'de')).toBe('Deutschland');
  });
});
