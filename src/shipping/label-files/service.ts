/**
 * Label files: POST validates and stores a `pending` request; the worker (a ClaimLoop, claimed
 * with FOR UPDATE SKIP LOCKED and a lease) makes it `ready` in ONE transaction that also moves
 * every `registered` shipment to `labelsCreated` and writes the webhook events
 * (shipment.labelsCreated per moved shipment, then labelFile.ready), or `failed` with errors and
 * labelFile.creationFailed. The PDF is never stored: `download` renders it from the shipments.
 */
import type { Readable } from 'node:stream';
import { ClaimLoop, claimById, claimDue, leaseHeartbeat, type LeasedQueue } from '../../platform/claim-loop.js';
import { withTx, type Db, type Queryable } from '../../platform/db.js';
import { Errors } from '../../platform/errors.js';
import { isUuid, uuidv7 } from '../../platform/ids.js';
import type { Store } from '../../stores/service.js';
import type { Env } from '../../platform/env.js';
import type { LabelInput } from '../labels/model.js';
import { ShipmentStore, shipmentStatuses, type ShipmentRecord } from '../shipments/store.js';
import { shipmentJson } from '../shipments/view.js';
import { enqueueShipmentEvent, enqueueShipmentEvents } from '../webhooks/events.js';
import { PRINTABLE, shipmentLabels } from './labels.js';
import { labelFileJson, parseLabelFileInput, RENDER_ORDER, type LabelFileError, type LabelFileJson, type LabelFileRecord, type LabelFileStatus } from './model.js';
import { checkLink, LINK_LIFETIME_SECONDS, signLink, type LinkPurpose } from '../../platform/signed-links.js';
import { systemClock, type Clock } from '../../platform/clock.js';

import { transition } from '../../platform/state-machine.js';
import { SHIPMENT_TRANSITIONS } from '../shipments/states.js';
import { LABEL_FILE_MACHINE, LABEL_FILE_TRANSITIONS } from './states.js';
import * as sql from './store.js';

const LINK_PURPOSE: LinkPurpose = 'kassa.label-file-link.v1';

const LABEL_FILE_QUEUE: LeasedQueue = { table: 'label_files', dueColumn: 'next_attempt_at', attemptsColumn: 'attempts', waiting: sql.WAITING };
/** Attempts (each ending in a database or rendering error) before the file is failed for good. */
export const MAX_ATTEMPTS = 5;

export interface LabelFileLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const fromRow = (r: sql.LabelFileRow): LabelFileRecord => ({
  id: r.id,
  storeId: r.store_id,
  env: r.env,
  shipmentIds: r.shipment_ids,
  pageSize: r.page_size,
  labelsPerPage: r.labels_per_page,
  orderLabelsBy: r.order_labels_by,
  status: r.status,
  errors: r.errors,
  createdAt: r.created_at,
  readyAt: r.ready_at,
});

export interface LabelFileDeps {
  /** The store's current secret key of an environment (signs download links). */
  keys: { forStore(storeId: string, env: Env): Promise<{ secretKey: string }> };
  /** Absolute base of the shipping API of an environment, e.g. https://pay.example/shipping/api/v2. */
  baseUrl(env: Env): string;
  /** Real time (default the system clock). */
  clock?: Clock;
}

export class LabelFileService {
  private readonly loop: ClaimLoop<string>;

  constructor(
    private readonly db: Db,
    private readonly deps: LabelFileDeps,
    private readonly opts: { concurrency: number; pollMs?: number; log?: LabelFileLog | undefined } = { concurrency: 2 },
  ) {
    this.loop = new ClaimLoop<string>({
      name: 'label file worker',
      concurrency: opts.concurrency,
      pollMs: opts.pollMs ?? 1000,
      claim: (limit) => this.claim(limit),
      work: (id) => this.attempt(id),
      heartbeat: leaseHeartbeat(db, LABEL_FILE_QUEUE),
      log: () => this.opts.log,
    });
  }

