/**
 * Shipment events as the spec names them, and writing them into the outbox: one delivery per
 * webhook of the store (and environment) that enabled the event, in the caller's transaction, so
 * the change and its announcement commit together.
 */
import type { Queryable } from '../../platform/db.js';
import { uuidv7 } from '../../platform/ids.js';
import type { Env } from '../../stores/service.js';
import { WAKE_CHANNEL } from '../../payments/notifications/outbox.js';

export const WEBHOOK_EVENTS = [
  'shipment.registered',
  'shipment.registrationFailed',
  'shipment.statusUpdated',
  'shipment.labelsCreated',
  'labelFile.ready',
  'labelFile.creationFailed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface ShipmentEvent {
  storeId: string;
  env: Env;
  eventType: WebhookEvent;
  /** The shipment the event is about (null for label-file events that span several). */
  shipmentId: string | null;
  /** The decoded token's `data`: the shipment object (or the label file record). */
  data: unknown;
}

/**
 * Enqueues the event for every subscribed webhook; returns how many deliveries were written.
 * The token's claims are fixed now (eventId, shipmentId, created, data, eventType); iat and exp
 * are added when each attempt is signed.
 */
export function enqueueShipmentEvent(tx: Queryable, e: ShipmentEvent): Promise<number> {
  return enqueueShipmentEvents(tx, e.storeId, e.env, [e]);
}

/**
 * Several events of one store and environment in one statement (a label file moving a thousand
 * shipments writes their events at once), in the given order. Returns the deliveries written.
 */
export async function enqueueShipmentEvents(
  tx: Queryable,
  storeId: string,
  env: Env,
  events: readonly Pick<ShipmentEvent, 'eventType' | 'shipmentId' | 'data'>[],
): Promise<number> {
  if (events.length === 0) return 0;
  const eventIds = events.map(() => uuidv7());
  const { rows } = await tx.query<{ n: number }>(
    `WITH e AS (
       SELECT * FROM unnest($3::uuid[], $4::uuid[], $5::jsonb[], $6::text[]) WITH ORDINALITY AS e(event_id, shipment_id, data, event_type, pos)
     ), w AS (
       INSERT INTO notifications (id, store_id, env, kind, subject_id, url, claims, webhook_id)
       SELECT gen_random_uuid(), w.store_id, w.env, 'webhook', coalesce(e.shipment_id, e.event_id), w.url,
              jsonb_build_object('eventId', e.event_id::text, 'shipmentId', e.shipment_id::text, 'created', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'data', e.data, 'eventType', e.event_type),
              w.id
         FROM e JOIN webhooks w ON w.store_id = $1 AND w.env = $2 AND e.event_type = ANY (w.enabled_events)
        ORDER BY e.pos, w.id
       RETURNING 1
     )
     SELECT count(*)::int AS n, pg_notify('${WAKE_CHANNEL}', '') FROM w`,
    [storeId, env, eventIds, events.map((e) => e.shipmentId), events.map((e) => JSON.stringify(e.data)), events.map((e) => e.eventType)],
  );
  return rows[0]?.n ?? 0;
}
