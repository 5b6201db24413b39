/**
 * The `exports` step of `npm run bench`: a payout of 100,000 orders, exported in each format
 * through the running Kassa server.
 *
 * Set-up (not measured) goes straight to the bench's database with set-based SQL: N paid orders
 * of the bench store (sandbox, cardPayments, EUR), a payment and a fee ledger transaction per
 * order and a refund of every 50th order (refunds rows and their ledger transactions), all settled
 * in the past, with ledger_balances recomputed from the entries (bench/lib/ledger-seed.ts). Then
 * ONE payout through the API (POST /sandbox/api/test-helpers/payouts/run), checked to hold every
 * one of those transactions.
 *
 * Measured, one format after the other: GET …/export-{format} → {url}, then GET of the url, timed
 * from the request to the last byte. The bytes are counted and dropped (a head and a tail are kept
 * for a cheap check of the file: CSV line count, JSON/XML closing, the ZIP signatures of XLSX).
 * Kassa's RSS is sampled every 50 ms during each download.
 */
import type pg from 'pg';
import { insertLedger, recomputeBalances, runTag, uuidSql } from './ledger-seed.js';
import { Monitor, type MonitorResult } from './monitor.js';
import { MB, rssBytes } from './proc.js';

const SANDBOX = '/sandbox/api';
export const EXPORT_FORMATS = ['csv', 'json', 'xml', 'excel'] as const;
export type ExportFormatName = (typeof EXPORT_FORMATS)[number];

export interface ExportTiming {
  format: ExportFormatName;
  /** GET …/export-{format} until the {url} answer. */
  linkMs: number;
  /** GET of the url until the response headers. */
  firstByteMs: number;
  /** GET of the url until the last byte (the file is made while it streams). */
  downloadMs: number;
  bytes: number;
  /** Rows in the file, as checked (CSV: lines - 1; other formats: the payout's transactions). */
  rows: number;
  check: string;
  monitor: MonitorResult;
  /** Kassa's V8 heap right after the download (its /metrics): where the RSS went. */
  heapAfter: HeapFigures | null;
}

export interface HeapFigures {
  usedMB: number;
  oldSpaceUsedMB: number;
  newSpaceUsedMB: number;
}

