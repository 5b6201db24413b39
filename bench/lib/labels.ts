/**
 * The `labels` step of `npm run bench`: label files through the running Kassa server.
 *
 * Activates sandbox carrier contracts for the bench store (operator API), creates N shipments
 * (default 1,000; a mix of pickup-point and courier across omniva EE, inpost PL and
 * smartpost FI, one parcel each, so one label each) with `synchronous: true` and bounded
 * concurrency, then times two label files of all of them, one after the other:
 *
 *   - A6, one label per page: POST /label-files {synchronous: true} (the record becomes `ready`
 *     and the shipments move to `labelsCreated` in that request), then GET of its signed
 *     `labelFileUrl`, which renders the PDF on the fly; the time runs until the last byte.
 *   - A4, 4 labels per sheet, of the same shipments (a shipment may be in several label files).
 *
 * Each PDF is checked: `%PDF-` header, `%%EOF` trailer and the page count (`/Type /Page` objects).
 * The Kassa process's RSS is sampled during the two files (not during the shipment set-up), with
 * its baseline right before them. With `restart`, the two files are then made again by a Kassa
 * started after the set-up (same database): the set-up's garbage and caches are not in its RSS,
 * but its first file loads what a label file needs (the renderer, the pickup point catalogue).
 */
import { Monitor, type MonitorResult } from './monitor.js';
import { MB, rssBytes } from './proc.js';

const SHIPPING = '/sandbox/shipping/api/v2';

export interface LabelFileTiming {
  pageSize: 'A4' | 'A6';
  labelsPerPage: number;
  labels: number;
  /** Pages in the downloaded PDF (sheets for A4). */
  pages: number;
  bytes: number;
  /** POST /label-files (synchronous) until it answered `ready`. */
  createMs: number;
  /** GET labelFileUrl until the last byte (the PDF is rendered during the download). */
  downloadMs: number;
  /** POST until the last byte of the PDF. */
  totalMs: number;
  /** Kassa's RSS when the POST had answered (before the download), MB. */
  rssAfterCreateMB: number;
}

/** The two files (A6, then A4) made by one Kassa process, with its memory and CPU meanwhile. */
export interface LabelRound {
  /** 'after set-up': the process that created and registered the shipments; 'fresh': one started after the set-up. */
  server: 'after set-up' | 'fresh';
  pid: number;
  a6: LabelFileTiming;
  a4: LabelFileTiming;
  /** Label pages per second of the A6 file: labels / A6 total seconds. */
  pagesPerSecond: number;
  /** Kassa's RSS right before the first label file (its baseline). */
  rssBeforeMB: number;
  /** Peak RSS, database memory and CPU of Kassa during both label files. */
  monitor: MonitorResult;
}

export interface LabelStepResult {
  shipments: number;
  /** How the shipments were made: kinds and counts. */
  mix: Record<string, number>;
  /** Creating and registering all shipments (synchronous: true), wall time. */
  setupMs: number;
  setupConcurrency: number;
  /** The files made by the process that did the set-up (as a run's steps follow one another). */
  a6: LabelFileTiming;
  a4: LabelFileTiming;
  pagesPerSecond: number;
  rssBeforeMB: number;
  monitor: MonitorResult;
  /** The same files again on a Kassa started after the set-up (same database), when `restart` was given. */
  fresh?: LabelRound;
}

export interface LabelStepOptions {
  origin: string;
  adminToken: string;
  storeUuid: string;
  /** `Bearer …` for the store's sandbox keys. */
  auth: string;
  kassaPid: number;
  embedded: boolean;
  shipments: number;
  concurrency: number;
  log: (m: string) => void;
  /** Throws when Kassa has exited. */
  checkAlive: () => void;
  /**
   * Starts a fresh Kassa (same database and store) and returns its pid: the files are then made
   * again by a process that did nothing before (no set-up garbage or caches in its heap).
   */
  restart?: () => Promise<number>;
}

const SENDER = { name: 'Näidispood OÜ', streetAddress: 'Pärnu mnt 10', locality: 'Tallinn', postalCode: '10148', country: 'EE', phoneCountryCode: '+372', phoneNumber: '6001234' };

/** The contracts the shipment mix needs (as test/shipping/*.test.ts activates them). */
const CONTRACTS = [
  { env: 'sandbox', carrierCode: 'omniva', country: 'EE' },
  { env: 'sandbox', carrierCode: 'inpost', country: 'PL' },
  { env: 'sandbox', carrierCode: 'smartpost', country: 'FI', defaultLockerSize: 'M', dropOffPinService: true },
];

