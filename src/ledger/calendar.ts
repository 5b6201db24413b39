/**
 * Business days for settlement: Monday to Friday, counted in UTC. A payment made on a business
 * day settles n business days later at the same time of day; one made at the weekend settles
 * n business days after the next Monday begins.
 */
const DAY_MS = 86_400_000;

const isWeekend = (d: Date): boolean => d.getUTCDay() === 0 || d.getUTCDay() === 6;

export function isBusinessDay(d: Date): boolean {
  return !isWeekend(d);
}

/** `from` plus `n` (≥ 0) business days. */
export function addBusinessDays(from: Date, n: number): Date {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a non-negative integer');
  let t = from.getTime();
  if (isWeekend(from)) {
    // From a weekend, count from the start of the next Monday.
    const d = new Date(t);
    const toMonday = d.getUTCDay() === 6 ? 2 : 1;
    t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + toMonday);
  }
  let left = n;
  while (left > 0) {
    t += DAY_MS;
    if (!isWeekend(new Date(t))) left--;
  }
  return new Date(t);
}

/** The next business day's date (YYYY-MM-DD) after `from`: a payout's expected arrival. */
export function nextBusinessDate(from: Date): string {
  let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + DAY_MS;
  while (isWeekend(new Date(t))) t += DAY_MS;
  return new Date(t).toISOString().slice(0, 10);
}
