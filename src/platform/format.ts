/** Display formatting for pages shown to people (hosted pages, simulators). */
import { formatAmount, type Currency } from './money.js';
import type { Locale } from './locales.js';

/** One Intl.NumberFormat per locale and currency: making one costs far more than using it (a page shows many amounts). */
const FORMATS = new Map<string, Intl.NumberFormat>();

/** Minor units as a localised currency amount ("10,50 €"); exact: Intl reads the decimal string. */
export function formatMoney(minor: number, currency: Currency | string, locale: Locale): string {
  const key = `${locale} ${currency}`;
  let f = FORMATS.get(key);
  if (!f) FORMATS.set(key, (f = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return f.format(formatAmount(minor) as `${number}`);
}

/** Fills `{name}` placeholders. */
export function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
