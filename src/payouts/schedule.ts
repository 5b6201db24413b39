/**
 * When payouts run: every `everyHours` hours (a divisor of 24: 1, 2, 3, 4, 6, 8, 12 or 24), at
 * slots aligned to `at` (HH:MM, UTC) each day. Daily at 06:00 UTC by default. Pure.
 */
const HOUR_MS = 3_600_000;

export interface PayoutSchedule {
  everyHours: number;
  /** Minutes after midnight UTC of the day's first slot (from `at`). */
  offsetMinutes: number;
}

export const DIVISORS_OF_A_DAY = [1, 2, 3, 4, 6, 8, 12, 24] as const;

/** Reads `HH:MM` and an hour interval; throws RangeError naming what is wrong. */
export function parseSchedule(at: string, everyHours: number): PayoutSchedule {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!m) throw new RangeError(`must be a time HH:MM (UTC), got "${at}"`);
  if (!(DIVISORS_OF_A_DAY as readonly number[]).includes(everyHours)) throw new RangeError(`must divide a day: one of ${DIVISORS_OF_A_DAY.join(', ')}, got ${everyHours}`);
  return { everyHours, offsetMinutes: (Number(m[1]) * 60 + Number(m[2])) % (everyHours * 60) };
}

/** The latest slot at or before `t`. */
export function slotAtOrBefore(s: PayoutSchedule, t: Date): Date {
  const period = s.everyHours * HOUR_MS;
  const offset = s.offsetMinutes * 60_000;
  const ms = t.getTime() - offset;
  return new Date(Math.floor(ms / period) * period + offset);
}

/** The first slot strictly after `t`. */
export function nextSlot(s: PayoutSchedule, t: Date): Date {
  return new Date(slotAtOrBefore(s, t).getTime() + s.everyHours * HOUR_MS);
}
