/** Display formatting for pages shown to people (hosted pages, simulators). */
import { formatAmount, type Currency } from './money.js';
import type { Locale } from './locales.js';

/** Minor units as a localised currency amount ("10,50 €"); exact: Intl reads the decimal string. */
export function formatMoney(minor: number, currency: Currency, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(formatAmount(minor) as `${number}`);
}

/** Fills `{name}` placeholders. */
export function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
