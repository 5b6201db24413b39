/**
 * SQL for orders and payment intents. Reads return the order with its intents in one round trip;
 * a new order and its first intent are written by one statement.
 */
import { type Queryable, statement } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import { expectMoved, reachable, sqlMove, sqlStatus, sqlStatusIn, sourcesOf } from '../../platform/state-machine.js';
import { INTENT_MACHINE, ORDER_MACHINE, ORDER_TRANSITIONS, type IntentStatus, type OrderStatus } from './states.js';
import type { RefundStatus } from '../refunds/states.js';
import type { RefundType } from '../refunds/store.js';
import type { Address, LineItem, MethodOptions, OrderInput } from './schema.js';
import type { PaymentMethodName } from '../methods/catalogue/methods.js';
import type { Currency } from '../../platform/money.js';
import type { Locale } from '../../platform/locales.js';
import { effectiveSettlesAt } from '../../ledger/store.js';

export interface IntentRow {
  id: string;
  payment_method: PaymentMethodName;
  metadata: Record<string, string | number | boolean>;
  amount: number;
  currency: Currency;
  status: IntentStatus;
  processor: string | null;
  processor_reference: string | null;
  failure_reason: string | null;
  service_fee: number | null;
  service_fee_currency: string | null;
  created_at: string;
}

export interface OrderRow {
  id: string;
  store_id: string;
  env: Env;
  merchant_reference: string;
  merchant_reference_display: string;
  return_url: string;
  notification_url: string | null;
  grand_total: number;
  currency: Currency;
  locale: Locale;
  payment_method: PaymentMethodName;
  method_display: string | null;
  method_options: MethodOptions;
  billing_address: Address | null;
  shipping_address: Address | null;
  line_items: LineItem[] | null;
  session_uuid: string | null;
  status: OrderStatus;
  expires_in_minutes: number;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
  sender_iban: string | null;
  sender_name: string | null;
  provider_name: string | null;
  payment_link_id: string | null;
  /** The store's clock (sandbox offset applied) when the row was read. */
  now: Date;
  intents: IntentRow[];
  /** The order's refunds, oldest first (amount in minor units). */
  refunds: OrderRefundRow[];
  /** When its captured payment settles, as it counts (see effectiveSettlesAt); null before it is paid. */
  settles_at: Date | null;
}

export interface OrderRefundRow {
  id: string;
  amount: number;
  currency: Currency;
  status: RefundStatus;
  type: RefundType;
  created_at: string;
}

/** Orders that were paid: PAID and every status after it (only they can have refunds and a payment in the ledger). */
const WAS_PAID = sqlStatusIn(
  ORDER_MACHINE,
  'o.status',
  ORDER_MACHINE.statuses.filter((s) => reachable(ORDER_MACHINE, 'PAID').has(s)),
);

/** The order's intents and refunds, read with it in the same statement (only paid orders can have refunds). */
const INTENTS_JSON = `coalesce((SELECT json_agg(pi ORDER BY pi.created_at) FROM payment_intents pi WHERE pi.order_id = o.id), '[]'::json) AS intents,
  CASE WHEN ${WAS_PAID} THEN
  coalesce((SELECT json_agg(json_build_object('id', r.id, 'amount', r.amount, 'currency', r.currency, 'status', r.status, 'type', r.type, 'created_at', r.created_at)
    ORDER BY r.created_at, r.id) FROM refunds r WHERE r.order_id = o.id), '[]'::json) ELSE '[]'::json END AS refunds,
  CASE WHEN ${WAS_PAID} THEN
  (SELECT ${effectiveSettlesAt('t')} FROM ledger_transactions t WHERE t.order_id = o.id AND t.kind = 'payment' ORDER BY t.occurred_at LIMIT 1) END AS settles_at`;

/** Columns written from an OrderInput, in the order of insertParams/updateParams. */
const INPUT_COLUMNS = [
  'merchant_reference_display',
  'return_url',
  'notification_url',
  'grand_total',
  'currency',
  'locale',
  'payment_method',
  'method_display',
  'method_options',
  'billing_address',
  'shipping_address',
  'line_items',
  'session_uuid',
  'expires_in_minutes',
] as const;

function inputParams(o: OrderInput): unknown[] {
  return [
    o.merchantReferenceDisplay,
    o.returnUrl,
    o.notificationUrl,
    o.grandTotal,
    o.currency,
    o.locale,
    o.method,
    o.methodDisplay,
    JSON.stringify(o.methodOptions),
    o.billingAddress && JSON.stringify(o.billingAddress),
    o.shippingAddress && JSON.stringify(o.shippingAddress),
    o.lineItems && JSON.stringify(o.lineItems),
    o.sessionUuid,
    o.expiresIn,
  ];
}

