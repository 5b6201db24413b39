/**
 * Money out as ISO 20022 pain.001 files, for the operator to upload to the bank of the settlement
 * account (settlement.ts):
 *
 * - A payout batch: the EUR payouts of one environment made on one date (UTC; a sandbox payout's
 *   date is its store's sandbox clock), across stores, or the payouts named by id. Each payout is
 *   one transfer of its ledger amount (payouts.total_amount) to the account it was made to
 *   (payouts.iban, account_name: the store's payout account when it was made); EndToEndId is the
 *   payout's uuid without dashes, the remittance names the payout. Nothing is recorded: the same
 *   batch always gives the same MsgId, and banks refuse a MsgId they have seen, so downloading a
 *   batch twice cannot pay it twice.
 * - Bank-payment refunds: successful refunds of orders paid by bank payment (paymentInitiation,
 *   EUR only) paid back to the payer's IBAN and name from the order (or its paid intent);
 *   EndToEndId is the refund's uuid without dashes. Either those that succeeded in a date range
 *   (a report, not recorded), or those in no recorded file yet: that file is recorded with its
 *   bytes (migration 032), each refund in at most one, and can be fetched again by its id.
 *
 * Only EUR is SEPA: payouts in other currencies (PLN …) never go in a file (a batch by date
 * leaves them out and reports them; a batch by ids naming one is a 400).
 */
import { createHash } from 'node:crypto';
import { withTx, type Db } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import { Errors } from '../../platform/errors.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import { uuidv7 } from '../../platform/ids.js';
import { SEPA_CURRENCY, transferProblem, writePain001, type CreditTransfer, type Party } from '../pain001/writer.js';
import { settlementAccount, type SettlementVars } from './settlement.js';
import * as sql from './store.js';

/** The most transfers one recorded refund file takes (the rest wait for the next file). */
export const MAX_FILE_TRANSFERS = 5000;
/** The most payout ids one batch names. */
export const MAX_BATCH_IDS = 1000;

/** Something left out of a file, and why. */
export interface Excluded {
  id: string;
  reason: string;
}

export interface TransferFile {
  xml: string;
  fileName: string;
  messageId: string;
  transactions: number;
  controlSumMinor: number;
  /** What matched the request but cannot be paid by a SEPA credit transfer. */
  excluded: Excluded[];
  /** The recorded file's id (refunds not yet exported; fetch it again with `storedFile`). */
  fileId?: string | undefined;
}

export type PayoutSelection = { date: string } | { ids: readonly string[] };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD that is a real date, or undefined. */
export function isoDate(s: string): string | undefined {
  if (!DATE.test(s)) return undefined;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s ? s : undefined;
}

const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);
const nextDay = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);
const compact = (date: string) => date.replace(/-/g, '');
const endToEnd = (uuid: string) => uuid.replace(/-/g, '').toLowerCase();
const digest = (parts: readonly string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 10).toUpperCase();

