/**
 * The public tracking page behind a parcel's `trackingLink`: what a shopper may see of a parcel
 * found by its carrier and tracking number. Only the destination town is shown, never the
 * receiver's name, phone or street address; products are listed as the spec says.
 */
import type { Queryable } from '../../platform/db.js';
import { carrierDefinition } from '../carriers/registry.js';
import { findPickupPoint } from '../catalogue/service.js';
import { findParcelByTrackingNumber, shipmentHistory, type ShipmentStatus } from '../shipments/store.js';
import { selectStore } from '../../stores/store.js';

/** Kassa's public page of one parcel: the `trackingLink` stored at registration. */
export function trackingPageUrl(publicUrl: string, carrierCode: string, trackingNumber: string): string {
  return `${publicUrl}/track/${encodeURIComponent(carrierCode)}/${encodeURIComponent(trackingNumber)}`;
}

/**
 * Host names that can never be a real site (RFC 2606 and RFC 6761): `.example`, `.test`,
 * `.invalid`, `.localhost`, and example.com/.net/.org.
 */
const RESERVED_HOST = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i;

/**
 * The carrier's own public tracking page of a number, or null when the carrier has none a shopper
 * could open: its URL is not https, or its host is a reserved name that no site can have (the
 * sandbox carriers'). The tracking page links only to what this returns.
 */
export function carrierPageUrl(definition: { trackingUrl(trackingNumber: string): string }, trackingNumber: string): string | null {
  let url: URL;
  try {
    url = new URL(definition.trackingUrl(trackingNumber));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || RESERVED_HOST.test(url.hostname.replace(/\.$/, ''))) return null;
  return url.href;
}

/** One status a shipment has been in (migration 023), and since when. */
export interface TrackingEvent {
  status: ShipmentStatus;
  at: Date;
}

export interface TrackedParcel {
  trackingNumber: string;
  carrierCode: string;
  carrierName: string;
  /**
   * The carrier's own tracking page for this number: production parcels only (a sandbox number was
   * never given to the carrier, whose page would not know it); null when it has none (carrierPageUrl).
   */
  carrierTrackingUrl: string | null;
  /** The name of the store that sent the parcel. */
  storeName: string;
  /** Every status the shipment has been in, newest first. */
  events: TrackingEvent[];
  status: ShipmentStatus;
  updatedAt: Date;
  parcelIndex: number;
  parcelCount: number;
  destination: { kind: 'pickupPoint'; name: string; locality: string; country: string } | { kind: 'address'; locality: string | null; country: string | null };
  products: { name: string; quantity: number }[];
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
  const r = await findParcelByTrackingNumber(q, carrierCode, trackingNumber);
  if (!r) return undefined;
  const [events, store] = await Promise.all([shipmentHistory(q, r.id), selectStore(q, r.store_id)]);
  if (!store) return undefined;
  const point = r.method_type === 'pickupPoint' ? findPickupPoint(r.method_id) : undefined;
  return {
    trackingNumber,
    carrierCode,
    carrierName: definition.name,
    carrierTrackingUrl: r.env === 'production' ? carrierPageUrl(definition, trackingNumber) : null,
    storeName: store.name,
    events: events.map((e) => ({ status: e.status, at: e.at })),
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
