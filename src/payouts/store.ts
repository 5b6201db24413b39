/**
 * SQL for payouts. A payout gathers a store's settled, not yet paid-out ledger transactions of one
 * environment, channel and currency (payments, fees, refunds and their reversals), marks each as
 * paid by it (payout_transactions: at most once, by its primary key), and moves the total out of
 * the store's balance, in one database transaction under a lock per group.
 */
import { hold, type Db, type Queryable, type Tx } from '../platform/db.js';
import type { Env } from '../platform/env.js';
import type { Channel } from '../ledger/chart.js';
import { effectiveSettlesAt } from '../ledger/store.js';
import type { PayoutExportRow } from './exports/row.js';

export interface PayoutRow {
  id: string;
  store_id: string;
  env: Env;
  channel: Channel;
  currency: string;
  iban: string;
  account_name: string;
  status: string;
  payments_amount: number;
  refunds_amount: number;
  fees_amount: number;
  total_amount: number;
  transactions: number;
  expected_arrival_date: string | null;
  created_at: Date;
}

export interface PayoutGroup {
  storeId: string;
  env: Env;
  channel: Channel;
  currency: string;
}

const PAYABLE_KINDS = `('payment', 'fee', 'refund', 'refundReversal')`;

function payout(r: PayoutRow): PayoutRow {
  return {
    ...r,
    payments_amount: Number(r.payments_amount),
    refunds_amount: Number(r.refunds_amount),
    fees_amount: Number(r.fees_amount),
    total_amount: Number(r.total_amount),
    expected_arrival_date: r.expected_arrival_date === null ? null : dateText(r.expected_arrival_date as unknown as Date | string),
  };
}

/** A DATE column as YYYY-MM-DD (node-postgres parses DATE to local midnight). */
function dateText(d: Date | string): string {
  if (typeof d === 'string') return d.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Groups with settled transactions not yet paid out (one store and environment, or all). */
export async function payableGroups(q: Queryable, filter: { storeId?: string; env?: Env }): Promise<PayoutGroup[]> {
  const { rows } = await q.query<{ store_id: string; env: Env; channel: Channel; currency: string }>(
    `SELECT DISTINCT t.store_id, t.env, t.channel, t.currency
       FROM ledger_transactions t
      WHERE t.kind IN ${PAYABLE_KINDS} AND ${effectiveSettlesAt('t')} <= store_now(t.store_id, t.env)
        AND ($1::uuid IS NULL OR t.store_id = $1) AND ($2::text IS NULL OR t.env = $2)
        AND NOT EXISTS (SELECT 1 FROM payout_transactions p WHERE p.transaction_id = t.id)
      ORDER BY 1, 2, 3, 4`,
    [filter.storeId ?? null, filter.env ?? null],
  );
  return rows.map((r) => ({ storeId: r.store_id, env: r.env, channel: r.channel, currency: r.currency }));
}

/** Serializes payout runs of one group (any node), until the transaction ends. */
export async function lockGroup(tx: Tx, g: PayoutGroup): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`payout:${g.storeId}:${g.env}:${g.channel}:${g.currency}`]);
}

export interface PayableTotals {
  payments: number;
  refunds: number;
  fees: number;
  transactions: number;
  now: Date;
}

/**
 * Marks the group's settled, unpaid transactions as paid by `payoutId` and adds up what it marked
 * (amounts positive; refunds net of reversals), in ONE statement: a transaction committed meanwhile
 * is either both marked and counted, or neither.
 */
