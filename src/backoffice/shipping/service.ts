/**
 * The back office's Shipping reads: the store's shipments (keyset pages), one shipment with its
 * parcels, status history, label files and deliveries, and the deliveries of the store's webhooks.
 * Every change (contracts, label files, resends) goes through the shipping services themselves
 * (routes.ts calls them), so the back office applies the same rules as the API.
 */
import { runAs, type Db } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import { listShipments, ShipmentStore, shipmentHistory, type ShipmentFilter, type ShipmentListRow, type ShipmentRecord } from '../../shipping/shipments/store.js';
import { labelFilesOf, type LabelFileListRow } from '../../shipping/label-files/store.js';
import type { Webhook } from '../../shipping/webhooks/service.js';
import { deliveriesAbout, deliveriesOfWebhook, deliveriesToUrl, isDeliveryOf, type Delivery, type NotificationKind } from '../../notifications/store.js';

/** The kinds of `notifications` that are shipping webhooks (v2 and the snake_case API's). */
export const SHIPPING_KINDS: readonly NotificationKind[] = ['webhook', 'legacy_webhook'];

export const SHIPMENTS_PAGE = 50;
/** Deliveries shown per webhook or shipment (newest first). */
export const DELIVERIES_SHOWN = 20;

export interface ShipmentDetail {
  shipment: ShipmentRecord;
  events: { status: string; at: Date }[];
  labelFiles: LabelFileListRow[];
  deliveries: Delivery[];
}

export interface WebhookDeliveries {
  /** The registered (v2 /webhooks) webhooks, each with its newest deliveries. */
  webhooks: { webhook: Webhook; deliveries: Delivery[] }[];
  /** The snake_case API's tracking webhook URL, when the store has one, with its newest deliveries. */
  legacy: { url: string; deliveries: Delivery[] } | null;
}

export class ShippingOffice {
  private readonly shipmentStore: ShipmentStore;

  /** `reads`: where lists and search may read (a replica, possibly a little behind); `db` for the rest. */
  constructor(
    private readonly db: Db,
    private readonly reads: Db = db,
  ) {
    this.shipmentStore = new ShipmentStore(db);
  }

  /** One page of the store's shipments and the keyset of the next page (undefined on the last). */
  async shipments(f: Omit<ShipmentFilter, 'limit'>): Promise<{ rows: ShipmentListRow[]; next?: { createdAt: string; id: string } }> {
    const rows = await runAs('report', () => listShipments(this.reads, { ...f, limit: SHIPMENTS_PAGE + 1 }));
    const page = rows.slice(0, SHIPMENTS_PAGE);
    const last = page[page.length - 1];
    return { rows: page, next: rows.length > SHIPMENTS_PAGE && last ? { createdAt: last.cursor_at, id: last.id } : undefined };
  }

  /** A shipment of the store and environment with its history, label files and deliveries; undefined for any other. */
  async shipment(storeId: string, env: Env, id: string): Promise<ShipmentDetail | undefined> {
    const shipment = await this.shipmentStore.find(id, { storeId, env });
    if (!shipment) return undefined;
    const [events, labelFiles, deliveries] = await Promise.all([
      shipmentHistory(this.db, id),
      labelFilesOf(this.db, storeId, env, id, DELIVERIES_SHOWN),
      deliveriesAbout(this.db, storeId, env, id, SHIPPING_KINDS, DELIVERIES_SHOWN),
    ]);
    return { shipment, events, labelFiles, deliveries };
  }

  /** The deliveries of the store's webhooks (`webhooks`: its registrations, `legacyUrl`: its snake_case tracking URL). */
  async webhookDeliveries(storeId: string, env: Env, webhooks: readonly Webhook[], legacyUrl: string | null): Promise<WebhookDeliveries> {
    const [registered, legacy] = await Promise.all([
      Promise.all(webhooks.map(async (webhook) => ({ webhook, deliveries: await deliveriesOfWebhook(this.db, storeId, env, webhook.id, DELIVERIES_SHOWN) }))),
      legacyUrl === null ? null : deliveriesToUrl(this.db, storeId, env, legacyUrl, 'legacy_webhook', DELIVERIES_SHOWN).then((deliveries) => ({ url: legacyUrl, deliveries })),
    ]);
    return { webhooks: registered, legacy };
  }

  /** Whether `id` is a shipping webhook delivery of the store and environment (what its resend may touch). */
  isDelivery(storeId: string, env: Env, id: string): Promise<boolean> {
    return isDeliveryOf(this.db, storeId, env, id, SHIPPING_KINDS);
  }
}
