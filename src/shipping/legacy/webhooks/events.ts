/**
 * The snake_case API's webhooks (shipping-legacy.md, Events): `shipment_created` when a shipment
 * becomes registered (v2 `shipment.registered`) and `label_created` when it moves to v2
 * `labelsCreated`. Written by enqueueShipmentEvents (src/shipping/webhooks/events.ts) in the same
 * statement batch and transaction as the v2 deliveries, so every site that announces those v2
 * events announces these too. Destinations: the store's tracking_webhook_url of the environment and
 * the shipment's own legacy_webhook_url, once when both are the same URL. The claims are the spec's
 * "Webhook token payload" exactly; iat and exp are added when it is signed at the first attempt
 * (re-sent as is while it stays good: src/notifications/delivery.ts).
 */
import type { Queryable } from '../../../platform/db.js';
import type { Env } from '../../../platform/env.js';
import { WAKE_CHANNEL } from '../../../notifications/outbox.js';

/** The v2 event, as enqueueShipmentEvents receives it; `data` is the v2 shipment object (shipmentJson). */
export interface V2ShipmentEvent {
  eventType: string;
  shipmentId: string | null;
  data: unknown;
}

/** v2 event -> [message, shipment_status] of the snake_case API. */
export const LEGACY_EVENTS: Readonly<Record<string, readonly [string, string]>> = {
  'shipment.registered': ['shipment_created', 'registered_with_provider'],
  'shipment.labelsCreated': ['label_created', 'label_created'],
};

/** Writes the legacy deliveries of these events (kind 'legacy_webhook'); returns how many. */
export async function enqueueLegacyWebhooks(tx: Queryable, storeId: string, env: Env, events: readonly V2ShipmentEvent[]): Promise<number> {
  const relevant = events.filter((e) => e.shipmentId !== null && LEGACY_EVENTS[e.eventType] !== undefined);
  if (relevant.length === 0) return 0;
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
    [
      storeId,
      env,
      relevant.map((e) => e.shipmentId),
      relevant.map((e) => JSON.stringify(e.data)),
      relevant.map((e) => LEGACY_EVENTS[e.eventType]![0]),
      relevant.map((e) => LEGACY_EVENTS[e.eventType]![1]),
    ],
  );
  return rows[0]?.n ?? 0;
}
