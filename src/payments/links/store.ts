/**
 * SQL for payment links, the orders they create, and the payer's shipping choice of such an order.
 */
import type { Queryable } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import type { Currency } from '../../platform/money.js';
import type { Locale } from '../../platform/locales.js';
import { linkOrderCountsSql } from '../orders/store.js';
import type { LinkInput, LinkType } from './schema.js';

export interface LinkRow {
  id: string;
  store_id: string;
  env: Env;
  short_code: string;
  type: LinkType;
  description: string;
  amount: number;
  currency: Currency;
  locale: Locale;
  ask_additional_info: boolean;
  show_shipping_options: boolean;
  customer_country: string | null;
  expires_at: Date;
  merchant_reference: string | null;
  notification_url: string | null;
  return_url: string | null;
  preferred_provider: string | null;
  preferred_country: string | null;
  payment_reference: string | null;
  /** one_time: the one order the link created (null until a payer submits). */
  order_id: string | null;
  created_at: Date;
  /** The store's clock when read. */
  now: Date;
  order_count: number;
  paid_order_count: number;
}

const SELECT_LINK = `SELECT l.*, store_now(l.store_id, l.env) AS now,
  ${linkOrderCountsSql('l')}
  FROM payment_links l`;

/**
 * Inserts a link; false when a unique rule refused it (the merchantReference of the store, or,
 * vanishingly rarely, the random short code).
 */
export async function insertLink(q: Queryable, id: string, storeId: string, env: Env, shortCode: string, i: LinkInput): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO payment_links (id, store_id, env, short_code, type, description, amount, currency, locale, ask_additional_info,
       show_shipping_options, customer_country, expires_at, merchant_reference, notification_url, return_url,
       preferred_provider, preferred_country, payment_reference, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, store_now($2, $3))
     ON CONFLICT DO NOTHING`,
    [
      id,
      storeId,
      env,
      shortCode,
      i.type,
      i.description,
      i.amount,
      i.currency,
      i.locale,
      i.askAdditionalInfo,
      i.showShippingOptions,
      i.customerCountry,
      i.expiresAt,
      i.merchantReference,
      i.notificationUrl,
      i.returnUrl,
      i.preferredProvider,
      i.preferredCountry,
      i.paymentReference,
    ],
  );
  return (rowCount ?? 0) === 1;
}

export async function readLink(q: Queryable, id: string): Promise<LinkRow | undefined> {
  const { rows } = await q.query<LinkRow>({ text: `${SELECT_LINK} WHERE l.id = $1`, values: [id] });
  return rows[0];
}

export async function readLinkByCode(q: Queryable, code: string): Promise<{ id: string } | undefined> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM payment_links WHERE short_code = $1', [code]);
  return rows[0];
}

/**
 * Claims a one_time link for its only order: the UPDATE takes the row lock, so of two payers
 * submitting at once the second waits, then finds order_id set and claims nothing.
 */
export async function claimOneTime(q: Queryable, linkId: string, orderId: string): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE payment_links SET order_id = $2 WHERE id = $1 AND order_id IS NULL', [linkId, orderId]);
  return rowCount === 1;
}

/** Locks a one_time link whose order exists (the reopen of an expired order is one at a time). */
export async function lockLinkOrder(q: Queryable, linkId: string): Promise<string | null> {
  const { rows } = await q.query<{ order_id: string | null }>('SELECT order_id FROM payment_links WHERE id = $1 FOR UPDATE', [linkId]);
  return rows[0]?.order_id ?? null;
}

export interface ShippingChoiceRow {
  order_id: string;
  method_type: 'pickupPoint' | 'courier';
  method_id: string;
  receiver: Record<string, string | null>;
  shipment_id: string | null;
  error?: string | null;
}

export async function saveShippingChoice(q: Queryable, c: Omit<ShippingChoiceRow, 'shipment_id'>): Promise<void> {
  await q.query(
    `INSERT INTO payment_link_shipping (order_id, method_type, method_id, receiver) VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_id) DO UPDATE SET method_type = excluded.method_type, method_id = excluded.method_id, receiver = excluded.receiver`,
    [c.order_id, c.method_type, c.method_id, JSON.stringify(c.receiver)],
  );
}

export async function deleteShippingChoice(q: Queryable, orderId: string): Promise<void> {
  await q.query('DELETE FROM payment_link_shipping WHERE order_id = $1', [orderId]);
}

/** The order's shipping choice not yet made into a shipment, locked. */
export async function lockOpenShippingChoice(q: Queryable, orderId: string): Promise<ShippingChoiceRow | undefined> {
  const { rows } = await q.query<ShippingChoiceRow>('SELECT * FROM payment_link_shipping WHERE order_id = $1 AND shipment_id IS NULL FOR UPDATE', [orderId]);
  return rows[0];
}

export async function setShipment(q: Queryable, orderId: string, shipmentId: string): Promise<void> {
  await q.query('UPDATE payment_link_shipping SET shipment_id = $2, error = NULL WHERE order_id = $1', [orderId, shipmentId]);
}

export async function setShipmentError(q: Queryable, orderId: string, error: string): Promise<void> {
  await q.query('UPDATE payment_link_shipping SET error = $2 WHERE order_id = $1', [orderId, error]);
}

export async function readShippingChoice(q: Queryable, orderId: string): Promise<ShippingChoiceRow | undefined> {
  const { rows } = await q.query<ShippingChoiceRow>('SELECT * FROM payment_link_shipping WHERE order_id = $1', [orderId]);
  return rows[0];
}
