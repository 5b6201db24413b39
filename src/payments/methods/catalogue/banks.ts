/**
 * Static catalogue of banks offered for bank payments (`paymentInitiation`)
 * per country, shaped like the `paymentMethods.paymentInitiation.setup`
 * section of GET /stores/payment-methods (spec/payments.md, "Store payment
 * methods").
 *
 * Codes are BIC-style identifiers (the value a merchant sends as
 * `preferredProvider`). Local banks use the BIC of their entity in that
 * country (e.g. Swedbank is HABAEE2X / HABALV22 / HABALT22 — separate codes).
 * International banks carry the SAME code in several countries' lists
 * (see INTERNATIONAL_BANK_CODES).
 *
 * Data only: no I/O, no side effects. Everything exported is frozen.
 */
import type { CurrencyCode } from './methods.js';

export type CountryCode = 'EE' | 'LV' | 'LT' | 'FI' | 'PL';

export const COUNTRIES: readonly CountryCode[] = Object.freeze(['EE', 'LV', 'LT', 'FI', 'PL'] as const);

export interface Bank {
  /** Stable uppercase BIC-style code; the value sent as `preferredProvider`. */
  code: string;
  /** Display name. */
  name: string;
  supportedCurrencies: ('EUR' | 'PLN')[];
  /** Display order within the country list, 1..n without gaps. */
  uiPosition: number;
  /** Brand-ish hex colour (#RRGGBB) used as logo background. */
  color: string;
}

/** Currencies offered per country for bank payments. */
export const COUNTRY_CURRENCIES: Readonly<Record<CountryCode, readonly ('EUR' | 'PLN')[]>> = Object.freeze({
  EE: Object.freeze(['EUR'] as const),
  LV: Object.freeze(['EUR'] as const),
  LT: Object.freeze(['EUR'] as const),
  FI: Object.freeze(['EUR'] as const),
  PL: Object.freeze(['PLN'] as const),
});

/** Codes of banks that operate cross-border under one code. */
export const REVOLUT_CODE = 'REVOLT21';
export const N26_CODE = 'NTSBDEB1';
export const INTERNATIONAL_BANK_CODES: readonly string[] = Object.freeze([REVOLUT_CODE, N26_CODE]);

interface BankSeed {
  code: string;
  name: string;
  color: string;
  /** Defaults to the country's currencies. */
  currencies?: readonly CurrencyCode[];
}

const REVOLUT: Omit<BankSeed, 'currencies'> = { code: REVOLUT_CODE, name: 'Revolut', color: '#191C1F' };
const N26: Omit<BankSeed, 'currencies'> = { code: N26_CODE, name: 'N26', color: '#36A18B' };

/** Turns seeds (in display order) into frozen Bank entries with uiPosition 1..n. */
function countryList(country: CountryCode, seeds: readonly BankSeed[]): readonly Bank[] {
  const list = seeds.map((seed, index): Bank => {
    const currencies = seed.currencies ?? COUNTRY_CURRENCIES[country];
    const bank: Bank = {
      code: seed.code,
      name: seed.name,
      supportedCurrencies: [...currencies],
      uiPosition: index + 1,
      color: seed.color,
    };
    Object.freeze(bank.supportedCurrencies);
    return Object.freeze(bank);
  });
  return Object.freeze(list);
}

