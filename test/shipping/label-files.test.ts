import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { barcodeToolsOrSkip, decodePage, pdfPageCount } from '../support/barcodes.js';
import { activate, courierBody as oneParcelCourier, pickupBody, SANDBOX } from './support.js';

/** The courier shipment of these tests has two parcels. */
const courierBody = (over: Record<string, unknown> = {}) => oneParcelCourier({ parcels: [{ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 }, { weight: 1 }], ...over });
import type { CreatedStore } from '../../src/stores/service.js';
import { signLink } from '../../src/platform/signed-links.js';
import { LabelFileService, MAX_ATTEMPTS } from '../../src/shipping/label-files/service.js';
import { ShipmentStore } from '../../src/shipping/shipments/store.js';
import { TransitionError } from '../../src/platform/state-machine.js';
import * as labelFileStore from '../../src/shipping/label-files/store.js';
import { shipmentLabels } from '../../src/shipping/label-files/labels.js';
import { RENDER_ORDER, type OrderLabelsBy } from '../../src/shipping/label-files/model.js';
import { renderLabels } from '../../src/shipping/labels/render.js';

let t: TestApp;
let other: CreatedStore;

beforeAll(async () => {
  t = await createTestApp();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
  other = await t.createStore();
  await activate(t, other, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
  await t.db.query(`INSERT INTO webhooks (id, store_id, env, url, enabled_events) VALUES (gen_random_uuid(), $1, 'sandbox', 'https://hooks.example/kassa', $2)`, [
    t.store.id,
    ['shipment.registered', 'shipment.labelsCreated', 'labelFile.ready', 'labelFile.creationFailed'],
  ]);
});
afterAll(async () => t.close());

const auth = (store?: CreatedStore) => t.bearer({ env: 'sandbox', ...(store ? { store } : {}) });
async function shipment(body: Record<string, unknown>, store?: CreatedStore): Promise<{ id: string; parcels: { carrierParcelId: string | null }[] }> {
  const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: auth(store), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const getShipment = async (id: string) => (await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipments/${id}`, headers: auth() })).json();
const postLabelFile = (payload: unknown, store?: CreatedStore) => t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: auth(store), payload: payload as Record<string, unknown> });
const getLabelFile = (id: string, store?: CreatedStore) => t.app.inject({ method: 'GET', url: `${SANDBOX}/label-files/${id}`, headers: auth(store) });
const drainShipments = () => t.services.shipments.registration.drain();
const drainLabels = () => t.services.labelFiles.drain();

/** Two registered shipments: a pickup-point one with 1 parcel and a courier one with 2. */
async function registeredPair() {
  const a = await shipment(pickupBody());
  const b = await shipment(courierBody());
  await drainShipments();
  const sa = await getShipment(a.id);
  const sb = await getShipment(b.id);
  expect(sa.status).toBe('registered');
  expect(sb.status).toBe('registered');
  return { ids: [a.id, b.id], tracking: [sa.parcels[0].carrierParcelId, sb.parcels[0].carrierParcelId, sb.parcels[1].carrierParcelId] as string[] };
}

async function download(url: string) {
  const u = new URL(url);
  return t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
}

async function events(kind: string): Promise<{ subject: string; claims: { shipmentId: string | null; data: Record<string, unknown> } }[]> {
  const { rows } = await t.db.query(`SELECT subject_id AS subject, claims FROM notifications WHERE kind = 'webhook' AND claims->>'eventType' = $1 ORDER BY created_at, id`, [kind]);
  return rows;
}

const labelFileCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM label_files')).rows[0]!.n;

describe('POST /label-files (asynchronous)', () => {
  it('creates a pending file; the worker makes it ready, moves shipments to labelsCreated, writes events; the link downloads a scannable PDF', async () => {
    const { ids, tracking } = await registeredPair();
    const res = await postLabelFile({ shipmentIds: ids });
    expect(res.statusCode).toBe(201);
    const lf = res.json();
    expect(lf).toMatchObject({ status: 'pending', labelFileUrl: null, shipmentIds: ids, pageSize: 'A4', labelsPerPage: 4, orderLabelsBy: 'createdAt', errors: null });
    expect(Object.keys(lf)).toEqual(['id', 'status', 'labelFileUrl', 'shipmentIds', 'pageSize', 'labelsPerPage', 'orderLabelsBy', 'errors', 'createdAt', 'readyAt']);
    expect((await getShipment(ids[0]!)).status).toBe('registered');

    expect(await drainLabels()).toBe(1);
    const got = await getLabelFile(lf.id);
    expect(got.statusCode).toBe(200);
    const ready = got.json();
    expect(ready.status).toBe('ready');
    expect(ready.readyAt).toEqual(expect.any(String));
    expect(ready.labelFileUrl).toMatch(new RegExp(`^${t.config.publicUrl.replace(/\./g, '\\.')}${SANDBOX}/label-files/${lf.id}/download\\?expires=\\d+&signature=[\\w-]+$`));
    const expires = Number(new URL(ready.labelFileUrl).searchParams.get('expires'));
    expect(expires - Math.floor(Date.now() / 1000)).toBeGreaterThan(14 * 60);
    expect(expires - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(15 * 60);

    for (const id of ids) expect((await getShipment(id)).status).toBe('labelsCreated');
    const moved = await events('shipment.labelsCreated');
    // One transaction: same created_at, so compare as sets.
    expect(
      moved
        .filter((e) => ids.includes(e.claims.shipmentId!))
        .map((e) => e.claims.shipmentId)
        .sort(),
    ).toEqual([...ids].sort());
    expect(moved.find((e) => e.claims.shipmentId === ids[0])!.claims.data).toMatchObject({ id: ids[0], status: 'labelsCreated' });
    const readyEvents = (await events('labelFile.ready')).filter((e) => e.claims.data.id === lf.id);
    expect(readyEvents).toHaveLength(1);
    expect(readyEvents[0]!.claims.shipmentId).toBeNull();
    expect(readyEvents[0]!.claims.data).toMatchObject({ id: lf.id, status: 'ready', shipmentIds: ids, labelFileUrl: null });

    const pdf = await download(ready.labelFileUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const body = pdf.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(body)).toBe(1); // 3 labels, 4 per A4 sheet

    if (barcodeToolsOrSkip()) {
      const codes = decodePage(body);
      for (const tn of tracking) expect(codes).toContain(tn);
    }
  });

  it('a shipment that lost its tracking numbers before the worker ran fails the file with errors and labelFile.creationFailed', async () => {
    const { ids } = await registeredPair();
    const res = await postLabelFile({ shipmentIds: ids, synchronous: false });
    expect(res.statusCode).toBe(201);
    const lf = res.json();
    // As a PATCH would: back to pending, tracking numbers cleared.
    await t.db.query(`UPDATE shipments SET status = 'pending', next_registration_at = now() + interval '1 hour' WHERE id = $1`, [ids[1]]);
    await t.db.query('UPDATE shipment_parcels SET carrier_parcel_id = NULL WHERE shipment_id = $1', [ids[1]]);
    await drainLabels();
    const failed = (await getLabelFile(lf.id)).json();
    expect(failed).toMatchObject({ status: 'failed', labelFileUrl: null, errors: [{ shipmentId: ids[1], field: 'status' }] });
    expect((await getShipment(ids[0]!)).status).toBe('registered');
    const ev = (await events('labelFile.creationFailed')).filter((e) => e.claims.data.id === lf.id);
    expect(ev).toHaveLength(1);
    expect(ev[0]!.claims.data).toMatchObject({ status: 'failed', errors: [{ shipmentId: ids[1] }] });
    expect((await events('shipment.labelsCreated')).some((e) => ids.includes(e.claims.shipmentId!))).toBe(false);
  });
});

describe('the worker', () => {
  it('the started loop makes queued files ready (as startWorkers runs it)', async () => {
    const { ids } = await registeredPair();
    t.services.labelFiles.start();
    try {
      const lf = (await postLabelFile({ shipmentIds: ids })).json();
      let status = 'pending';
      for (let i = 0; i < 100 && status === 'pending'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await getLabelFile(lf.id)).json().status;
      }
      expect(status).toBe('ready');
    } finally {
      await t.services.labelFiles.stop();
    }
  });

  it('an unexpected error leaves the file pending for a retry; the last allowed attempt fails it', async () => {
    const { ids } = await registeredPair();
    const lf = (await postLabelFile({ shipmentIds: ids })).json();
    const spy = vi.spyOn(ShipmentStore.prototype, 'findMany').mockRejectedValue(new Error('database went away'));
    try {
      expect(await drainLabels()).toBe(1);
      expect((await getLabelFile(lf.id)).json().status).toBe('pending');
      // The lease runs out; by then this is the last attempt.
      await t.db.query('UPDATE label_files SET locked_until = NULL, attempts = $2 - 1 WHERE id = $1', [lf.id, MAX_ATTEMPTS]);
      expect(await drainLabels()).toBe(1);
    } finally {
      spy.mockRestore();
    }
    const failed = (await getLabelFile(lf.id)).json();
    expect(failed).toMatchObject({ status: 'failed', errors: [{ shipmentId: null, field: 'labelFile' }] });
    expect((await events('labelFile.creationFailed')).filter((e) => e.claims.data.id === lf.id)).toHaveLength(1);
    expect((await getShipment(ids[0]!)).status).toBe('registered');
  });
});

describe('files of more shipments than a chunk (the service reads them a few at a time)', () => {
  /** The same service with chunks of 2 shipments (made and read) and 3 labels (drawn). */
  const small = () => new LabelFileService(t.db, { keys: t.services.keys, baseUrl: () => 'http://kassa.test' }, { concurrency: 1, chunk: 2, drawChunk: 3 });
  async function pdf(service: LabelFileService, id: string): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const part of (await service.downloadFor(t.store.id, 'sandbox', id)).stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }
  /** The file rendered as before chunks: every shipment's labels in one list, sorted and drawn by the renderer. */
  async function wholeList(id: string): Promise<Buffer> {
    const lf = (await getLabelFile(id)).json();
    const found = await new ShipmentStore(t.db).findMany(lf.shipmentIds, { storeId: t.store.id, env: 'sandbox' });
    const labels = (lf.shipmentIds as string[]).flatMap((sid) => {
      const built = shipmentLabels(found.get(sid)!);
      if ('error' in built) throw new Error(built.error.message);
      return built.labels;
    });
    const stream = renderLabels(labels, {
      pageSize: lf.pageSize,
      labelsPerPage: lf.labelsPerPage,
      order: RENDER_ORDER[lf.orderLabelsBy as OrderLabelsBy],
      documentDate: new Date(lf.readyAt),
      title: `Shipping labels ${id}`,
    });
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }
  /** A pending file, made by `service`. */
  async function made(service: LabelFileService, body: Record<string, unknown>): Promise<string> {
    const res = await postLabelFile({ ...body, synchronous: false });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(await service.claimOne(id)).toBe(true);
    await service.attempt(id);
    return id;
  }

  it("prints every order byte for byte as one chunk does (shipments of 1 and 2 parcels); the events follow the file's order", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await shipment(i % 2 ? courierBody() : pickupBody())).id);
    await drainShipments();
    // Not the creation order, so 'shipmentIds' and 'createdAt' differ.
    const given = [ids[3]!, ids[0]!, ids[6]!, ids[1]!, ids[5]!, ids[2]!, ids[4]!];
    const svc = small();
    for (const [n, orderLabelsBy] of ['shipmentIds', 'trackingNumber', 'merchantReference', 'createdAt', 'carrier'].entries()) {
      const id = await made(svc, { shipmentIds: given, orderLabelsBy, pageSize: 'A4', labelsPerPage: 4 });
      expect((await getLabelFile(id)).json().status).toBe('ready');
      const chunked = await pdf(svc, id);
      expect(pdfPageCount(chunked)).toBe(3); // 10 labels, 4 a sheet
      expect(chunked.equals(await pdf(t.services.labelFiles, id)), orderLabelsBy).toBe(true);
      expect(chunked.equals(await wholeList(id)), orderLabelsBy).toBe(true);
      if (n === 0) {
        // The first file moved them all: one event each, written chunk after chunk in the file's order.
        const { rows } = await t.db.query<{ id: string }>(
          `SELECT claims->>'shipmentId' AS id FROM notifications WHERE kind = 'webhook' AND claims->>'eventType' = 'shipment.labelsCreated' AND claims->>'shipmentId' = ANY ($1) ORDER BY feed_seq`,
          [ids],
        );
        expect(rows.map((r) => r.id)).toEqual(given);
        for (const sid of ids) expect((await getShipment(sid)).status).toBe('labelsCreated');
      }
    }
  });

  it("lists a failed file's errors in the file's order, whichever chunk found them", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await shipment(pickupBody())).id);
    await drainShipments();
    const res = await postLabelFile({ shipmentIds: [ids[3], ids[0], ids[4], ids[1], ids[2]], synchronous: false });
    const id = res.json().id as string;
    // Checked in id order (chunks [0 1] [2 3] [4]); reported as the file lists them: 4 before 1.
    for (const sid of [ids[1], ids[4]]) await t.db.query(`UPDATE shipments SET status = 'pending', next_registration_at = now() + interval '1 hour' WHERE id = $1`, [sid]);
    const svc = small();
    expect(await svc.claimOne(id)).toBe(true);
    await svc.attempt(id);
    expect((await getLabelFile(id)).json()).toMatchObject({ status: 'failed', errors: [{ shipmentId: ids[4] }, { shipmentId: ids[1] }] });
    expect((await getShipment(ids[0]!)).status).toBe('registered');
  });
});

describe('POST /label-files (synchronous) and page sizes', () => {
  it('synchronous true answers ready with a link; A6 prints one label per page, A4 with 2 per page', async () => {
    const { ids, tracking } = await registeredPair();
    const res = await postLabelFile({ shipmentIds: ids, pageSize: 'A6', synchronous: true, orderLabelsBy: 'trackingNumber' });
    expect(res.statusCode).toBe(201);
    const lf = res.json();
    expect(lf).toMatchObject({ status: 'ready', pageSize: 'A6', labelsPerPage: 1, orderLabelsBy: 'trackingNumber' });
    const a6 = await download(lf.labelFileUrl);
    expect(a6.statusCode).toBe(200);
    expect(pdfPageCount(a6.rawPayload)).toBe(3);
    if (barcodeToolsOrSkip()) {
      const sorted = [...tracking].sort();
      expect(decodePage(a6.rawPayload)).toContain(sorted[0]);
    }

    // Shipments already labelsCreated can be printed again.
    const res2 = await postLabelFile({ shipmentIds: ids, pageSize: 'A4', labelsPerPage: 2, synchronous: true });
    expect(res2.json()).toMatchObject({ status: 'ready', pageSize: 'A4', labelsPerPage: 2 });
    const a4 = await download(res2.json().labelFileUrl);
    expect(pdfPageCount(a4.rawPayload)).toBe(2);
    // Already labelsCreated: no second shipment.labelsCreated event.
    expect((await events('shipment.labelsCreated')).filter((e) => e.claims.shipmentId === ids[0])).toHaveLength(1);
  });
});

describe('download links', () => {
  it('tampered, expired, missing or foreign-environment links are refused', async () => {
    const { ids } = await registeredPair();
    const lf = (await postLabelFile({ shipmentIds: ids, synchronous: true })).json();
    const u = new URL(lf.labelFileUrl);
    const sig = u.searchParams.get('signature')!;
    const expires = u.searchParams.get('expires')!;
    const base = `${SANDBOX}/label-files/${lf.id}/download`;
    const tampered = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect((await t.app.inject({ method: 'GET', url: `${base}?expires=${expires}&signature=${tampered}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${base}?expires=${Number(expires) + 60}&signature=${sig}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(403);
    const secret = (await t.services.keys.forStore(t.store.id, 'sandbox')).secretKey;
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await t.app.inject({ method: 'GET', url: `${base}?expires=${past}&signature=${signLink(secret, 'kassa.label-file-link.v1', lf.id, past)}` });
    expect(expired.statusCode).toBe(403);
    // Correctly signed but for the production path: another environment's file is not found.
    expect((await t.app.inject({ method: 'GET', url: `/shipping/api/v2/label-files/${lf.id}/download?expires=${expires}&signature=${sig}` })).statusCode).toBe(404);
    expect((await download(lf.labelFileUrl)).statusCode).toBe(200);
  });

  it("another store's label file is 404; so are unknown and malformed ids", async () => {
    const { ids } = await registeredPair();
    const lf = (await postLabelFile({ shipmentIds: ids })).json();
    expect((await getLabelFile(lf.id, other)).statusCode).toBe(404);
    expect((await getLabelFile('0190a000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await getLabelFile('nope')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${SANDBOX}/label-files/${lf.id}`, headers: t.bearer({ env: 'production' }) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${SANDBOX}/label-files/${lf.id}` })).statusCode).toBe(401);
  });
});

describe('POST /label-files validation', () => {
  it('400s name the field and write nothing', async () => {
    const { ids } = await registeredPair();
    const before = await labelFileCount();
    const cases: [unknown, string][] = [
      [{}, 'shipmentIds is required'],
      [{ shipmentIds: 'x' }, 'shipmentIds must be an array'],
      [{ shipmentIds: [] }, 'shipmentIds must not be empty'],
      [{ shipmentIds: [ids[0], 'nope'] }, 'shipmentIds[1] must be a UUID'],
      [{ shipmentIds: [ids[0], ids[0]] }, 'shipmentIds[1] repeats shipmentIds[0]'],
      [{ shipmentIds: Array.from({ length: 1001 }, () => ids[0]) }, 'shipmentIds must have at most 1000 items'],
      [{ shipmentIds: ids, pageSize: 'A5' }, 'pageSize must be one of A4, A6'],
      [{ shipmentIds: ids, labelsPerPage: 3 }, 'labelsPerPage must be one of 1, 2, 4'],
      [{ shipmentIds: ids, pageSize: 'A6', labelsPerPage: 4 }, 'labelsPerPage must be 1 for pageSize A6'],
      [{ shipmentIds: ids, orderLabelsBy: 'weight' }, 'orderLabelsBy must be one of shipmentIds, trackingNumber, merchantReference'],
      [{ shipmentIds: ids, synchronous: 'yes' }, 'synchronous must be a boolean'],
    ];
    for (const [body, message] of cases) {
      const res = await postLabelFile(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await labelFileCount()).toBe(before);
  });

  it("unknown or another store's shipment is 404 naming shipmentIds[i]; a pending one is 409; nothing is written", async () => {
    const { ids } = await registeredPair();
    const foreign = await shipment(pickupBody(), other);
    const pending = await shipment(pickupBody());
    const before = await labelFileCount();
    const unknown = await postLabelFile({ shipmentIds: [ids[0], '0190a000-0000-7000-8000-000000000001'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('shipmentIds[1]');
    const theirs = await postLabelFile({ shipmentIds: [foreign.id] });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toContain('shipmentIds[0]');
    const notYet = await postLabelFile({ shipmentIds: [ids[0], ids[1], pending.id] });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toContain(`shipmentIds[2]: shipment ${pending.id} is pending`);
    expect(await labelFileCount()).toBe(before);
    expect((await getShipment(ids[0]!)).status).toBe('registered');
  });
});

describe('the label file table in the database', () => {
  const row = async (id: string) =>
    (
      await t.db.query<{ status: string; errors: unknown; ready_at: Date | null; next_attempt_at: Date | null }>('SELECT status, errors, ready_at, next_attempt_at FROM label_files WHERE id = $1', [
        id,
      ])
    ).rows[0]!;

  it('a ready file cannot fail or be made ready again, nor be claimed as pending: the row stays as it was', async () => {
    const { ids } = await registeredPair();
    const lf = (await postLabelFile({ shipmentIds: ids, synchronous: true })).json();
    expect(lf.status).toBe('ready');
    const before = await row(lf.id);
    await expect(labelFileStore.markFailed(t.db, lf.id, [{ shipmentId: null, field: 'labelFile', message: 'late' }])).rejects.toThrow(TransitionError);
    await expect(labelFileStore.markReady(t.db, lf.id)).rejects.toThrow('were not in pending');
    expect(await labelFileStore.lockWaiting(t.db, lf.id)).toBeUndefined();
    expect(await t.services.labelFiles.claimOne(lf.id)).toBe(false);
    expect(await row(lf.id)).toEqual(before);
  });

  it('a failed file cannot become ready', async () => {
    const { ids } = await registeredPair();
    const res = await postLabelFile({ shipmentIds: [ids[0]] });
    expect(res.statusCode).toBe(201);
    // Its shipment goes back to pending before the worker runs: the file fails.
    await t.db.query(`UPDATE shipments SET status = 'pending', next_registration_at = now() + interval '1 hour' WHERE id = $1`, [ids[0]]);
    await drainLabels();
    const failed = await row(res.json().id);
    expect(failed.status).toBe('failed');
    await expect(labelFileStore.markReady(t.db, res.json().id)).rejects.toThrow(TransitionError);
    expect(await row(res.json().id)).toEqual(failed);
  });
});
