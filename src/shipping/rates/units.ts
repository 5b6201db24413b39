/**
 * Exact unit conversion for parcel measures. Lengths live as integer millimetres and weights as
 * integer grams; a wire value (a JSON number or a numeric string) is converted ONCE, by decimal
 * arithmetic on its digits, never by multiplying floats: 0.1 m is read as the digits "1" with
 * exponent -1 and shifted by 3 places to 100 mm, exactly.
 *
 * Rounding (only where the input is finer than 1 mm / 1 g): half up, at the first digit beyond
 * the millimetre or gram (12.345 cm → 123 mm, 12.35 cm → 124 mm, 0.0005 kg → 1 g). A positive
 * value that rounds to 0 counts as 1 mm / 1 g, so no item is flat or weightless. Zero and
 * negative values are refused ("must be greater than 0"), as are values above the caps below
 * (compared exactly, before rounding: 1000.01 cm is refused). With `zeroIsLightest`, a zero is
 * taken as the lightest value, 1 g (rate items: see parseRatesRequest); negatives stay refused.
 */

export const LENGTH_UNITS = ['cm', 'm', 'mm'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];
export const WEIGHT_UNITS = ['kg', 'g'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Decimal places between the unit and the base unit: value in mm = value × 10^shift. */
const LENGTH_SHIFT: Readonly<Record<LengthUnit, number>> = { mm: 0, cm: 1, m: 3 };
const WEIGHT_SHIFT: Readonly<Record<WeightUnit, number>> = { g: 0, kg: 3 };

/** Largest accepted length of one item or parcel side: 10 m. */
export const MAX_LENGTH_MM = 10_000;
/** Largest accepted weight of one item or parcel: 1000 kg. */
export const MAX_WEIGHT_G = 1_000_000;

export type Conversion = { ok: true; value: number } | { ok: false; reason: string };

export interface ConvertOptions {
  /** Refuse values with more decimals than this, counted in the unit given (trailing zeros ignored). */
  maxDecimals?: number;
  /** Read 0 as the smallest base unit (1 mm / 1 g) instead of refusing it. */
  zeroIsLightest?: boolean;
}

/** A decimal read from its text: value = (negative ? -1 : 1) × digits × 10^exponent. */
interface Decimal {
  negative: boolean;
  digits: string; // no leading zeros; "" for zero
  exponent: number;
}

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function readDecimal(value: unknown): Decimal | string {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'must be a finite number';
    text = String(value); // the shortest decimal that round-trips: 0.1 → "0.1", 1e-7 → "1e-7"
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text.length > 40) return 'must be a number';
  } else {
    return 'must be a number';
  }
  const m = DECIMAL.exec(text);
  if (!m) return 'must be a number';
  const [, sign = '', whole = '', frac = '', exp = '0'] = m;
  if (whole === '' && frac === '') return 'must be a number';
  const exponent = Number(exp);
  if (!Number.isSafeInteger(exponent)) return 'must be a number';
  let digits = (whole + frac).replace(/^0+/, '');
  let e = exponent - frac.length;
  // Normalise trailing zeros into the exponent so `decimals` below counts significant places.
  const trimmed = digits.replace(/0+$/, '');
  e += digits.length - trimmed.length;
  digits = trimmed;
  return { negative: sign === '-' && digits !== '', digits, exponent: digits === '' ? 0 : e };
}

/**
 * `value` (in a unit `shift` decimal places above the base unit) as an integer of base units,
 * rounded half up, refused when not positive or above `max`.
 */
function toBase(value: unknown, shift: number, max: number, unit: string, opts: ConvertOptions): Conversion {
  const d = readDecimal(value);
  if (typeof d === 'string') return { ok: false, reason: d };
  if (opts.maxDecimals !== undefined && -d.exponent > opts.maxDecimals) {
    return { ok: false, reason: `must have at most ${opts.maxDecimals} decimal places` };
  }
  if (d.digits === '' && opts.zeroIsLightest) return { ok: true, value: 1 };
  if (d.negative || d.digits === '') return { ok: false, reason: 'must be greater than 0' };
  const tooLarge: Conversion = { ok: false, reason: `must be at most ${formatScaled(max, shift)} ${unit}` };
  const e = d.exponent + shift; // value in base units = digits × 10^e
  const integerDigits = d.digits.length + e; // digits left of the decimal point
  if (integerDigits > 16) return tooLarge; // ≥ 10^16, far above every cap; avoids huge powers
  let n: bigint;
  if (e >= 0) {
    n = BigInt(d.digits) * 10n ** BigInt(e);
  } else if (integerDigits < -1) {
    n = 0n; // below 0.01 of a base unit: rounds to 0 (then counts as 1 below)
  } else {
    const divisor = 10n ** BigInt(-e);
    const digits = BigInt(d.digits);
    if (digits > BigInt(max) * divisor) return tooLarge; // the cap applies to the exact value
    n = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) n += 1n; // half up
  }
  if (n > BigInt(max)) return tooLarge;
  return { ok: true, value: n === 0n ? 1 : Number(n) };
}

/** A length in `unit` as whole millimetres (see the module comment for rounding). */
export function toMillimetres(value: unknown, unit: LengthUnit, opts: ConvertOptions = {}): Conversion {
  return toBase(value, LENGTH_SHIFT[unit], MAX_LENGTH_MM, unit, opts);
}

/** A weight in `unit` as whole grams (see the module comment for rounding). */
export function toGrams(value: unknown, unit: WeightUnit, opts: ConvertOptions = {}): Conversion {
  return toBase(value, WEIGHT_SHIFT[unit], MAX_WEIGHT_G, unit, opts);
}

/** A non-negative integer of base units written `shift` places up: (1234, 1) → "123.4", (1200, 3) → "1.2". */
export function formatScaled(n: number, shift: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a non-negative safe integer: ${n}`);
  if (shift === 0) return String(n);
  const text = String(n).padStart(shift + 1, '0');
  const whole = text.slice(0, -shift);
  const frac = text.slice(-shift).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** Whole millimetres as a JSON number in `unit` (exact: 305 mm → 30.5 cm). */
export function millimetresIn(mm: number, unit: LengthUnit): number {
  return Number(formatScaled(mm, LENGTH_SHIFT[unit]));
}

/** Whole grams as a JSON number in `unit` (exact: 2900 g → 2.9 kg). */
export function gramsIn(g: number, unit: WeightUnit): number {
  return Number(formatScaled(g, WEIGHT_SHIFT[unit]));
}
