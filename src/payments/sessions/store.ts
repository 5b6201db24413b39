/**
 * SQL for embedded-card sessions and draft payment intents (table checkout_sessions). A session is
 * bound to an order by one guarded UPDATE inside the order's transaction: of two orders racing for
 * the same session, the second one's UPDATE waits for the first's row lock, re-reads the row,
 * finds it taken and matches nothing.
 */
import type { Queryable } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';

export type CheckoutKind = 'session' | 'draft';

export interface CheckoutSessionRow {
  id: string;
  store_id: string;
  env: Env;
  kind: CheckoutKind;
  payment_method: string | null;
  order_id: string | null;
  /** A draft's payment at its processor (a Stripe PaymentIntent), when the processor made one. */
  processor_reference: string | null;
  created_at: Date;
  expires_at: Date;
  /** The store's time of the environment when read. */
  now: Date;
}

export async function insertSession(
  q: Queryable,
  s: { id: string; storeId: string; env: Env; kind: CheckoutKind; method: string | null; lifetimeMinutes: number; processorReference?: string },
): Promise<CheckoutSessionRow> {
  const { rows } = await q.query<CheckoutSessionRow>(
    `WITH t AS (SELECT store_now($2, $3) AS now)
     INSERT INTO checkout_sessions (id, store_id, env, kind, payment_method, created_at, expires_at, processor_reference)
     SELECT $1, $2, $3, $4, $5, t.now, t.now + make_interval(mins => $6), $7 FROM t
     RETURNING *, store_now(store_id, env) AS now`,
    [s.id, s.storeId, s.env, s.kind, s.method, s.lifetimeMinutes, s.processorReference ?? null],
  );
  return rows[0]!;
}

export async function readSession(q: Queryable, id: string): Promise<CheckoutSessionRow | undefined> {
  const { rows } = await q.query<CheckoutSessionRow>('SELECT *, store_now(store_id, env) AS now FROM checkout_sessions WHERE id = $1', [id]);
  return rows[0];
}

/**
 * Binds the session to the order, when it is the store's and environment's, of the expected kind,
 * and either still free and unexpired, or already this order's (a re-sent order). True when bound.
 */
export async function claimSession(q: Queryable, c: { id: string; storeId: string; env: Env; kind: CheckoutKind; orderId: string; method: string }): Promise<boolean> {
  // A draft is for one payment method; an order already bound to another session keeps that one.
  const { rowCount } = await q.query(
    `UPDATE checkout_sessions s SET order_id = $5
      WHERE id = $1 AND store_id = $2 AND env = $3 AND kind = $4 AND (kind = 'session' OR payment_method = $6)
        AND (order_id = $5 OR (order_id IS NULL AND expires_at > store_now(store_id, env)
             AND NOT EXISTS (SELECT 1 FROM checkout_sessions o WHERE o.order_id = $5)))`,
    [c.id, c.storeId, c.env, c.kind, c.orderId, c.method],
  );
  return rowCount === 1;
}

/** The session an order is bound to (of either kind), if any. */
export async function sessionOfOrder(q: Queryable, orderId: string): Promise<CheckoutSessionRow | undefined> {
  const { rows } = await q.query<CheckoutSessionRow>('SELECT *, store_now(store_id, env) AS now FROM checkout_sessions WHERE order_id = $1', [orderId]);
  return rows[0];
}
