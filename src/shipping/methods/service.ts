/**
 * What the shipping v2 routes ask of the catalogue and the rates module, for one store in one
 * environment: query parsing (400 naming the field, 404 for an unknown carrier), the store's
 * listing (only the carriers it has a contract with), filter-by-parcels narrowed the same way, and
 * rates from the store's country.
 */
import { isObject, Problems, Reader } from '../../platform/validate.js';
import type { Store } from '../../stores/service.js';
import type { Env } from '../../platform/env.js';
import { PICKUP_POINT_TYPES, type PickupPointType } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import { CARRIER_CODES } from '../carriers/registry.js';
import { COUNTRIES, isCountryCode, type CountryCode } from '../carriers/countries.js';
import type { CarrierContractService } from '../contracts/service.js';
import { narrowListing } from '../contracts/service.js';
import { calculateRates, filterByParcels, parseFilterByParcels, parseRatesQuery, parseRatesRequest, type RatesResponse, type ShippingMethodListing } from '../rates/service.js';
import { shippingCatalogue, type CachedJson, type V3Filter } from '../catalogue/service.js';
import type { StreamedJson } from '../../platform/cached-reply.js';

export interface CatalogueQuery {
  carrierCode: CarrierCode;
  countryCode: CountryCode;
  type?: PickupPointType;
}

/**
 * `carrierCode` and `countryCode` (required) and, for pickup points, `type` (optional). A
 * missing or malformed parameter is a 400 naming it, a carrier code outside the enum too (as the
 * original service answers: "carrierCode must be one of the following values: …", case-sensitive).
 */
export function parseCatalogueQuery(query: unknown, opts: { withType: boolean }): CatalogueQuery {
  const p = new Problems();
  const r = new Reader(p, isObject(query) ? query : {});
  const carrierCode = r.oneOf('carrierCode', CARRIER_CODES, true);
  const countryCode = r.oneOf('countryCode', COUNTRIES, true);
  const type = opts.withType ? r.oneOf('type', PICKUP_POINT_TYPES) : undefined;
  p.throwIfAny();
  return { carrierCode: carrierCode!, countryCode: countryCode!, ...(type ? { type } : {}) };
}

/**
 * The v3 lists' query (the WooCommerce plugin's): `carrierCode`, `countryCode`, `type` and
 * `search`, all optional. A malformed one is a 400 naming it, a carrier code outside the enum too
 * (as on v2); a well-formed country Kassa's carriers don't serve has an empty list.
 */
export function parseV3Query(query: unknown, opts: { pickupPoints: boolean }): V3Filter {
  const p = new Problems();
  const r = new Reader(p, isObject(query) ? query : {});
  const carrierCode = r.blank('carrierCode') ? undefined : r.oneOf('carrierCode', CARRIER_CODES);
  const countryCode = r.blank('countryCode') ? undefined : r.string('countryCode', { pattern: /^[A-Z]{2}$/, patternHint: 'must be an ISO 3166-1 alpha-2 code (e.g. EE)' });
  const type = opts.pickupPoints && !r.blank('type') ? r.oneOf('type', PICKUP_POINT_TYPES) : undefined;
  const search = opts.pickupPoints && !r.blank('search') ? r.string('search', { max: 100 }) : undefined;
  p.throwIfAny();
  return { ...(carrierCode ? { carrierCode } : {}), ...(countryCode ? { countryCode } : {}), ...(type ? { type } : {}), ...(search ? { search } : {}) };
}

export class ShippingMethodsService {
  constructor(private readonly contracts: CarrierContractService) {}

  pickupPoints(q: CatalogueQuery): CachedJson {
    return shippingCatalogue().pickupPointsJson(q.carrierCode, q.countryCode, q.type);
  }

  courierServices(q: CatalogueQuery): CachedJson {
    return shippingCatalogue().courierServicesJson(q.carrierCode, q.countryCode);
  }

  /**
   * v3: the same catalogue, across carriers and countries. Without countryCode (the plugin's
   * sync: a carrier's points in every country, up to tens of MB) the list is streamed; within
   * one country it is rendered once and kept, as on v2.
   */
  pickupPointsV3(f: V3Filter): CachedJson | StreamedJson {
    const { countryCode, ...rest } = f;
    return countryCode === undefined ? shippingCatalogue().pickupPointsV3Stream(rest) : shippingCatalogue().pickupPointsV3Json(f);
  }

  courierServicesV3(f: V3Filter): CachedJson {
    return shippingCatalogue().courierServicesV3Json(f);
  }

  /** GET /shipping-methods: the methods of the carriers the store has a contract with in `env`; `countries: []` when none. */
  async listing(store: Store, env: Env): Promise<CachedJson> {
    return shippingCatalogue().shippingMethodsListingJson(await this.contracts.activeCarrierCodes(store.id, env));
  }

  /**
   * POST /shipping-methods/filter-by-parcels: the methods usable for the parcels, from `source`
   * (default: the store's country), narrowed to the store's carriers in `env`.
   */
  async filterByParcels(store: Store, env: Env, query: unknown, body: unknown): Promise<ShippingMethodListing> {
    const req = parseFilterByParcels(query, body);
    const source = req.source ?? storeCountry(store);
    const listing = filterByParcels(req.parcels, req.destination, source);
    return narrowListing(listing, await this.contracts.activeCarrierCodes(store.id, env));
  }

  /**
   * POST /shipping-methods/rates: prices of Kassa's service contract, from the store's country.
   * Not narrowed to the store's contracts (a rate quote needs none).
   */
  rates(store: Store, query: unknown, body: unknown): RatesResponse {
    const filter = parseRatesQuery(query);
    const request = parseRatesRequest(body);
    const source = storeCountry(store);
    return calculateRates(request, { ...filter, ...(source ? { source } : {}) });
  }
}

/** The store's default shipping address country (else the store's own country): the spec's default `source`. */
function storeCountry(store: Store): CountryCode | undefined {
  const country = store.shippingAddress?.country ?? store.country;
  return isCountryCode(country) ? country : undefined;
}