export class TransferFiles {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      clock?: Clock | undefined;
      /** Where the settlement account's settings are read, at each request (default process.env). */
      settings?: (() => SettlementVars) | undefined;
    } = {},
  ) {}

  private get clock(): Clock {
    return this.deps.clock ?? systemClock;
  }

  private debtor(env: Env): Party {
    return settlementAccount(env, this.deps.settings ? this.deps.settings() : process.env);
  }

  /** Today (UTC) by the clock, or the requested execution date (a 400 when malformed or past). */
  private executionDate(requested: string | undefined): string {
    const today = this.clock.now().toISOString().slice(0, 10);
    if (requested === undefined) return today;
    if (!isoDate(requested)) throw Errors.validation('executionDate', 'must be a date YYYY-MM-DD');
    if (requested < today) throw Errors.validation('executionDate', `must be today (${today}) or later`);
    return requested;
  }

  /** The pain.001 of a payout batch (see the file's comment). */
  async payoutBatch(env: Env, selection: PayoutSelection, opts: { executionDate?: string | undefined } = {}): Promise<TransferFile> {
    const debtor = this.debtor(env);
    const executionDate = this.executionDate(opts.executionDate);
    let rows: sql.BatchPayoutRow[];
    let label: string;
    if ('date' in selection) {
      if (!isoDate(selection.date)) throw Errors.validation('date', 'must be a date YYYY-MM-DD');
      rows = await sql.payoutsMadeBetween(this.db, env, dayStart(selection.date), nextDay(selection.date));
      label = compact(selection.date);
    } else {
      const ids = [...new Set(selection.ids.map((id) => id.toLowerCase()))];
      rows = await sql.payoutsByIds(this.db, env, ids);
      const found = new Set(rows.map((r) => r.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw Errors.notFound(`Payout ${missing.join(', ')} of ${env}`);
      label = compact(executionDate);
    }
    const transfers: CreditTransfer[] = [];
    const excluded: Excluded[] = [];
    rows.forEach((p) => {
      const t: CreditTransfer = {
        endToEndId: endToEnd(p.id),
        amountMinor: p.total_amount,
        currency: p.currency,
        debtor,
        executionDate,
        creditor: { name: p.account_name || p.store_name, iban: p.iban },
        remittance: `Kassa payout ${p.id} ${p.channel} ${p.created_at.toISOString().slice(0, 10)}`,
      };
      const problem = p.currency !== SEPA_CURRENCY ? `${p.currency} is not SEPA (EUR only); pay it outside this file` : transferProblem(t, `payout ${p.id}`);
      if (problem) excluded.push({ id: p.id, reason: problem });
      else transfers.push(t);
    });
    if ('ids' in selection && excluded.length) throw Errors.badRequest(`these payouts cannot go in a SEPA file: ${excluded.map((e) => `${e.id}: ${e.reason}`).join('; ')}`);
    if (transfers.length === 0) {
      const what = 'date' in selection ? `EUR payouts of ${env} made on ${selection.date}` : `EUR payouts of ${env} among those named`;
      throw Errors.notFound(excluded.length ? `${what} (${excluded.length} in other currencies left out)` : what);
    }
    const messageId = `KASSA-PO-${label}-${digest([env, executionDate, ...transfers.map((t) => t.endToEndId).sort()])}`;
    return this.write(messageId, debtor, transfers, excluded);
  }

  /** The pain.001 of the bank-payment refunds that succeeded from `from` to `to` (dates, UTC, both included); not recorded. */
  async refundsBetween(env: Env, from: string, to: string, opts: { executionDate?: string | undefined } = {}): Promise<TransferFile> {
    if (!isoDate(from)) throw Errors.validation('from', 'must be a date YYYY-MM-DD');
    if (!isoDate(to)) throw Errors.validation('to', 'must be a date YYYY-MM-DD');
    if (to < from) throw Errors.validation('to', 'must not be before from');
    const debtor = this.debtor(env);
    const executionDate = this.executionDate(opts.executionDate);
    const rows = await sql.bankRefundsBetween(this.db, env, dayStart(from), nextDay(to));
    const { transfers, excluded } = this.refundTransfers(rows, debtor, executionDate);
    if (transfers.length === 0) throw Errors.notFound(`Bank-payment refunds of ${env} that succeeded from ${from} to ${to}${excluded.length ? ` and can be paid (${excluded.length} left out)` : ''}`);
    const messageId = `KASSA-RF-${compact(from)}-${digest([env, to, executionDate, ...transfers.map((t) => t.endToEndId).sort()])}`;
    return this.write(messageId, debtor, transfers, excluded);
  }

  /**
   * The pain.001 of the bank-payment refunds in no recorded file yet (the oldest MAX_FILE_TRANSFERS),
   * recorded with its bytes in the same transaction that makes each refund its item: two exports at
   * once share no refund. Refunds that cannot be paid (no payer IBAN or name) stay out, unrecorded.
   */
  async exportRefunds(env: Env, opts: { executionDate?: string | undefined } = {}): Promise<TransferFile> {
    const debtor = this.debtor(env);
    const executionDate = this.executionDate(opts.executionDate);
    const now = this.clock.now();
    const fileId = uuidv7(now.getTime());
    const messageId = `KASSA-RX-${compact(now.toISOString().slice(0, 10))}-${digest([fileId])}`;
    return withTx(this.db, async (tx) => {
      const rows = await sql.bankRefundsNotExported(tx, env, MAX_FILE_TRANSFERS);
      const { transfers, excluded } = this.refundTransfers(rows, debtor, executionDate);
      await sql.insertFile(tx, { id: fileId, env, messageId, createdAt: now });
      const refundOf = new Map(rows.map((r) => [endToEnd(r.id), r.id]));
      const mine = transfers.length
        ? await sql.claimRefunds(
            tx,
            fileId,
            transfers.map((t) => refundOf.get(t.endToEndId)!),
          )
        : new Set<string>();
      const kept = transfers.filter((t) => mine.has(refundOf.get(t.endToEndId)!));
      if (kept.length === 0) {
        throw Errors.notFound(`Bank-payment refunds of ${env} not yet in a pain.001 file${excluded.length ? ` that can be paid (${excluded.length} without a payer IBAN or name left out)` : ''}`);
      }
      const file = this.write(messageId, debtor, kept, excluded);
      await sql.completeFile(tx, fileId, file);
      return { ...file, fileId };
    });
  }

  /** A recorded file again, byte for byte (404 for an unknown id). */
  async storedFile(fileId: string): Promise<TransferFile> {
    const f = await sql.findFile(this.db, fileId);
    if (!f) throw Errors.notFound(`pain.001 file ${fileId}`);
    return { xml: f.xml, fileName: `${f.message_id}.xml`, messageId: f.message_id, transactions: f.transactions, controlSumMinor: f.control_sum, excluded: [], fileId: f.id };
  }

  private refundTransfers(rows: readonly sql.BankRefundRow[], debtor: Party, executionDate: string): { transfers: CreditTransfer[]; excluded: Excluded[] } {
    const transfers: CreditTransfer[] = [];
    const excluded: Excluded[] = [];
    for (const r of rows) {
      if (!r.payer_iban || !r.payer_name) {
        excluded.push({ id: r.id, reason: `the order has no payer ${!r.payer_iban ? 'IBAN' : 'name'} to pay the refund back to` });
        continue;
      }
      const t: CreditTransfer = {
        endToEndId: endToEnd(r.id),
        amountMinor: r.amount,
        currency: r.currency,
        debtor,
        executionDate,
        creditor: { name: r.payer_name, iban: r.payer_iban },
        remittance: `Refund ${r.merchant_reference} ${r.store_name}`,
      };
      const problem = transferProblem(t, `refund ${r.id}`);
      if (problem) excluded.push({ id: r.id, reason: problem });
      else transfers.push(t);
    }
    return { transfers, excluded };
  }

  private write(messageId: string, debtor: Party, transfers: CreditTransfer[], excluded: Excluded[]): TransferFile {
    const f = writePain001({ messageId, createdAt: this.clock.now(), initiatingParty: debtor.name, transfers });
    return { xml: f.xml, fileName: `${messageId}.xml`, messageId, transactions: f.transactions, controlSumMinor: f.controlSumMinor, excluded };
  }
}
