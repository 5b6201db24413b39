/**
 * SQL of the back office's Shipping area: the store's shipments (keyset pages, search), one
 * shipment's status history, label files and deliveries, and the deliveries of its webhooks. Every
 * query is filtered by the store and environment, so another store's uuid finds nothing.
 */
import type { Queryable } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import { DELIVERY_COLUMNS, type Delivery } from '../deliveries.js';

/** The kinds of `notifications` that are shipping webhooks (v2 and the snake_case API's). */
export const SHIPPING_KINDS = ['webhook', 'legacy_webhook'] as const;

export interface ShipmentListRow {
  id: string;
  merchant_reference: string | null;
  status: string;
  carrier_code: string | null;
  method_type: string | null;
  tracking_numbers: string[];
  created_at: Date;
  /** created_at in microseconds since the epoch (exact), for the next page's keyset. */
  cursor_at: string;
}

export interface ShipmentFilter {
  storeId: string;
  env: Env;
  /** A shipment uuid. */
  id?: string;
  /** A merchant reference or a parcel's tracking number. */
  text?: string;
  status?: string;
  after?: { createdAt: string; id: string };
  limit: number;
}

/**
 * One page of a store's shipments, newest first, keyset-paged on (created_at, id) over the index
 * shipments_store_env_created (migration 025), or with a status over shipments_store_env_status.
 * A text search is a merchant reference (shipments_reference) or a tracking number
 * (shipment_parcels_tracking).
 */
export async function listShipments(q: Queryable, f: ShipmentFilter): Promise<ShipmentListRow[]> {
  const where = ['s.store_id = $1', 's.env = $2'];
  const args: unknown[] = [f.storeId, f.env];
  const add = (sql: (n: string) => string, v: unknown) => {
    args.push(v);
    where.push(sql(`$${args.length}`));
  };
  if (f.id !== undefined) add((n) => `s.id = ${n}::uuid`, f.id);
  // One set of ids from two indexes (an OR over both columns would scan the store's shipments).
  if (f.text !== undefined) {
    add(
      (n) => `s.id IN (SELECT r.id FROM shipments r WHERE r.store_id = $1 AND r.env = $2 AND r.merchant_reference = ${n}
                       UNION ALL SELECT p.shipment_id FROM shipment_parcels p WHERE p.carrier_parcel_id = ${n})`,
      f.text,
    );
  }
  if (f.status !== undefined) add((n) => `s.status = ${n}`, f.status);
  if (f.after) {
    args.push(f.after.createdAt, f.after.id);
    where.push(`(s.created_at, s.id) < ('epoch'::timestamptz + $${args.length - 1}::bigint * interval '1 microsecond', $${args.length}::uuid)`);
  }
  args.push(f.limit);
  const { rows } = await q.query<ShipmentListRow>(
    `SELECT s.id, s.merchant_reference, s.status, s.carrier_code, s.method_type, s.created_at,
            (extract(epoch FROM s.created_at) * 1000000)::bigint::text AS cursor_at,
            coalesce((SELECT array_agg(p.carrier_parcel_id ORDER BY p.position) FROM shipment_parcels p
                       WHERE p.shipment_id = s.id AND p.carrier_parcel_id IS NOT NULL), '{}') AS tracking_numbers
       FROM shipments s WHERE ${where.join(' AND ')}
      ORDER BY s.created_at DESC, s.id DESC LIMIT $${args.length}`,
    args,
  );
  return rows;
}

export interface ShipmentEventRow {
  status: string;
  at: Date;
}

/** A shipment's status history, newest first (shipment_events, migration 023). */
export async function shipmentEvents(q: Queryable, shipmentId: string): Promise<ShipmentEventRow[]> {
  const { rows } = await q.query<ShipmentEventRow>('SELECT status, at FROM shipment_events WHERE shipment_id = $1 ORDER BY at DESC, id DESC', [shipmentId]);
  return rows;
}

export interface LabelFileRow {
  id: string;
  status: string;
  created_at: Date;
}

/** The store's label files that print a shipment, newest first. */
export async function labelFilesOf(q: Queryable, storeId: string, env: Env, shipmentId: string, limit: number): Promise<LabelFileRow[]> {
  const { rows } = await q.query<LabelFileRow>(
    `SELECT id, status, created_at FROM label_files WHERE store_id = $1 AND env = $2 AND $3::uuid = ANY (shipment_ids)
      ORDER BY created_at DESC, id DESC LIMIT $4`,
    [storeId, env, shipmentId, limit],
  );
  return rows;
}

/** The webhook deliveries about one shipment of the store (to registered webhooks and to the shipment's own URLs), newest first. */
export async function shipmentDeliveries(q: Queryable, storeId: string, env: Env, shipmentId: string, limit: number): Promise<Delivery[]> {
  const { rows } = await q.query<Delivery>(
    `SELECT ${DELIVERY_COLUMNS} FROM notifications n
      WHERE n.subject_id = $1 AND n.store_id = $2 AND n.env = $3 AND n.kind = ANY ($4::text[])
      ORDER BY n.created_at DESC, n.id DESC LIMIT $5`,
    [shipmentId, storeId, env, SHIPPING_KINDS, limit],
  );
  return rows;
}

/** A registered (v2) webhook's deliveries, newest first (notifications_webhook). */
export async function webhookDeliveries(q: Queryable, storeId: string, env: Env, webhookId: string, limit: number): Promise<Delivery[]> {
  const { rows } = await q.query<Delivery>(
    `SELECT ${DELIVERY_COLUMNS} FROM notifications n
      WHERE n.webhook_id = $1 AND n.store_id = $2 AND n.env = $3 ORDER BY n.created_at DESC, n.id DESC LIMIT $4`,
    [webhookId, storeId, env, limit],
  );
  return rows;
}

/** The snake_case API's deliveries to `url` of the store and environment, newest first (notifications_legacy_webhook). */
export async function legacyDeliveries(q: Queryable, storeId: string, env: Env, url: string, limit: number): Promise<Delivery[]> {
  const { rows } = await q.query<Delivery>(
    `SELECT ${DELIVERY_COLUMNS} FROM notifications n
      WHERE n.store_id = $1 AND n.env = $2 AND n.url = $3 AND n.kind = 'legacy_webhook' ORDER BY n.created_at DESC, n.id DESC LIMIT $4`,
    [storeId, env, url, limit],
  );
  return rows;
}

/** Whether a notification is a shipping webhook delivery of the store and environment. */
export async function isShippingDelivery(q: Queryable, storeId: string, env: Env, id: string): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM notifications WHERE id = $1 AND store_id = $2 AND env = $3 AND kind = ANY ($4::text[])', [id, storeId, env, SHIPPING_KINDS]);
  return rowCount === 1;
}