export interface NewOrder {
  orderId: string;
  intentId: string;
  storeId: string;
  env: Env;
  input: OrderInput;
}

/** SQL types of the INPUT_COLUMNS. */
const INPUT_TYPES = ['text', 'text', 'text', 'int8', 'text', 'text', 'text', 'text', 'jsonb', 'jsonb', 'jsonb', 'jsonb', 'uuid', 'int4'];

/** The columns of one new order's record in INSERT_ORDERS' JSON parameter, with their SQL types. */
export const RECORD_COLUMNS = ['id', 'intent_id', 'store_id', 'env', 'merchant_reference', ...INPUT_COLUMNS];
const RECORD_TYPES = ['uuid', 'uuid', 'uuid', 'text', 'text', ...INPUT_TYPES];
/** `{"id":`, `,"intent_id":`, …: each record's keys, written once. */
const RECORD_KEYS = RECORD_COLUMNS.map((c, i) => `${i ? ',' : '{'}${JSON.stringify(c)}:`);
/** The jsonb columns: inputParams gives their JSON text, which goes into the record as it is. */
const RECORD_JSONB = RECORD_TYPES.map((t) => t === 'jsonb');

/** A new order as one JSON object of RECORD_COLUMNS (null for a missing value). */
function orderRecord(it: NewOrder): string {
  const values = [it.orderId, it.intentId, it.storeId, it.env, it.input.merchantReference, ...inputParams(it.input)];
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out += RECORD_KEYS[i]! + (v === null || v === undefined ? 'null' : RECORD_JSONB[i] ? (v as string) : JSON.stringify(v));
  }
  return `${out}}`;
}

/**
 * The batch arrives as one JSON array of records ($1), read by json_to_recordset: one parameter to
 * encode instead of one array per column (pg escapes every element of those in JavaScript), and
 * the jsonb values travel as the JSON they are instead of as strings inside text arrays.
 * Exported for the benchmark's pgbench replay of this very statement (bench/lib/pgbench.ts).
 */
export const INSERT_ORDERS = `
  WITH input AS (
    SELECT * FROM json_to_recordset($1::json) AS t(${RECORD_COLUMNS.map((c, i) => `${c} ${RECORD_TYPES[i]}`).join(', ')})
  ), stamped AS MATERIALIZED (
    SELECT input.*, store_now(input.store_id, input.env) AS now FROM input
  ), o AS (
    INSERT INTO orders (id, store_id, env, merchant_reference, ${INPUT_COLUMNS.join(', ')},
                        status, expires_at, created_at, updated_at)
    SELECT id, store_id, env, merchant_reference, ${INPUT_COLUMNS.join(', ')},
           ${sqlStatus(ORDER_MACHINE, ORDER_MACHINE.initial)}, now + make_interval(mins => expires_in_minutes), now, now FROM stamped
    ON CONFLICT (store_id, env, merchant_reference) DO NOTHING
    RETURNING id, payment_method, method_options, grand_total, currency, created_at, expires_at
  ), i AS (
    INSERT INTO payment_intents (id, order_id, payment_method, metadata, amount, currency, status, created_at, updated_at)
    SELECT input.intent_id, o.id, o.payment_method, o.method_options, o.grand_total, o.currency, ${sqlStatus(INTENT_MACHINE, INTENT_MACHINE.initial)}, o.created_at, o.created_at
      FROM o JOIN input ON input.id = o.id
  )
  SELECT id, created_at, expires_at FROM o`;

