/** The spec's shipment object (answers of create, update, get; `data` of shipment webhooks). */
import type { RegistrationError } from '../carriers/contract.js';
import { hasMethod, type ShipmentRecord, type StoredParty } from './store.js';

/** A party on the wire: the stored one; the sender has no firstName/lastName (spec). */
export type PartyJson = Omit<StoredParty, 'firstName' | 'lastName'> & { firstName?: string | null; lastName?: string | null };

export interface ShipmentJson {
  id: string;
  createdAt: string;
  status: string;
  serviceOrderUuid: string | null;
  /**
   * The same value under the original service's name, which every public client sends and reads
   * (makstech, VX, WooCommerce); echoed beside the spec's name so those clients work unchanged.
   */
  montonioOrderUuid: string | null;
  merchantReference: string | null;
  sender: PartyJson;
  receiver: PartyJson;
  parcels: {
    id: string;
    weight: number;
    length: number | null;
    height: number | null;
    width: number | null;
    carrierParcelId: string | null;
    trackingLink: string | null;
    dropOffPin: string | null;
  }[];
  /** Null only while `created` (Kassa's: made through the snake_case API without shipping_method). */
  shippingMethod: { id: string; type: string; carrierCode: string; countryCode: string } | null;
  carrierShipmentId: string | null;
  store: { id: string };
  products: { id: string; createdAt: string; sku: string; name: string; barcode: string | null; quantity: number }[] | null;
  /** Kassa's addition: the carrier's reasons while registrationFailed (or the last outage while pending), else null. */
  errors: RegistrationError[] | null;
}

const metres = (mm: number | null): number | null => (mm === null ? null : mm / 1000);

function party(p: StoredParty, withNames: boolean): PartyJson {
  return {
    id: p.id,
    ...(withNames ? { firstName: p.firstName ?? null, lastName: p.lastName ?? null } : {}),
    name: p.name,
    companyName: p.companyName,
    streetAddress: p.streetAddress,
    locality: p.locality,
    region: p.region,
    postalCode: p.postalCode,
    country: p.country,
    phoneCountryCode: p.phoneCountryCode,
    phoneNumber: p.phoneNumber,
    email: p.email,
  };
}

export function shipmentJson(s: ShipmentRecord): ShipmentJson {
  return {
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    status: s.status,
    serviceOrderUuid: s.serviceOrderUuid,
    montonioOrderUuid: s.serviceOrderUuid,
    merchantReference: s.merchantReference,
    sender: party(s.sender, false),
    receiver: party(s.receiver, true),
    parcels: s.parcels.map((p) => ({
      id: p.id,
      weight: p.weightG / 1000,
      length: metres(p.lengthMm),
      height: metres(p.heightMm),
      width: metres(p.widthMm),
      carrierParcelId: p.carrierParcelId,
      trackingLink: p.trackingLink,
      dropOffPin: p.dropOffPin,
    })),
    shippingMethod: hasMethod(s) ? { id: s.methodId, type: s.methodType, carrierCode: s.carrierCode, countryCode: s.countryCode } : null,
    carrierShipmentId: s.carrierShipmentId,
    store: { id: s.storeId },
    products: s.products?.map((p) => ({ id: p.id, createdAt: p.createdAt, sku: p.sku, name: p.name, barcode: p.barcode, quantity: p.quantity })) ?? null,
    errors: s.errors,
  };
}