/** Heap used, old and new space from Kassa's Prometheus /metrics (prom-client's default Node metrics). */
export async function heapFigures(origin: string, adminToken: string): Promise<HeapFigures | null> {
  try {
    // /metrics takes the metrics token or the operator token.
    const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${adminToken}` } })).text();
    const get = (re: RegExp) => {
      const m = re.exec(text);
      return m ? Math.round(Number(m[1]) / 104_857.6) / 10 : NaN;
    };
    const f = {
      usedMB: get(/^nodejs_heap_size_used_bytes (\S+)$/m),
      oldSpaceUsedMB: get(/^nodejs_heap_space_size_used_bytes\{space="old"\} (\S+)$/m),
      newSpaceUsedMB: get(/^nodejs_heap_space_size_used_bytes\{space="new"\} (\S+)$/m),
    };
    return Number.isNaN(f.usedMB) ? null : f;
  } catch {
    return null;
  }
}

export interface ExportStepResult {
  orders: number;
  refunds: number;
  /** Ledger transactions inserted for the payout (payment + fee per order, the refunds). */
  ledgerTransactions: number;
  /** Direct SQL set-up: orders, refunds, ledger, balances, ANALYZE. */
  seedMs: number;
  /** POST test-helpers/payouts/run (one payout of everything). */
  payoutRunMs: number;
  payoutUuid: string;
  /** The payout's transactions (payouts.transactions). */
  payoutTransactions: number;
  rssBeforeMB: number;
  heapBefore: HeapFigures | null;
  files: ExportTiming[];
  /** Peak Kassa RSS over all downloads. */
  serverRssMaxMB: number | null;
}

export interface ExportStepOptions {
  origin: string;
  storeUuid: string;
  /** `Bearer …` for the store's sandbox keys. */
  auth: string;
  /** The operator token (reads /metrics). */
  adminToken: string;
  kassaPid: number;
  embedded: boolean;
  /** A direct connection to the bench's database (bench/lib/database.ts connectDirect). */
  db: pg.Client;
  orders: number;
  /** Every `refundEvery`-th order gets one partial refund. */
  refundEvery: number;
  log: (m: string) => void;
  checkAlive: () => void;
}

const DAY_MS = 86_400_000;

async function seed(o: ExportStepOptions): Promise<{ refunds: number; ledgerTransactions: number }> {
  const tag = runTag();
  // Order i was paid at base + i seconds (100,000 orders span ~28 h), three days ago, so every
  // transaction settled (settles_at = paid + 1 day) well before now.
  const baseMs = Date.now() - 3 * DAY_MS;
  const at = `to_timestamp(($3::bigint + i * 1000) / 1000.0)`;
  const ms = `($3::bigint + i * 1000)`;
  const p = [o.storeUuid, tag, baseMs, o.orders, o.refundEvery];
  // Every NOT NULL column of orders (migrations/001_foundation.sql); amounts 10.00–999.99 EUR.
  await o.db.query(
    `INSERT INTO orders (id, store_id, env, merchant_reference, merchant_reference_display, return_url, notification_url,
                         grand_total, currency, locale, payment_method, method_display, status, expires_in_minutes, expires_at,
                         created_at, updated_at, paid_at)
     SELECT ${uuidSql(ms, '001', '$2::text')}, $1::uuid, 'sandbox', 'BX-' || $2::text || '-' || i, 'BX-' || $2::text || '-' || i,
            'https://shop.example/return', 'https://shop.example/notify',
            1000 + (i::bigint * 7919) % 99000, 'EUR', 'en', 'cardPayments', 'Card',
            CASE WHEN i % $5::int = 0 THEN 'PARTIALLY_REFUNDED' ELSE 'PAID' END, 15, ${at} + interval '14 minutes',
            ${at} - interval '1 minute', ${at}, ${at}
       FROM generate_series(1, $4::int) AS i`,
    p,
  );
  // A partial refund (5.00) of every refundEvery-th order, an hour after its payment.
  const r = await o.db.query(
    `INSERT INTO refunds (id, order_id, store_id, env, amount, currency, type, status, idempotency_key, attempts, processor_reference, created_at, updated_at)
     SELECT ${uuidSql(`${ms} + 3600000`, '004', '$2::text')}, ${uuidSql(ms, '001', '$2::text')}, $1::uuid, 'sandbox', 500, 'EUR',
            'PARTIAL_REFUND', 'SUCCESSFUL', 'bench-' || i, 1, 'bench-' || i, ${at} + interval '1 hour', ${at} + interval '1 hour'
       FROM generate_series($5::int, $4::int, $5::int) AS i`,
    p,
  );
  // payment (grand total) and fee (1.25 %, at least 0.01) per order; the refunds.
  const transactions = await insertLedger(
    o.db,
    `SELECT ${uuidSql(ms, '002', '$2::text')} AS id, $1::uuid AS store_id, 'sandbox' AS env, 'cardPayments' AS channel, 'EUR' AS currency,
            'payment' AS kind, ${uuidSql(ms, '001', '$2::text')} AS order_id, NULL::uuid AS refund_id,
            (1000 + (i::bigint * 7919) % 99000)::bigint AS amount, ${at} AS occurred_at, ${at} + interval '1 day' AS settles_at
       FROM generate_series(1, $4::int) AS i
     UNION ALL
     SELECT ${uuidSql(ms, '003', '$2::text')}, $1::uuid, 'sandbox', 'cardPayments', 'EUR',
            'fee', ${uuidSql(ms, '001', '$2::text')}, NULL::uuid,
            greatest(1, (1000 + (i::bigint * 7919) % 99000) / 80)::bigint, ${at}, ${at} + interval '1 day'
       FROM generate_series(1, $4::int) AS i
     UNION ALL
     SELECT ${uuidSql(`${ms} + 3600000`, '005', '$2::text')}, $1::uuid, 'sandbox', 'cardPayments', 'EUR',
            'refund', ${uuidSql(ms, '001', '$2::text')}, ${uuidSql(`${ms} + 3600000`, '004', '$2::text')},
            500::bigint, ${at} + interval '1 hour', ${at} + interval '1 hour 1 day'
       FROM generate_series($5::int, $4::int, $5::int) AS i`,
    p,
  );
  await recomputeBalances(o.db, [o.storeUuid]);
  // As autovacuum would after a bulk load: the export query is planned with real row counts.
  await o.db.query('ANALYZE orders, refunds, ledger_transactions, ledger_entries');
  return { refunds: r.rowCount ?? 0, ledgerTransactions: transactions };
}

async function call<T>(method: string, url: string, auth: string, expect: number, what: string): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: method === 'POST' ? { authorization: auth, 'content-type': 'application/json' } : { authorization: auth },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${what}: expected HTTP ${expect}, got ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

const CONTENT_TYPE: Record<ExportFormatName, string> = {
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The cheap check of a downloaded file from its head, tail and LF count; returns what was checked. */
export function checkFile(format: ExportFormatName, head: Buffer, tail: Buffer, lfs: number, rows: number): string {
  const end = tail.toString('latin1').trimEnd();
  switch (format) {
    case 'csv':
      if (lfs !== rows + 1) throw new Error(`csv: ${lfs} lines, expected ${rows + 1} (a header and ${rows} rows)`);
      return `${(rows + 1).toLocaleString('en-US')} lines`;
    case 'json': {
      if (!end.endsWith(']}')) throw new Error(`json: does not end with ]} (…${JSON.stringify(end.slice(-80))})`);
      if (!head.toString('latin1').startsWith('{"payout":')) throw new Error('json: does not start with {"payout":');
      // One row per line: the last row line must parse.
      const lines = end.split('\n');
      const last = lines[lines.length - 2] ?? '';
      JSON.parse(last.replace(/^,/, ''));
      if (lfs < rows) throw new Error(`json: ${lfs} lines for ${rows} rows`);
      return 'ends ]}, last row parses';
    }
    case 'xml':
      if (!end.endsWith('</payoutExport>')) throw new Error(`xml: does not end with </payoutExport> (…${JSON.stringify(end.slice(-80))})`);
      if (lfs < rows) throw new Error(`xml: ${lfs} lines for ${rows} rows`);
      return 'ends </payoutExport>';
    case 'excel': {
      if (head.subarray(0, 4).toString('latin1') !== 'PK\x03\x04') throw new Error('xlsx: does not start with a ZIP local file header (PK\\3\\4)');
      // End of central directory: signature PK\5\6, 22 bytes + comment from the end.
      const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      if (eocd < 0 || tail.length - eocd < 22) throw new Error('xlsx: no end-of-central-directory record at the end (truncated?)');
      return 'PK header, end-of-central-directory';
    }
  }
}

async function exportFile(o: ExportStepOptions, payoutUuid: string, format: ExportFormatName, rows: number): Promise<ExportTiming> {
  const t0 = performance.now();
  const { url } = await call<{ url: string }>('GET', `${o.origin}${SANDBOX}/stores/${o.storeUuid}/payouts/${payoutUuid}/export-${format}`, o.auth, 200, `GET export-${format}`);
  const linkMs = performance.now() - t0;
  const monitor = new Monitor(o.kassaPid, o.kassaPid, o.embedded, 50);
  monitor.watch();
  monitor.startCpuWindow();
  let mon: MonitorResult | undefined;
  try {
    const t1 = performance.now();
    const res = await fetch(url);
    const firstByteMs = performance.now() - t1;
    if (res.status !== 200 || !res.body) throw new Error(`export ${format}: download answered HTTP ${res.status}: ${(await res.text()).slice(0, 500)}`);
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith(CONTENT_TYPE[format])) throw new Error(`export ${format}: content-type ${type}`);
    let bytes = 0;
    let lfs = 0;
    let head = Buffer.alloc(0);
    let tail = Buffer.alloc(0);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const b = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (head.length < 64) head = Buffer.concat([head, b.subarray(0, 64 - head.length)]);
      bytes += b.length;
      for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) lfs++;
      tail = tail.length + b.length <= 65_536 ? Buffer.concat([tail, b]) : Buffer.concat([tail, b]).subarray(-65_536);
    }
    const downloadMs = performance.now() - t1;
    mon = monitor.stop();
    const check = checkFile(format, head, tail, lfs, rows);
    return {
      format,
      linkMs: Math.round(linkMs),
      firstByteMs: Math.round(firstByteMs),
      downloadMs: Math.round(downloadMs),
      bytes,
      rows,
      check,
      monitor: mon,
      heapAfter: await heapFigures(o.origin, o.adminToken),
    };
  } finally {
    if (!mon) monitor.stop();
  }
}

export async function runExportStep(o: ExportStepOptions): Promise<ExportStepResult> {
  const t0 = performance.now();
  const { refunds, ledgerTransactions } = await seed(o);
  const seedMs = Math.round(performance.now() - t0);
  o.log(
    `exports: set-up by SQL in ${(seedMs / 1000).toFixed(1)} s: ${o.orders.toLocaleString('en-US')} paid orders, ${refunds.toLocaleString('en-US')} refunds, ` +
      `${ledgerTransactions.toLocaleString('en-US')} ledger transactions (${(2 * ledgerTransactions).toLocaleString('en-US')} entries)`,
  );
  o.checkAlive();

  const t1 = performance.now();
  const run = await call<{ payouts: { uuid: string; settlementType: string; currency: string; totalAmount: string }[] }>(
    'POST',
    `${o.origin}${SANDBOX}/test-helpers/payouts/run`,
    o.auth,
    200,
    'POST test-helpers/payouts/run',
  );
  const payoutRunMs = Math.round(performance.now() - t1);
  const mine = run.payouts.filter((p) => p.settlementType === 'cardPayments' && p.currency === 'EUR');
  if (mine.length !== 1) throw new Error(`payouts/run made ${run.payouts.length} payouts (${JSON.stringify(run.payouts).slice(0, 300)}); expected one cardPayments EUR payout`);
  const payout = mine[0]!;
  const { rows } = await o.db.query<{ transactions: number }>('SELECT transactions FROM payouts WHERE id = $1', [payout.uuid]);
  const payoutTransactions = rows[0]?.transactions ?? 0;
  if (payoutTransactions < ledgerTransactions) {
    throw new Error(`the payout has ${payoutTransactions} transactions; ${ledgerTransactions} were inserted`);
  }
  o.log(`exports: payouts/run made payout ${payout.uuid} of ${payoutTransactions.toLocaleString('en-US')} transactions, total ${payout.totalAmount} EUR, in ${(payoutRunMs / 1000).toFixed(2)} s`);
  o.checkAlive();

  const rssBeforeMB = (rssBytes(o.kassaPid) ?? 0) / MB;
  const heapBefore = await heapFigures(o.origin, o.adminToken);
  const files: ExportTiming[] = [];
  for (const format of EXPORT_FORMATS) {
    const f = await exportFile(o, payout.uuid, format, payoutTransactions);
    files.push(f);
    o.log(
      `exports: ${format}: ${(f.downloadMs / 1000).toFixed(2)} s to the last byte (first byte ${f.firstByteMs} ms; link ${f.linkMs} ms), ` +
        `${(f.bytes / MB).toFixed(1)} MB, ${f.check}; Kassa max RSS ${f.monitor.serverRssMaxMB ?? '-'} MB (heap after: used ${f.heapAfter?.usedMB ?? '-'} MB, old space ${f.heapAfter?.oldSpaceUsedMB ?? '-'} MB), CPU ${f.monitor.cpu.serverPct.toFixed(0)} %`,
    );
    o.checkAlive();
  }
  const rss = files.map((f) => f.monitor.serverRssMaxMB ?? 0);
  return {
    orders: o.orders,
    refunds,
    ledgerTransactions,
    seedMs,
    payoutRunMs,
    payoutUuid: payout.uuid,
    payoutTransactions,
    rssBeforeMB: Math.round(rssBeforeMB * 10) / 10,
    heapBefore,
    files,
    serverRssMaxMB: rss.length ? Math.max(...rss) : null,
  };
}
