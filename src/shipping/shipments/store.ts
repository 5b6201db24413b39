/** SQL of shipments (tables shipments and shipment_parcels). */
import type { Queryable } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import type { LockerSize, ParcelHandoverMethod, RegistrationError, ShippingMethodType } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import { expectMoved, sqlMove, sqlStatus } from '../../platform/state-machine.js';
import type { AdditionalServiceInput, PartyInput, ProductInput } from './schema.js';
import { SHIPMENT_MACHINE, SHIPMENT_TRANSITIONS, type ShipmentStatus } from './states.js';

export type { ShipmentStatus };

/** A party as stored: the input plus its id. */
export type StoredParty = PartyInput & { id: string };

export type StoredProduct = ProductInput & { id: string; createdAt: string };

export interface ParcelRecord {
  id: string;
  position: number;
  weightG: number;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  carrierParcelId: string | null;
  trackingLink: string | null;
  dropOffPin: string | null;
}

/** Fields a PATCH may replace (the shipment's method, parties; parcels separately). */
export interface ShipmentDefinition {
  methodType: ShippingMethodType;
  methodId: string;
  carrierCode: CarrierCode;
  countryCode: string;
  additionalServices: AdditionalServiceInput[];
  parcelHandoverMethod: ParcelHandoverMethod | null;
  lockerSize: LockerSize | null;
  receiver: StoredParty;
  sender: StoredParty;
}

/** The method columns: a PATCH always writes all four. */
export type MethodColumns = Pick<ShipmentDefinition, 'methodType' | 'methodId' | 'carrierCode' | 'countryCode'>;
/** A `created` shipment (migration 019: made without a method, never registered until a PATCH gives it one). */
export interface NoMethod {
  methodType: null;
  methodId: null;
  carrierCode: null;
  countryCode: null;
}

/** A stored shipment: with its method, or (status created only, the table's CHECK) without. Narrow on `methodType !== null`. */
export type ShipmentRecord = ShipmentFields & (MethodColumns | NoMethod);
/** A shipment that has a method (every status but created). */
export type ShipmentWithMethod = ShipmentFields & MethodColumns;

export function hasMethod(s: ShipmentRecord): s is ShipmentWithMethod {
  return s.methodType !== null;
}

interface ShipmentFields extends Omit<ShipmentDefinition, keyof MethodColumns> {
  id: string;
  storeId: string;
  env: Env;
  merchantReference: string | null;
  serviceOrderUuid: string | null;
  status: ShipmentStatus;
  products: StoredProduct[] | null;
  orderComment: string | null;
  /** The shipment's own event destination (besides registered webhooks); never in the shipment view. */
  notificationUrl: string | null;
  carrierShipmentId: string | null;
  errors: RegistrationError[] | null;
  registrationAttempts: number;
  /** Earlier registrations a PATCH replaced, not yet withdrawn at their carrier. */
  superseded: SupersededRegistration[];
  createdAt: Date;
  updatedAt: Date;
  parcels: ParcelRecord[];
}

export interface SupersededRegistration {
  carrierCode: string;
  carrierShipmentId: string;
}

interface Row {
  id: string;
  store_id: string;
  env: Env;
  merchant_reference: string | null;
  service_order_uuid: string | null;
  status: ShipmentStatus;
  method_type: ShippingMethodType | null;
  method_id: string | null;
  carrier_code: CarrierCode | null;
  country_code: string | null;
  additional_services: AdditionalServiceInput[];
  parcel_handover_method: ParcelHandoverMethod | null;
  locker_size: LockerSize | null;
  receiver: StoredParty;
  sender: StoredParty;
  products: StoredProduct[] | null;
  order_comment: string | null;
  notification_url: string | null;
  carrier_shipment_id: string | null;
  errors: RegistrationError[] | null;
  registration_attempts: number;
  superseded: SupersededRegistration[];
  created_at: Date;
  updated_at: Date;
}