export async function claimPayable(tx: Tx, g: PayoutGroup, payoutId: string): Promise<PayableTotals> {
  const { rows } = await tx.query<{ payments: string; refunds: string; fees: string; n: number; now: Date }>(
    `WITH cutoff AS (SELECT store_now($2, $3) AS now),
     paid AS (
       INSERT INTO payout_transactions (transaction_id, payout_id)
       SELECT t.id, $1 FROM ledger_transactions t
        WHERE t.store_id = $2 AND t.env = $3 AND t.channel = $4 AND t.currency = $5
          AND t.kind IN ${PAYABLE_KINDS} AND ${effectiveSettlesAt('t')} <= (SELECT now FROM cutoff)
          AND NOT EXISTS (SELECT 1 FROM payout_transactions p WHERE p.transaction_id = t.id)
       RETURNING transaction_id
     )
     SELECT coalesce(sum(e.amount) FILTER (WHERE t.kind = 'payment'), 0) * -1 AS payments,
            coalesce(sum(e.amount) FILTER (WHERE t.kind IN ('refund', 'refundReversal')), 0) AS refunds,
            coalesce(sum(e.amount) FILTER (WHERE t.kind = 'fee'), 0) AS fees,
            count(*)::int AS n, (SELECT now FROM cutoff) AS now
       FROM paid JOIN ledger_transactions t ON t.id = paid.transaction_id
       JOIN ledger_entries e ON e.transaction_id = t.id AND e.account = 'merchant'`,
    [payoutId, g.storeId, g.env, g.channel, g.currency],
  );
  const r = rows[0]!;
  return { payments: Number(r.payments), refunds: Number(r.refunds), fees: Number(r.fees), transactions: r.n, now: r.now };
}

/** Gives back what claimPayable marked (nothing to pay out this time). */
export async function releaseClaim(tx: Tx, payoutId: string): Promise<void> {
  await tx.query('DELETE FROM payout_transactions WHERE payout_id = $1', [payoutId]);
}

export async function insertPayout(tx: Tx, p: PayoutGroup & { id: string; iban: string; accountName: string; totals: PayableTotals; total: number; expectedArrivalDate: string }): Promise<PayoutRow> {
  const { rows } = await tx.query<PayoutRow>(
    `INSERT INTO payouts (id, store_id, env, channel, currency, iban, account_name, status, payments_amount, refunds_amount, fees_amount,
                          total_amount, transactions, expected_arrival_date, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'SUCCESSFUL', $8, $9, $10, $11, $12, $13, $14)
     RETURNING *`,
    [p.id, p.storeId, p.env, p.channel, p.currency, p.iban, p.accountName, p.totals.payments, p.totals.refunds, p.totals.fees, p.total, p.totals.transactions, p.expectedArrivalDate, p.totals.now],
  );
  return payout(rows[0]!);
}

export const ORDER_BY = ['createdAt', 'settlementType', 'totalAmount', 'status'] as const;
export type PayoutOrderBy = (typeof ORDER_BY)[number];
const ORDER_COLUMN: Readonly<Record<PayoutOrderBy, string>> = { createdAt: 'created_at', settlementType: 'channel', totalAmount: 'total_amount', status: 'status' };

export async function listPayouts(q: Queryable, storeId: string, env: Env, page: { limit: number; offset: number; order: 'ASC' | 'DESC'; orderBy: PayoutOrderBy }): Promise<PayoutRow[]> {
  // Column and direction come from closed lists, never from the request text.
  const { rows } = await q.query<PayoutRow>(
    `SELECT * FROM payouts WHERE store_id = $1 AND env = $2
      ORDER BY ${ORDER_COLUMN[page.orderBy]} ${page.order === 'ASC' ? 'ASC' : 'DESC'}, id ${page.order === 'ASC' ? 'ASC' : 'DESC'}
      LIMIT $3 OFFSET $4`,
    [storeId, env, page.limit, page.offset],
  );
  return rows.map(payout);
}

/**
 * One page of a store's payouts of an environment, newest first, keyset-paged on (created_at, id)
 * (index payouts_store): `after` is the last row of the previous page, its time in microseconds
 * since the epoch (`cursor_at`), so no row is skipped or repeated.
 */
