/**
 * Shipment events as the spec names them, and writing them into the outbox: one delivery per
 * webhook of the store (and environment) that enabled the event, and one to the shipment's own
 * notificationUrl, in the caller's transaction, so the change and its announcement commit together.
 */
import type { Queryable } from '../../platform/db.js';
import { uuidv7 } from '../../platform/ids.js';
import type { Env } from '../../platform/env.js';
import { insertEventDeliveries } from './store.js';
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
  const written = await insertEventDeliveries(
    tx,
    storeId,
    env,
    events.map((e) => ({ eventId: uuidv7(), shipmentId: e.shipmentId, dataJson: JSON.stringify(e.data), eventType: e.eventType })),
  );
  return written + (await enqueueLegacyWebhooks(tx, storeId, env, events));
}
