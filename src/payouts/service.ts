/**
 * Payouts: the settlement job, the merchant's list, and exports.
 *
 * The job runs at each slot of the payout schedule (KASSA_PAYOUT_AT, KASSA_PAYOUT_EVERY_HOURS);
 * whichever worker records the slot in payout_runs first runs it, so several workers make one
 * run. A run makes, per store, environment, settlement channel and currency, one payout of the
 * settled transactions not yet paid out, when they add up to more than zero (otherwise they wait
 * for the next run). Production payouts need the store's payout account; sandbox payouts use a
 * sample account when it has none. The sandbox runs the job for one store at once on request.
 */
import type { ServerResponse } from 'node:http';
import { withTx, type Db } from '../platform/db.js';
import { Errors } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { checkLink, LINK_LIFETIME_SECONDS, signLink, type LinkPurpose } from '../platform/signed-links.js';
import { ibanCountry, nextBusinessDate } from '../ledger/calendar.js';
import { postTransaction } from '../ledger/store.js';
import type { KeyResolver } from '../stores/auth.js';
import type { Store, StoreService } from '../stores/service.js';
import type { Env } from '../platform/env.js';
import { exportFileName, EXPORT_FORMAT_INFO, type ExportFormat } from './exports/index.js';
import { writeExportInWorker } from './export-runner.js';
import { nextSlot, slotAtOrBefore, type PayoutSchedule } from './schedule.js';
import * as sql from './store.js';
import { payoutView, type PayoutView } from './view.js';
import { TransferFiles } from './transfer-files/service.js';

/** The account sandbox payouts go to when the store set none (a valid sample IBAN). */
export const SANDBOX_PAYOUT_IBAN = 'EE382200221020145685';
const LINK_PURPOSE: LinkPurpose = 'kassa.payout-export-link.v1';

export interface PayoutLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PayoutPage {
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy: sql.PayoutOrderBy;
}

/** A payout export ready to stream: its response headers and the writer of its bytes. */
export interface ExportFile {
  headers: Record<string, string>;
  writeTo: (res: ServerResponse) => Promise<void>;
}

/** The keyset of the next page of `PayoutService.page`: the last payout's time (µs since the epoch) and id. */
export interface PayoutCursor {
  at: string;
  id: string;
}

