/**
 * The options of `PaymentInitiation.create(options)` (spec "Client-side bank selection widget"):
 * their defaults, and what the storage may do. Pure: no DOM.
 */
/** What callbacks see as `this`: the instance's public methods (index.ts implements it). */
export interface PaymentInitiationInstance {
  init(): PaymentInitiationInstance;
  getPreferredProvider(): string;
  getPreferredRegion(): string;
  update(options?: Partial<CreateOptions>): PaymentInitiationInstance;
  setPreferredRegion(region: string, shouldUpdateSessionStorage?: boolean): void;
  setPreferredProvider(code: string, shouldUpdateSessionStorage?: boolean): void;
}

export type Callback = (this: PaymentInitiationInstance, value: string) => void;

export interface CreateOptions {
  storeSetupData: unknown;
  accessKey?: string;
  targetId?: string;
  target?: HTMLElement;
  shouldAllowDeselection?: boolean;
  shouldInjectCSS?: boolean;
  currency?: string;
  description?: string;
  defaultRegion?: string;
  regions?: string[] | null;
  regionNames?: Record<string, string> | null;
  inputName?: string;
  regionInputName?: string;
  onRegionSelectorChange?: Callback;
  onProviderClick?: Callback;
  onLoaded?: (this: PaymentInitiationInstance) => void;
  /** The WooCommerce plugin's option: banks as a list (logo and name) instead of a grid of logos. */
  displayAsList?: boolean;
  /** Not in the spec: the language of the widget's own texts; default the page's (`lang`). */
  locale?: string;
}

export interface Resolved {
  accessKey: string;
  targetId: string;
  target: HTMLElement | undefined;
  shouldAllowDeselection: boolean;
  shouldInjectCSS: boolean;
  currency: string;
  description: string;
  defaultRegion: string;
  regions: string[] | null;
  regionNames: Record<string, string>;
  inputName: string;
  regionInputName: string;
  onRegionSelectorChange: Callback | undefined;
  onProviderClick: Callback | undefined;
  onLoaded: ((this: PaymentInitiationInstance) => void) | undefined;
  displayAsList: boolean;
  locale: string | undefined;
}

export const DEFAULTS = {
  targetId: 'montonio-payment-choices-container',
  currency: 'EUR',
  defaultRegion: 'EE',
  inputName: 'montonio-payment-initiation-preferred-provider',
  regionInputName: 'montonio-preferred-region',
} as const;

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback);
const fn = <F>(v: unknown): F | undefined => (typeof v === 'function' ? (v as F) : undefined);

/** Every option with its default; unknown keys are ignored, wrong types fall back to the default. */
export function resolveOptions(o: Partial<CreateOptions>): Resolved {
  const names: Record<string, string> = {};
  if (o.regionNames && typeof o.regionNames === 'object') {
    for (const [k, v] of Object.entries(o.regionNames)) if (typeof v === 'string') names[k.toUpperCase()] = v;
  }
  return {
    accessKey: text(o.accessKey, ''),
    targetId: text(o.targetId, DEFAULTS.targetId),
    target: typeof HTMLElement !== 'undefined' && o.target instanceof HTMLElement ? o.target : undefined,
    shouldAllowDeselection: o.shouldAllowDeselection === true,
    shouldInjectCSS: o.shouldInjectCSS !== false,
    currency: text(o.currency, DEFAULTS.currency).toUpperCase(),
    description: typeof o.description === 'string' ? o.description : '',
    defaultRegion: text(o.defaultRegion, DEFAULTS.defaultRegion).toUpperCase(),
    regions: Array.isArray(o.regions) ? o.regions : null,
    regionNames: names,
    inputName: text(o.inputName, DEFAULTS.inputName),
    regionInputName: text(o.regionInputName, DEFAULTS.regionInputName),
    onRegionSelectorChange: fn(o.onRegionSelectorChange),
    onProviderClick: fn(o.onProviderClick),
    onLoaded: fn(o.onLoaded),
    displayAsList: o.displayAsList === true,
    locale: typeof o.locale === 'string' ? o.locale : undefined,
  };
}

/**
 * Session storage keys: the ones the WooCommerce plugin's own bank list keeps the shopper's choice
 * under (assets/js/montonio-pis.js), so a choice survives a switch between the two.
 */
export const STORAGE_KEYS = { region: 'montonioPreferredCountry', provider: 'montonioPreferredProvider' } as const;

export interface StorageWrite {
  key: string;
  /** null: remove the key. */
  value: string | null;
}

/**
 * What a choice writes to session storage: nothing when the caller passed
 * `shouldUpdateSessionStorage` false; a region change also forgets the provider (it named a bank
 * of the previous region's list); an empty provider (deselected) removes the key.
 */
export function storageWrites(change: { region?: string; provider?: string }, shouldUpdateSessionStorage: boolean): StorageWrite[] {
  if (!shouldUpdateSessionStorage) return [];
  const writes: StorageWrite[] = [];
  if (change.region !== undefined) {
    writes.push({ key: STORAGE_KEYS.region, value: change.region });
    if (change.provider === undefined) writes.push({ key: STORAGE_KEYS.provider, value: null });
  }
  if (change.provider !== undefined) writes.push({ key: STORAGE_KEYS.provider, value: change.provider === '' ? null : change.provider });
  return writes;
}
