/** IBANs (ISO 13616): validation by length per country and the mod-97 check, building, printing. Pure. */

/** IBAN lengths of the countries the simulators deal with (and a few neighbours shoppers bank in). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  EE: 20,
  LV: 21,
  LT: 20,
  FI: 18,
  PL: 28,
  DE: 22,
  SE: 24,
  DK: 18,
  NO: 15,
  GB: 22,
  IE: 22,
  NL: 18,
  FR: 27,
  ES: 24,
};

function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % 97;
  return r;
}

function numeric(s: string): string {
  return [...s].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
}

export function normalizeIban(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export function isValidIban(input: string): boolean {
  const s = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(s)) return false;
  const len = IBAN_LENGTHS[s.slice(0, 2)];
  if (len !== undefined && s.length !== len) return false;
  return mod97(numeric(s.slice(4) + s.slice(0, 4))) === 1;
}

/** Builds an IBAN with the right check digits from a country and its BBAN. */
export function makeIban(country: string, bban: string): string {
  const check = 98 - mod97(numeric(bban.toUpperCase() + country.toUpperCase() + '00'));
  return `${country.toUpperCase()}${String(check).padStart(2, '0')}${bban.toUpperCase()}`;
}

/** Groups of four, as IBANs are printed. */
export function formatIban(iban: string): string {
  return normalizeIban(iban)
    .replace(/(.{4})/g, '$1 ')
    .trim();
}
