/**
 * The five countries Kassa's carriers serve, their postal code formats and phone prefixes.
 * Pure data and small pure helpers; shared by the carriers (mappers, simulators) and the pickup
 * point catalogue.
 */

/** In the order every listing uses. The one declaration of shipping's country codes. */
export const COUNTRIES = Object.freeze(['EE', 'LV', 'LT', 'FI', 'PL'] as const);
export type CountryCode = (typeof COUNTRIES)[number];

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

/**
 * Canonical postal code formats, as the spec's addresses and the pickup point catalogue write them:
 * EE `12345`, LV `LV-1234`, LT `LT-12345`, FI `12345`, PL `12-345`.
 */
export const POSTAL_CODE_FORMAT: Readonly<Record<CountryCode, RegExp>> = Object.freeze({
  EE: /^\d{5}$/,
  LV: /^LV-\d{4}$/,
  LT: /^LT-\d{5}$/,
  FI: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
});

/** Example of each format, for messages. */
export const POSTAL_CODE_EXAMPLE: Readonly<Record<CountryCode, string>> = Object.freeze({
  EE: '10115',
  LV: 'LV-1050',
  LT: 'LT-01100',
  FI: '00100',
  PL: '00-950',
});

/** Number of postal code digits per country. */
export const POSTAL_CODE_DIGITS: Readonly<Record<CountryCode, number>> = Object.freeze({ EE: 5, LV: 4, LT: 5, FI: 5, PL: 5 });

/** Postal codes of countries outside the five are only checked for plausibility. */
const FOREIGN_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/i;

export function isValidPostalCode(country: string, postalCode: string): boolean {
  return isCountryCode(country) ? POSTAL_CODE_FORMAT[country].test(postalCode) : FOREIGN_POSTAL_CODE.test(postalCode);
}

/**
 * Reads the ways people write a postal code into the canonical form: surrounding and inner
 * spaces, lower case, a missing (or, for EE/FI/PL, an added) country prefix, a missing Polish
 * dash (`00950` → `00-950`). Undefined when it does not fit the country's format (a dash
 * elsewhere than after the prefix or in the Polish position, the wrong number of digits).
 */
export function normalizePostalCode(country: CountryCode, input: string): string | undefined {
  const compact = input.trim().toUpperCase().replace(/\s+/g, '');
  const rest = compact.replace(new RegExp(`^${country}-?`), '');
  const digits = country === 'PL' && /^\d{2}-\d{3}$/.test(rest) ? rest.replace('-', '') : rest;
  if (!/^\d+$/.test(digits) || digits.length !== POSTAL_CODE_DIGITS[country]) return undefined;
  switch (country) {
    case 'LV':
    case 'LT':
      return `${country}-${digits}`;
    case 'PL':
      return `${digits.slice(0, 2)}-${digits.slice(2)}`;
    default:
      return digits;
  }
}

/** The postal code's digits only (what carriers that take numeric postal codes send). */
export function postalCodeDigits(postalCode: string): string {
  return postalCode.replace(/\D/g, '');
}

/** `372`, `+372`, `00372`, ` +372 ` → `+372`; empty when nothing usable is given. */
export function normalizePhonePrefix(input: string | null | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '').replace(/^00/, '');
  return digits ? `+${digits}` : '';
}

/** International calling code of each country (what `phoneCountryCode` holds). */
export const CALLING_CODE: Readonly<Record<CountryCode, string>> = Object.freeze({ EE: '+372', LV: '+371', LT: '+370', FI: '+358', PL: '+48' });

/**
 * The ITU-T E.164 country codes of two digits. Codes are prefix-free: zones 1 and 7 are one
 * digit, these are two, and every other code is three, so the code of an international number
 * is found from its first digits alone.
 */
const TWO_DIGIT_CALLING_CODES = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86',
  '90', '91', '92', '93', '94', '95', '98',
]);

/**
 * An international number written with its country code (`+37255512345`, `+358 40 1234567`,
 * `0048500600700`) split into `+code` and the national rest (its spacing kept, leading separators
 * dropped); undefined when it does not start with `+` or `00` and a digit.
 */
export function splitInternationalPhone(input: string): { countryCode: string; national: string } | undefined {
  const m = /^\s*(?:\+|00)\s*([1-9][\d\s\-().]*)$/.exec(input);
  if (!m) return undefined;
  const body = m[1]!;
  const digits = body.replace(/\D/g, '');
  const len = digits[0] === '1' || digits[0] === '7' ? 1 : TWO_DIGIT_CALLING_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  if (digits.length <= len) return undefined;
  // Walk past the code's digits in the written text, keeping the rest as written.
  let seen = 0;
  let i = 0;
  while (seen < len) if (/\d/.test(body[i++]!)) seen++;
  return { countryCode: `+${digits.slice(0, len)}`, national: body.slice(i).replace(/^[\s\-().]+/, '').trim() };
}

/**
 * Each country's own currency: cash on delivery is collected in it, and a carrier's domestic rate
 * tables are in it (cross-border ones in EUR).
 */
export const LOCAL_CURRENCY: Readonly<Record<CountryCode, 'EUR' | 'PLN'>> = Object.freeze({
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  FI: 'EUR',
  PL: 'PLN',
});

/** Currency of cash on delivery per destination country: the local currency. */
export const COD_CURRENCY = LOCAL_CURRENCY;