/** Shipment kinds, used round-robin: two pickup-point, two courier, three carriers. */
const KINDS: { name: string; body: (i: number, ref: string) => Record<string, unknown> }[] = [
  {
    name: 'omniva EE pickup point',
    body: (i, ref) => ({
      merchantReference: ref,
      shippingMethod: { type: 'pickupPoint', id: `omniva-ee-pm-${(i % 300) + 1}` },
      parcels: [{ weight: 1.2 }],
      receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234' },
      sender: SENDER,
    }),
  },
  {
    name: 'omniva EE courier',
    body: (_i, ref) => ({
      merchantReference: ref,
      shippingMethod: { type: 'courier', id: 'omniva-ee-courier-standard' },
      parcels: [{ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 }],
      receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234', streetAddress: 'Riia tn 15', locality: 'Tartu', postalCode: '51010', country: 'EE' },
      sender: SENDER,
    }),
  },
  {
    name: 'inpost PL pickup point',
    body: (i, ref) => ({
      merchantReference: ref,
      shippingMethod: { type: 'pickupPoint', id: `inpost-pl-pm-${(i % 2000) + 1}` },
      parcels: [{ weight: 1.2 }],
      receiver: { name: 'Jan Kowalski', phoneCountryCode: '+48', phoneNumber: '500600700' },
      sender: SENDER,
    }),
  },
  {
    name: 'smartpost FI courier',
    body: (_i, ref) => ({
      merchantReference: ref,
      shippingMethod: { type: 'courier', id: 'smartpost-fi-courier-standard' },
      parcels: [{ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 }],
      receiver: { name: 'Matti Virtanen', streetAddress: 'Hämeenkatu 20', locality: 'Tampere', postalCode: '33200', country: 'FI', phoneCountryCode: '+358', phoneNumber: '401234567' },
      sender: SENDER,
    }),
  },
];

async function call<T>(method: string, url: string, headers: Record<string, string>, body: unknown, expect: number, what: string): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${what}: expected HTTP ${expect}, got ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** Pages of a PDF: `/Type /Page` objects (not `/Pages`). Kassa's PDFs keep them uncompressed. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

function checkPdf(pdf: Buffer, pages: number, what: string): void {
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${what}: not a PDF (starts with ${JSON.stringify(pdf.subarray(0, 16).toString('latin1'))})`);
  if (
    !pdf
      .subarray(Math.max(0, pdf.length - 1024))
      .toString('latin1')
      .includes('%%EOF')
  )
    throw new Error(`${what}: the PDF has no %%EOF trailer (truncated?)`);
  const got = pdfPageCount(pdf);
  if (got !== pages) throw new Error(`${what}: expected ${pages} pages, the PDF has ${got}`);
}

interface LabelFileJson {
  id: string;
  status: 'pending' | 'ready' | 'failed';
  labelFileUrl: string | null;
  errors: unknown;
}

async function labelFile(o: LabelStepOptions, ids: string[], pageSize: 'A4' | 'A6', labelsPerPage: number, pid: number): Promise<LabelFileTiming> {
  const what = `label file ${pageSize}${pageSize === 'A4' ? ` (${labelsPerPage} per sheet)` : ''}`;
  const t0 = performance.now();
  let lf = await call<LabelFileJson>(
    'POST',
    `${o.origin}${SHIPPING}/label-files`,
    { authorization: o.auth },
    { shipmentIds: ids, pageSize, labelsPerPage, synchronous: true },
    201,
    `POST /label-files ${pageSize}`,
  );
  // synchronous: true answers `ready` unless a worker held the row; then poll until it is made.
  while (lf.status === 'pending') {
    await new Promise((r) => setTimeout(r, 20));
    lf = await call<LabelFileJson>('GET', `${o.origin}${SHIPPING}/label-files/${lf.id}`, { authorization: o.auth }, undefined, 200, `GET /label-files/${lf.id}`);
  }
  if (lf.status !== 'ready' || !lf.labelFileUrl) throw new Error(`${what}: ${lf.status}: ${JSON.stringify(lf.errors).slice(0, 500)}`);
  const t1 = performance.now();
  const rssAfterCreateMB = Math.round((10 * (rssBytes(pid) ?? 0)) / MB) / 10;
  // The link carries KASSA_PUBLIC_URL (the bench sets it to the server's origin).
  const res = await fetch(lf.labelFileUrl);
  const pdf = Buffer.from(await res.arrayBuffer());
  const t2 = performance.now();
  if (res.status !== 200) throw new Error(`${what}: download answered HTTP ${res.status}: ${pdf.subarray(0, 500).toString()}`);
  if (res.headers.get('content-type') !== 'application/pdf') throw new Error(`${what}: download content-type ${res.headers.get('content-type')}`);
  const pages = Math.ceil(ids.length / labelsPerPage);
  checkPdf(pdf, pages, what);
  return {
    pageSize,
    labelsPerPage,
    labels: ids.length,
    pages,
    bytes: pdf.length,
    createMs: Math.round(t1 - t0),
    downloadMs: Math.round(t2 - t1),
    totalMs: Math.round(t2 - t0),
    rssAfterCreateMB,
  };
}

export async function runLabelStep(o: LabelStepOptions): Promise<LabelStepResult> {
  const admin = { authorization: `Bearer ${o.adminToken}` };
  for (const c of CONTRACTS) {
    await call('POST', `${o.origin}/operator/stores/${o.storeUuid}/carrier-contracts`, admin, c, 201, `POST carrier-contracts ${c.carrierCode} ${c.country}`);
  }

  // --- shipments, registered inline (synchronous: true), `concurrency` requests in flight ---------
  const tag = `L-${process.pid}-${Date.now().toString(36)}`;
  const ids: string[] = new Array<string>(o.shipments);
  const mix: Record<string, number> = {};
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < o.shipments) {
      const i = next++;
      const kind = KINDS[i % KINDS.length]!;
      mix[kind.name] = (mix[kind.name] ?? 0) + 1;
      const s = await call<{ id: string; status: string; registrationErrors?: unknown }>(
        'POST',
        `${o.origin}${SHIPPING}/shipments`,
        { authorization: o.auth },
        { ...kind.body(i, `${tag}-${i}`), synchronous: true },
        201,
        `POST /shipments (${kind.name})`,
      );
      ids[i] = s.id;
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, o.shipments) }, worker));
  // Every one must be registered before it can be printed; poll those that are not yet (a worker
  // may have held the row when the synchronous request tried to claim it).
  const deadline = Date.now() + 120_000;
  let waiting = [...ids];
  while (waiting.length) {
    const still: string[] = [];
    for (const id of waiting) {
      const s = await call<{ status: string; registrationErrors?: unknown }>('GET', `${o.origin}${SHIPPING}/shipments/${id}`, { authorization: o.auth }, undefined, 200, `GET /shipments/${id}`);
      if (s.status === 'pending') still.push(id);
      else if (s.status !== 'registered') throw new Error(`shipment ${id} is ${s.status}: ${JSON.stringify(s).slice(0, 800)}`);
    }
    waiting = still;
    if (waiting.length) {
      if (Date.now() > deadline) throw new Error(`${waiting.length} shipments still pending after 120 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const setupMs = Math.round(performance.now() - t0);
  o.log(`labels: ${o.shipments} shipments created and registered in ${(setupMs / 1000).toFixed(1)} s (${o.concurrency} in flight, synchronous: true)`);
  o.checkAlive();

  // --- the two label files, by the process that did the set-up, then by a fresh one -------------------
  const first = await labelRound(o, ids, 'after set-up', o.kassaPid);
  let fresh: LabelRound | undefined;
  if (o.restart) {
    const pid = await o.restart();
    // Let the fresh process finish its start-up work (timers, first GCs) before the baseline.
    await new Promise((r) => setTimeout(r, 1000));
    fresh = await labelRound(o, ids, 'fresh', pid);
  }
  return {
    shipments: o.shipments,
    mix,
    setupMs,
    setupConcurrency: o.concurrency,
    a6: first.a6,
    a4: first.a4,
    pagesPerSecond: first.pagesPerSecond,
    rssBeforeMB: first.rssBeforeMB,
    monitor: first.monitor,
    ...(fresh ? { fresh } : {}),
  };
}

