/**
 * Builders of the carriers' tracking number schemes (see contract `TrackingNumberScheme`). Pure.
 */
import type { CheckDigitScheme, CountryCode, TrackingNumberScheme } from '../contract.js';
import { gs1CheckDigit, luhnCheckDigit, mod7CheckDigit, s10CheckDigit } from './check-digits.js';

function checkSeq(seq: number, capacity: number): void {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq >= capacity) {
    throw new RangeError(`tracking sequence number must be an integer from 0 to ${capacity - 1}`);
  }
}

/**
 * UPU S10: service indicator (2 letters), 8-digit serial, mod-11 check digit, ISO country code of
 * the posting administration: `CC123456785EE`.
 */
export function s10Scheme(opts: { serviceIndicator: string; countries: readonly CountryCode[] }): TrackingNumberScheme {
  const { serviceIndicator, countries } = opts;
  if (!/^[A-Z]{2}$/.test(serviceIndicator)) throw new Error('an S10 service indicator is 2 capital letters');
  const format = new RegExp(`^${serviceIndicator}\\d{9}(?:${countries.join('|')})$`);
  const checkDigit: CheckDigitScheme = {
    algorithm: 'upu-s10-mod11',
    compute: (serial) => String(s10CheckDigit(serial)),
    detectsAllSingleDigitErrors: false,
  };
  return {
    format,
    description: `UPU S10: "${serviceIndicator}", 8-digit serial, mod-11 check digit, country (${countries.join('/')})`,
    example: `${serviceIndicator}123456785${countries[0] ?? 'EE'}`,
    capacity: 100_000_000,
    generate(seq, country) {
      checkSeq(seq, 100_000_000);
      if (!countries.includes(country)) throw new RangeError(`${country} is not a posting country of this scheme`);
      const serial = String(seq).padStart(8, '0');
      return `${serviceIndicator}${serial}${checkDigit.compute(serial)}${country}`;
    },
    checkDigit,
    isValid(tn) {
      return format.test(tn) && checkDigit.compute(tn.slice(2, 10)) === tn[10];
    },
    protectedPositions: () => ({ protectedDigits: [2, 3, 4, 5, 6, 7, 8, 9], checkDigit: 10 }),
  };
}

/**
 * All digits: `prefix`, the zero-padded sequence number, then a check digit over everything
 * before it. `length` counts the check digit.
 */
export function numericScheme(opts: { length: number; prefix: string; algorithm: 'mod7' | 'luhn-mod10' | 'gs1-mod10'; description: string }): TrackingNumberScheme {
  const { length, prefix, algorithm } = opts;
  const serialLength = length - 1 - prefix.length;
  if (serialLength < 1 || !/^\d*$/.test(prefix)) throw new Error('bad numeric tracking scheme');
  const capacity = Math.min(10 ** serialLength, Number.MAX_SAFE_INTEGER);
  const compute = algorithm === 'mod7' ? mod7CheckDigit : algorithm === 'luhn-mod10' ? luhnCheckDigit : gs1CheckDigit;
  const checkDigit: CheckDigitScheme = {
    algorithm,
    compute: (digits) => String(compute(digits)),
    detectsAllSingleDigitErrors: algorithm !== 'mod7',
  };
  const format = new RegExp(`^${prefix}\\d{${length - prefix.length}}$`);
  const generate = (seq: number): string => {
    checkSeq(seq, capacity);
    const body = `${prefix}${String(seq).padStart(serialLength, '0')}`;
    return body + checkDigit.compute(body);
  };
  const protectedDigits = Array.from({ length: length - 1 }, (_, i) => i);
  return {
    format,
    description: opts.description,
    example: generate(1234567 % capacity),
    capacity,
    generate,
    checkDigit,
    isValid: (tn) => format.test(tn) && checkDigit.compute(tn.slice(0, -1)) === tn.slice(-1),
    protectedPositions: () => ({ protectedDigits, checkDigit: length - 1 }),
  };
}