  /**
   * POST /label-files. 400 for malformed input; 404 naming `shipmentIds[i]` when a shipment is
   * not the store's (in this environment); 409 naming it when it has no labels yet (pending,
   * registrationFailed, …). Nothing is written unless everything passes.
   */
  async create(store: Store, env: Env, body: unknown): Promise<LabelFileJson> {
    const input = parseLabelFileInput(body);
    const status = await shipmentStatuses(this.db, input.shipmentIds, store.id, env);
    input.shipmentIds.forEach((id, i) => {
      if (!status.has(id)) throw Errors.notFound(`shipmentIds[${i}]: shipment ${id}`);
    });
    input.shipmentIds.forEach((id, i) => {
      const s = status.get(id)!;
      if (!(PRINTABLE as readonly string[]).includes(s)) {
        throw Errors.conflict(`shipmentIds[${i}]: shipment ${id} is ${s}; labels can be created once it is registered`);
      }
    });
    const id = uuidv7();
    await sql.insertLabelFile(this.db, { id, storeId: store.id, env, input });
    if (input.synchronous) {
      if (await this.claimOne(id)) await this.loop.workClaimed(id);
    } else this.loop.wake();
    return this.get(store.id, env, id);
  }

  private async find(q: Queryable, id: string, scope: { storeId: string; env: Env } | null, lock = false): Promise<LabelFileRecord | null> {
    if (!isUuid(id)) return null;
    const row = await sql.selectLabelFile(q, id, scope, lock);
    return row ? fromRow(row) : null;
  }

  /** Real time in seconds: download links expire by the calendar, not by a store's sandbox clock. */
  private nowS(): number {
    return Math.floor((this.deps.clock ?? systemClock).now().getTime() / 1000);
  }

  /** GET /label-files/:id: the record, with a fresh signed download link while ready. */
  async get(storeId: string, env: Env, id: string): Promise<LabelFileJson> {
    const r = await this.find(this.db, id, { storeId, env });
    if (!r) throw Errors.notFound(`Label file ${id}`);
    return labelFileJson(r, r.status === 'ready' ? await this.link(r) : null);
  }

  async link(r: LabelFileRecord, nowS = this.nowS()): Promise<string> {
    const expires = nowS + LINK_LIFETIME_SECONDS;
    const { secretKey } = await this.deps.keys.forStore(r.storeId, r.env);
    return `${this.deps.baseUrl(r.env)}/label-files/${r.id}/download?expires=${expires}&signature=${signLink(secretKey, LINK_PURPOSE, r.id, expires)}`;
  }

  /**
   * The public download: checks the link (403 when wrong or expired; 404 for an unknown id or
   * another environment's), then renders the PDF from the shipments as they are now.
   */
  async download(env: Env, id: string, query: { expires?: unknown; signature?: unknown }): Promise<{ stream: Readable; record: LabelFileRecord }> {
    const r = await this.find(this.db, id, null);
    if (!r || r.env !== env) throw Errors.notFound(`Label file ${id}`);
    const { secretKey } = await this.deps.keys.forStore(r.storeId, r.env);
    if (!checkLink(secretKey, LINK_PURPOSE, r.id, query.expires, query.signature, this.nowS())) {
      throw Errors.forbidden('the download link is invalid or has expired; GET the label file for a fresh one');
    }
    return { stream: await this.render(r), record: r };
  }

  /**
   * The PDF of one of a store's label files, for a caller that authenticated the store itself (the
   * back office's session): 404 for another store's or environment's, or one not ready.
   */
  async downloadFor(storeId: string, env: Env, id: string): Promise<{ stream: Readable; record: LabelFileRecord }> {
    const r = await this.find(this.db, id, { storeId, env });
    if (!r) throw Errors.notFound(`Label file ${id}`);
    return { stream: await this.render(r), record: r };
  }

  /** Renders a ready file from the shipments as they are now (404 while not ready, 409 when one can no longer be printed). */
  private async render(r: LabelFileRecord): Promise<Readable> {
    if (r.status !== 'ready') throw Errors.notFound(`Label file ${r.id}`);
    const labels: LabelInput[] = [];
    const found = await new ShipmentStore(this.db).findMany(r.shipmentIds, { storeId: r.storeId, env: r.env });
    for (const sid of r.shipmentIds) {
      const s = found.get(sid);
      const built = s ? shipmentLabels(s) : null;
      if (!built || 'error' in built) throw Errors.conflict(`shipment ${sid} can no longer be printed`);
      labels.push(...built.labels);
    }
    // The renderer (pdfkit, fontkit, bwip-js: ~25 MB) loads on the first download, not at start.
    const { renderLabels } = await import('../labels/render.js');
    return renderLabels(labels, {
      pageSize: r.pageSize,
      labelsPerPage: r.labelsPerPage,
      order: RENDER_ORDER[r.orderLabelsBy],
      documentDate: r.readyAt ?? r.createdAt,
      title: `Shipping labels ${r.id}`,
    });
  }

