/**
 * The countries Kassa's carriers serve, their postal code formats, phone prefixes and currencies.
 * Pure data and small pure helpers; shared by the carriers (mappers, simulators) and the pickup
 * point catalogue.
 */
import type { Currency } from '../../platform/money.js';

/**
 * In the order every listing uses. The one declaration of shipping's country codes: the five
 * Baltic-Finnish-Polish markets first, then Sweden, Denmark, Norway (PostNord's) and Ukraine
 * (Nova Post's).
 */
export const COUNTRIES = Object.freeze(['EE', 'LV', 'LT', 'FI', 'PL', 'SE', 'DK', 'NO', 'UA'] as const);
export type CountryCode = (typeof COUNTRIES)[number];

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

/**
 * Canonical postal code formats, as the spec's addresses and the pickup point catalogue write them:
 * EE `12345`, LV `LV-1234`, LT `LT-12345`, FI `12345`, PL `12-345`, SE `123 45` (the post's own
 * way, with the space), DK `1234`, NO `1234`, UA `12345`.
 */
export const POSTAL_CODE_FORMAT: Readonly<Record<CountryCode, RegExp>> = Object.freeze({
  EE: /^\d{5}$/,
  LV: /^LV-\d{4}$/,
  LT: /^LT-\d{5}$/,
  FI: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  SE: /^\d{3} \d{2}$/,
  DK: /^\d{4}$/,
  NO: /^\d{4}$/,
  UA: /^\d{5}$/,
});

/** Example of each format, for messages. */
export const POSTAL_CODE_EXAMPLE: Readonly<Record<CountryCode, string>> = Object.freeze({
  EE: '10115',
  LV: 'LV-1050',
  LT: 'LT-01100',
  FI: '00100',
  PL: '00-950',
  SE: '111 20',
  DK: '1050',
  NO: '0150',
  UA: '01001',
});

/** Number of postal code digits per country. */
export const POSTAL_CODE_DIGITS: Readonly<Record<CountryCode, number>> = Object.freeze({ EE: 5, LV: 4, LT: 5, FI: 5, PL: 5, SE: 5, DK: 4, NO: 4, UA: 5 });

/** Postal codes of countries outside `COUNTRIES` are only checked for plausibility. */
const FOREIGN_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/i;

export function isValidPostalCode(country: string, postalCode: string): boolean {
  return isCountryCode(country) ? POSTAL_CODE_FORMAT[country].test(postalCode) : FOREIGN_POSTAL_CODE.test(postalCode);
}

/**
 * Reads the ways people write a postal code into the canonical form: surrounding and inner
 * spaces, lower case, a missing (or, for the countries without one, an added) country prefix,
 * a missing Polish dash (`00950` → `00-950`), a missing Swedish space (`11120` → `111 20`). Undefined when it does not fit the country's format (a dash
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
    case 'SE':
      return `${digits.slice(0, 3)} ${digits.slice(3)}`;
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
export const CALLING_CODE: Readonly<Record<CountryCode, string>> = Object.freeze({
  EE: '+372',
  LV: '+371',
  LT: '+370',
  FI: '+358',
  PL: '+48',
  SE: '+46',
  DK: '+45',
  NO: '+47',
  UA: '+380',
});

/**
 * The ITU-T E.164 country codes of two digits. Codes are prefix-free: zones 1 and 7 are one
 * digit, these are two, and every other code is three, so the code of an international number
 * is found from its first digits alone.
 */
const TWO_DIGIT_CALLING_CODES = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
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
  return {
    countryCode: `+${digits.slice(0, len)}`,
    national: body
      .slice(i)
      .replace(/^[\s\-().]+/, '')
      .trim(),
  };
}

/** ISO 4217 code of a country's own currency: Kassa's money types (`Currency`) hold only EUR and PLN. */
export type LocalCurrency = Currency | 'SEK' | 'DKK' | 'NOK' | 'UAH';

/**
 * Each country's own currency, as it is: SE, DK, NO and UA have their own, which Kassa's money
 * (`Currency`, EUR and PLN) cannot hold; so no amount Kassa handles is ever in them (see
 * `COD_CURRENCY` and `RATE_CURRENCY`).
 */
export const LOCAL_CURRENCY: Readonly<Record<CountryCode, LocalCurrency>> = Object.freeze({
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  FI: 'EUR',
  PL: 'PLN',
  SE: 'SEK',
  DK: 'DKK',
  NO: 'NOK',
  UA: 'UAH',
});

/**
 * Currency of cash on delivery per destination country: the local currency, in the countries
 * whose currency Kassa's money holds. None in SE, DK, NO and UA: no carrier offers `cod` there
 * (COD is collected in the local currency, and Kassa cannot hold SEK, DKK, NOK or UAH).
 */
export const COD_CURRENCY: Readonly<Partial<Record<CountryCode, Currency>>> = Object.freeze({
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  FI: 'EUR',
  PL: 'PLN',
});

/**
 * Currency of a carrier's domestic rate tables (destination = its home country): the local
 * currency where Kassa's money holds it, EUR where it does not (SE, DK, NO, UA), like the
 * cross-border tables.
 */
export const RATE_CURRENCY: Readonly<Record<CountryCode, Currency>> = Object.freeze({
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  FI: 'EUR',
  PL: 'PLN',
  SE: 'EUR',
  DK: 'EUR',
  NO: 'EUR',
  UA: 'EUR',
});
