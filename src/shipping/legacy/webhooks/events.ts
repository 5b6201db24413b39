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
import { insertLegacyDeliveries } from './store.js';

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
  return insertLegacyDeliveries(
    tx,
    storeId,
    env,
    relevant.map((e) => ({ shipmentId: e.shipmentId!, dataJson: JSON.stringify(e.data), message: LEGACY_EVENTS[e.eventType]![0], status: LEGACY_EVENTS[e.eventType]![1] })),
  );
}
