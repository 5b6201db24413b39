import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from './db.js';
import { timestampMs } from './timestamps.js';

// pg's own timestamptz parser, which parseTimestamptz must agree with.
const postgresDate = createRequire(createRequire(import.meta.url).resolve('pg'))('postgres-date') as (s: string) => Date | number | null;

/** Times as PostgreSQL writes them: every fraction length, offsets east and west, with minutes and seconds. */
function samples(): string[] {
  const out: string[] = [];
  const fractions = ['', '.1', '.12', '.123', '.1234', '.12345', '.123456', '.287', '.287000', '.999999', '.000001', '.5'];
  const offsets = ['+00', '-05', '+05:30', '-03:30', '+01:39:49', '-00:25:21', '+14'];
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let k = 0; k < 400; k++) {
    const y = 1000 + rnd(9000);
    const p = (v: number) => String(v).padStart(2, '0');
    const base = `${y}-${p(1 + rnd(12))}-${p(1 + rnd(28))} ${p(rnd(24))}:${p(rnd(60))}:${p(rnd(60))}`;
    out.push(`${base}${fractions[k % fractions.length]}${offsets[k % offsets.length]}`);
  }
  for (let d = 0; d < 1_000_000; d += 997) out.push(`2026-11-28 12:31:09.${String(d).padStart(6, '0')}+00`);
  return out;
}

describe('timestamps as PostgreSQL writes them', () => {
  it("read to the millisecond pg's own parser reads (text)", () => {
    for (const s of samples()) expect([s, timestampMs(s)]).toEqual([s, (postgresDate(s) as Date).getTime()]);
  });

  it('read to the millisecond Date reads (JSON: T, offset with minutes)', () => {
    for (const s of samples()) {
      const json = s.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
      if (/[+-]\d\d:\d\d:\d\d$/.test(json)) continue; // Date does not read offsets with seconds
      expect([json, timestampMs(json)]).toEqual([json, new Date(json).getTime()]);
    }
  });

  it("leave everything else to pg's parser: BC, infinity, years before 1000 or past 9999, other shapes", () => {
    for (const s of [
      'infinity',
      '-infinity',
      '2026-11-28 12:31:09+00 BC',
      '0099-01-01 00:00:00+00',
      '12026-11-28 12:31:09+00',
      '2026-11-28',
      '2026-11-28 12:31:09',
      '2026-11-28 12:31:09.1234567+00',
      '2026-13-01 00:00:00+00',
      '2026-11-28 12:31:09.+00',
      '2026-11-28 1a:31:09+00',
    ]) {
      expect([s, timestampMs(s)]).toEqual([s, undefined]);
      const mine = parseTimestamptz(s);
      const theirs = postgresDate(s);
      expect([s, mine instanceof Date ? mine.getTime() : mine]).toEqual([s, theirs instanceof Date ? theirs.getTime() : theirs]);
    }
  });
});
