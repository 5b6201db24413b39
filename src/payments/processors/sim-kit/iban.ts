/**
 * Realistic sample IBANs per bank, for the bank simulator's prefilled sender account. Pure.
 */
import type { CountryCode } from '../../methods/catalogue/banks.js';
import { makeIban } from '../../../platform/iban.js';

/**
 * National bank identifiers inside the BBAN, per country and bank code of the catalogue. Banks not
 * listed (cross-border ones) use the country's fallback.
 */
const NATIONAL_IDS: Readonly<Record<CountryCode, Readonly<Record<string, string>>>> = {
  EE: { HABAEE2X: '22', EEUHEE2X: '10', LHVBEE22: '77', RIKOEE22: '96', EKRDEE22: '42', PARXEE22: '12', BIGKEE2B: '75', default: '55' },
  LV: { HABALV22: 'HABA', UNLALV2X: 'UNLA', PARXLV22: 'PARX', RIKOLV2X: 'RIKO', RTMBLV2X: 'RTMB', CBBRLV22: 'CBBR', default: 'REVO' },
  LT: { HABALT22: '73000', CBVILT2X: '70440', AGBLLT2X: '40100', CBSBLT26: '71800', INDULT2X: '72900', MDBALT22: '72300', default: '32500' },
  FI: {
    OKOYFIHH: '500015',
    NDEAFIHH: '123456',
    DABAFIHH: '800012',
    SBANFIHH: '393900',
    HELSFIHH: '405520',
    POPFFI22: '470010',
    ITELFIHH: '421020',
    HANDFIHH: '313130',
    AABAFI22: '660100',
    OMASFIHH: '471230',
    default: '799779',
  },
  PL: {
    BPKOPLPW: '1020',
    PKOPPLPW: '1240',
    BREXPLPW: '1140',
    INGBPLPW: '1050',
    WBKPPLPP: '1090',
    BIGBPLPW: '1160',
    ALBPPLPW: '2490',
    PPABPLPK: '1600',
    AGRIPLPR: '1940',
    CITIPLPX: '1030',
    NESBPLPW: '1870',
    GBGCPLPK: '1560',
    default: '2910',
  },
};

/** Account digits taken from a seed (e.g. the transaction id), so one attempt shows one account. */
function digitsFrom(seed: string, n: number): string {
  let out = '';
  let h = 2166136261;
  for (let i = 0; out.length < n; i++) {
    h ^= seed.charCodeAt(i % Math.max(1, seed.length)) + i;
    h = Math.imul(h, 16777619) >>> 0;
    out += String(h % 10);
  }
  return out;
}

/** The national part of a Polish sort code: 3-digit bank and 4-digit branch, then its check digit. */
function polishSortCode(bankAndBranch: string): string {
  const weights = [3, 9, 7, 1, 3, 9, 7];
  const sum = [...bankAndBranch].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return bankAndBranch + String((10 - (sum % 10)) % 10);
}

/** A realistic, valid IBAN of `country` at the bank `bankCode`. */
export function sampleIban(country: CountryCode, bankCode: string, seed: string): string {
  const ids = NATIONAL_IDS[country];
  const id = ids[bankCode] ?? ids.default ?? '00';
  switch (country) {
    case 'EE':
      return makeIban('EE', id + digitsFrom(seed, 14));
    case 'LV':
      return makeIban('LV', id + digitsFrom(seed, 13));
    case 'LT':
      return makeIban('LT', id + digitsFrom(seed, 11));
    case 'FI':
      return makeIban('FI', id + digitsFrom(seed, 8));
    case 'PL':
      return makeIban('PL', polishSortCode(id.slice(0, 3) + '0' + digitsFrom(seed, 3)) + digitsFrom(seed + 'a', 16));
  }
}

/** A typical account holder's name per country (prefilled; the shopper may change it). */
export const SAMPLE_NAMES: Readonly<Record<CountryCode, string>> = {
  EE: 'Mari Tamm',
  LV: 'Jānis Bērziņš',
  LT: 'Jonas Kazlauskas',
  FI: 'Matti Virtanen',
  PL: 'Anna Nowak',
};