  /** Claims up to `limit` pending rows due now. */
  claim(limit: number): Promise<string[]> {
    return claimDue(this.db, LABEL_FILE_QUEUE, limit);
  }

  /** Claims one row now (synchronous requests); false when it is not pending or another worker holds it. */
  claimOne(id: string): Promise<boolean> {
    return claimById(this.db, LABEL_FILE_QUEUE, id);
  }

  /**
   * One attempt; never throws. An unexpected error leaves the file pending for the lease to
   * expire and the next attempt; the MAX_ATTEMPTS-th such error fails it (labelFile.creationFailed).
   */
  async attempt(id: string): Promise<void> {
    try {
      await withTx(this.db, (tx) => this.make(tx, id));
    } catch (err) {
      this.opts.log?.error({ err, labelFile: id }, 'label file attempt failed');
      try {
        await withTx(this.db, async (tx) => {
          const waiting = await sql.lockWaiting(tx, id);
          if (!waiting || waiting.attempts < MAX_ATTEMPTS) return;
          await this.fail(tx, id, waiting.status, [{ shipmentId: null, field: 'labelFile', message: `could not be created after ${MAX_ATTEMPTS} attempts` }]);
        });
      } catch (err2) {
        this.opts.log?.error({ err: err2, labelFile: id }, 'label file could not be marked failed');
      }
    }
  }

  /** The table's `fail` on a locked file in status `from`, with its event. */
  private async fail(tx: Queryable, id: string, from: LabelFileStatus, errors: LabelFileError[]): Promise<void> {
    const t = transition(LABEL_FILE_MACHINE, from, 'fail');
    await sql.markFailed(tx, id, errors);
    const after = (await this.find(tx, id, null))!;
    await enqueueShipmentEvent(tx, { eventType: t.webhook, storeId: after.storeId, env: after.env, shipmentId: null, data: labelFileJson(after, null) });
    this.opts.log?.info({ labelFile: id, errors: errors.length }, 'label file failed');
  }

  private async make(tx: Queryable, id: string): Promise<void> {
    const f = await this.find(tx, id, null, true);
    if (!f || !LABEL_FILE_TRANSITIONS.complete.from.includes(f.status)) return;
    const store = new ShipmentStore(tx);
    // Locked in id order, so two label files sharing shipments cannot deadlock.
    const found = await store.findMany(f.shipmentIds, { storeId: f.storeId, env: f.env }, true);
    const errors: LabelFileError[] = [];
    const shipments: ShipmentRecord[] = [];
    for (const sid of f.shipmentIds) {
      const s = found.get(sid);
      if (!s) {
        errors.push({ shipmentId: sid, field: 'id', message: 'shipment not found' });
        continue;
      }
      const built = shipmentLabels(s);
      if ('error' in built) errors.push(built.error);
      else shipments.push(s);
    }
    if (errors.length) {
      await this.fail(tx, id, f.status, errors);
      return;
    }
    const done = transition(LABEL_FILE_MACHINE, f.status, 'complete');
    // Registered ones move to labelsCreated (the shipment table's createLabels): one UPDATE and
    // one INSERT of their events, however many.
    const labels = SHIPMENT_TRANSITIONS.createLabels;
    const moved = shipments.filter((s) => labels.from.includes(s.status)).map((s): ShipmentRecord => ({ ...s, status: labels.to }));
    await store.moveMany(
      moved.map((s) => s.id),
      labels.to,
    );
    if (labels.webhook) {
      const eventType = labels.webhook;
      await enqueueShipmentEvents(
        tx,
        f.storeId,
        f.env,
        moved.map((s) => ({ eventType, shipmentId: s.id, data: shipmentJson(s) })),
      );
    }
    await sql.markReady(tx, id);
    const after = (await this.find(tx, id, null))!;
    // The event carries no URL (links live 15 minutes, deliveries are retried for longer): GET the record.
    await enqueueShipmentEvent(tx, { eventType: done.webhook, storeId: f.storeId, env: f.env, shipmentId: null, data: labelFileJson(after, null) });
  }

  /** Makes everything due now (tests, sandbox); returns how many attempts were made. */
  drain(): Promise<number> {
    return this.loop.drain();
  }

  start(log?: LabelFileLog): void {
    if (log) this.opts.log = log;
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