export class PayoutService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  /** Money out as pain.001 credit-transfer files: payout batches and bank-payment refunds (transfer-files/). */
  readonly transferFiles: TransferFiles;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      stores: StoreService;
      keys: KeyResolver;
      schedule: PayoutSchedule;
      /** Where export workers connect (each export reads through a connection of its own). */
      databaseUrl: string;
      /** The API base URL of an environment (export links point there). */
      baseUrl: (env: Env) => string;
      log?: PayoutLog | undefined;
      /** Real time: export links expire, and the settlement job's slots come, by the calendar. */
      clock?: Clock;
    },
  ) {
    this.transferFiles = new TransferFiles(db, { clock: deps.clock });
  }

  private get clock(): Clock {
    return this.deps.clock ?? systemClock;
  }

  /** Makes the payouts due now for one store and environment, or for all; returns them. */
  async run(filter: { storeId?: string; env?: Env } = {}): Promise<sql.PayoutRow[]> {
    const made: sql.PayoutRow[] = [];
    const stores = new Map<string, Store | undefined>();
    for (const g of await sql.payableGroups(this.db, filter)) {
      if (!stores.has(g.storeId)) stores.set(g.storeId, await this.deps.stores.get(g.storeId));
      const store = stores.get(g.storeId);
      if (!store) continue;
      const account = store.payoutAccount ?? (g.env === 'sandbox' ? { iban: SANDBOX_PAYOUT_IBAN, accountName: store.legalName } : null);
      if (!account) {
        this.deps.log?.warn({ store: g.storeId, channel: g.channel, currency: g.currency }, 'no payout account: the store is not paid out until the operator sets one');
        continue;
      }
      const p = await withTx(this.db, async (tx) => {
        await sql.lockGroup(tx, g);
        const id = uuidv7();
        const totals = await sql.claimPayable(tx, g, id);
        const total = totals.payments - totals.refunds - totals.fees;
        if (totals.transactions === 0 || total <= 0) {
          await sql.releaseClaim(tx, id); // refunds outweigh payments: they wait for more
          return undefined;
        }
        const row = await sql.insertPayout(tx, {
          ...g,
          id,
          iban: account.iban,
          accountName: account.accountName,
          totals,
          total,
          expectedArrivalDate: nextBusinessDate(totals.now, ibanCountry(account.iban)),
        });
        await postTransaction(tx, { ...g, kind: 'payout', amountMinor: total, payoutId: id, occurredAt: totals.now, settlesAt: totals.now });
        return row;
      });
      if (p) made.push(p);
    }
    if (made.length) this.deps.log?.info({ payouts: made.length, ...filter }, 'payouts made');
    return made;
  }

  /** GET /stores/:storeUuid/payouts: the store's own payouts of the key's environment. */
  async list(store: Store, env: Env, storeUuid: string, page: PayoutPage): Promise<{ payouts: PayoutView[] }> {
    if (storeUuid !== store.id) throw Errors.notFound(`Store ${storeUuid}`);
    const rows = await sql.listPayouts(this.db, store.id, env, page);
    return { payouts: rows.map((r) => payoutView(r, store)) };
  }

  /**
   * One page of a store's payouts of an environment, newest first (the back office and the
   * operator's list; the same PayoutView as the API's list), and the cursor of the next page.
   */
  async page(storeId: string, env: Env, limit: number, after?: PayoutCursor): Promise<{ payouts: PayoutView[]; next: PayoutCursor | null }> {
    const store = await this.deps.stores.get(storeId);
    if (!store) throw Errors.notFound(`Store ${storeId}`);
    const rows = await sql.payoutsPage(this.db, storeId, env, limit + 1, after);
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return { payouts: shown.map((r) => payoutView(r, store)), next: rows.length > limit && last ? { at: last.cursor_at, id: last.id } : null };
  }

  /**
   * The export file of one of the store's payouts of the environment, for callers that authenticated
   * the store themselves (a back-office session, the operator token): 404 for any other payout. The
   * same file, byte for byte, as the API's signed link opens.
   */
  async storeExport(storeId: string, env: Env, payoutUuid: string, format: ExportFormat): Promise<ExportFile> {
    const p = await sql.findPayout(this.db, payoutUuid);
    if (!p || p.store_id !== storeId || p.env !== env) throw Errors.notFound(`Payout ${payoutUuid}`);
    return this.file(p, format);
  }

  private async own(store: Store, env: Env, storeUuid: string, payoutUuid: string): Promise<sql.PayoutRow> {
    if (storeUuid !== store.id) throw Errors.notFound(`Store ${storeUuid}`);
    const p = await sql.findPayout(this.db, payoutUuid);
    if (!p || p.store_id !== store.id || p.env !== env) throw Errors.notFound(`Payout ${payoutUuid}`);
    return p;
  }

  /** GET …/export-:payoutType: a signed link to the file, valid LINK_LIFETIME_SECONDS. */
  async exportUrl(store: Store, env: Env, storeUuid: string, payoutUuid: string, format: ExportFormat): Promise<{ url: string }> {
    const p = await this.own(store, env, storeUuid, payoutUuid);
    const { secretKey } = await this.deps.keys.forStore(store.id, env);
    const expires = Math.floor(this.clock.now().getTime() / 1000) + LINK_LIFETIME_SECONDS;
    const id = `${p.id}.${format}`;
    return { url: `${this.deps.baseUrl(env)}/payout-exports/${p.id}/${format}?expires=${expires}&signature=${signLink(secretKey, LINK_PURPOSE, id, expires)}` };
  }

  /** The file behind a signed link, streamed (403 for a bad or expired link, 404 for an unknown payout). */
  async openExport(env: Env, payoutUuid: string, format: ExportFormat, query: { expires?: unknown; signature?: unknown }): Promise<ExportFile> {
    const p = await sql.findPayout(this.db, payoutUuid);
    if (!p || p.env !== env) throw Errors.notFound(`Payout ${payoutUuid}`);
    const { secretKey } = await this.deps.keys.forStore(p.store_id, env);
    if (!checkLink(secretKey, LINK_PURPOSE, `${p.id}.${format}`, query.expires, query.signature, Math.floor(this.clock.now().getTime() / 1000))) {
      throw Errors.forbidden('the link is not valid or has expired; ask for a new one');
    }
    return this.file(p, format);
  }

  /** The payout's file in `format`: headers, and its bytes written by an export worker (export-runner.ts). */
  private async file(p: sql.PayoutRow, format: ExportFormat): Promise<ExportFile> {
    const store = (await this.deps.stores.get(p.store_id))!;
    const header = {
      payoutUuid: p.id,
      storeUuid: p.store_id,
      storeName: store.name,
      currency: p.currency,
      settlementType: p.channel,
      paymentsAmountMinor: p.payments_amount,
      refundsAmountMinor: p.refunds_amount,
      feesAmountMinor: p.fees_amount,
      totalAmountMinor: p.total_amount,
      createdAt: new Date(p.created_at),
    };
    const headers = {
      'content-type': EXPORT_FORMAT_INFO[format].contentType,
      'content-disposition': `attachment; filename="${exportFileName(p.id, format)}"`,
      'cache-control': 'private, no-store',
    };
    const job = { databaseUrl: this.deps.databaseUrl, payoutId: p.id, format, header };
    return { headers, writeTo: (res) => writeExportInWorker(job, res, headers) };
  }

  /** Runs the slot due now if no worker has, then sleeps until the next slot. */
  start(log?: PayoutLog): void {
    if (log) this.deps.log = log;
    this.stopped = false;
    const tick = async (): Promise<void> => {
      if (this.stopped) return;
      const slot = slotAtOrBefore(this.deps.schedule, this.clock.now());
      try {
        if (await sql.claimRunSlot(this.db, slot)) {
          const made = await this.run();
          await sql.finishRun(this.db, slot, made.length);
        }
      } catch (err) {
        this.deps.log?.error({ err, slot }, 'payout run failed; the next slot tries again');
      }
      if (this.stopped) return;
      const now = this.clock.now();
      const wait = Math.max(1000, nextSlot(this.deps.schedule, now).getTime() - now.getTime());
      this.timer = setTimeout(() => (this.running = tick()), Math.min(wait, 2 ** 31 - 1));
    };
    this.running = tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
