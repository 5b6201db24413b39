/** The eight languages of Kassa's pages, how a page picks one, and the switcher between them. */
import { html, type Html } from './html.js';

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

/** Each language's own name, as shown in the language switcher (the same in every locale). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  de: 'Deutsch',
  en: 'English',
  et: 'Eesti',
  fi: 'Suomi',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  pl: 'Polski',
  ru: 'Русский',
};

/**
 * The best of our locales for an Accept-Language header: languages in the browser's order of
 * preference (q, highest first; equal q keep their order), matched on the primary subtag
 * ("de-DE" → de). q=0 means "not this one"; `*` and unknown languages are skipped.
 */
export function acceptedLocale(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const qParam = params.find((p) => /^q=/i.test(p));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { lang: tag.split('-')[0]!.toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranges.find((r) => isLocale(r.lang))?.lang as Locale | undefined;
}

/** Links to the same page in every language; `href` builds each link. */
export function languageSwitcher(label: string, current: Locale, href: (l: Locale) => string): Html {
  return html`<nav aria-label="${label}"><ul>${LOCALES.map(
    (l) => html`<li><a href="${href(l)}" lang="${l}" hreflang="${l}"${l === current ? html` aria-current="true"` : ''}>${LANGUAGE_NAMES[l]}</a></li>`,
  )}</ul></nav>`;
}
