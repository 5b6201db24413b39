/**
 * SQL of the pain.001 files: the payouts of a batch, the bank-payment refunds to pay back, and the
 * record of the refund files written (migration 032: a refund is in at most one recorded file).
 */
import type { Queryable, Tx } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import { sqlStatus } from '../../platform/state-machine.js';
import { REFUND_MACHINE } from '../../payments/refunds/states.js';

/** A payout as a transfer needs it: the amount and the account it was made to. */
export interface BatchPayoutRow {
  id: string;
  store_id: string;
  store_name: string;
  channel: string;
  currency: string;
  iban: string;
  account_name: string;
  total_amount: number;
  created_at: Date;
}

const PAYOUT_COLUMNS = `p.id, p.store_id, s.name AS store_name, p.channel, p.currency, p.iban, p.account_name, p.total_amount, p.created_at`;

function payout(r: BatchPayoutRow): BatchPayoutRow {
  return { ...r, total_amount: Number(r.total_amount) };
}

/** The payouts of an environment made in [from, to), oldest first (index payouts_env_created). */
export async function payoutsMadeBetween(q: Queryable, env: Env, from: Date, to: Date): Promise<BatchPayoutRow[]> {
  const { rows } = await q.query<BatchPayoutRow>(
    `SELECT ${PAYOUT_COLUMNS} FROM payouts p JOIN stores s ON s.id = p.store_id
      WHERE p.env = $1 AND p.created_at >= $2 AND p.created_at < $3
      ORDER BY p.created_at, p.id`,
    [env, from, to],
  );
  return rows.map(payout);
}

/** The payouts of an environment among `ids`, oldest first (the caller reports the ids not found). */
export async function payoutsByIds(q: Queryable, env: Env, ids: readonly string[]): Promise<BatchPayoutRow[]> {
  const { rows } = await q.query<BatchPayoutRow>(
    `SELECT ${PAYOUT_COLUMNS} FROM payouts p JOIN stores s ON s.id = p.store_id
      WHERE p.env = $1 AND p.id = ANY($2::uuid[])
      ORDER BY p.created_at, p.id`,
    [env, ids],
  );
  return rows.map(payout);
}

/** A successful refund of a bank payment, with the payer it goes back to (from the order, or its paid intent). */
export interface BankRefundRow {
  id: string;
  order_id: string;
  store_name: string;
  merchant_reference: string;
  amount: number;
  currency: string;
  payer_iban: string | null;
  payer_name: string | null;
  succeeded_at: Date;
}

const SUCCESSFUL = sqlStatus(REFUND_MACHINE, 'SUCCESSFUL');

const BANK_REFUNDS = `
  SELECT r.id, r.order_id, s.name AS store_name, o.merchant_reference_display AS merchant_reference, r.amount, r.currency,
         coalesce(nullif(o.sender_iban, ''), pi.metadata->>'senderIban') AS payer_iban,
         coalesce(nullif(o.sender_name, ''), pi.metadata->>'senderName') AS payer_name,
         r.updated_at AS succeeded_at
    FROM refunds r
    JOIN orders o ON o.id = r.order_id
    JOIN stores s ON s.id = r.store_id
    LEFT JOIN LATERAL (
      SELECT i.metadata FROM payment_intents i WHERE i.order_id = o.id AND i.status = 'PAID' ORDER BY i.created_at DESC LIMIT 1
    ) pi ON true
   WHERE r.env = $1 AND r.status = ${SUCCESSFUL} AND o.payment_method = 'paymentInitiation'`;

function refund(r: BankRefundRow): BankRefundRow {
  return { ...r, amount: Number(r.amount) };
}

/** Successful bank-payment refunds of an environment that succeeded in [from, to), oldest first. */
export async function bankRefundsBetween(q: Queryable, env: Env, from: Date, to: Date): Promise<BankRefundRow[]> {
  const { rows } = await q.query<BankRefundRow>(`${BANK_REFUNDS} AND r.updated_at >= $2 AND r.updated_at < $3 ORDER BY r.updated_at, r.id`, [env, from, to]);
  return rows.map(refund);
}

/** Successful bank-payment refunds of an environment in no recorded file yet, oldest first, at most `limit`. */
export async function bankRefundsNotExported(q: Queryable, env: Env, limit: number): Promise<BankRefundRow[]> {
  const { rows } = await q.query<BankRefundRow>(
    `${BANK_REFUNDS} AND NOT EXISTS (SELECT 1 FROM pain001_file_items f WHERE f.kind = 'refund' AND f.item_id = r.id)
      ORDER BY r.updated_at, r.id LIMIT $2`,
    [env, limit],
  );
  return rows.map(refund);
}

export interface FileRow {
  id: string;
  env: Env;
  kind: 'refunds';
  message_id: string;
  transactions: number;
  control_sum: number;
  xml: string;
  created_at: Date;
}

/** Records a refund file being written (its bytes follow with `completeFile`). */
export async function insertFile(tx: Tx, f: { id: string; env: Env; messageId: string; createdAt: Date }): Promise<void> {
  await tx.query(`INSERT INTO pain001_files (id, env, kind, message_id, transactions, control_sum, xml, created_at) VALUES ($1, $2, 'refunds', $3, 0, 0, '', $4)`, [
    f.id,
    f.env,
    f.messageId,
    f.createdAt,
  ]);
}

/**
 * Makes the refunds items of the file, each only if no other file has it (a file written at the
 * same time keeps its own): answers the ids this file got.
 */
export async function claimRefunds(tx: Tx, fileId: string, refundIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ item_id: string }>(
    `INSERT INTO pain001_file_items (kind, item_id, file_id) SELECT 'refund', id, $1 FROM unnest($2::uuid[]) AS id
     ON CONFLICT DO NOTHING RETURNING item_id`,
    [fileId, refundIds],
  );
  return new Set(rows.map((r) => r.item_id));
}

export async function completeFile(tx: Tx, id: string, f: { transactions: number; controlSumMinor: number; xml: string }): Promise<void> {
  await tx.query('UPDATE pain001_files SET transactions = $2, control_sum = $3, xml = $4 WHERE id = $1', [id, f.transactions, f.controlSumMinor, f.xml]);
}

export async function findFile(q: Queryable, id: string): Promise<FileRow | undefined> {
  const { rows } = await q.query<FileRow>('SELECT * FROM pain001_files WHERE id = $1', [id]);
  const r = rows[0];
  return r && { ...r, control_sum: Number(r.control_sum) };
}
