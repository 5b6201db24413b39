/**
 * The snake_case view of a shipment (shipping-legacy.md, Shipment response): built from the v2
 * view of the same row and its legacy extras. Phone country fields are not echoed (the phone
 * number is the national part); totals are decimal strings; status names map as in
 * {@link LEGACY_STATUS}.
 */
import { formatAmount } from '../../platform/money.js';
import { findCourierService, findPickupPoint } from '../catalogue/service.js';
import type { ShipmentJson } from '../shipments/view.js';
import { legacyIdentifier, legacyPointType } from './methods.js';
import { BILLING_KEYS, type Billing } from './schema.js';
import type { LegacyExtras } from './store.js';

/** v2 status → snake_case status (the spec names the first two; the rest are Kassa's, in the spec's style). */
export const LEGACY_STATUS: Readonly<Record<string, string>> = Object.freeze({
  created: 'created',
  pending: 'pending',
  registered: 'registered_with_provider',
  registrationFailed: 'registration_failed',
  labelsCreated: 'label_created',
  inTransit: 'in_transit',
  awaitingCollection: 'awaiting_collection',
  delivered: 'delivered',
  returned: 'returned',
});

export type LegacyShipmentJson = Record<string, unknown>;

const NO_BILLING = Object.fromEntries(BILLING_KEYS.map((k) => [k, null])) as Billing;

function method(s: ShipmentJson, extras: LegacyExtras | null): Record<string, unknown> | null {
  const m = s.shippingMethod;
  // A created shipment (no shipping_method sent): null, as the client sent none.
  if (!m) return null;
  const point = m.type === 'pickupPoint' ? findPickupPoint(m.id) : undefined;
  const courier = m.type === 'courier' ? findCourierService(m.id) : undefined;
  const identifier = extras?.identifier ?? legacyIdentifier(m.carrierCode, m.type as 'pickupPoint' | 'courier', point?.type ?? null);
  return {
    uuid: m.id,
    identifier,
    name: point?.name ?? courier?.name ?? m.id,
    // The carrier code, as in the pickup point listing (never the display name).
    provider_name: m.carrierCode,
    type: point ? legacyPointType(m.carrierCode, point.type) : 'courier',
    available_in_countries: [m.countryCode],
  };
}

const amount = (minor: number | null | undefined) => (minor === null || minor === undefined ? null : formatAmount(minor));

export function legacyShipmentJson(s: ShipmentJson, extras: LegacyExtras | null, earlier: number): LegacyShipmentJson {
  const r = s.receiver;
  const snd = s.sender;
  return {
    uuid: s.id,
    shipping_method: method(s, extras),
    currency: extras?.currency ?? null,
    shipping_total: amount(extras?.shippingTotalMinor),
    total: amount(extras?.totalMinor),
    ...(extras?.billing ?? NO_BILLING),
    shipping_first_name: r.firstName ?? r.name,
    shipping_last_name: r.lastName ?? null,
    shipping_company: r.companyName,
    shipping_street_address_1: r.streetAddress,
    shipping_street_address_2: extras?.street2.shipping ?? null,
    shipping_locality: r.locality,
    shipping_region: r.region,
    shipping_postal_code: r.postalCode,
    shipping_country: r.country,
    shipping_email: r.email,
    shipping_phone_number: r.phoneNumber,
    sender_name: snd.name,
    sender_street_address_1: snd.streetAddress,
    sender_street_address_2: extras?.street2.sender ?? null,
    sender_locality: snd.locality,
    sender_region: snd.region,
    sender_postal_code: snd.postalCode,
    sender_country: snd.country,
    sender_phone_number: snd.phoneNumber,
    payment_method: extras?.paymentMethod ?? null,
    merchant_reference: s.merchantReference ?? '',
    error_reason: s.status === 'registrationFailed' || (s.errors && s.status === 'pending') ? (s.errors ?? []).map((e) => e.message).join('; ') || null : null,
    duplicate_shipment_sort_order: earlier,
    status: LEGACY_STATUS[s.status] ?? s.status,
  };
}