export async function payoutsPage(q: Queryable, storeId: string, env: Env, limit: number, after?: { at: string; id: string }): Promise<(PayoutRow & { cursor_at: string })[]> {
  const { rows } = await q.query<PayoutRow & { cursor_at: string }>(
    `SELECT *, (extract(epoch FROM created_at) * 1000000)::bigint::text AS cursor_at FROM payouts
      WHERE store_id = $1 AND env = $2
        AND ($4::bigint IS NULL OR (created_at, id) < ('epoch'::timestamptz + $4::bigint * interval '1 microsecond', $5::uuid))
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [storeId, env, limit, after?.at ?? null, after?.id ?? null],
  );
  return rows.map((r) => ({ ...payout(r), cursor_at: r.cursor_at }));
}

export async function findPayout(q: Queryable, id: string): Promise<PayoutRow | undefined> {
  const { rows } = await q.query<PayoutRow>('SELECT * FROM payouts WHERE id = $1', [id]);
  return rows[0] && payout(rows[0]);
}

/** One export row as the cursor returns it (array mode: no object per row, amounts and times as numbers). */
export type ExportRowSql = [
  kind: 'payment' | 'fee' | 'refund' | 'refundReversal',
  orderId: string,
  refundId: string | null,
  merchantReference: string,
  paymentMethod: string,
  /** What the store gained (minor units; fees and refunds negative). */
  amount: number,
  currency: string,
  /** Unix milliseconds. */
  occurredAtMs: number,
];

/**
 * The payout's transactions with their orders in booking order, read through a server-side
 * cursor `batch` rows at a time on a connection of its own: memory stays flat however large the
 * payout. The next batch is fetched while the caller works on the current one.
 */
export async function* exportBatches(db: Db, payoutId: string, batch = 2000): AsyncGenerator<ExportRowSql[]> {
  const { client, begin, release, abandon } = await hold(db);
  let open = false;
  // What stopped the export early (a query past its deadline, a lost connection), if anything.
  let failure: unknown;
  let next: Promise<ExportRowSql[]> | undefined;
  const fetch = (): Promise<ExportRowSql[]> => client.query({ text: `FETCH ${batch} FROM payout_export`, rowMode: 'array' }).then((r) => r.rows as unknown as ExportRowSql[]);
  try {
    await begin('READ ONLY');
    open = true;
    await client.query(
      `DECLARE payout_export NO SCROLL CURSOR FOR
       SELECT t.kind, t.order_id, t.refund_id, o.merchant_reference, o.payment_method, (-e.amount)::float8,
              t.currency, (extract(epoch FROM t.occurred_at) * 1000)::float8
         FROM payout_transactions p
         JOIN ledger_transactions t ON t.id = p.transaction_id
         JOIN ledger_entries e ON e.transaction_id = t.id AND e.account = 'merchant'
         JOIN orders o ON o.id = t.order_id
        WHERE p.payout_id = $1
        ORDER BY p.transaction_id`,
      [payoutId],
    );
    next = fetch();
    for (;;) {
      const rows: ExportRowSql[] = await next;
      // pg runs queries in order on one connection: ask for the next batch before handing this one out.
      next = rows.length === batch ? fetch() : undefined;
      yield rows;
      if (!next) break;
    }
    await client.query('COMMIT');
    open = false;
  } catch (err) {
    failure = err;
    throw err;
  } finally {
    await next?.catch((e: unknown) => void (failure ??= e));
    // A consumer that stopped early, or a failure: no ROLLBACK on a connection the failure broke.
    if (open) await abandon(failure);
    else release();
  }
}

/** The payout's export rows (a reversed refund is a refund row with a positive amount). */
export async function* exportRows(db: Db, payoutId: string): AsyncGenerator<PayoutExportRow> {
  for await (const batch of exportBatches(db, payoutId)) {
    for (const [kind, orderUuid, refundUuid, merchantReference, paymentMethod, amount, currency, at] of batch) {
      yield { type: kind === 'refundReversal' ? 'refund' : kind, orderUuid, merchantReference, refundUuid, paymentMethod, amountMinor: amount, currency, occurredAt: new Date(at) };
    }
  }
}

/** Claims a payout run's slot: true for the one node that takes it (payout_runs' primary key), false for the others. */
export async function claimRunSlot(q: Queryable, slot: Date): Promise<boolean> {
  const { rowCount } = await q.query('INSERT INTO payout_runs (slot) VALUES ($1) ON CONFLICT DO NOTHING', [slot]);
  return (rowCount ?? 0) > 0;
}

/** Records that the run of `slot` finished, and how many payouts it made. */
export async function finishRun(q: Queryable, slot: Date, payouts: number): Promise<void> {
  await q.query('UPDATE payout_runs SET finished_at = now(), payouts = $2 WHERE slot = $1', [slot, payouts]);
}
