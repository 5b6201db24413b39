/**
 * SQL of shipment webhooks (`webhooks`) and of writing shipment events into the outbox for them.
 */
import type { Queryable } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import { WAKE_CHANNEL } from '../../notifications/store.js';

export interface WebhookRow {
  id: string;
  url: string;
  /** WebhookEvent names (events.ts). */
  enabled_events: string[];
  created_at: Date;
}

/** Serialises registrations of one store and environment until the transaction ends (so two at once cannot make eleven). */
export async function lockStoreWebhooks(tx: Queryable, storeId: string, env: Env): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhooks:${storeId}:${env}`]);
}

export async function countWebhooks(q: Queryable, storeId: string, env: Env): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE store_id = $1 AND env = $2', [storeId, env]);
  return rows[0]!.n;
}

export async function insertWebhook(q: Queryable, id: string, storeId: string, env: Env, url: string, enabledEvents: readonly string[]): Promise<WebhookRow> {
  const { rows } = await q.query<WebhookRow>('INSERT INTO webhooks (id, store_id, env, url, enabled_events) VALUES ($1, $2, $3, $4, $5) RETURNING *', [id, storeId, env, url, enabledEvents]);
  return rows[0]!;
}

export async function selectWebhooks(q: Queryable, storeId: string, env: Env): Promise<WebhookRow[]> {
  const { rows } = await q.query<WebhookRow>('SELECT * FROM webhooks WHERE store_id = $1 AND env = $2 ORDER BY created_at, id', [storeId, env]);
  return rows;
}

/** Deletes the store's webhook; false when it has none of that id. */
export async function deleteWebhook(q: Queryable, storeId: string, env: Env, id: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM webhooks WHERE id = $1 AND store_id = $2 AND env = $3', [id, storeId, env]);
  return (rowCount ?? 0) > 0;
}

/**
 * Writes the deliveries of several events of one store and environment into the outbox in ONE
 * statement, in the given order (see events.ts enqueueShipmentEvents for who gets what): one per
 * webhook that enabled the event, and one to the shipment's own notificationUrl unless a webhook
 * of that URL already gets it. A fan-out over three concepts' tables (webhooks, the outbox's
 * notifications, shipments' notification_url) kept in one statement: one round trip for a
 * thousand events of a label file, and the order of the outbox's rows is the events' order.
 */
export async function insertEventDeliveries(
  tx: Queryable,
  storeId: string,
  env: Env,
  events: readonly { eventId: string; shipmentId: string | null; dataJson: string; eventType: string }[],
): Promise<number> {
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
    [storeId, env, events.map((e) => e.eventId), events.map((e) => e.shipmentId), events.map((e) => e.dataJson), events.map((e) => e.eventType)],
  );
  return rows[0]?.n ?? 0;
}
