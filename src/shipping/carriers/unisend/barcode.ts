/**
 * Unisend barcodes: UPU S10 item identifiers issued by Lithuanian Post (Unisend is its parcel
 * brand), so the country part is always `LT`, wherever in the Baltics the parcel is posted:
 * service indicator `CE`, 8-digit serial, mod-11 check digit, `LT` (`CE123456785LT`). The kit's
 * S10 builder ties the suffix to the posting country, hence this builder.
 */
import type { CheckDigitScheme, TrackingNumberScheme } from '../contract.js';
import { s10CheckDigit } from '../kit/check-digits.js';

const CAPACITY = 100_000_000;
const FORMAT = /^CE\d{9}LT$/;

const checkDigit: CheckDigitScheme = {
  algorithm: 'upu-s10-mod11',
  compute: (serial) => String(s10CheckDigit(serial)),
  detectsAllSingleDigitErrors: false,
};

function generate(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq >= CAPACITY) throw new RangeError(`tracking sequence number must be an integer from 0 to ${CAPACITY - 1}`);
  const serial = String(seq).padStart(8, '0');
  return `CE${serial}${checkDigit.compute(serial)}LT`;
}

export const unisendBarcodeScheme: TrackingNumberScheme = {
  format: FORMAT,
  description: 'UPU S10 of Lithuanian Post: "CE", 8-digit serial, mod-11 check digit, "LT"',
  example: generate(12345678),
  capacity: CAPACITY,
  generate: (seq) => generate(seq),
  checkDigit,
  isValid: (tn) => FORMAT.test(tn) && checkDigit.compute(tn.slice(2, 10)) === tn[10],
  protectedPositions: () => ({ protectedDigits: [2, 3, 4, 5, 6, 7, 8, 9], checkDigit: 10 }),
};
