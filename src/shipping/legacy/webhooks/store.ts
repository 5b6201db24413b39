/**
 * SQL of the snake_case API's tracking webhook URL (`legacy_webhooks`: one per store and
 * environment) and of writing its deliveries into the outbox.
 */
import type { Queryable } from '../../../platform/db.js';
import type { Env } from '../../../platform/env.js';
import { WAKE_CHANNEL } from '../../../notifications/store.js';

export async function deleteLegacyWebhook(q: Queryable, storeId: string, env: Env): Promise<void> {
  await q.query('DELETE FROM legacy_webhooks WHERE store_id = $1 AND env = $2', [storeId, env]);
}

export async function upsertLegacyWebhook(q: Queryable, storeId: string, env: Env, url: string): Promise<void> {
  await q.query(
    `INSERT INTO legacy_webhooks (store_id, env, url) VALUES ($1, $2, $3)
     ON CONFLICT (store_id, env) DO UPDATE SET url = EXCLUDED.url, updated_at = now()`,
    [storeId, env, url],
  );
}

export async function selectLegacyWebhookUrl(q: Queryable, storeId: string, env: Env): Promise<string | null> {
  const { rows } = await q.query<{ url: string }>('SELECT url FROM legacy_webhooks WHERE store_id = $1 AND env = $2', [storeId, env]);
  return rows[0]?.url ?? null;
}

/**
 * Writes the legacy deliveries of shipment events (kind 'legacy_webhook') in ONE statement: to
 * the store's tracking webhook URL and to the shipment's own legacy_webhook_url, once when both
 * are the same; returns how many. A fan-out over the outbox's notifications and shipments' URL
 * kept in one statement, in the events' order.
 */
export async function insertLegacyDeliveries(tx: Queryable, storeId: string, env: Env, events: readonly { shipmentId: string; dataJson: string; message: string; status: string }[]): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH e AS (
       SELECT e.shipment_id, e.pos,
              jsonb_build_object(
                'message', e.message,
                'merchant_reference', e.data->'merchantReference',
                'shipment_uuid', e.shipment_id::text,
                'shipment_status', e.status,
                'tracking_numbers', coalesce((
                  SELECT jsonb_agg(jsonb_build_object('code', p.v->>'carrierParcelId', 'link', p.v->>'trackingLink') ORDER BY p.o)
                    FROM jsonb_array_elements(e.data->'parcels') WITH ORDINALITY AS p(v, o)), '[]'::jsonb)) AS claims
         FROM unnest($3::uuid[], $4::jsonb[], $5::text[], $6::text[]) WITH ORDINALITY AS e(shipment_id, data, message, status, pos)
     ), d AS (
       SELECT e.pos, e.shipment_id, e.claims, u.url
         FROM e JOIN shipments s ON s.id = e.shipment_id AND s.store_id = $1 AND s.env = $2
        CROSS JOIN LATERAL (
          SELECT lw.url FROM legacy_webhooks lw WHERE lw.store_id = $1 AND lw.env = $2
          UNION
          SELECT s.legacy_webhook_url WHERE s.legacy_webhook_url IS NOT NULL AND s.legacy_webhook_url <> '') AS u(url)
     ), i AS (
       INSERT INTO notifications (id, store_id, env, kind, subject_id, url, claims)
       SELECT gen_random_uuid(), $1, $2, 'legacy_webhook', d.shipment_id, d.url, d.claims FROM d ORDER BY d.pos, d.url
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM i)::int AS n, pg_notify('${WAKE_CHANNEL}', '')`,
    [storeId, env, events.map((e) => e.shipmentId), events.map((e) => e.dataJson), events.map((e) => e.message), events.map((e) => e.status)],
  );
  return rows[0]?.n ?? 0;
}
