/**
 * The earlier (snake_case) interface names carriers `carrier_a` … `carrier_d` and shipping
 * methods `<carrier>_parcel_machines` etc. (Document 3). This is how they map onto the four
 * carriers, chosen so the methods each legacy carrier lists match a carrier's methods:
 *
 * | legacy    | carrier      | legacy methods                               | gap                               |
 * | carrier_a | omniva     | parcel_machines, post_offices, courier       | none                              |
 * | carrier_b | smartpost   | parcel_machines, post_offices, courier       | post_offices: Smartpost has none |
 * | carrier_c | inpost   | parcel_machines, courier                     | none                              |
 * | carrier_d | dpd | courier, parcel_shop, parcel_machines        | parcel_machines: DPD has |
 * |           |              |                                              | parcel shops only                 |
 *
 * A legacy identifier is the carrier code and the method suffix: `omniva_parcel_machines`.
 * The two gaps map to null: the legacy layer refuses them like an unknown `shipping_method`.
 * Legacy pickup point types are parcel_machine and post_office only, so parcel shops are absent
 * from the legacy pickup point listing. Pure data (restored from 5eda664's carriers/legacy.ts,
 * now used by the snake_case API).
 */
import type { CourierServiceType, PickupPointType } from '../carriers/vocabulary.js';
import type { CarrierCode } from '../carriers/registry.js';

export const LEGACY_CARRIERS: Readonly<Record<'carrier_a' | 'carrier_b' | 'carrier_c' | 'carrier_d', CarrierCode>> = Object.freeze({
  carrier_a: 'omniva',
  carrier_b: 'smartpost',
  carrier_c: 'inpost',
  carrier_d: 'dpd',
});

export type LegacyMethodSuffix = 'parcel_machines' | 'post_offices' | 'parcel_shop' | 'courier';

export type LegacyShippingMethod =
  | { carrierCode: CarrierCode; type: 'pickupPoint'; subtype: PickupPointType }
  | { carrierCode: CarrierCode; type: 'courier'; subtype: CourierServiceType };

/** The spec's list, with `carrier_x` standing for the carrier. */
const SPEC_IDENTIFIERS = [
  'carrier_a_parcel_machines',
  'carrier_a_post_offices',
  'carrier_a_courier',
  'carrier_b_parcel_machines',
  'carrier_b_post_offices',
  'carrier_b_courier',
  'carrier_c_parcel_machines',
  'carrier_c_courier',
  'carrier_d_courier',
  'carrier_d_parcel_shop',
  'carrier_d_parcel_machines',
] as const;
export type LegacySpecIdentifier = (typeof SPEC_IDENTIFIERS)[number];

/** Carrier-independent meaning of each suffix. */
const SUFFIX_METHOD: Readonly<Record<LegacyMethodSuffix, { type: 'pickupPoint'; subtype: PickupPointType } | { type: 'courier'; subtype: CourierServiceType }>> = {
  parcel_machines: { type: 'pickupPoint', subtype: 'parcelMachine' },
  post_offices: { type: 'pickupPoint', subtype: 'postOffice' },
  parcel_shop: { type: 'pickupPoint', subtype: 'parcelShop' },
  courier: { type: 'courier', subtype: 'standard' },
};

/** Methods the mapped carrier lacks. */
const GAPS: ReadonlySet<LegacySpecIdentifier> = new Set(['carrier_b_post_offices', 'carrier_d_parcel_machines']);

export interface LegacyIdentifierRow {
  /** As the spec writes it. */
  specIdentifier: LegacySpecIdentifier;
  /** As clients send it: `<carrierCode>_<suffix>`. */
  identifier: string;
  method: LegacyShippingMethod | null;
}

export const LEGACY_SHIPPING_METHODS: readonly LegacyIdentifierRow[] = Object.freeze(
  SPEC_IDENTIFIERS.map((spec): LegacyIdentifierRow => {
    const letter = spec.slice(0, 9) as keyof typeof LEGACY_CARRIERS;
    const suffix = spec.slice(10) as LegacyMethodSuffix;
    const carrierCode = LEGACY_CARRIERS[letter];
    return Object.freeze({
      specIdentifier: spec,
      identifier: `${carrierCode}_${suffix}`,
      method: GAPS.has(spec) ? null : Object.freeze({ carrierCode, ...SUFFIX_METHOD[suffix] }),
    });
  }),
);

const BY_IDENTIFIER = new Map<string, LegacyIdentifierRow>([
  ...LEGACY_SHIPPING_METHODS.map((r) => [r.specIdentifier, r] as const),
  ...LEGACY_SHIPPING_METHODS.map((r) => [r.identifier, r] as const),
]);

/**
 * The method a legacy `shipping_method` names (`omniva_courier`, or the spec's placeholder
 * spelling `carrier_a_courier`); undefined when unknown or not offered.
 */
export function legacyShippingMethod(identifier: string): LegacyShippingMethod | undefined {
  return BY_IDENTIFIER.get(identifier)?.method ?? undefined;
}

/** Legacy pickup point `type` of each pickup point type (parcel shops have none). */
export const LEGACY_POINT_TYPE: Readonly<Record<PickupPointType, 'parcel_machine' | 'post_office' | null>> = Object.freeze({
  parcelMachine: 'parcel_machine',
  postOffice: 'post_office',
  parcelShop: null,
});

/** The legacy `shipping_method` identifier (as clients send it) of a carrier and method type, if any. */
export function legacyIdentifier(carrierCode: string, type: 'pickupPoint' | 'courier', subtype: string | null): string | undefined {
  return LEGACY_SHIPPING_METHODS.find((r) => r.method && r.method.carrierCode === carrierCode && r.method.type === type && (type === 'courier' || r.method.subtype === subtype))?.identifier;
}
