/** Maps a registered shipment's parcels onto the renderer's LabelInput (one per parcel). */
import { COD_CURRENCY, isCountryCode } from '../carriers/countries.js';
import { carrierDefinition } from '../carriers/registry.js';
import { findPickupPoint } from '../catalogue/service.js';
import { LabelInputError, validateLabelInput, type LabelInput } from '../labels/model.js';
import { MAX_TRACKING_URL_LENGTH } from '../labels/model.js';
import { hasMethod, type ShipmentRecord, type ShipmentStatus, type StoredParty } from '../shipments/store.js';
import type { LabelFileError } from './model.js';

/** States whose shipments have carrier tracking numbers and may be printed. */
export const PRINTABLE: readonly ShipmentStatus[] = Object.freeze(['registered', 'labelsCreated', 'inTransit', 'awaitingCollection'] as const);

const text = (v: string | null | undefined): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

function phone(p: StoredParty): string | undefined {
  const n = text(p.phoneNumber);
  return n ? `${p.phoneCountryCode ?? ''} ${n}`.trim() : undefined;
}

/** The labels of one shipment; throws a LabelFileError-shaped problem via the result instead. */
export function shipmentLabels(s: ShipmentRecord): { labels: LabelInput[] } | { error: LabelFileError } {
  const fail = (field: string, message: string) => ({ error: { shipmentId: s.id, field, message } });
  if (!PRINTABLE.includes(s.status)) return fail('status', `is ${s.status}; labels exist only once the shipment is registered`);
  // A created shipment has no method (never printable: the status check above already refuses it).
  if (!hasMethod(s)) return fail('shippingMethod', 'is none: the shipment is not registered with a carrier');
  const missing = s.parcels.findIndex((p) => !p.carrierParcelId);
  if (missing >= 0 || s.parcels.length === 0) return fail(`parcels[${Math.max(missing, 0)}].carrierParcelId`, 'has no tracking number');
  const def = carrierDefinition(s.carrierCode);
  let pickupPoint: LabelInput['pickupPoint'];
  if (s.methodType === 'pickupPoint') {
    const pp = findPickupPoint(s.methodId);
    if (!pp) return fail('shippingMethod.id', `pickup point ${s.methodId} is no longer in the catalogue`);
    pickupPoint = { id: pp.id, name: pp.name, streetAddress: pp.streetAddress, locality: pp.locality, postalCode: pp.postalCode };
  }
  const cod = s.additionalServices.find((a) => a.code === 'cod');
  const country = s.countryCode;
  const labels: LabelInput[] = s.parcels.map((p, i) => ({
    trackingNumber: p.carrierParcelId!,
    carrier: { code: s.carrierCode, name: def?.name ?? s.carrierCode },
    service: s.methodType,
    sender: {
      name: s.sender.name,
      streetAddress: s.sender.streetAddress ?? '',
      locality: s.sender.locality ?? '',
      postalCode: s.sender.postalCode ?? '',
      country: s.sender.country ?? '',
      phone: phone(s.sender),
    },
    receiver: {
      name: s.receiver.name,
      streetAddress: text(s.receiver.streetAddress),
      locality: text(s.receiver.locality),
      postalCode: text(s.receiver.postalCode),
      country: s.receiver.country ?? country,
      phone: phone(s.receiver),
    },
    pickupPoint,
    parcelIndex: i + 1,
    parcelCount: s.parcels.length,
    weightKg: p.weightG / 1000,
    merchantReference: s.merchantReference ?? undefined,
    createdAt: s.createdAt,
    lockerSize: s.lockerSize ?? undefined,
    dropOffPin: p.dropOffPin ?? undefined,
    cod: cod && cod.code === 'cod' && isCountryCode(country) && COD_CURRENCY[country] ? { amountMinor: (cod as { amountMinor: number }).amountMinor, currency: COD_CURRENCY[country] } : undefined,
    trackingUrl: p.trackingLink && p.trackingLink.length <= MAX_TRACKING_URL_LENGTH ? p.trackingLink : undefined,
  }));
  for (const [i, l] of labels.entries()) {
    try {
      validateLabelInput(l, i);
    } catch (err) {
      if (err instanceof LabelInputError) return fail(err.field.startsWith('sender') || err.field.startsWith('receiver') ? err.field : `parcels[${i}].${err.field}`, err.problem);
      throw err;
    }
  }
  return { labels };
}
