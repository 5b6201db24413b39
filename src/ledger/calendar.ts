/**
 * Business days for settlement and payouts: Monday to Friday that are not a public or bank holiday
 * of the country whose banks move the money, counted by UTC date. A payment made on a business
 * day settles n business days later at the same time of day; one made on a weekend or holiday
 * settles n business days after the next business day begins.
 *
 * Holidays come from `date-holidays` (maintained, pure JS; its data covers every country Kassa
 * serves): the days of type `public` (banks closed by law) and `bank` (banks closed though the day
 * is not a public holiday, e.g. Christmas Eve in Finland and Germany). Which country: the caller
 * says (docs/decisions.md "Business days are the settlement country's"): a payout's is its IBAN's
 * country, where it is credited; a payment's settlement is the store's country. A country the
 * library does not know (or none given) counts Monday to Friday only.
 */
import { createRequire } from 'node:module';
import type HolidaysLib from 'date-holidays';

/**
 * date-holidays, loaded on first use (synchronously, its CommonJS build): it costs ~125 ms and
 * ~48 MiB of RSS to load (docs/decisions.md), which processes that never count a business day
 * (the CLI, most tests) do not pay.
 */
let Holidays: typeof HolidaysLib | undefined;
const holidaysLib = (): typeof HolidaysLib => (Holidays ??= createRequire(import.meta.url)('date-holidays') as typeof HolidaysLib);

const DAY_MS = 86_400_000;

/** ISO 3166-1 alpha-2 code ("EE"); the first two letters of an IBAN. */
export type CountryCode = string;

/** The UTC date of `d` as YYYY-MM-DD. */
const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

/** Holiday dates by country and year ("EE:2026" -> {"2026-02-24", …}), computed once each. */
const holidayYears = new Map<string, ReadonlySet<string>>();
/** Countries date-holidays knows, as it reports them (once). */
let known: ReadonlySet<string> | undefined;

function holidayDates(country: CountryCode, year: number): ReadonlySet<string> {
  const key = `${country}:${year}`;
  let dates = holidayYears.get(key);
  if (!dates) {
    const Lib = holidaysLib();
    known ??= new Set(Object.keys(new Lib().getCountries()));
    const hd = known.has(country) ? new Lib(country) : undefined;
    // `date` is the holiday's local calendar date ("2026-12-24 00:00:00"): compared with UTC dates as a date, not an instant.
    const list = hd ? hd.getHolidays(year) || [] : [];
    dates = new Set(list.filter((h) => h.type === 'public' || h.type === 'bank').map((h) => h.date.slice(0, 10)));
    holidayYears.set(key, dates);
  }
  return dates;
}

/** Whether the UTC date of `d` is a public or bank holiday in `country`. */
export function isHoliday(d: Date, country: CountryCode | undefined): boolean {
  if (!country) return false;
  return holidayDates(country.toUpperCase(), d.getUTCFullYear()).has(isoDate(d));
}

const isWeekend = (d: Date): boolean => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** Monday to Friday, and not a holiday of `country` (by UTC date). */
export function isBusinessDay(d: Date, country: CountryCode | undefined): boolean {
  return !isWeekend(d) && !isHoliday(d, country);
}

/** `from` plus `n` (≥ 0) business days of `country`. */
export function addBusinessDays(from: Date, n: number, country: CountryCode | undefined): Date {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a non-negative integer');
  let t = from.getTime();
  if (!isBusinessDay(from, country)) {
    // From a weekend or holiday, count from the start of the next business day.
    t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + DAY_MS;
    while (!isBusinessDay(new Date(t), country)) t += DAY_MS;
  }
  let left = n;
  while (left > 0) {
    t += DAY_MS;
    if (isBusinessDay(new Date(t), country)) left--;
  }
  return new Date(t);
}

/** The next business day's date (YYYY-MM-DD) of `country` after `from`: a payout's expected arrival. */
export function nextBusinessDate(from: Date, country: CountryCode | undefined): string {
  let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + DAY_MS;
  while (!isBusinessDay(new Date(t), country)) t += DAY_MS;
  return isoDate(new Date(t));
}

/** The country of an IBAN (its first two letters), where a transfer to it is credited. */
export const ibanCountry = (iban: string): CountryCode => iban.replace(/\s+/g, '').slice(0, 2).toUpperCase();
