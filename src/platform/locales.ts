export const LOCALES = ['de', 'en', 'et', 'fi', 'lt', 'lv', 'pl', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

const COUNTRY_LOCALE: Record<string, Locale> = { EE: 'et', LV: 'lv', LT: 'lt', FI: 'fi', PL: 'pl', DE: 'de' };

/** The official language of a merchant's country, the spec's default locale. */
export function countryLocale(country: string): Locale {
  return COUNTRY_LOCALE[country] ?? 'en';
}

export function isLocale(s: unknown): s is Locale {
  return typeof s === 'string' && (LOCALES as readonly string[]).includes(s);
}
