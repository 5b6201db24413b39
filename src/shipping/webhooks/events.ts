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
export async function enqueueShipmentEvent(tx: Queryable, e: ShipmentEvent): Promise<number> {
  const eventId = uuidv7();
  const { rows } = await tx.query<{ n: number }>(
    `WITH w AS (
       INSERT INTO notifications (id, store_id, env, kind, subject_id, url, claims, webhook_id)
       SELECT gen_random_uuid(), w.store_id, w.env, 'webhook', coalesce($4::uuid, $1::uuid), w.url,
              jsonb_build_object('eventId', $1::text, 'shipmentId', $4::text, 'created', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'data', $5::jsonb, 'eventType', $6::text),
              w.id
         FROM webhooks w WHERE w.store_id = $2 AND w.env = $3 AND $6 = ANY (w.enabled_events)
       RETURNING 1
     )
     SELECT count(*)::int AS n, pg_notify('${WAKE_CHANNEL}', '') FROM w`,
    [eventId, e.storeId, e.env, e.shipmentId, JSON.stringify(e.data), e.eventType],
  );
  return rows[0]?.n ?? 0;
}
