/**
 * Times as PostgreSQL writes them, read without regular expressions: pg's reader of timestamptz
 * columns (db.ts) and the API's views of times that arrive inside JSON (json_agg rows) both use it.
 */

const digit = (s: string, i: number): number => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : Number.NaN;
};
const two = (s: string, i: number): number => digit(s, i) * 10 + digit(s, i + 1);

/**
 * The instant (epoch ms) of a timestamp as PostgreSQL writes it in text (`2026-11-28
 * 12:31:09.161234+00`) or in JSON (`2026-11-28T12:31:09.161234+00:00`): a four-digit year from
 * 1000, up to six fraction digits (truncated to the millisecond), an offset of hours[:minutes[:seconds]].
 * Anything else (BC, infinity, a year past 9999, another DateStyle) is undefined, for the general
 * parser. For every time PostgreSQL writes, the result is the one of pg's own parser (postgres-date)
 * and of `new Date(text)`, without their regular expressions (timestamps.test.ts compares them).
 */
export function timestampMs(s: string): number | undefined {
  const n = s.length;
  if (n < 22 || s[4] !== '-' || s[7] !== '-' || (s[10] !== ' ' && s[10] !== 'T') || s[13] !== ':' || s[16] !== ':') return undefined;
  const year = two(s, 0) * 100 + two(s, 2);
  let i = 19;
  let ms = 0;
  if (s[i] === '.') {
    const start = ++i;
    while (i < n && i - start < 6 && digit(s, i) >= 0) i++;
    const len = i - start;
    if (len === 0) return undefined;
    for (let k = 0; k < 3; k++) ms = ms * 10 + (k < len ? digit(s, start + k) : 0);
  }
  const sign = s[i] === '+' ? 1 : s[i] === '-' ? -1 : 0;
  if (sign === 0) return undefined;
  let offset = two(s, i + 1) * 3600;
  i += 3;
  if (s[i] === ':') {
    offset += two(s, i + 1) * 60;
    i += 3;
    if (s[i] === ':') {
      offset += two(s, i + 1);
      i += 3;
    }
  }
  const month = two(s, 5);
  const day = two(s, 8);
  const hour = two(s, 11);
  const minute = two(s, 14);
  const second = two(s, 17);
  if (i !== n || !(year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59 && offset >= 0)) return undefined;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - sign * offset * 1000;
}
