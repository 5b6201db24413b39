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
import type { LabelOrderKeys } from '../labels/render.js';
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

/**
 * Shipments read at a time when a file is made or rendered (a file has up to 1,000): their rows,
 * records and labels are young garbage, gone at the next scavenge, instead of a thousand of each
 * held through the whole file and promoted to the old generation.
 */
const CHUNK = 250;

/**
 * Labels drawn from one read of their shipments. Their labels (and the strings of the rows they
 * came from) live until the last of them is drawn; what lives through two young-generation
 * collections (one per ~20 labels) is promoted: 20 labels outlive at most one.
 */
const DRAW_CHUNK = 20;

function* chunks<T>(list: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

/** What `render` keeps of a label between its two passes: where it comes from, and what the file's order sorts on. */
interface LabelKey extends LabelOrderKeys {
  shipmentId: string;
  /** Index in the shipment's labels (its parcels). */
  parcel: number;
}

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
    private readonly opts: {
      concurrency: number;
      pollMs?: number;
      log?: LabelFileLog | undefined;
      /** Shipments read at a time (default CHUNK; tests use small ones to cross chunk boundaries). */
      chunk?: number;
      /** Labels drawn from one read (default DRAW_CHUNK). */
      drawChunk?: number;
    } = { concurrency: 2 },
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

  /**
   * Renders a ready file from the shipments as they are now (404 while not ready, 409 when one can
   * no longer be printed), never holding more than a chunk of shipments: a first pass reads them
   * CHUNK at a time, checks that each can still be printed (before the first byte, as a 409) and
   * keeps only what the file's order sorts on; the PDF's pages then read them again, DRAW_CHUNK
   * labels' worth at a time, in that order. Holding all 1,000 shipments and their labels while the PDF was written
   * (seconds) put them, ~3 MB of rows, records and labels per read, into the old generation, to
   * stay there as garbage after the file. A shipment that changes between the two passes (it can
   * no longer be printed) ends the download with an error, the PDF cut short.
   */
  private async render(r: LabelFileRecord): Promise<Readable> {
    if (r.status !== 'ready') throw Errors.notFound(`Label file ${r.id}`);
    // The renderer (pdfkit, fontkit, qrcode: ~20 MB) loads on the first download, not at start.
    const { renderLabels, orderLabels } = await import('../labels/render.js');
    const store = new ShipmentStore(this.db);
    const scope = { storeId: r.storeId, env: r.env };
    const gone = (sid: string) => Errors.conflict(`shipment ${sid} can no longer be printed`);
    const printable = (sid: string, s: ShipmentRecord | undefined): LabelInput[] => {
      const built = s ? shipmentLabels(s) : null;
      if (!built || 'error' in built) throw gone(sid);
      return built.labels;
    };
    const keys: LabelKey[] = [];
    const chunk = this.opts.chunk ?? CHUNK;
    const drawChunk = this.opts.drawChunk ?? DRAW_CHUNK;
    for (const ids of chunks(r.shipmentIds, chunk)) {
      const found = await store.findMany(ids, scope);
      for (const sid of ids) {
        printable(sid, found.get(sid)).forEach((l, parcel) => {
          keys.push({ shipmentId: sid, parcel, trackingNumber: l.trackingNumber, createdAt: l.createdAt, carrier: l.carrier, merchantReference: l.merchantReference, parcelIndex: l.parcelIndex });
        });
      }
    }
    const ordered = orderLabels(keys, RENDER_ORDER[r.orderLabelsBy]);
    // A chunk's labels are made at once and its records dropped: drawing a chunk takes longer than
    // a young-generation collection, and what lives through two is promoted.
    const labelsOf = async (part: readonly LabelKey[]): Promise<LabelInput[]> => {
      const found = await store.findMany([...new Set(part.map((k) => k.shipmentId))], scope);
      const built = new Map<string, LabelInput[]>();
      return part.map((k) => {
        let shipmentLabels = built.get(k.shipmentId);
        if (!shipmentLabels) built.set(k.shipmentId, (shipmentLabels = printable(k.shipmentId, found.get(k.shipmentId))));
        const label = shipmentLabels[k.parcel];
        if (!label) throw gone(k.shipmentId);
        return label;
      });
    };
    async function* labels(): AsyncGenerator<LabelInput> {
      for (const part of chunks(ordered, drawChunk)) yield* await labelsOf(part);
    }
    return renderLabels(labels(), {
      pageSize: r.pageSize,
      labelsPerPage: r.labelsPerPage,
      // Already in the file's order.
      order: 'asGiven',
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

  /**
   * Completes a pending file, reading its shipments CHUNK at a time (as `render` does): a first
   * pass locks and checks them, keeping only their ids; the events of those that move are then
   * written a chunk at a time, in the file's order, each chunk read again.
   */
  private async make(tx: Queryable, id: string): Promise<void> {
    const f = await this.find(tx, id, null, true);
    if (!f || !LABEL_FILE_TRANSITIONS.complete.from.includes(f.status)) return;
    const store = new ShipmentStore(tx);
    const scope = { storeId: f.storeId, env: f.env };
    // Registered ones move to labelsCreated (the shipment table's createLabels).
    const labels = SHIPMENT_TRANSITIONS.createLabels;
    const position = new Map(f.shipmentIds.map((sid, i) => [sid, i]));
    const errors: { at: number; error: LabelFileError }[] = [];
    const moving = new Set<string>();
    // Locked in id order, chunk after chunk, so two label files sharing shipments cannot deadlock
    // (the ids are lowercase: their string order is PostgreSQL's uuid order).
    const chunk = this.opts.chunk ?? CHUNK;
    for (const ids of chunks([...f.shipmentIds].sort(), chunk)) {
      const found = await store.findMany(ids, scope, true);
      for (const sid of ids) {
        const at = position.get(sid)!;
        const s = found.get(sid);
        if (!s) {
          errors.push({ at, error: { shipmentId: sid, field: 'id', message: 'shipment not found' } });
          continue;
        }
        const built = shipmentLabels(s);
        if ('error' in built) errors.push({ at, error: built.error });
        else if (labels.from.includes(s.status)) moving.add(sid);
      }
    }
    if (errors.length) {
      // In the file's order, as the request listed the shipments.
      await this.fail(
        tx,
        id,
        f.status,
        errors.sort((a, b) => a.at - b.at).map((e) => e.error),
      );
      return;
    }
    const done = transition(LABEL_FILE_MACHINE, f.status, 'complete');
    const moved = f.shipmentIds.filter((sid) => moving.has(sid));
    if (labels.webhook) {
      // Their events carry each shipment as it is once moved; written before the move (one
      // transaction: the same outcome), so a chunk read again still finds them where they were.
      const eventType = labels.webhook;
      for (const ids of chunks(moved, chunk)) {
        const found = await store.findMany(ids, scope);
        await enqueueShipmentEvents(
          tx,
          f.storeId,
          f.env,
          ids.map((sid) => ({ eventType, shipmentId: sid, data: shipmentJson({ ...found.get(sid)!, status: labels.to }) })),
        );
      }
    }
    // One UPDATE, however many.
    await store.moveMany(moved, labels.to);
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
