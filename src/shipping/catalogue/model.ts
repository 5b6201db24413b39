/**
 * The catalogue's records: pickup points (shipped as data) and courier services (derived from
 * the carrier definitions), and the spec's listing shapes.
 */
import type { AdditionalServiceCode, CourierServiceType, PickupPointType, ShippingMethodType } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import type { CountryCode } from '../carriers/countries.js';

/** Item of `additionalServices` in the spec's responses. */
export interface AdditionalServiceItem {
  code: AdditionalServiceCode;
}

export interface PickupPoint {
  /** `<carrier>-<country>-<pm|po|ps>-<n>`, e.g. `inpost-pl-pm-17`; use as `shippingMethod.id`. */
  id: string;
  name: string;
  type: PickupPointType;
  streetAddress: string;
  locality: string;
  /** County, region or voivodeship (the legacy listing's `region`; not in the v2 listing). */
  region: string;
  postalCode: string;
  countryCode: CountryCode;
  carrierCode: CarrierCode;
  additionalServices: readonly AdditionalServiceItem[];
}

export interface CourierService {
  /** `<carrier>-<country>-courier-<type>`, e.g. `omniva-ee-courier-standard`. */
  id: string;
  name: string;
  type: CourierServiceType;
  carrierCode: CarrierCode;
  countryCode: CountryCode;
  additionalServices: readonly AdditionalServiceItem[];
}

/** One point as the data file stores it (additional services as codes). */
export type PickupPointRow = Omit<PickupPoint, 'additionalServices'> & { additionalServices: AdditionalServiceCode[] };

/** GET /shipping-methods (and the shape of filter-by-parcels). */
export interface ShippingMethodListing {
  countries: {
    countryCode: CountryCode;
    carriers: {
      carrierCode: CarrierCode;
      shippingMethods: {
        type: ShippingMethodType;
        subtypes: { code: PickupPointType | CourierServiceType }[];
        constraints: { parcelDimensionsRequired: boolean };
      }[];
    }[];
  }[];
}
