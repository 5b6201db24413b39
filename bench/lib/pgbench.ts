/**
 * The `pgbench` step (issue 22): what the database itself can do with the statement POST /orders
 * sends, as the ceiling of POST /orders beside the bare route. PostgreSQL's own load generator
 * (pgbench, C, one process) replays Kassa's batched insert (src/payments/orders/store.ts
 * INSERT_ORDERS, the very text) with the batch size the POST run produced (read back from the
 * orders it wrote: the orders of one batch share one transaction, so one created_at) and as many
 * batches in flight as Kassa allows (platform/batch.ts DEFAULT_MAX_IN_FLIGHT per API process). Its orders per second
 * are what PostgreSQL on this machine makes of that statement stream without HTTP, JWTs or Node;
 * POST /orders' rate is printed as a share of it.
 *
 * The one change to the statement: its JSON parameter carries a placeholder that
 * `replace(…, '%N%', :n)` fills with a fresh random number per transaction, so that every replayed
 * order has new ids and a new merchantReference (a constant parameter would conflict from the
 * second transaction on and insert nothing). That is one string replace over the batch's JSON per
 * transaction, beside the json parse and the 2 × B index inserts the statement does anyway.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import type pg from 'pg';
import { INSERT_ORDERS, RECORD_COLUMNS } from '../../src/payments/orders/store.js';
import { DEFAULT_MAX_IN_FLIGHT } from '../../src/platform/batch.js';
import type { LoadOptions, RouteResult, RunCounts } from './load.js';
import type { Monitor } from './monitor.js';

const run = promisify(execFile);

/** Batches of one API process in flight at once (platform/batch.ts Batcher's maxInFlight default). */
export const BATCHES_IN_FLIGHT = DEFAULT_MAX_IN_FLIGHT;

/** pgbench on PATH, else the newest of Debian's server packages (postgresql-NN ships it in its bin/). */
export function findPgbench(): string | undefined {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
    return 'pgbench';
  } catch {
    // not on PATH
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join(root, v, 'bin', 'pgbench');
    if (fs.existsSync(bin)) return bin;
  }
  return undefined;
}

/** The newest created_at of any order: the POST run's orders are the ones after it. */
export async function lastOrderTime(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ t: string }>(`SELECT coalesce(max(created_at), '-infinity')::text AS t FROM orders`);
  return rows[0]!.t;
}

export interface BatchShape {
  orders: number;
  batches: number;
  /** Mean orders per INSERT_ORDERS statement of the run. */
  mean: number;
  max: number;
}

/** The batches the POST run made: its orders grouped by created_at (one transaction, one now()). */
export async function batchShape(db: pg.Client, after: string): Promise<BatchShape> {
  const { rows } = await db.query<{ orders: number; batches: number; max: number }>(
    `SELECT sum(n)::int AS orders, count(*)::int AS batches, max(n)::int AS max
       FROM (SELECT count(*) AS n FROM orders WHERE created_at > $1::timestamptz GROUP BY created_at) b`,
    [after],
  );
  const r = rows[0]!;
  if (!r.batches) throw new Error('pgbench: the POST run wrote no orders to replay');
  return { orders: r.orders, batches: r.batches, mean: r.orders / r.batches, max: r.max };
}

/**
 * A batch of `size` records as INSERT_ORDERS takes them, copied from one real order of the run
 * (its intent's id beside it), with '%N%' where each transaction puts its own number.
 */
export async function batchTemplate(db: pg.Client, after: string, size: number): Promise<string> {
  const { rows } = await db.query<{ rec: Record<string, unknown> }>(
    `SELECT to_jsonb(o) || jsonb_build_object('intent_id', i.id) AS rec
       FROM orders o JOIN payment_intents i ON i.order_id = o.id
      WHERE o.created_at > $1::timestamptz LIMIT 1`,
    [after],
  );
  if (!rows[0]) throw new Error('pgbench: no order of the POST run to copy');
  const real = rows[0].rec;
  const hex = (i: number) => i.toString(16).padStart(8, '0');
  const records = Array.from({ length: size }, (_, i) => {
    const rec: Record<string, unknown> = {};
    for (const c of RECORD_COLUMNS) rec[c] = real[c] ?? null;
    rec.id = `${hex(i)}-0000-7000-8000-%N%`;
    rec.intent_id = `${hex(i)}-0000-7000-9000-%N%`;
    rec.merchant_reference = `PGB-%N%-${i}`;
    rec.merchant_reference_display = `PGB-%N%-${i}`;
    return rec;
  });
  return JSON.stringify(records);
}