/** An A6 file, then an A4 file of the same shipments, made by Kassa process `pid` while its RSS and CPU are sampled. */
async function labelRound(o: LabelStepOptions, ids: string[], server: LabelRound['server'], pid: number): Promise<LabelRound> {
  const rssBeforeMB = (rssBytes(pid) ?? 0) / MB;
  const monitor = new Monitor(pid, pid, o.embedded, 50);
  monitor.watch();
  monitor.startCpuWindow();
  let a6: LabelFileTiming;
  let a4: LabelFileTiming;
  let mon: MonitorResult;
  try {
    a6 = await labelFile(o, ids, 'A6', 1, pid);
    o.log(
      `labels (${server}): A6 file of ${a6.labels} labels: ${(a6.totalMs / 1000).toFixed(2)} s (create ${a6.createMs} ms + download ${a6.downloadMs} ms), ${(a6.bytes / MB).toFixed(1)} MB, ${a6.pages} pages; RSS ${a6.rssAfterCreateMB} MB after the POST`,
    );
    a4 = await labelFile(o, ids, 'A4', 4, pid);
    o.log(
      `labels (${server}): A4 file of ${a4.labels} labels: ${(a4.totalMs / 1000).toFixed(2)} s (create ${a4.createMs} ms + download ${a4.downloadMs} ms), ${(a4.bytes / MB).toFixed(1)} MB, ${a4.pages} sheets`,
    );
  } finally {
    mon = monitor.stop();
  }
  o.checkAlive();
  o.log(`labels (${server}): Kassa RSS ${rssBeforeMB.toFixed(1)} MB before the files, at most ${mon.serverRssMaxMB ?? '-'} MB during them`);
  return { server, pid, a6, a4, pagesPerSecond: Math.round((10 * a6.labels * 1000) / a6.totalMs) / 10, rssBeforeMB: Math.round(rssBeforeMB * 10) / 10, monitor: mon };
}