/** The row of a just-inserted order, from what the caller sent and the times the database chose. */
function insertedRow(it: NewOrder, createdAt: Date, expiresAt: Date): OrderRow {
  const i = it.input;
  return {
    id: it.orderId,
    store_id: it.storeId,
    env: it.env,
    merchant_reference: i.merchantReference,
    merchant_reference_display: i.merchantReferenceDisplay,
    return_url: i.returnUrl,
    notification_url: i.notificationUrl,
    grand_total: i.grandTotal,
    currency: i.currency,
    locale: i.locale,
    payment_method: i.method,
    method_display: i.methodDisplay,
    method_options: i.methodOptions,
    billing_address: i.billingAddress,
    shipping_address: i.shippingAddress,
    line_items: i.lineItems,
    session_uuid: i.sessionUuid,
    status: ORDER_MACHINE.initial,
    expires_in_minutes: i.expiresIn,
    expires_at: expiresAt,
    created_at: createdAt,
    updated_at: createdAt,
    paid_at: null,
    sender_iban: null,
    sender_name: null,
    provider_name: null,
    payment_link_id: null,
    now: createdAt,
    intents: [
      {
        id: it.intentId,
        payment_method: i.method,
        metadata: { ...i.methodOptions },
        amount: i.grandTotal,
        currency: i.currency,
        status: INTENT_MACHINE.initial,
        processor: null,
        processor_reference: null,
        failure_reason: null,
        service_fee: null,
        service_fee_currency: null,
        created_at: createdAt.toISOString(),
      },
    ],
    refunds: [],
    settles_at: null,
  };
}

const INSERT_ORDERS_STATEMENT = statement('insert_orders', INSERT_ORDERS);

/**
 * Inserts new orders, each with its first PENDING intent, in one statement. An order whose
 * merchantReference the store already uses is skipped: its slot in the result is undefined and
 * the caller updates the existing order instead.
 */
export async function insertOrders(q: Queryable, items: readonly NewOrder[]): Promise<(OrderRow | undefined)[]> {
  const { rows } = await q.query<{ id: string; created_at: Date; expires_at: Date }>({ ...INSERT_ORDERS_STATEMENT, values: [`[${items.map(orderRecord).join(',')}]`] });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((it) => {
    const r = byId.get(it.orderId);
    return r && insertedRow(it, r.created_at, r.expires_at);
  });
}

/**
 * Locks an order of a store for update (conflict path of merchantReference reuse), then reads it.
 * Two statements on purpose: a locking SELECT that waits re-reads the row it locks, but its
 * subqueries (the intents and refunds) keep the snapshot taken before the wait; a statement of
 * its own after the lock sees what the transaction we waited for committed.
 */
export async function lockOrderByReference(q: Queryable, storeId: string, env: Env, reference: string): Promise<OrderRow | undefined> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM orders WHERE store_id = $1 AND env = $2 AND merchant_reference = $3 FOR UPDATE', [storeId, env, reference]);
  return rows[0] && readOrderById(q, rows[0].id);
}

/** Locks an order for update, then reads it with its intents and refunds (see lockOrderByReference). */
export async function lockOrder(q: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const { rowCount } = await q.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
  return rowCount ? readOrderById(q, orderId) : undefined;
}

/**
 * A paid order's refund state after a successful refund (ORDER_TRANSITIONS refundPartially,
 * refundFully): only from a status the table allows, in the same statement.
 */
export async function setRefundedStatus(q: Queryable, orderId: string, status: (typeof ORDER_TRANSITIONS)['refundPartially' | 'refundFully']['to']): Promise<void> {
  const m = sqlMove(ORDER_MACHINE, status, 2);
  const { rowCount } = await q.query(`UPDATE orders SET ${m.set}, updated_at = store_now(store_id, env) WHERE id = $1 AND ${m.guard}`, [orderId, ...m.values]);
  expectMoved(ORDER_MACHINE, status, rowCount, 1, orderId);
}

/** Rewrites an updatable order from a re-sent payload; its expiry starts again from now. */
export async function updateOrderFromInput(q: Queryable, orderId: string, input: OrderInput): Promise<void> {
  const sets = INPUT_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  const m = sqlMove(ORDER_MACHINE, 'PENDING', INPUT_COLUMNS.length + 2);
  const { rowCount } = await q.query(
    `UPDATE orders SET ${sets}, ${m.set}, updated_at = store_now(store_id, env),
            expires_at = store_now(store_id, env) + make_interval(mins => $${INPUT_COLUMNS.length + 1})
      WHERE id = $1 AND ${m.guard}`,
    [orderId, ...inputParams(input), ...m.values],
  );
  expectMoved(ORDER_MACHINE, 'PENDING', rowCount, 1, orderId);
}

/** The intents still open for a new attempt (the ones a processor transaction may be bound to). */
const OPEN_INTENT = (column: string): string => sqlStatusIn(INTENT_MACHINE, column, sourcesOf(INTENT_MACHINE, 'PENDING'));

/**
 * The order's open intent follows the order's new amount and method, and is released from any
 * processor transaction started for the old order (its return must not pay the changed order);
 * a closed one is replaced.
 */
