import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIVISORS_OF_A_DAY, nextSlot, parseSchedule, slotAtOrBefore } from './schedule.js';

const date = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
const schedule = fc
  .tuple(fc.constantFrom(...DIVISORS_OF_A_DAY), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([every, h, m]) => ({ s: parseSchedule(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`, every), every, h, m }));

describe('payout schedule', () => {
  it('daily at 06:00 by default: the slot of a moment, and the next', () => {
    const s = parseSchedule('06:00', 24);
    expect(slotAtOrBefore(s, new Date('2026-11-22T05:59:59Z')).toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(slotAtOrBefore(s, new Date('2026-11-22T06:00:00Z')).toISOString()).toBe('2026-11-22T06:00:00.000Z');
    expect(nextSlot(s, new Date('2026-11-22T06:00:00Z')).toISOString()).toBe('2026-11-23T06:00:00.000Z');
  });

  it('for any schedule and moment: slot ≤ t < next slot, one period apart, and every slot falls on the HH:MM grid', () => {
    fc.assert(
      fc.property(schedule, date, ({ s, every, h, m }, t) => {
        const slot = slotAtOrBefore(s, t);
        const next = nextSlot(s, t);
        expect(slot.getTime()).toBeLessThanOrEqual(t.getTime());
        expect(next.getTime()).toBeGreaterThan(t.getTime());
        expect(next.getTime() - slot.getTime()).toBe(every * 3_600_000);
        // The slot is `at` plus a whole number of periods.
        const anchor = Date.UTC(slot.getUTCFullYear(), slot.getUTCMonth(), slot.getUTCDate(), h, m);
        expect((((slot.getTime() - anchor) % (every * 3_600_000)) + every * 3_600_000) % (every * 3_600_000)).toBe(0);
        // Idempotent: a slot is its own slot.
        expect(slotAtOrBefore(s, slot).getTime()).toBe(slot.getTime());
      }),
    );
  });

  it('refuses malformed times and intervals that do not divide a day', () => {
    expect(() => parseSchedule('6:00', 24)).toThrow('must be a time HH:MM (UTC), got "6:00"');
    expect(() => parseSchedule('24:00', 24)).toThrow(RangeError);
    expect(() => parseSchedule('06:00', 5)).toThrow('must divide a day: one of 1, 2, 3, 4, 6, 8, 12, 24, got 5');
  });
});
