/**
 * The public tracking page behind a parcel's `trackingLink`: what a shopper may see of a parcel
 * found by its carrier and tracking number. Only the destination town is shown, never the
 * receiver's name, phone or street address; products are listed as the spec says.
 */
import type { Queryable } from '../../platform/db.js';
import type { ShippingMethodType } from '../carriers/contract.js';
import { carrierDefinition } from '../carriers/registry.js';
import { findPickupPoint } from '../catalogue/service.js';
import type { ShipmentStatus } from '../shipments/store.js';

/** Kassa's public page of one parcel: the `trackingLink` stored at registration. */
export function trackingPageUrl(publicUrl: string, carrierCode: string, trackingNumber: string): string {
  return `${publicUrl}/track/${encodeURIComponent(carrierCode)}/${encodeURIComponent(trackingNumber)}`;
}

export interface TrackedParcel {
  trackingNumber: string;
  carrierCode: string;
  carrierName: string;
  /** The carrier's own tracking page for this number. */
  carrierTrackingUrl: string;
  status: ShipmentStatus;
  updatedAt: Date;
  parcelIndex: number;
  parcelCount: number;
  destination: { kind: 'pickupPoint'; name: string; locality: string; country: string } | { kind: 'address'; locality: string | null; country: string | null };
  products: { name: string; quantity: number }[];
}

/** Found by carrier and tracking number, so never a created shipment (migration 019: those have neither): the method columns are set. */
interface Row {
  carrier_code: string;
  status: ShipmentStatus;
  updated_at: Date;
  method_type: ShippingMethodType;
  method_id: string;
  receiver: { locality: string | null; country: string | null };
  products: { name: string; quantity: number }[] | null;
  position: number;
  parcel_count: number;
}

/** The tracking page's reads. */
export class TrackingService {
  constructor(private readonly db: Queryable) {}

  /** The newest shipment's parcel of that carrier and number, as the public page may show it. */
  find(carrierCode: string, trackingNumber: string): Promise<TrackedParcel | undefined> {
    return findTrackedParcel(this.db, carrierCode, trackingNumber);
  }
}

export async function findTrackedParcel(q: Queryable, carrierCode: string, trackingNumber: string): Promise<TrackedParcel | undefined> {
  const definition = (() => {
    try {
      return carrierDefinition(carrierCode);
    } catch {
      return undefined;
    }
  })();
  if (!definition) return undefined;
  const { rows } = await q.query<Row>(
    `SELECT s.carrier_code, s.status, s.updated_at, s.method_type, s.method_id, s.receiver, s.products, p.position,
            (SELECT count(*)::int FROM shipment_parcels x WHERE x.shipment_id = s.id) AS parcel_count
       FROM shipment_parcels p JOIN shipments s ON s.id = p.shipment_id
      WHERE p.carrier_parcel_id = $1 AND s.carrier_code = $2
      ORDER BY s.updated_at DESC LIMIT 1`,
    [trackingNumber, carrierCode],
  );
  const r = rows[0];
  if (!r) return undefined;
  const point = r.method_type === 'pickupPoint' ? findPickupPoint(r.method_id) : undefined;
  return {
    trackingNumber,
    carrierCode,
    carrierName: definition.name,
    carrierTrackingUrl: definition.trackingUrl(trackingNumber),
    status: r.status,
    updatedAt: r.updated_at,
    parcelIndex: r.position, // positions count from 1
    parcelCount: r.parcel_count,
    destination: point
      ? { kind: 'pickupPoint', name: point.name, locality: point.locality, country: point.countryCode }
      : { kind: 'address', locality: r.receiver.locality, country: r.receiver.country },
    products: (r.products ?? []).map((p) => ({ name: p.name, quantity: p.quantity })),
  };
}
