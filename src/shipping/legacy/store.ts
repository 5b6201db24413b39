/** SQL of the snake_case API: its extra fields per shipment (migration 018) and lookups by merchant reference. */
import type { Queryable } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import type { Billing } from './schema.js';
import { liveByReferences, setLegacyWebhookUrl } from '../shipments/store.js';

export interface LegacyExtras {
  identifier: string | null;
  billing: Billing;
  street2: { shipping: string | null; sender: string | null };
  currency: string | null;
  shippingTotalMinor: number | null;
  totalMinor: number | null;
  paymentMethod: string | null;
}

export class LegacyStore {
  constructor(private readonly q: Queryable) {}

  async insert(shipmentId: string, x: LegacyExtras, webhookUrl: string | null): Promise<void> {
    await this.q.query(
      `INSERT INTO legacy_shipments (shipment_id, identifier, billing, street2, currency, shipping_total_minor, total_minor, payment_method)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [shipmentId, x.identifier, JSON.stringify(x.billing), JSON.stringify(x.street2), x.currency, x.shippingTotalMinor, x.totalMinor, x.paymentMethod],
    );
    if (webhookUrl !== null) await setLegacyWebhookUrl(this.q, shipmentId, webhookUrl);
  }

  /** The extras of a shipment (null when it was created through v2) and how many earlier shipments of its store and env carry its reference. */
  async find(shipmentId: string): Promise<{ extras: LegacyExtras | null; earlier: number }> {
    const { rows } = await this.q.query<{
      identifier: string | null;
      billing: Billing | null;
      street2: LegacyExtras['street2'] | null;
      currency: string | null;
      shipping_total_minor: string | number | null;
      total_minor: string | number | null;
      payment_method: string | null;
      earlier: number;
    }>(
      `SELECT l.identifier, l.billing, l.street2, l.currency, l.shipping_total_minor, l.total_minor, l.payment_method,
              (SELECT count(*)::int FROM shipments e WHERE e.store_id = s.store_id AND e.env = s.env
                 AND e.merchant_reference = s.merchant_reference AND (e.created_at, e.id) < (s.created_at, s.id)) AS earlier
         FROM shipments s LEFT JOIN legacy_shipments l ON l.shipment_id = s.id WHERE s.id = $1`,
      [shipmentId],
    );
    const r = rows[0];
    if (!r) return { extras: null, earlier: 0 };
    const num = (v: string | number | null) => (v === null ? null : Number(v));
    return {
      earlier: r.earlier,
      extras: r.billing
        ? {
            identifier: r.identifier,
            billing: typeof r.billing === 'string' ? JSON.parse(r.billing) : r.billing,
            street2: (typeof r.street2 === 'string' ? JSON.parse(r.street2) : r.street2) ?? { shipping: null, sender: null },
            currency: r.currency,
            shippingTotalMinor: num(r.shipping_total_minor),
            totalMinor: num(r.total_minor),
            paymentMethod: r.payment_method,
          }
        : null,
    };
  }

  /** The live shipment (not registrationFailed) of each reference, with its status. */
  async byReferences(storeId: string, env: Env, refs: readonly string[]): Promise<Map<string, { id: string; status: string }>> {
    return liveByReferences(this.q, storeId, env, refs);
  }
}
