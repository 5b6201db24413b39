/**
 * Structured payment references, which banks validate strictly: the Nordic/Baltic national
 * reference (digits with a 7-3-1 check digit, as used in EE, LV and FI) and the international
 * RF creditor reference (ISO 11649, mod 97).
 */

/** The 7-3-1 check digit of a reference base (digits only). */
export function checkDigit731(base: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    sum += Number(base[base.length - 1 - i]) * weights[i % 3]!;
  }
  return (10 - (sum % 10)) % 10;
}

export function isNationalReference(ref: string): boolean {
  if (!/^\d{2,20}$/.test(ref)) return false;
  return checkDigit731(ref.slice(0, -1)) === Number(ref.slice(-1));
}

function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % 97;
  return r;
}

function toDigits(s: string): string {
  return [...s.toUpperCase()].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
}

export function isRfReference(ref: string): boolean {
  const s = ref.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(s)) return false;
  return mod97(toDigits(s.slice(4) + s.slice(0, 4))) === 1;
}

/** Makes an RF reference from a base (used by the sandbox and tests). */
export function makeRfReference(base: string): string {
  const check = 98 - mod97(toDigits(base + 'RF00'));
  return `RF${String(check).padStart(2, '0')}${base.toUpperCase()}`;
}

export function isValidPaymentReference(ref: string): boolean {
  return isNationalReference(ref) || isRfReference(ref);
}