interface ParcelRow {
  id: string;
  shipment_id: string;
  position: number;
  weight_g: number;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  carrier_parcel_id: string | null;
  tracking_link: string | null;
  drop_off_pin: string | null;
}

const fromRow = (r: Row, parcels: ParcelRecord[]): ShipmentRecord => ({
  ...methodOf(r),
  id: r.id,
  storeId: r.store_id,
  env: r.env,
  merchantReference: r.merchant_reference,
  serviceOrderUuid: r.service_order_uuid,
  status: r.status,
  additionalServices: r.additional_services,
  parcelHandoverMethod: r.parcel_handover_method,
  lockerSize: r.locker_size,
  receiver: r.receiver,
  sender: r.sender,
  products: r.products,
  orderComment: r.order_comment,
  notificationUrl: r.notification_url,
  carrierShipmentId: r.carrier_shipment_id,
  errors: r.errors,
  registrationAttempts: r.registration_attempts,
  superseded: r.superseded ?? [],
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  parcels,
});

/** The four method columns, all set or (a created shipment, the table's CHECK) all null. */
function methodOf(r: Row): MethodColumns | NoMethod {
  if (r.method_type === null || r.method_id === null || r.carrier_code === null || r.country_code === null) {
    return { methodType: null, methodId: null, carrierCode: null, countryCode: null };
  }
  return { methodType: r.method_type, methodId: r.method_id, carrierCode: r.carrier_code, countryCode: r.country_code };
}

const parcelFromRow = (p: ParcelRow): ParcelRecord => ({
  id: p.id,
  position: p.position,
  weightG: p.weight_g,
  lengthMm: p.length_mm,
  widthMm: p.width_mm,
  heightMm: p.height_mm,
  carrierParcelId: p.carrier_parcel_id,
  trackingLink: p.tracking_link,
  dropOffPin: p.drop_off_pin,
});

interface NewShipmentFields extends Omit<ShipmentDefinition, keyof MethodColumns> {
  id: string;
  storeId: string;
  env: Env;
  merchantReference: string | null;
  serviceOrderUuid: string | null;
  products: StoredProduct[] | null;
  orderComment: string | null;
  notificationUrl: string | null;
}
/** A new shipment: with a method (stored pending, due for registration now) or without (stored created, never due). */
export type NewShipment = NewShipmentFields & (MethodColumns | NoMethod);

export type NewParcel = Omit<ParcelRecord, 'carrierParcelId' | 'trackingLink' | 'dropOffPin' | 'position'>;

export class ShipmentStore {
  constructor(private readonly db: Queryable) {}

  /**
   * Inserts a shipment with a method pending, due for registration now, or without one in the
   * table's initial status (created) and never due; false when the live-reference index refuses it (409).
   */
  async insert(s: NewShipment, parcels: readonly NewParcel[]): Promise<boolean> {
    // Created (the table's initial status); with a method, assignMethod in the same statement: pending.
    const status = s.methodType === null ? SHIPMENT_MACHINE.initial : SHIPMENT_TRANSITIONS.assignMethod.to;
    try {
      await this.db.query(
        `INSERT INTO shipments (id, store_id, env, merchant_reference, service_order_uuid, status, method_type, method_id,
           carrier_code, country_code, additional_services, parcel_handover_method, locker_size, receiver, sender, products,
           order_comment, notification_url, next_registration_at)
         VALUES ($1, $2, $3, $4, $5, ${sqlStatus(SHIPMENT_MACHINE, status)}, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
                 ${s.methodType === null ? 'NULL' : 'now()'})`,
        [
          s.id,
          s.storeId,
          s.env,
          s.merchantReference,
          s.serviceOrderUuid,
          s.methodType,
          s.methodId,
          s.carrierCode,
          s.countryCode,
          JSON.stringify(s.additionalServices),
          s.parcelHandoverMethod,
          s.lockerSize,
          JSON.stringify(s.receiver),
          JSON.stringify(s.sender),
          s.products === null ? null : JSON.stringify(s.products),
          s.orderComment,
          s.notificationUrl,
        ],
      );
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return false;
      throw err;
    }
    await this.insertParcels(s.id, parcels);
    return true;
  }