export async function refreshPendingIntent(q: Queryable, orderId: string, newIntentId: string): Promise<void> {
  const { rowCount } = await q.query(
    `UPDATE payment_intents pi SET payment_method = o.payment_method, metadata = o.method_options, amount = o.grand_total,
            currency = o.currency, updated_at = o.updated_at, processor = NULL, processor_reference = NULL
       FROM orders o WHERE o.id = pi.order_id AND pi.order_id = $1 AND ${OPEN_INTENT('pi.status')}`,
    [orderId],
  );
  if (!rowCount) await insertIntent(q, orderId, newIntentId);
}

export async function insertIntent(q: Queryable, orderId: string, intentId: string): Promise<void> {
  await q.query(
    `INSERT INTO payment_intents (id, order_id, payment_method, metadata, amount, currency, status, created_at, updated_at)
     SELECT $2, o.id, o.payment_method, o.method_options, o.grand_total, o.currency, ${sqlStatus(INTENT_MACHINE, INTENT_MACHINE.initial)}, store_now(o.store_id, o.env), store_now(o.store_id, o.env)
       FROM orders o WHERE o.id = $1`,
    [orderId, intentId],
  );
}

/** An order row as the reads return it: its columns, the store's time, its intents and refunds. */
const SELECT_ORDER = `SELECT o.*, store_now(o.store_id, o.env) AS now, ${INTENTS_JSON} FROM orders o`;
const READ_ORDERS = statement('read_orders', `${SELECT_ORDER} WHERE o.id = ANY($1::uuid[])`);
const READ_ORDER = statement('read_order', `${SELECT_ORDER} WHERE o.id = $1`);

/** Reads orders by id, in one statement; the slot of an unknown id is undefined. */
export async function readOrders(q: Queryable, ids: readonly string[]): Promise<(OrderRow | undefined)[]> {
  const { rows } = await q.query<OrderRow>({ ...READ_ORDERS, values: [ids] });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
}

/** Reads an order by id alone: for the shopper's hosted pages, which carry no store credentials. */
export async function readOrderById(q: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const { rows } = await q.query<OrderRow>({ ...READ_ORDER, values: [orderId] });
  return rows[0];
}

export interface PaidFields {
  senderIban: string | null;
  senderName: string | null;
  providerName: string | null;
}

/** Marks the order PAID (ORDER_TRANSITIONS.pay) at the store's time; returns that time. */
export async function markPaid(q: Queryable, orderId: string, fields: PaidFields): Promise<Date> {
  const m = sqlMove(ORDER_MACHINE, ORDER_TRANSITIONS.pay.to, 5);
  const { rows, rowCount } = await q.query<{ paid_at: Date }>(
    `UPDATE orders SET ${m.set}, paid_at = store_now(store_id, env), updated_at = store_now(store_id, env),
            sender_iban = $2, sender_name = $3, provider_name = $4 WHERE id = $1 AND ${m.guard} RETURNING paid_at`,
    [orderId, fields.senderIban, fields.senderName, fields.providerName, ...m.values],
  );
  expectMoved(ORDER_MACHINE, m.values[0], rowCount, 1, orderId);
  return rows[0]!.paid_at;
}

export interface IntentUpdate {
  status: IntentStatus;
  processor?: string | null;
  processorReference?: string | null;
  failureReason?: string | null;
  metadata?: Record<string, string | number | boolean>;
  serviceFee?: number | null;
}

/** Moves an open intent (INTENT_MACHINE); its status is guarded in the statement. */
export async function updateIntent(q: Queryable, intentId: string, u: IntentUpdate): Promise<void> {
  const m = sqlMove(INTENT_MACHINE, u.status, 7);
  const { rowCount } = await q.query(
    `UPDATE payment_intents SET ${m.set}, processor = coalesce($2, processor),
            processor_reference = coalesce($3, processor_reference), failure_reason = $4,
            metadata = metadata || coalesce($5::jsonb, '{}'::jsonb),
            service_fee = coalesce($6, service_fee), service_fee_currency = CASE WHEN $6::bigint IS NULL THEN service_fee_currency ELSE currency END,
            updated_at = (SELECT store_now(o.store_id, o.env) FROM orders o WHERE o.id = payment_intents.order_id)
      WHERE id = $1 AND ${m.guard}`,
    [intentId, u.processor ?? null, u.processorReference ?? null, u.failureReason ?? null, u.metadata ? JSON.stringify(u.metadata) : null, u.serviceFee ?? null, ...m.values],
  );
  expectMoved(INTENT_MACHINE, u.status, rowCount, 1, intentId);
}

