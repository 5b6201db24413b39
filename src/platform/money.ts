/**
 * Money is integer minor units with its currency beside it. Wire amounts ("up to 2 decimals",
 * numbers or numeric strings) are parsed once at the edge; nothing computes on floats.
 */
export type Currency = 'EUR' | 'PLN';
export const CURRENCIES: readonly Currency[] = ['EUR', 'PLN'];

/** Largest amount accepted anywhere: 10^13 minor units keeps every sum far inside 2^53. */
export const MAX_MINOR = 10_000_000_000_000;

export type ParseResult = { ok: true; minor: number } | { ok: false; reason: string };

/**
 * Parses a wire amount (number or numeric string, at most 2 decimals) to minor units.
 * A JS number is read through its shortest round-trip decimal form, so 10.1 is 1010, and
 * 0.1 + 0.2 (0.30000000000000004) is refused for having more than 2 decimals.
 */
export function parseAmount(value: unknown): ParseResult {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, reason: 'must be a finite number' };
    text = String(value);
    if (/e/i.test(text)) {
      // Exponent forms: tiny numbers (1e-7) have too many decimals; big ones are out of range.
      return { ok: false, reason: Math.abs(value) < 1 ? 'must have at most 2 decimal places' : 'is too large' };
    }
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { ok: false, reason: 'must be a number' };
  }
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return { ok: false, reason: 'must be a number' };
  const [, sign, whole, frac = ''] = m;
  if (frac.replace(/0+$/, '').length > 2) return { ok: false, reason: 'must have at most 2 decimal places' };
  const minor = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR) return { ok: false, reason: 'is too large' };
  return { ok: true, minor: sign === '-' ? -minor : minor };
}

/** Minor units to the spec's decimal string: 1000 → "10.00". */
export function formatAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minor units to a JSON number with at most 2 decimals: 1050 → 10.5. Exact for |minor| < 2^53. */
export function toNumber(minor: number): number {
  return Number(formatAmount(minor));
}