  async insertParcels(shipmentId: string, parcels: readonly NewParcel[]): Promise<void> {
    if (parcels.length === 0) return;
    await this.db.query(
      `INSERT INTO shipment_parcels (id, shipment_id, position, weight_g, length_mm, width_mm, height_mm)
       SELECT id, $1, ord::int, w, l, wd, h
         FROM unnest($2::uuid[], $3::int[], $4::int[], $5::int[], $6::int[]) WITH ORDINALITY AS t(id, w, l, wd, h, ord)`,
      [shipmentId, parcels.map((p) => p.id), parcels.map((p) => p.weightG), parcels.map((p) => p.lengthMm), parcels.map((p) => p.widthMm), parcels.map((p) => p.heightMm)],
    );
  }

  /** One shipment of a store and environment (null for other stores' too); `lock` takes FOR UPDATE. */
  async find(id: string, scope: { storeId: string; env: Env } | null, lock = false): Promise<ShipmentRecord | null> {
    return (await this.findMany([id], scope, lock)).get(id) ?? null;
  }

  /**
   * Shipments by id with their parcels, in two statements whatever their number (unknown ids and
   * other stores' are absent from the map); `lock` takes FOR UPDATE in id order.
   */
  async findMany(ids: readonly string[], scope: { storeId: string; env: Env } | null, lock = false): Promise<Map<string, ShipmentRecord>> {
    const { rows } = await this.db.query<Row>(
      `SELECT * FROM shipments WHERE id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR (store_id = $2 AND env = $3))
        ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
      [ids, scope?.storeId ?? null, scope?.env ?? null],
    );
    const out = new Map<string, ShipmentRecord>();
    if (!rows.length) return out;
    const parcels = await this.db.query<ParcelRow>('SELECT * FROM shipment_parcels WHERE shipment_id = ANY($1::uuid[]) ORDER BY shipment_id, position', [rows.map((r) => r.id)]);
    const byShipment = new Map<string, ParcelRecord[]>();
    for (const p of parcels.rows) {
      const list = byShipment.get(p.shipment_id) ?? [];
      list.push(parcelFromRow(p));
      byShipment.set(p.shipment_id, list);
    }
    for (const r of rows) out.set(r.id, fromRow(r, byShipment.get(r.id) ?? []));
    return out;
  }

  /**
   * Replaces the definition (PATCH) and queues the shipment for registration again (the table's
   * `update`, guarded in the statement: a shipment in no PATCHable status throws and is left as
   * it was); `notificationUrl` replaces the stored one unless undefined. False on a live-reference clash.
   */
  async requeue(id: string, d: ShipmentDefinition, parcels: readonly NewParcel[] | null, notificationUrl?: string | null): Promise<boolean> {
    const to = SHIPMENT_TRANSITIONS.update.to;
    const m = sqlMove(SHIPMENT_MACHINE, to, 13);
    try {
      const { rowCount } = await this.db.query(
        `UPDATE shipments SET ${m.set}, method_type = $2, method_id = $3, carrier_code = $4, country_code = $5,
                additional_services = $6, parcel_handover_method = $7, locker_size = $8, receiver = $9, sender = $10,
                -- A registered shipment's registration is withdrawn at its carrier before the new one.
                superseded = CASE WHEN carrier_shipment_id IS NULL THEN superseded
                  ELSE superseded || jsonb_build_array(jsonb_build_object('carrierCode', carrier_code, 'carrierShipmentId', carrier_shipment_id)) END,
                carrier_shipment_id = NULL, errors = NULL, registration_attempts = 0, next_registration_at = now(),
                locked_until = NULL, updated_at = now(),
                notification_url = CASE WHEN $11 THEN $12 ELSE notification_url END
          WHERE id = $1 AND ${m.guard}`,
        [
          id,
          d.methodType,
          d.methodId,
          d.carrierCode,
          d.countryCode,
          JSON.stringify(d.additionalServices),
          d.parcelHandoverMethod,
          d.lockerSize,
          JSON.stringify(d.receiver),
          JSON.stringify(d.sender),
          notificationUrl !== undefined,
          notificationUrl ?? null,
          ...m.values,
        ],
      );
      expectMoved(SHIPMENT_MACHINE, to, rowCount, 1, id);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return false;
      throw err;
    }
    if (parcels) {
      await this.db.query('DELETE FROM shipment_parcels WHERE shipment_id = $1', [id]);
      await this.insertParcels(id, parcels);
    } else {
      await this.db.query('UPDATE shipment_parcels SET carrier_parcel_id = NULL, tracking_link = NULL, drop_off_pin = NULL WHERE shipment_id = $1', [id]);
    }
    return true;
  }

  /** The carrier took back (or never knew) this earlier registration: nothing more to withdraw. */
  async dropSuperseded(id: string, carrierShipmentId: string): Promise<void> {
    await this.db.query(
      `UPDATE shipments SET superseded = coalesce((SELECT jsonb_agg(e) FROM jsonb_array_elements(superseded) e WHERE e->>'carrierShipmentId' <> $2), '[]')
        WHERE id = $1`,
      [id, carrierShipmentId],
    );
  }

  /** The carrier registered it (the table's `register`, guarded). */
  async markRegistered(id: string, carrierShipmentId: string, parcels: readonly { id: string; carrierParcelId: string; trackingLink: string; dropOffPin: string | null }[]): Promise<void> {
    const to = SHIPMENT_TRANSITIONS.register.to;
    const m = sqlMove(SHIPMENT_MACHINE, to, 3);
    const { rowCount } = await this.db.query(
      `UPDATE shipments SET ${m.set}, carrier_shipment_id = $2, errors = NULL, next_registration_at = NULL,
              locked_until = NULL, updated_at = now() WHERE id = $1 AND ${m.guard}`,
      [id, carrierShipmentId, ...m.values],
    );
    expectMoved(SHIPMENT_MACHINE, to, rowCount, 1, id);
    await this.db.query(
      `UPDATE shipment_parcels p SET carrier_parcel_id = t.cid, tracking_link = t.link, drop_off_pin = t.pin
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS t(id, cid, link, pin)
        WHERE p.id = t.id AND p.shipment_id = $1`,
      [id, parcels.map((p) => p.id), parcels.map((p) => p.carrierParcelId), parcels.map((p) => p.trackingLink), parcels.map((p) => p.dropOffPin)],
    );
  }

  /** The carrier refused it, or the outage retries ran out (the table's `failRegistration`, guarded). */
  async markFailed(id: string, errors: readonly RegistrationError[]): Promise<void> {
    const to = SHIPMENT_TRANSITIONS.failRegistration.to;
    const m = sqlMove(SHIPMENT_MACHINE, to, 3);
    const { rowCount } = await this.db.query(
      `UPDATE shipments SET ${m.set}, errors = $2, next_registration_at = NULL, locked_until = NULL,
              updated_at = now() WHERE id = $1 AND ${m.guard}`,
      [id, JSON.stringify(errors), ...m.values],
    );
    expectMoved(SHIPMENT_MACHINE, to, rowCount, 1, id);
  }

  /** Carrier down: stays pending, due again after `delayMs`. */
  async retryLater(id: string, delayMs: number, errors: readonly RegistrationError[]): Promise<void> {
    await this.db.query(
      `UPDATE shipments SET errors = $3, next_registration_at = now() + $2::bigint * interval '1 millisecond', locked_until = NULL,
              updated_at = now() WHERE id = $1`,
      [id, delayMs, JSON.stringify(errors)],
    );
  }

  /**
   * Moves shipments to `status` in one statement, only those in a status the table allows into it;
   * throws (and the caller's transaction rolls back) when any of them was not.
   */
  async moveMany(ids: readonly string[], status: ShipmentStatus): Promise<void> {
    if (ids.length === 0) return;
    const m = sqlMove(SHIPMENT_MACHINE, status, 2);
    const { rowCount } = await this.db.query(`UPDATE shipments SET ${m.set}, updated_at = now() WHERE id = ANY ($1::uuid[]) AND ${m.guard}`, [ids, ...m.values]);
    expectMoved(SHIPMENT_MACHINE, status, rowCount, new Set(ids).size, ids.length === 1 ? ids[0]! : `${ids.length} shipments`);
  }
}

// --- reads other concepts make on shipments (tracking, label files) -------------------------

/** The statuses of the store's shipments among `ids` in `env` (those not the store's are absent). */
export async function shipmentStatuses(q: Queryable, ids: readonly string[], storeId: string, env: Env): Promise<Map<string, ShipmentStatus>> {
  const { rows } = await q.query<{ id: string; status: ShipmentStatus }>('SELECT id, status FROM shipments WHERE id = ANY($1::uuid[]) AND store_id = $2 AND env = $3', [ids, storeId, env]);
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** A parcel found by carrier and tracking number, with its shipment (never a created shipment, migration 019: the method columns are set). */
export interface TrackedParcelRow {
  id: string;
  store_id: string;
  env: Env;
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

/** The newest shipment's parcel of that carrier and tracking number. */
export async function findParcelByTrackingNumber(q: Queryable, carrierCode: string, trackingNumber: string): Promise<TrackedParcelRow | undefined> {
  const { rows } = await q.query<TrackedParcelRow>(
    `SELECT s.id, s.store_id, s.env, s.carrier_code, s.status, s.updated_at, s.method_type, s.method_id, s.receiver, s.products, p.position,
            (SELECT count(*)::int FROM shipment_parcels x WHERE x.shipment_id = s.id) AS parcel_count
       FROM shipment_parcels p JOIN shipments s ON s.id = p.shipment_id
      WHERE p.carrier_parcel_id = $1 AND s.carrier_code = $2
      ORDER BY s.updated_at DESC LIMIT 1`,
    [trackingNumber, carrierCode],
  );
  return rows[0];
}

/** A shipment's status history, newest first (shipment_events: written by migration 023's trigger on shipments). */
export async function shipmentHistory(q: Queryable, shipmentId: string): Promise<{ status: ShipmentStatus; at: Date }[]> {
  const { rows } = await q.query<{ status: ShipmentStatus; at: Date }>('SELECT status, at FROM shipment_events WHERE shipment_id = $1 ORDER BY at DESC, id DESC', [shipmentId]);
  return rows;
}

/** The snake_case API's per-shipment webhook URL (migration 017's legacy_webhook_url). */
export async function setLegacyWebhookUrl(q: Queryable, shipmentId: string, url: string): Promise<void> {
  await q.query('UPDATE shipments SET legacy_webhook_url = $2 WHERE id = $1', [shipmentId, url]);
}

/** The live shipment (not registrationFailed) of each merchant reference, with its status. */
export async function liveByReferences(q: Queryable, storeId: string, env: Env, refs: readonly string[]): Promise<Map<string, { id: string; status: string }>> {
  const { rows } = await q.query<{ id: string; status: string; merchant_reference: string }>(
    `SELECT id, status, merchant_reference FROM shipments
      WHERE store_id = $1 AND env = $2 AND merchant_reference = ANY($3::text[]) AND status <> 'registrationFailed'`,
    [storeId, env, refs],
  );
  return new Map(rows.map((r) => [r.merchant_reference, { id: r.id, status: r.status }]));
}

// --- the back office's shipping area -------------------------------------------------------

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

/** Whether the store has any shipment in `env` (a probe of shipments_store_env_created). */
export async function hasShipments(q: Queryable, storeId: string, env: Env): Promise<boolean> {
  const { rows } = await q.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM shipments WHERE store_id = $1 AND env = $2) AS any', [storeId, env]);
  return rows[0]!.any;
}
