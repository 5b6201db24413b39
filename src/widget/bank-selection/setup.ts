/**
 * Pure logic of the bank-selection widget (no DOM): reading `storeSetupData`, the banks of a
 * region for a currency in display order, the regions shown, and the initial choice.
 */

/** A bank of a region's list, as GET /stores/payment-methods sends it (spec "Store payment methods"). */
export interface SetupBank {
  code: string;
  name: string;
  logoUrl: string;
  supportedCurrencies: string[];
  uiPosition?: number;
}

export interface RegionSetup {
  supportedCurrencies: string[];
  paymentMethods: SetupBank[];
}

/** `paymentMethods.paymentInitiation.setup`: region code -> its banks. */
export type Setup = Record<string, RegionSetup>;

/** The regions the spec lists as the default of `regions`. */
export const DEFAULT_REGIONS: readonly string[] = ['EE', 'LV', 'LT', 'DE', 'FI', 'PL'];

const PREFIX = 'Kassa bank selection: ';
export const widgetError = (message: string) => new Error(PREFIX + message);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function readRegion(value: unknown): RegionSetup | undefined {
  if (!isObject(value) || !Array.isArray(value.paymentMethods)) return undefined;
  const supportedCurrencies = strings(value.supportedCurrencies);
  const paymentMethods: SetupBank[] = [];
  for (const b of value.paymentMethods) {
    if (!isObject(b) || typeof b.code !== 'string' || b.code === '' || typeof b.name !== 'string') continue;
    const bank: SetupBank = {
      code: b.code,
      name: b.name,
      logoUrl: typeof b.logoUrl === 'string' ? b.logoUrl : '',
      // A bank without its own list takes its region's currencies.
      supportedCurrencies: Array.isArray(b.supportedCurrencies) ? strings(b.supportedCurrencies) : supportedCurrencies,
    };
    if (typeof b.uiPosition === 'number' && Number.isFinite(b.uiPosition)) bank.uiPosition = b.uiPosition;
    paymentMethods.push(bank);
  }
  return { supportedCurrencies, paymentMethods };
}

/**
 * `storeSetupData` in either shape clients send: the whole GET /stores/payment-methods answer, or
 * only its `paymentMethods.paymentInitiation.setup` (the WooCommerce plugin json_encodes that
 * part); also the `paymentInitiation` object itself. A JSON string, or the parsed object.
 * Throws an Error naming the problem when it is missing or unreadable.
 */
export function parseStoreSetupData(raw: unknown): Setup {
  if (raw === undefined || raw === null || raw === '') throw widgetError('storeSetupData is required (the JSON of GET /stores/payment-methods)');
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw);
    } catch {
      throw widgetError('storeSetupData is not valid JSON');
    }
  }
  if (!isObject(data)) {
    throw widgetError(data === null ? 'storeSetupData is null: bank payments (paymentInitiation) are not enabled for the store' : 'storeSetupData must be a JSON object');
  }
  let setup: unknown = data;
  if (isObject(data.paymentMethods)) {
    const pis = data.paymentMethods.paymentInitiation;
    if (!isObject(pis)) throw widgetError('storeSetupData has no paymentMethods.paymentInitiation: bank payments are not enabled for the store');
    setup = pis.setup;
  } else if (isObject(data.setup)) {
    setup = data.setup;
  }
  if (!isObject(setup)) throw widgetError('storeSetupData has no bank list (paymentMethods.paymentInitiation.setup)');
  const out: Setup = {};
  for (const [region, value] of Object.entries(setup)) {
    const r = readRegion(value);
    if (r) out[region.toUpperCase()] = r;
  }
  if (Object.keys(out).length === 0) throw widgetError('storeSetupData has no region with a bank list');
  return out;
}

/** The banks of a region that take the currency, by uiPosition (banks without one last, in their given order). */
export function banksFor(setup: Setup, region: string, currency: string): SetupBank[] {
  const r = setup[region];
  if (!r) return [];
  return r.paymentMethods
    .map((bank, index) => ({ bank, index }))
    .filter(({ bank }) => bank.supportedCurrencies.includes(currency))
    .sort((a, b) => (a.bank.uiPosition ?? Infinity) - (b.bank.uiPosition ?? Infinity) || a.index - b.index)
    .map(({ bank }) => bank);
}

/**
 * The regions in the selector. Given `regions` are shown as given (a region without banks for the
 * currency then says so); without them (undefined or null, as the plugin sends when the selector
 * is not restricted), the default regions that have a bank for the currency, or the defaults
 * themselves when none has.
 */
export function regionsToShow(requested: readonly string[] | null | undefined, setup: Setup, currency: string): string[] {
  const given = (requested ?? []).filter((r): r is string => typeof r === 'string' && r !== '').map((r) => r.toUpperCase());
  const unique = given.filter((r, i) => given.indexOf(r) === i);
  if (unique.length > 0) return unique;
  const withBanks = DEFAULT_REGIONS.filter((r) => banksFor(setup, r, currency).length > 0);
  return withBanks.length > 0 ? withBanks : [...DEFAULT_REGIONS];
}

/** The region shown first: the stored one, else the default region, else the first shown, when listed. */
export function initialRegion(regions: readonly string[], defaultRegion: string, stored: string | null): string {
  if (stored && regions.includes(stored)) return stored;
  if (regions.includes(defaultRegion)) return defaultRegion;
  return regions[0] ?? defaultRegion;
}

/** A provider is restored only when the region shown lists it (for the currency); else none. */
export function providerIn(banks: readonly SetupBank[], code: string | null | undefined): string {
  return code && banks.some((b) => b.code === code) ? code : '';
}