/**
 * Writes ABANDONED on every PENDING order past its expiry (of one store, or of all), returning
 * them so the caller can announce each in the same transaction.
 */
export async function abandonExpired(q: Queryable, limit: number, storeId?: string): Promise<OrderRow[]> {
  // Literals from the tables, not parameters: the filter of `due` must match the partial index
  // orders_pending_expiry (WHERE status = 'PENDING'); the guards repeat it in each UPDATE.
  const { from, to, intent } = ORDER_TRANSITIONS.abandon;
  const { rows } = await q.query<OrderRow>(
    `WITH due AS (
       SELECT o.id FROM orders o
        WHERE ${sqlStatusIn(ORDER_MACHINE, 'o.status', from)} AND o.expires_at <= now() + (SELECT coalesce(max(offset_ms), 0) FROM sandbox_clocks) * interval '1 millisecond' ${storeId ? 'AND o.store_id = $2' : ''}
          AND o.expires_at <= store_now(o.store_id, o.env)
        ORDER BY o.expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
     ), upd AS (
       UPDATE orders o SET status = ${sqlStatus(ORDER_MACHINE, to)}, updated_at = store_now(o.store_id, o.env)
         FROM due WHERE o.id = due.id AND ${sqlStatusIn(ORDER_MACHINE, 'o.status', sourcesOf(ORDER_MACHINE, to))} RETURNING o.*
     ), i AS (
       UPDATE payment_intents pi SET status = ${sqlStatus(INTENT_MACHINE, intent!)}, updated_at = upd.updated_at
         FROM upd WHERE pi.order_id = upd.id AND ${sqlStatusIn(INTENT_MACHINE, 'pi.status', sourcesOf(INTENT_MACHINE, intent!))}
     )
     SELECT upd.*, store_now(upd.store_id, upd.env) AS now, '[]'::json AS intents, '[]'::json AS refunds, NULL::timestamptz AS settles_at FROM upd`,
    storeId ? [limit, storeId] : [limit],
  );
  return rows;
}

export interface WaitingIntentRow {
  order_id: string;
  intent_id: string;
  env: Env;
  processor_reference: string;
  bound_at: Date;
}

/** Attempts of `processor` bound at least `olderThanSeconds` ago (store time) whose order is still PENDING, oldest first. */
export async function waitingIntents(q: Queryable, processor: string, olderThanSeconds: number, limit: number): Promise<WaitingIntentRow[]> {
  const { rows } = await q.query<WaitingIntentRow>(
    `SELECT i.order_id, i.id AS intent_id, o.env, i.processor_reference, i.updated_at AS bound_at
       FROM payment_intents i JOIN orders o ON o.id = i.order_id
      WHERE i.processor = $1 AND i.status = 'PENDING' AND i.processor_reference IS NOT NULL AND o.status = 'PENDING'
        AND i.updated_at <= store_now(o.store_id, o.env) - make_interval(secs => $2)
      ORDER BY i.updated_at LIMIT $3`,
    [processor, olderThanSeconds, limit],
  );
  return rows;
}

// --- reads and writes other concepts make on orders (through these functions only) ----------