/** INSERT_ORDERS as a pgbench script: $1 becomes the template with this transaction's number. */
export function pgbenchScript(): string {
  if (!INSERT_ORDERS.includes('$1::json') || INSERT_ORDERS.includes(';')) throw new Error('pgbench: INSERT_ORDERS changed shape; update bench/lib/pgbench.ts');
  // 12 decimal digits: the last group of a uuid, and unique enough for a few thousand transactions.
  return `\\set n random(100000000000, 999999999999)\n${INSERT_ORDERS.replace('$1::json', `replace(:batch, '%N%', :n)::json`).trim()};\n`;
}

/** Per-transaction latencies (µs) from pgbench's -l logs: `client tx latency_us script epoch us`. */
export function readTransactionLog(dir: string, prefix: string): number[] {
  const out: number[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.startsWith(prefix))) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (line && Number.isFinite(us)) out.push(us);
    }
    fs.rmSync(path.join(dir, f));
  }
  return out.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! / 10) / 100 : 0);

/** Reads pgbench's summary: processed and failed transactions, and its measured duration. */
export function parsePgbench(out: string): { transactions: number; failed: number; tps: number } {
  const tx = /number of transactions actually processed: (\d+)/.exec(out);
  const tps = /tps = ([\d.]+)/.exec(out);
  if (!tx || !tps) throw new Error(`pgbench output lacks its summary:\n${out}`);
  return { transactions: Number(tx[1]), failed: Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0), tps: Number(tps[1]) };
}

export interface PgbenchOptions {
  pgbench: string;
  url: string;
  batch: number;
  clients: number;
  template: string;
  tmp: string;
  load: LoadOptions;
}

/** pgbench replaying INSERT_ORDERS: a warm-up, then the measured window; rps = orders per second. */
export async function runPgbench(o: PgbenchOptions, monitor: Monitor): Promise<RouteResult> {
  const script = path.join(o.tmp, 'insert-orders.pgbench.sql');
  fs.writeFileSync(script, pgbenchScript());
  const prefix = 'pgbench-tx';
  const fire = async (durationS: number, log: boolean) => {
    const args = ['-n', '-M', 'prepared', '-c', String(o.clients), '-j', '1', '-T', String(durationS), '-D', `batch=${o.template}`, '-f', script];
    if (log) args.push('-l', `--log-prefix=${path.join(o.tmp, prefix)}`);
    const { stdout } = await run(o.pgbench, [...args, o.url], { maxBuffer: 16 * 1024 * 1024, cwd: o.tmp });
    return parsePgbench(stdout);
  };
  monitor.watch();
  const counts = (orders: number, failed: number): RunCounts => ({
    requests: orders,
    errors: failed,
    timeouts: 0,
    non2xx: 0,
    statusCodes: {},
    errorMessages: failed ? [`${failed} failed pgbench transactions`] : [],
  });
  const warm = o.load.warmupS > 0 ? await fire(o.load.warmupS, false) : { transactions: 0, failed: 0, tps: 0 };
  monitor.startCpuWindow();
  const f = await fire(o.load.durationS, true);
  const mon = monitor.stop();
  const lat = readTransactionLog(o.tmp, prefix);
  const mean = lat.length ? Math.round(lat.reduce((a, b) => a + b, 0) / lat.length / 10) / 100 : 0;
  return {
    name: `pgbench: INSERT_ORDERS × ${o.batch} orders, ${o.clients} in flight (orders/s; latency per statement)`,
    method: 'POST',
    path: 'pgbench',
    durationS: o.load.durationS,
    rps: Math.round(f.tps * o.batch),
    latencyMs: { p50: pct(lat, 50), p90: pct(lat, 90), p99: pct(lat, 99), max: pct(lat, 100), mean },
    ...counts(f.transactions * o.batch, f.failed),
    warmup: counts(warm.transactions * o.batch, warm.failed),
    monitor: mon,
    loadgen: 'pgbench',
  };
}
