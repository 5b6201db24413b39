/**
 * Business days (calendar.ts): weekdays that are not a public or bank holiday of the settlement
 * country, from date-holidays. Known holidays are spelled out here, not read from the library.
 */
import fc from 'fast-check';
import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, ibanCountry, isBusinessDay, isHoliday, nextBusinessDate } from './calendar.js';

const DAY_MS = 86_400_000;
const COUNTRIES = ['EE', 'LV', 'LT', 'FI', 'PL', 'DE'] as const;
const country = fc.constantFrom(...COUNTRIES);
const date = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
const utc = (d: string) => new Date(`${d}T00:00:00Z`);
const weekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

describe('holidays of the settlement country', () => {
  it('knows Christmas, Boxing Day and New Year in every country Kassa pays out to', () => {
    for (const c of COUNTRIES) for (const d of ['2026-12-25', '2026-12-26', '2027-01-01']) expect(isHoliday(utc(d), c), `${c} ${d}`).toBe(true);
  });

  it("counts each country's own days: a holiday in one is a business day in another", () => {
    expect(isBusinessDay(utc('2026-02-24'), 'EE')).toBe(false); // Estonia's Independence Day, a Tuesday
    expect(isBusinessDay(utc('2026-02-24'), 'LV')).toBe(true);
    expect(isBusinessDay(utc('2026-11-18'), 'LV')).toBe(false); // Latvia's Proclamation Day, a Wednesday
    expect(isBusinessDay(utc('2026-11-11'), 'PL')).toBe(false); // Poland's Independence Day
    expect(isBusinessDay(utc('2026-12-24'), 'FI')).toBe(false); // Christmas Eve: banks closed (a bank holiday)
    expect(isBusinessDay(utc('2026-10-03'), 'DE')).toBe(false); // a Saturday anyway
    expect(isBusinessDay(utc('2026-04-06'), 'LT')).toBe(false); // Easter Monday
    expect(isBusinessDay(utc('2026-04-06'), 'EE')).toBe(true); // not a holiday in Estonia
    expect(isBusinessDay(utc('2026-04-03'), 'EE')).toBe(false); // Good Friday
  });

  it('without a country, or one without data, counts Monday to Friday only', () => {
    expect(isBusinessDay(utc('2026-12-25'), undefined)).toBe(true);
    expect(isBusinessDay(utc('2026-12-25'), 'XX')).toBe(true);
    expect(isBusinessDay(utc('2026-12-26'), undefined)).toBe(false); // a Saturday
  });

  it("takes a payout's country from its IBAN", () => {
    expect(ibanCountry('EE38 2200 2210 2014 5685')).toBe('EE');
    expect(ibanCountry('fi2112345600000785')).toBe('FI');
  });
});

describe('counting business days', () => {
  it('n business days later is never a weekend or a holiday of the country, and exactly n business days on', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 30 }), country, (from, n, c) => {
        const to = addBusinessDays(from, n, c);
        expect(weekend(to)).toBe(false);
        expect(new Holidays(c).isHoliday(new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate(), 12)))).toSatisfy(
          (h: false | { type: string }[]) => h === false || h.every((x) => x.type !== 'public' && x.type !== 'bank'),
        );
        expect(to.getTime()).toBeGreaterThan(from.getTime());
        // Count the business days whose start lies in (from, to].
        let count = 0;
        const first = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + DAY_MS;
        for (let t = first; t <= to.getTime(); t += DAY_MS) if (isBusinessDay(new Date(t), c)) count++;
        // From a weekend or holiday, the next business day is the payment's own and counts as the start.
        expect(count).toBe(n + (isBusinessDay(from, c) ? 0 : 1));
      }),
      { numRuns: 300 },
    );
  });

  it("a payout's expected arrival is the next business date of its country, never a weekend or holiday", () => {
    fc.assert(
      fc.property(date, country, (d, c) => {
        const next = nextBusinessDate(d, c);
        expect(next > d.toISOString().slice(0, 10)).toBe(true);
        expect(isBusinessDay(utc(next), c)).toBe(true);
        // Every day between is a weekend or a holiday.
        for (let t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) + DAY_MS; t < utc(next).getTime(); t += DAY_MS) {
          expect(isBusinessDay(new Date(t), c)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('Christmas and New Year push the dates on (2026: 24-26 December Thursday to Saturday)', () => {
    // A payout made on Wednesday 23 December 2026 in Estonia arrives on Monday 28 December, not Thursday 24.
    expect(nextBusinessDate(utc('2026-12-23'), 'EE')).toBe('2026-12-28');
    expect(nextBusinessDate(utc('2026-12-23'), 'DE')).toBe('2026-12-28'); // 24 December: banks closed
    expect(nextBusinessDate(utc('2026-12-23'), 'PL')).toBe('2026-12-28'); // Wigilia is a public holiday since 2025
    expect(nextBusinessDate(utc('2026-12-30'), 'LV')).toBe('2027-01-04'); // 31 December and 1 January
    expect(nextBusinessDate(utc('2026-12-30'), 'FI')).toBe('2027-01-04'); // 31 December: banks closed
    expect(nextBusinessDate(utc('2026-12-30'), 'LT')).toBe('2026-12-31');
    // Two business days of settlement from Tuesday 22 December 2026, 14:30, in Lithuania: Wednesday 23, then Monday 28.
    expect(addBusinessDays(new Date('2026-12-22T14:30:00Z'), 2, 'LT').toISOString()).toBe('2026-12-28T14:30:00.000Z');
  });

  it('a weekday plus one business day keeps the time of day; Friday goes to Monday; from a weekend or holiday, counted from the next business day', () => {
    expect(addBusinessDays(new Date('2026-11-20T14:30:00Z'), 1, 'EE').toISOString()).toBe('2026-11-23T14:30:00.000Z'); // Fri → Mon
    expect(addBusinessDays(new Date('2026-11-18T09:00:00Z'), 1, 'EE').toISOString()).toBe('2026-11-19T09:00:00.000Z'); // Wed → Thu
    expect(addBusinessDays(new Date('2026-11-21T22:00:00Z'), 1, 'EE').toISOString()).toBe('2026-11-24T00:00:00.000Z'); // Sat → Tue 00:00
    expect(addBusinessDays(new Date('2026-11-18T09:00:00Z'), 0, 'EE').toISOString()).toBe('2026-11-18T09:00:00.000Z');
    expect(addBusinessDays(new Date('2026-12-25T10:00:00Z'), 1, 'FI').toISOString()).toBe('2026-12-29T00:00:00.000Z'); // Christmas Day → Mon 28 starts, one more: Tue 29
    expect(() => addBusinessDays(new Date(), -1, 'EE')).toThrow(RangeError);
  });
});
