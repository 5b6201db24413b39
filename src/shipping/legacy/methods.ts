/**
 * The `shipping_method` identifiers of the earlier (snake_case) interface and the pickup point
 * `type`s of its listing, derived from the carrier registry: adding a carrier needs no edit here
 * (docs/decisions.md, The snake_case shipping API: identifiers).
 *
 * An identifier is `<provider>_<suffix>`. `<provider>` is a registered carrier code or an alias a
 * client sends (`itella` for smartpost: the WooCommerce plugin's legacy module; `carrier_a` …
 * `carrier_d`: the spec's placeholders). The suffix names the method:
 *
 * | suffix            | method                    |
 * | parcel_machines   | pickupPoint parcelMachine |
 * | post_offices      | pickupPoint postOffice    |
 * | parcel_shops      | pickupPoint parcelShop (the clients' `${provider_name}_${type}s`) |
 * | parcel_shop       | pickupPoint parcelShop (the spec's own spelling, `carrier_d_parcel_shop`) |
 * | courier           | courier (standard; standardB2B where the country has only that) |
 *
 * Every provider × every suffix is a row: a method the carrier has in at least one country, or
 * `method: null` (the carrier lacks it: refused with 400 naming `shipping_method`). Exact client
 * aliases come first: `venipak_post_offices` is Venipak's parcel shops (the WooCommerce legacy
 * module's class-montonio-venipak-parcel-shops.php sends that id with type `post_office`).
 * Pure data.
 */
import type { CourierServiceType, PickupPointType } from '../carriers/vocabulary.js';
import { CARRIERS, type CarrierCode } from '../carriers/registry.js';

export type LegacyPointType = 'parcel_machine' | 'post_office' | 'parcel_shop';
export type LegacyMethodSuffix = 'parcel_machines' | 'post_offices' | 'parcel_shops' | 'parcel_shop' | 'courier';

export type LegacyShippingMethod = { carrierCode: CarrierCode; type: 'pickupPoint'; subtype: PickupPointType } | { carrierCode: CarrierCode; type: 'courier'; subtype: CourierServiceType };

export type MethodOfSuffix = { type: 'pickupPoint'; subtype: PickupPointType } | { type: 'courier'; subtype: CourierServiceType };

/** Carrier-independent meaning of each suffix. */
const SUFFIX_METHOD: Readonly<Record<LegacyMethodSuffix, MethodOfSuffix>> = Object.freeze({
  parcel_machines: { type: 'pickupPoint', subtype: 'parcelMachine' },
  post_offices: { type: 'pickupPoint', subtype: 'postOffice' },
  parcel_shops: { type: 'pickupPoint', subtype: 'parcelShop' },
  parcel_shop: { type: 'pickupPoint', subtype: 'parcelShop' },
  courier: { type: 'courier', subtype: 'standard' },
});
const SUFFIXES = Object.keys(SUFFIX_METHOD) as LegacyMethodSuffix[];

/** The listing's `type` of each pickup point type, when no client alias says otherwise. */
const POINT_TYPE: Readonly<Record<PickupPointType, LegacyPointType>> = Object.freeze({
  parcelMachine: 'parcel_machine',
  postOffice: 'post_office',
  parcelShop: 'parcel_shop',
});

/**
 * Other names clients give a carrier (`<alias>_<suffix>` means `<code>_<suffix>`). `itella`: the
 * WooCommerce plugin's legacy smartpost classes (shipping/smartpost/class-montonio-smartpost-*.php,
 * provider_name `itella` unless option montonio_shipping_enable_v2 is on). `carrier_a…d`: the
 * spec's placeholders (shipping-legacy.md, `shipping_method` values), kept from the first mapping.
 */
export const PROVIDER_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  itella: 'smartpost',
  carrier_a: 'omniva',
  carrier_b: 'smartpost',
  carrier_c: 'inpost',
  carrier_d: 'dpd',
});

/**
 * Whole identifiers that mean something else than their suffix says, with the listing type the
 * same client reads that method's points under. `venipak_post_offices`: the WooCommerce legacy
 * module's Venipak parcel shops (class-montonio-venipak-parcel-shops.php: id
 * montonio_venipak_post_offices, type post_office, type_v2 parcelShop).
 */
export const IDENTIFIER_ALIASES: Readonly<Record<string, { carrierCode: string; subtype: PickupPointType; listedAs: LegacyPointType }>> = Object.freeze({
  venipak_post_offices: { carrierCode: 'venipak', subtype: 'parcelShop', listedAs: 'post_office' },
});

export interface LegacyIdentifierRow {
  /** As a client sends it. */
  identifier: string;
  carrierCode: CarrierCode;
  /** Where the row comes from: every carrier's own identifiers, a provider alias, or a client's whole-identifier alias. */
  source: 'carrier' | 'provider alias' | 'identifier alias';
  /** The method the identifier asks for. */
  wanted: MethodOfSuffix;
  /** Null: the carrier has no such method in any country (refused). */
  method: LegacyShippingMethod | null;
}

