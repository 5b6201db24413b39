/**
 * Check digit algorithms of the carriers' tracking numbers. Pure. Each takes the protected digits
 * as a string and returns the check digit (0–9).
 */

/** UPU S10 (item identifiers like `CC123456785EE`): weights 8 6 4 2 3 5 9 7, 11 − (sum mod 11); 10 → 0, 11 → 5. */
export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new RangeError('an S10 serial number has 8 digits');
  const weights = [8, 6, 4, 2, 3, 5, 9, 7] as const;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(serial[i]) * weights[i]!;
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** S10's weighted sum mod 11 (the residue pair 0/6 both give check digit 5). */
export function s10Residue(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7] as const;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(serial[i]) * weights[i]!;
  return sum % 11;
}

/** The number mod 7 (air waybill style; at most 15 digits, so it stays exact). */
export function mod7CheckDigit(digits: string): number {
  if (!/^\d{1,15}$/.test(digits)) throw new RangeError('mod 7 protects 1 to 15 digits');
  return Number(digits) % 7;
}

/** Luhn: from the right, double every second digit (starting with the one next to the check digit). */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError('Luhn protects digits only');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** GS1 (SSCC, GTIN): from the right, weights 3 1 3 1 …; (10 − sum mod 10) mod 10. */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError('GS1 mod 10 protects digits only');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}
