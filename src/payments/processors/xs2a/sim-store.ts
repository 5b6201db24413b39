/** The XS2A simulator's state (table xs2a_sim_payments, migration 031). */
import type { Queryable } from '../../../platform/db.js';
import type { PaymentInitiation, TransactionStatus } from './mapper.js';

export interface SimPaymentRow {
  payment_id: string;
  bank: string;
  product: string;
  x_request_id: string;
  body_sha256: string;
  body: PaymentInitiation;
  order_id: string;
  redirect_uri: string;
  nok_redirect_uri: string | null;
  psu_language: string;
  transaction_status: TransactionStatus;
  debtor_iban: string | null;
  debtor_name: string | null;
  settle_after_reads: number;
}

export interface NewSimPayment {
  paymentId: string;
  bank: string;
  product: string;
  requestId: string;
  bodySha256: string;
  body: PaymentInitiation;
  orderId: string;
  redirectUri: string;
  nokRedirectUri: string | null;
  language: string;
}

/** Records a new initiation; `created` false when the bank already has one with this X-Request-ID (that one is answered). */
export async function insertOrFind(q: Queryable, p: NewSimPayment): Promise<{ row: SimPaymentRow; created: boolean }> {
  const ins = await q.query<SimPaymentRow>(
    `INSERT INTO xs2a_sim_payments (payment_id, bank, product, x_request_id, body_sha256, body, order_id, redirect_uri, nok_redirect_uri, psu_language)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (bank, x_request_id) DO NOTHING RETURNING *`,
    [p.paymentId, p.bank, p.product, p.requestId, p.bodySha256, JSON.stringify(p.body), p.orderId, p.redirectUri, p.nokRedirectUri, p.language],
  );
  if (ins.rows[0]) return { row: ins.rows[0], created: true };
  const found = await q.query<SimPaymentRow>('SELECT * FROM xs2a_sim_payments WHERE bank = $1 AND x_request_id = $2', [p.bank, p.requestId]);
  return { row: found.rows[0]!, created: false };
}

export async function find(q: Queryable, paymentId: string): Promise<SimPaymentRow | undefined> {
  return (await q.query<SimPaymentRow>('SELECT * FROM xs2a_sim_payments WHERE payment_id = $1', [paymentId])).rows[0];
}

/**
 * A status read: a payment settling later (ACSP with reads left) answers ACSP and counts one
 * down; once none are left it settles (ACSC). One statement, so two nodes reading at once agree.
 */
export async function readStatus(q: Queryable, paymentId: string): Promise<SimPaymentRow | undefined> {
  const { rows } = await q.query<SimPaymentRow>(
    `UPDATE xs2a_sim_payments SET
        transaction_status = CASE WHEN transaction_status = 'ACSP' AND settle_after_reads = 0 THEN 'ACSC' ELSE transaction_status END,
        settle_after_reads = GREATEST(settle_after_reads - 1, 0),
        updated_at = now()
      WHERE payment_id = $1 RETURNING *`,
    [paymentId],
  );
  return rows[0];
}

/** The PSU's decision on the SCA page; undefined when the payment was already decided. */
export async function decide(
  q: Queryable,
  paymentId: string,
  d: { status: TransactionStatus; debtorIban: string | null; debtorName: string | null; settleAfterReads: number },
): Promise<SimPaymentRow | undefined> {
  const { rows } = await q.query<SimPaymentRow>(
    `UPDATE xs2a_sim_payments SET transaction_status = $2, debtor_iban = $3, debtor_name = $4, settle_after_reads = $5, updated_at = now()
      WHERE payment_id = $1 AND transaction_status = 'RCVD' RETURNING *`,
    [paymentId, d.status, d.debtorIban, d.debtorName, d.settleAfterReads],
  );
  return rows[0];
}
