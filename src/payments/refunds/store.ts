/** SQL for refunds. Times are the store's clock (store_now), like the order's. */
import type { Queryable } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import type { Currency } from '../../platform/money.js';
import { expectMoved, sqlMove, sqlStatus, sqlStatusIn } from '../../platform/state-machine.js';
import { REFUND_MACHINE, type RefundDescription, type RefundStatus } from './states.js';

export type RefundType = 'PARTIAL_REFUND' | 'FULL_REFUND';

export interface RefundRow {
  id: string;
  order_id: string;
  store_id: string;
  env: Env;
  amount: number;
  currency: Currency;
  type: RefundType;
  status: RefundStatus;
  status_description: RefundDescription | null;
  idempotency_key: string;
  attempts: number;
  processor_reference: string | null;
  created_at: Date;
  updated_at: Date;
}

/** bigint columns come back as strings; amounts are safe integers (≤ 10^13). */
function row(r: RefundRow): RefundRow {
  return { ...r, amount: Number(r.amount) };
}

export async function findByKey(q: Queryable, orderId: string, idempotencyKey: string): Promise<RefundRow | undefined> {
  const { rows } = await q.query<RefundRow>('SELECT * FROM refunds WHERE order_id = $1 AND idempotency_key = $2', [orderId, idempotencyKey]);
  return rows[0] && row(rows[0]);
}

export async function listForOrder(q: Queryable, orderId: string): Promise<RefundRow[]> {
  const { rows } = await q.query<RefundRow>('SELECT * FROM refunds WHERE order_id = $1 ORDER BY created_at, id', [orderId]);
  return rows.map(row);
}

export async function lockRefund(q: Queryable, id: string): Promise<RefundRow | undefined> {
  const { rows } = await q.query<RefundRow>('SELECT * FROM refunds WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] && row(rows[0]);
}

export async function insertRefund(
  q: Queryable,
  r: { id: string; orderId: string; storeId: string; env: Env; amount: number; currency: string; type: RefundType; idempotencyKey: string },
): Promise<RefundRow> {
  const { rows } = await q.query<RefundRow>(
    `INSERT INTO refunds (id, order_id, store_id, env, amount, currency, type, status, idempotency_key, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, ${sqlStatus(REFUND_MACHINE, REFUND_MACHINE.initial)}, $8, now(), store_now($3, $4), store_now($3, $4)) RETURNING *`,
    [r.id, r.orderId, r.storeId, r.env, r.amount, r.currency, r.type, r.idempotencyKey],
  );
  return row(rows[0]!);
}

/**
 * Moves a refund (the caller checked the transition; the statement guards it again: a refund not
 * in a status allowed into `status` is not moved, and that throws). `retryInMs`: due again after that long (PENDING waiting for funds, PROCESSING
 * waiting for the processor); null: not due (final, or nothing to retry).
 */
export async function setRefundStatus(
  q: Queryable,
  id: string,
  s: { status: RefundStatus; description: RefundDescription | null; retryInMs: number | null; processorReference?: string | null },
): Promise<RefundRow> {
  const m = sqlMove(REFUND_MACHINE, s.status, 5);
  const { rows, rowCount } = await q.query<RefundRow>(
    `UPDATE refunds SET ${m.set}, status_description = $2,
            next_attempt_at = CASE WHEN $3::bigint IS NULL THEN NULL ELSE now() + $3::bigint * interval '1 millisecond' END,
            locked_until = NULL, processor_reference = coalesce($4, processor_reference), updated_at = store_now(store_id, env)
      WHERE id = $1 AND ${m.guard} RETURNING *`,
    [id, s.description, s.retryInMs, s.processorReference ?? null, ...m.values],
  );
  expectMoved(REFUND_MACHINE, s.status, rowCount, 1, id);
  return row(rows[0]!);
}

/**
 * Refunds waiting for funds in a store's environment come due now (its balance grew).
 *
 * It runs AFTER its caller posted to the ledger (a capture, a top-up), so it must never wait for
 * a refund row: a refund attempt locks its refund row first and the balance rows after (the
 * global order: refund, order, balance rows; lock-order.ts), and waiting here for a refund row
 * while holding balance rows closes a cycle (40P01, issue 8). A refund row locked by someone
 * else is skipped, and needs no wake: its holder is an attempt that reads the balance under
 * the balance rows' lock, so after this transaction commits (it sees the new money), or a
 * cancellation, or another wake.
 */
/** Refunds that may wait for funds: the ones the table lets retry while waiting (retryFunds). */
const WAITING_FOR_FUNDS = sqlStatusIn(REFUND_MACHINE, 'status', REFUND_MACHINE.transitions.retryFunds.from);

export async function wakeWaitingForFunds(q: Queryable, storeId: string, env: Env): Promise<void> {
  await q.query(
    `UPDATE refunds SET next_attempt_at = now()
      WHERE id IN (
        SELECT id FROM refunds
         WHERE store_id = $1 AND env = $2 AND ${WAITING_FOR_FUNDS} AND status_description = 'INSUFFICIENT_FUNDS' AND next_attempt_at > now()
           FOR UPDATE SKIP LOCKED)`,
    [storeId, env],
  );
}

/** The sandbox clock moved forward by `ms`: the store's sandbox refunds waiting to be tried again come due that much sooner. */
export async function pullSandboxRetriesForward(q: Queryable, storeId: string, ms: number): Promise<void> {
  await q.query(
    `UPDATE refunds SET next_attempt_at = next_attempt_at - $2 * interval '1 millisecond'
      WHERE store_id = $1 AND env = 'sandbox' AND next_attempt_at IS NOT NULL`,
    [storeId, ms],
  );
}

/** The order of each refund among `ids` (ids that are not refunds are absent). */
export async function ordersOfRefunds(q: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await q.query<{ id: string; order_id: string }>('SELECT id, order_id FROM refunds WHERE id = ANY ($1::uuid[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.order_id]));
}
