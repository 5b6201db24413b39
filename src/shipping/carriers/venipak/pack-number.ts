/**
 * Venipak pack numbers: `V`, the sender's 5-digit Venipak API id, `E`, a 7-digit serial the
 * SENDER assigns (Venipak does not hand them out; it refuses a number already in use, error 42):
 * `V12345E0001234`. There is no check digit (`algorithm: 'none'`): the official plugins build the
 * number as `'V' . $apiId . 'E' . sprintf('%07d', $serial)`.
 */
import type { CheckDigitScheme, TrackingNumberScheme } from '../contract.js';

/** The API id of Kassa's own (SERVICE) Venipak account in the sandbox. */
export const VENIPAK_SANDBOX_API_ID = '12345';

const SERIAL_CAPACITY = 10_000_000;
const FORMAT = /^V\d{5}E\d{7}$/;

/** `V` + API id + `E` + 7-digit serial. */
export function venipakPackNumber(apiId: string, serial: number): string {
  if (!/^\d{5}$/.test(apiId)) throw new RangeError('a Venipak API id has 5 digits');
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= SERIAL_CAPACITY) {
    throw new RangeError(`tracking sequence number must be an integer from 0 to ${SERIAL_CAPACITY - 1}`);
  }
  return `V${apiId}E${String(serial).padStart(7, '0')}`;
}

const NO_CHECK_DIGIT: CheckDigitScheme = {
  algorithm: 'none',
  compute: (): string => '',
  detectsAllSingleDigitErrors: false,
};

export function venipakPackNumberScheme(apiId: string): TrackingNumberScheme {
  return {
    format: FORMAT,
    description: 'Venipak pack number: "V", 5-digit sender API id, "E", 7-digit serial assigned by the sender; no check digit',
    example: venipakPackNumber(apiId, 1234),
    capacity: SERIAL_CAPACITY,
    generate: (seq) => venipakPackNumber(apiId, seq),
    checkDigit: NO_CHECK_DIGIT,
    isValid: (tn) => FORMAT.test(tn),
    protectedPositions: () => ({ protectedDigits: [], checkDigit: -1 }),
  };
}
