/**
 * Shipment events as the spec names them, and writing them into the outbox: one delivery per
 * webhook of the store (and environment) that enabled the event, and one to the shipment's own
 * notificationUrl, in the caller's transaction, so the change and its announcement commit together.
 */
import type { Queryable } from '../../platform/db.js';
import { uuidv7 } from '../../platform/ids.js';
import type { Env } from '../../platform/env.js';
import { WAKE_CHANNEL } from '../../notifications/outbox.js';
import { enqueueLegacyWebhooks } from '../legacy/webhooks/events.js';

export const WEBHOOK_EVENTS = ['shipment.registered', 'shipment.registrationFailed', 'shipment.statusUpdated', 'shipment.labelsCreated', 'labelFile.ready', 'labelFile.creationFailed'] as const;
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
 * are added when it is signed at the first attempt, and it is re-sent as is while it stays good.
 */
export function enqueueShipmentEvent(tx: Queryable, e: ShipmentEvent): Promise<number> {
  return enqueueShipmentEvents(tx, e.storeId, e.env, [e]);
}

/**
 * Several events of one store and environment in one statement (a label file moving a thousand
 * shipments writes their events at once), in the given order. Returns the deliveries written.
 *
 * Two kinds of destination, both rows of the same outbox (kind 'webhook', the same token, retry
 * schedule and attempt rows): every registered webhook that enabled the event (webhook_id set),
 * and the shipment's own `notificationUrl` (webhook_id null) for every event about that shipment,
 * whatever the event. A shipment whose notificationUrl is also a registered webhook's URL that
 * enabled the event gets it once, through the webhook (the plugin generation that registered its
 * URL with POST /webhooks now also sends it as notificationUrl).
 *
 * The snake_case API's webhooks (shipment_created, label_created) ride along: written here, in
 * the same transaction, so every site announcing a v2 event announces them too.
 */
export async function enqueueShipmentEvents(tx: Queryable, storeId: string, env: Env, events: readonly Pick<ShipmentEvent, 'eventType' | 'shipmentId' | 'data'>[]): Promise<number> {
  if (events.length === 0) return 0;
  const eventIds = events.map(() => uuidv7());
  const { rows } = await tx.query<{ n: number }>(
    `WITH e AS (
       SELECT e.*, jsonb_build_object('eventId', e.event_id::text, 'shipmentId', e.shipment_id::text,
                                      'created', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                      'data', e.data, 'eventType', e.event_type) AS claims
         FROM unnest($3::uuid[], $4::uuid[], $5::jsonb[], $6::text[]) WITH ORDINALITY AS e(event_id, shipment_id, data, event_type, pos)
     ), w AS (
       INSERT INTO notifications (id, store_id, env, kind, subject_id, url, claims, webhook_id)
       SELECT gen_random_uuid(), w.store_id, w.env, 'webhook', coalesce(e.shipment_id, e.event_id), w.url, e.claims, w.id
         FROM e JOIN webhooks w ON w.store_id = $1 AND w.env = $2 AND e.event_type = ANY (w.enabled_events)
        ORDER BY e.pos, w.id
       RETURNING 1
     ), s AS (
       INSERT INTO notifications (id, store_id, env, kind, subject_id, url, claims, webhook_id)
       SELECT gen_random_uuid(), s.store_id, s.env, 'webhook', s.id, s.notification_url, e.claims, NULL
         FROM e JOIN shipments s ON s.id = e.shipment_id AND s.store_id = $1 AND s.env = $2 AND s.notification_url IS NOT NULL
        WHERE NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.store_id = $1 AND w.env = $2 AND w.url = s.notification_url
                                                     AND e.event_type = ANY (w.enabled_events))
        ORDER BY e.pos
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM w)::int + (SELECT count(*) FROM s)::int AS n, pg_notify('${WAKE_CHANNEL}', '')`,
    [storeId, env, eventIds, events.map((e) => e.shipmentId), events.map((e) => JSON.stringify(e.data)), events.map((e) => e.eventType)],
  );
  return (rows[0]?.n ?? 0) + (await enqueueLegacyWebhooks(tx, storeId, env, events));
}