export const BANKS: Readonly<Record<CountryCode, readonly Bank[]>> = Object.freeze({
  EE: countryList('EE', [
    { code: 'HABAEE2X', name: 'Swedbank', color: '#EE7023' },
    { code: 'EEUHEE2X', name: 'SEB', color: '#2E7D32' },
    { code: 'LHVBEE22', name: 'LHV', color: '#231F20' },
    { code: 'RIKOEE22', name: 'Luminor', color: '#4A1E5A' },
    { code: 'EKRDEE22', name: 'Coop Pank', color: '#0063B0' },
    { code: 'PARXEE22', name: 'Citadele', color: '#C8102E' },
    { code: 'BIGKEE2B', name: 'Bigbank', color: '#0B6E61' },
    REVOLUT,
    N26,
  ]),
  LV: countryList('LV', [
    { code: 'HABALV22', name: 'Swedbank', color: '#EE7023' },
    { code: 'UNLALV2X', name: 'SEB', color: '#2E7D32' },
    { code: 'PARXLV22', name: 'Citadele', color: '#C8102E' },
    { code: 'RIKOLV2X', name: 'Luminor', color: '#4A1E5A' },
    { code: 'RTMBLV2X', name: 'Rietumu', color: '#8B1538' },
    { code: 'CBBRLV22', name: 'BluOr Bank', color: '#0D2C6C' },
    REVOLUT,
    N26,
  ]),
  LT: countryList('LT', [
    { code: 'HABALT22', name: 'Swedbank', color: '#EE7023' },
    { code: 'CBVILT2X', name: 'SEB', color: '#2E7D32' },
    { code: 'AGBLLT2X', name: 'Luminor', color: '#4A1E5A' },
    { code: 'CBSBLT26', name: 'Šiaulių bankas', color: '#00693C' },
    { code: 'INDULT2X', name: 'Citadele', color: '#C8102E' },
    { code: 'MDBALT22', name: 'Medicinos bankas', color: '#005B7F' },
    REVOLUT,
    N26,
  ]),
  FI: countryList('FI', [
    { code: 'OKOYFIHH', name: 'OP', color: '#FF6A10' },
    { code: 'NDEAFIHH', name: 'Nordea', color: '#0000A0' },
    { code: 'DABAFIHH', name: 'Danske Bank', color: '#003755' },
    { code: 'SBANFIHH', name: 'S-Pankki', color: '#00703C' },
    { code: 'HELSFIHH', name: 'Aktia', color: '#0078A8' },
    { code: 'POPFFI22', name: 'POP Pankki', color: '#D5001C' },
    { code: 'ITELFIHH', name: 'Säästöpankki', color: '#E2001A' },
    { code: 'HANDFIHH', name: 'Handelsbanken', color: '#005AA0' },
    { code: 'AABAFI22', name: 'Ålandsbanken', color: '#0A3A6B' },
    { code: 'OMASFIHH', name: 'Oma Säästöpankki', color: '#1B3F6F' },
    REVOLUT,
    N26,
  ]),
  PL: countryList('PL', [
    { code: 'BPKOPLPW', name: 'PKO Bank Polski', color: '#003574' },
    { code: 'PKOPPLPW', name: 'Bank Pekao', color: '#B8001F' },
    { code: 'BREXPLPW', name: 'mBank', color: '#C40018' },
    { code: 'INGBPLPW', name: 'ING Bank Śląski', color: '#FF6200' },
    { code: 'WBKPPLPP', name: 'Santander Bank Polska', color: '#EC0000' },
    { code: 'BIGBPLPW', name: 'Bank Millennium', color: '#A8005F' },
    { code: 'ALBPPLPW', name: 'Alior Bank', color: '#A6192E' },
    { code: 'PPABPLPK', name: 'BNP Paribas', color: '#00915A' },
    { code: 'AGRIPLPR', name: 'Credit Agricole', color: '#007D8F' },
    { code: 'CITIPLPX', name: 'Citi Handlowy', color: '#003B70' },
    { code: 'NESBPLPW', name: 'Nest Bank', color: '#0072BC' },
    { code: 'GBGCPLPK', name: 'VeloBank', color: '#00875F' },
    { ...REVOLUT, currencies: ['PLN', 'EUR'] },
  ]),
});

/** Looks a bank up by its exact code within one country's list. */
export function findBank(country: CountryCode, code: string): Bank | undefined {
  return BANKS[country].find((bank) => bank.code === code);
}

/** Countries (in COUNTRIES order) whose list contains a bank with this exact code. */
export function countriesOfBank(code: string): CountryCode[] {
  return COUNTRIES.filter((country) => findBank(country, code) !== undefined);
}