/** The ids of the store's most recent orders of `env` (newest first), optionally of one status. */
export async function recentOrderIds(q: Queryable, storeId: string, env: Env, status: OrderStatus | undefined, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM orders WHERE store_id = $1 AND env = $2 AND ($3::text IS NULL OR status = $3) ORDER BY id DESC LIMIT $4`, [
    storeId,
    env,
    status ?? null,
    limit,
  ]);
  return rows.map((r) => r.id);
}

/** Whether an order of the store already uses the merchant reference. */
export async function orderReferenceTaken(q: Queryable, storeId: string, env: Env, reference: string): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM orders WHERE store_id = $1 AND env = $2 AND merchant_reference = $3', [storeId, env, reference]);
  return (rowCount ?? 0) > 0;
}

/** Marks the order as made through the payment link. */
export async function setOrderLink(q: Queryable, orderId: string, linkId: string): Promise<void> {
  await q.query('UPDATE orders SET payment_link_id = $2 WHERE id = $1', [orderId, linkId]);
}

/**
 * SQL columns counting the orders of the payment link aliased `link` (`order_count`) and those of
 * them that were paid (`paid_order_count`): for the links' own SELECT, one round trip.
 */
export const linkOrderCountsSql = (link: string): string =>
  `(SELECT count(*)::int FROM orders o WHERE o.payment_link_id = ${link}.id) AS order_count,
  (SELECT count(*)::int FROM orders o WHERE o.payment_link_id = ${link}.id AND ${WAS_PAID}) AS paid_order_count`;

/** A payment intent's order and status (for the return-url poll). */
export async function readIntentStatus(q: Queryable, intentId: string): Promise<{ order_id: string; status: string } | undefined> {
  const { rows } = await q.query<{ order_id: string; status: string }>('SELECT order_id, status FROM payment_intents WHERE id = $1', [intentId]);
  return rows[0];
}

/** An order as the back office lists it. */
export interface OrderListRow {
  id: string;
  merchant_reference_display: string;
  status: string;
  grand_total: number;
  currency: string;
  payment_method: string;
  created_at: Date;
  /** created_at in microseconds since the epoch (exact), for the next page's keyset. */
  cursor_at: string;
}

export interface OrderFilter {
  storeId: string;
  env: Env;
  reference?: string;
  uuid?: string;
  status?: string;
  from?: string;
  to?: string;
  /** Keyset: the last row of the previous page. */
  after?: { createdAt: string; id: string };
  limit: number;
}

/**
 * One page of a store's orders, newest first, keyset-paged on (created_at, id) over the index
 * orders_store_env_created: the cost of a page does not grow with how far back it is.
 */
export async function listOrders(q: Queryable, f: OrderFilter): Promise<OrderListRow[]> {
  const where = ['store_id = $1', 'env = $2'];
  const args: unknown[] = [f.storeId, f.env];
  const add = (sql: (n: string) => string, v: unknown) => {
    args.push(v);
    where.push(sql(`$${args.length}`));
  };
  if (f.reference !== undefined) add((n) => `merchant_reference = ${n}`, f.reference);
  if (f.uuid !== undefined) add((n) => `id = ${n}::uuid`, f.uuid);
  if (f.status !== undefined) add((n) => `status = ${n}`, f.status);
  if (f.from !== undefined) add((n) => `created_at >= ${n}::date`, f.from);
  if (f.to !== undefined) add((n) => `created_at < ${n}::date + 1`, f.to);
  if (f.after) {
    args.push(f.after.createdAt, f.after.id);
    where.push(`(created_at, id) < ('epoch'::timestamptz + $${args.length - 1}::bigint * interval '1 microsecond', $${args.length}::uuid)`);
  }
  args.push(f.limit);
  const { rows } = await q.query<OrderListRow>(
    `SELECT id, merchant_reference_display, status, grand_total::float8 AS grand_total, currency, payment_method, created_at, (extract(epoch FROM created_at) * 1000000)::bigint::text AS cursor_at
     FROM orders WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${args.length}`,
    args,
  );
  return rows;
}

/** An order of the store and environment as the back office shows it; undefined for any other. */
export async function listedOrder(q: Queryable, storeId: string, env: Env, orderId: string): Promise<(OrderListRow & { paid_at: Date | null }) | undefined> {
  const { rows } = await q.query<OrderListRow & { paid_at: Date | null }>(
    `SELECT id, merchant_reference_display, status, grand_total::float8 AS grand_total, currency, payment_method, created_at, paid_at,
            (extract(epoch FROM created_at) * 1000000)::bigint::text AS cursor_at
     FROM orders WHERE id = $1 AND store_id = $2 AND env = $3`,
    [orderId, storeId, env],
  );
  return rows[0];
}

export interface ListedIntent {
  id: string;
  payment_method: string;
  status: string;
  amount: number;
  currency: string;
  failure_reason: string | null;
  created_at: Date;
}

/** An order's payment intents, oldest first, as the back office shows them. */
export async function listedIntents(q: Queryable, orderId: string): Promise<ListedIntent[]> {
  const { rows } = await q.query<ListedIntent>(
    `SELECT id, payment_method, status, amount::float8 AS amount, currency, failure_reason, created_at FROM payment_intents WHERE order_id = $1 ORDER BY created_at, id`,
    [orderId],
  );
  return rows;
}

/** Which of `ids` are orders. */
export async function existingOrderIds(q: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM orders WHERE id = ANY ($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** Whether the store has any order in `env` (a probe of orders_store_env_created). */
export async function hasOrders(q: Queryable, storeId: string, env: Env): Promise<boolean> {
  const { rows } = await q.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM orders WHERE store_id = $1 AND env = $2) AS any', [storeId, env]);
  return rows[0]!.any;
}