function hasMethod(code: string, m: MethodOfSuffix): boolean {
  const def = CARRIERS.find((d) => d.code === code);
  if (!def) return false;
  return Object.values(def.methods).some((list) => (list ?? []).some((cm) => cm.type === m.type && (m.type === 'courier' || (cm.subtypes as readonly string[]).includes(m.subtype))));
}

function row(identifier: string, carrierCode: CarrierCode, source: LegacyIdentifierRow['source'], m: MethodOfSuffix): LegacyIdentifierRow {
  return Object.freeze({ identifier, carrierCode, source, wanted: m, method: hasMethod(carrierCode, m) ? (Object.freeze({ carrierCode, ...m }) as LegacyShippingMethod) : null });
}

const CODES = new Set<string>(CARRIERS.map((d) => d.code));

/** Every identifier Kassa reads: every carrier × every suffix, the provider aliases × every suffix, the whole-identifier aliases. */
export const LEGACY_IDENTIFIERS: readonly LegacyIdentifierRow[] = Object.freeze(
  (() => {
    const rows = new Map<string, LegacyIdentifierRow>();
    for (const [identifier, a] of Object.entries(IDENTIFIER_ALIASES)) {
      if (CODES.has(a.carrierCode)) rows.set(identifier, row(identifier, a.carrierCode as CarrierCode, 'identifier alias', { type: 'pickupPoint', subtype: a.subtype }));
    }
    const providers: [string, string, LegacyIdentifierRow['source']][] = [
      ...CARRIERS.map((d): [string, string, LegacyIdentifierRow['source']] => [d.code, d.code, 'carrier']),
      ...Object.entries(PROVIDER_ALIASES).map(([alias, code]): [string, string, LegacyIdentifierRow['source']] => [alias, code, 'provider alias']),
    ];
    for (const [provider, code, source] of providers) {
      if (!CODES.has(code)) continue;
      for (const suffix of SUFFIXES) {
        const identifier = `${provider}_${suffix}`;
        const alias = IDENTIFIER_ALIASES[`${code}_${suffix}`];
        // `itella_post_offices` means what `smartpost_post_offices` means (including an alias of it).
        const m: MethodOfSuffix = alias ? { type: 'pickupPoint', subtype: alias.subtype } : SUFFIX_METHOD[suffix];
        if (!rows.has(identifier)) rows.set(identifier, row(identifier, code as CarrierCode, source, m));
      }
    }
    return [...rows.values()];
  })(),
);

const BY_IDENTIFIER = new Map(LEGACY_IDENTIFIERS.map((r) => [r.identifier, r]));

export type LegacyResolution = { ok: true; method: LegacyShippingMethod } | { ok: false; reason: string };

const SUBTYPE_WORDS: Readonly<Record<PickupPointType, string>> = { parcelMachine: 'parcel machines', postOffice: 'post offices', parcelShop: 'parcel shops' };

/** What a `shipping_method` names, or why it is refused (the reason follows the identifier in the 400 message). */
export function resolveLegacyIdentifier(identifier: string): LegacyResolution {
  const r = BY_IDENTIFIER.get(identifier);
  if (!r) {
    return {
      ok: false,
      reason: `is not a known shipping method identifier (<carrier>_parcel_machines, _post_offices, _parcel_shops, _parcel_shop or _courier; carriers: ${[...CODES].join(', ')})`,
    };
  }
  if (!r.method) {
    const words = r.wanted.type === 'pickupPoint' ? SUBTYPE_WORDS[r.wanted.subtype] : 'courier service';
    return { ok: false, reason: `is not offered: ${r.carrierCode} has no ${words} in any country` };
  }
  return { ok: true, method: r.method };
}

/** The method a legacy `shipping_method` names; undefined when unknown or not offered. */
export function legacyShippingMethod(identifier: string): LegacyShippingMethod | undefined {
  const r = resolveLegacyIdentifier(identifier);
  return r.ok ? r.method : undefined;
}

/**
 * The listing's `type` of a carrier's pickup point type: the client alias's type where one names
 * that method (Venipak's parcel shops: `post_office`), else parcel_machine / post_office / parcel_shop.
 */
export function legacyPointType(carrierCode: string, subtype: PickupPointType): LegacyPointType {
  for (const a of Object.values(IDENTIFIER_ALIASES)) if (a.carrierCode === carrierCode && a.subtype === subtype) return a.listedAs;
  return POINT_TYPE[subtype];
}

/**
 * The identifier of a carrier's method as a client builds it from the listing
 * (`${provider_name}_${type}s`, CrystallizeAPI) or `<code>_courier`: the echo of a shipment made
 * without one (through v2).
 */
export function legacyIdentifier(carrierCode: string, type: 'pickupPoint' | 'courier', subtype: PickupPointType | null): string {
  if (type === 'courier' || !subtype) return `${carrierCode}_courier`;
  return `${carrierCode}_${legacyPointType(carrierCode, subtype)}s`;
}
