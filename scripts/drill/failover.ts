/**
 * `npm run drill:failover`: the primary database dies under load and nothing acknowledged is lost.
 *
 * Sets up, on loopback and on ports free at run time (scripts/drill/cluster.ts): etcd, two Patroni
 * nodes (PostgreSQL primary + synchronous standby), HAProxy to the primary, PgBouncer in
 * transaction pooling mode; then Kassa as real processes (`dist/main.js`, as `npm start` runs it):
 * two API nodes (KASSA_ROLE=serve) and one worker (KASSA_ROLE=work), DATABASE_URL = PgBouncer,
 * DATABASE_DIRECT_URL = HAProxy. A store's sandbox orders are created and paid (the sandbox test
 * helper) at a steady rate across both API nodes, their notifications go to a receiver run here;
 * after DRILL_BEFORE_S the primary node is SIGKILLed (Patroni and PostgreSQL at once), the load goes
 * on for DRILL_AFTER_S, then the notifications drain and everything acknowledged is checked.
 *
 * Prints: acknowledged orders lost (must be 0), PAID notifications delivered (must be all), seconds
 * until writes succeeded again (goal ≤ DRILL_RECOVERY_GOAL_S), what the clients saw (only 503 with
 * Retry-After). Exits 1 when a must fails, 2 when the drill could not run. See docs/failover-drill.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../src/platform/processes.js';
import { sign } from '../../src/platform/jwt.js';
import { orderPayload } from '../../test/support/payloads.js';
import { PATRONI_TIMING, startCluster, type Cluster } from './cluster.js';
import { cleanup, log, onCleanup, sleep, start, unprivilegedUser, until, type Child } from './procs.js';
import { startReceiver, type Receiver } from './receiver.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

const RATE = num('DRILL_RATE', 15); // orders per second, both API nodes together
const BEFORE_S = num('DRILL_BEFORE_S', 10);
const AFTER_S = num('DRILL_AFTER_S', 20);
const CLIENT_TIMEOUT_MS = num('DRILL_CLIENT_TIMEOUT_S', 10) * 1000;
const DRAIN_S = num('DRILL_DRAIN_S', 60);
const RECOVERY_GOAL_S = num('DRILL_RECOVERY_GOAL_S', 15);
const SANDBOX = '/sandbox/api';

// --- what the clients saw -----------------------------------------------------------------------

type Kind = 'create' | 'pay';
interface Outcome {
  kind: Kind;
  node: string;
  sentAt: number;
  doneAt: number;
  /** HTTP status, or null for no answer (timeout, reset, refused). */
  status: number | null;
  retryAfter: string | null;
  error: string | null;
  body: string;
}

const outcomes: Outcome[] = [];
const acked = new Map<string, { createdAt: number; paid: boolean; merchantReference: string }>();

async function call(kind: Kind, node: { name: string; url: string }, pathname: string, init: RequestInit): Promise<Outcome & { json?: any }> {
  const sentAt = Date.now();
  let o: Outcome & { json?: any };
  try {
    const res = await fetch(`${node.url}${pathname}`, { ...init, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    o = { kind, node: node.name, sentAt, doneAt: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after'), error: null, body: text.slice(0, 300), json };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const what = e.name === 'TimeoutError' ? `timeout (no answer in ${CLIENT_TIMEOUT_MS / 1000} s)` : (e.cause?.code ?? e.cause?.message ?? e.message);
    o = { kind, node: node.name, sentAt, doneAt: Date.now(), status: null, retryAfter: null, error: what, body: '' };
  }
  outcomes.push(o);
  return o;
}

/** One shopper: an order created on one API node, then paid (sandbox test helper) on the other. */
async function journey(i: number, nodes: { name: string; url: string }[], keys: { accessKey: string; secretKey: string }, notifyUrl: string, tag: string): Promise<void> {
  const nowS = Math.floor(Date.now() / 1000);
  const merchantReference = `DRILL-${tag}-${i}`;
  const data = sign({ ...orderPayload({ merchantReference, notificationUrl: notifyUrl }), accessKey: keys.accessKey, iat: nowS, exp: nowS + 3600 }, keys.secretKey);
  const a = nodes[i % nodes.length]!;
  const b = nodes[(i + 1) % nodes.length]!;
  const created = await call('create', a, `${SANDBOX}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  if (created.status === null || created.status < 200 || created.status >= 300) return;
  const uuid = String(created.json?.uuid);
  acked.set(uuid, { createdAt: created.doneAt, paid: false, merchantReference });
  const paid = await call('pay', b, `${SANDBOX}/test-helpers/orders/${uuid}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sign({ accessKey: keys.accessKey, exp: nowS + 3600 }, keys.secretKey)}` },
    body: JSON.stringify({ outcome: 'paid' }),
  });
  if (paid.status !== null && paid.status >= 200 && paid.status < 300) acked.get(uuid)!.paid = true;
}

// --- Kassa ----------------------------------------------------------------------------------------

function kassaEnv(over: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  for (const k of ['DATABASE_URL', 'DATABASE_DIRECT_URL', 'DATABASE_REPLICA_URL', 'KASSA_ROLE', 'PORT']) delete env[k];
  return { ...env, ...over };
}

async function waitReady(child: Child, url: string, timeoutMs: number): Promise<void> {
  await until(`${child.name} to be ready`, timeoutMs, async () => {
    if (child.exited) throw new Error(`${child.name} exited (code ${child.exitCode}) before it was ready:\n${child.output()}`);
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  }).catch((err: Error) => {
    throw child.exited ? err : new Error(`${err.message}:\n${child.output()}`);
  });
}

/** Kassa log lines worth showing: errors (pino level ≥ 50) and 5xx answers. */
function kassaErrorLines(c: Child): string[] {
  return c.grep(/"level":(5\d|60)|"statusCode":5\d\d/);
}

// --- the report -------------------------------------------------------------------------------------

const fmtS = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map(
      (r) =>
        '  ' +
        r
          .map((cell, c) => cell.padEnd(widths[c]!))
          .join('  ')
          .trimEnd(),
    )
    .join('\n');
}

function describe(o: Outcome): string {
  return o.status === null ? `no answer: ${o.error}` : `HTTP ${o.status}`;
}

// --- main -------------------------------------------------------------------------------------------

let interrupted = false;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${sig}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const t0 = Date.now();
  const as = unprivilegedUser();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-drill-'));
  fs.chmodSync(tmp, 0o711); // PostgreSQL run as `postgres` must traverse it
  const rmTmp = () => fs.rmSync(tmp, { recursive: true, force: true });
  onCleanup('temp folder', async () => rmTmp(), rmTmp);
  log(`temp folder ${tmp}${as ? '; running as root: PostgreSQL, Patroni and PgBouncer run as postgres' : ''}`);

  // --- the database cluster ---------------------------------------------------------------------
  const cluster: Cluster = await startCluster(tmp, REPO_ROOT, as);
  const first = await cluster.primary();
  if (!first) throw new Error('no primary after start-up');
  log(
    `cluster ready in ${fmtS(Date.now() - t0)} (PostgreSQL binaries ${cluster.binDir}; Patroni ttl ${PATRONI_TIMING.ttl} s, loop_wait ${PATRONI_TIMING.loopWait} s, retry_timeout ${PATRONI_TIMING.retryTimeout} s)`,
  );

  // --- the merchant's notification endpoint ---------------------------------------------------------
  const receiver: Receiver = await startReceiver(await freePort());
  onCleanup('receiver', () => receiver.close());

  // --- Kassa: built as `npm start` builds it, two API nodes and a worker ----------------------------
  log('building dist/ (as npm start does)');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const adminToken = randomBytes(24).toString('base64url');
  const common = {
    HOST: '127.0.0.1',
    KASSA_ADMIN_TOKEN: adminToken,
    KASSA_MASTER_KEY: randomBytes(32).toString('hex'),
    KASSA_SEED_DEMO_STORE: 'false',
    LOG_LEVEL: process.env.DRILL_KASSA_LOG_LEVEL || 'info',
    DATABASE_URL: cluster.pooledUrl,
    DATABASE_DIRECT_URL: cluster.directUrl,
  };
  // DRILL_MIGRATE_DIRECT=1: the first node migrates over the direct URL (a Kassa whose migration lock
  // does not hold through PgBouncer in transaction mode).
  const migrateDirect = process.env.DRILL_MIGRATE_DIRECT === '1';
  const flags = ['--enable-source-maps', '--max-semi-space-size=16'];
  const apis: { name: string; url: string; child: Child }[] = [];
  for (const name of ['api1', 'api2']) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = kassaEnv({ ...common, PORT: String(port), KASSA_PUBLIC_URL: url, KASSA_ROLE: 'serve', KASSA_DATA_DIR: path.join(tmp, `kassa-${name}`) });
    if (migrateDirect && name === 'api1') env.DATABASE_URL = cluster.directUrl;
    const child = start(`kassa ${name}`, process.execPath, [...flags, 'dist/main.js'], { cwd: REPO_ROOT, env, stopSignal: 'SIGTERM', keepBytes: 400_000 });
    // The first node migrates the empty database alone; the second starts once it serves.
    await waitReady(child, `${url}/readyz`, 120_000);
    if (migrateDirect && name === 'api1') {
      // Migrated: serve through PgBouncer like the others.
      await child.stop();
      const again = start(`kassa ${name}`, process.execPath, [...flags, 'dist/main.js'], {
        cwd: REPO_ROOT,
        env: { ...env, DATABASE_URL: cluster.pooledUrl },
        stopSignal: 'SIGTERM',
        keepBytes: 400_000,
      });
      await waitReady(again, `${url}/readyz`, 120_000);
      apis.push({ name, url, child: again });
    } else {
      apis.push({ name, url, child });
    }
    log(`Kassa ${name} (serve) ready on ${url}`);
  }
  const worker = start('kassa worker', process.execPath, [...flags, 'dist/main.js'], {
    cwd: REPO_ROOT,
    env: kassaEnv({ ...common, PORT: String(await freePort()), KASSA_PUBLIC_URL: apis[0]!.url, KASSA_ROLE: 'work', KASSA_DATA_DIR: path.join(tmp, 'kassa-worker') }),
    stopSignal: 'SIGTERM',
    keepBytes: 400_000,
  });
  await sleep(2000);
  if (worker.exited) throw new Error(`the Kassa worker exited (code ${worker.exitCode}):\n${worker.output()}`);
  log('Kassa worker (work) running');

  // --- a store, through the operator API ------------------------------------------------------------
  const storeRes = await fetch(`${apis[0]!.url}/operator/stores`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Failover drill shop' }),
  });
  const storeText = await storeRes.text();
  if (storeRes.status !== 201) throw new Error(`POST /operator/stores: HTTP ${storeRes.status}: ${storeText}`);
  const store = JSON.parse(storeText) as { uuid: string; sandbox: { accessKey: string; secretKey: string } };
  receiver.setSecret(store.sandbox.secretKey);
  log(`store ${store.uuid} created; notifications to ${receiver.url}`);

  // --- load, the kill, more load ----------------------------------------------------------------------
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const inflight = new Set<Promise<void>>();
  let i = 0;
  let loadOn = true;
  const loadStart = Date.now();
  log(`load: ${RATE} orders/s (create, then pay) across ${apis.length} API nodes; the primary (${first.name}) dies after ${BEFORE_S} s`);
  const loop = (async () => {
    const interval = 1000 / RATE;
    while (loadOn && !interrupted) {
      const due = loadStart + i * interval;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      if (!loadOn) break;
      const p = journey(i++, apis, store.sandbox, receiver.url, tag).finally(() => inflight.delete(p));
      inflight.add(p);
    }
  })();

  await sleep(BEFORE_S * 1000);
  const killAt = Date.now();
  cluster.killNode(first);
  log(`SIGKILL: ${first.name} (Patroni and PostgreSQL)`);
  // The cluster's side of the failover: when a new primary answers Patroni's GET /primary.
  let promotedAt: number | undefined;
  let newPrimary: string | undefined;
  const watch = (async () => {
    while (promotedAt === undefined && Date.now() - killAt < AFTER_S * 1000 + 30_000 && !interrupted) {
      const p = await cluster.primary();
      if (p) {
        promotedAt = Date.now();
        newPrimary = p.name;
        log(`Patroni: ${p.name} is primary, ${fmtS(promotedAt - killAt)} after the kill`);
        break;
      }
      await sleep(100);
    }
  })();
  await sleep(AFTER_S * 1000);
  loadOn = false;
  await loop;
  log(`load stopped after ${i} journeys; waiting for ${inflight.size} in flight`);
  await Promise.all([...inflight]);
  await watch;
  const loadEnd = Date.now();

  // --- notifications drain --------------------------------------------------------------------------
  const paidAcked = [...acked.entries()].filter(([, o]) => o.paid).map(([uuid]) => uuid);
  const paidNotified = () => new Set(receiver.received.filter((r) => r.paymentStatus === 'PAID').map((r) => r.uuid));
  const drainStart = Date.now();
  while (Date.now() - drainStart < DRAIN_S * 1000 && !interrupted) {
    const got = paidNotified();
    if (paidAcked.every((u) => got.has(u))) break;
    await sleep(250);
  }
  const drainMs = Date.now() - drainStart;

  // --- every acknowledged order, read back through the API nodes --------------------------------------
  const ackedList = [...acked.entries()];
  const missing: string[] = [];
  const notPaid: string[] = [];
  const readErrors: string[] = [];
  const bearer = `Bearer ${sign({ accessKey: store.sandbox.accessKey, exp: Math.floor(Date.now() / 1000) + 3600 }, store.sandbox.secretKey)}`;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      while (next < ackedList.length) {
        const [uuid, o] = ackedList[next++]!;
        const node = apis[w % apis.length]!;
        let status = 0;
        let body = '';
        for (let attempt = 0; attempt < 5; attempt++) {
          try {
            const res = await fetch(`${node.url}${SANDBOX}/orders/${uuid}`, { headers: { authorization: bearer }, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
            status = res.status;
            body = await res.text();
          } catch (err) {
            status = 0;
            body = (err as Error).message;
          }
          if (status !== 503 && status !== 0) break;
          await sleep(1000);
        }
        if (status === 404) missing.push(uuid);
        else if (status !== 200) readErrors.push(`${uuid}: HTTP ${status} ${body.slice(0, 200)}`);
        else if (o.paid && (JSON.parse(body) as { paymentStatus?: string }).paymentStatus !== 'PAID') notPaid.push(uuid);
      }
    }),
  );
  // The same, asked of the new primary directly (what a read through Kassa cannot hide), and where
  // the notifications not received stand.
  let inDatabase = -1;
  const paidAckedNow = [...acked.entries()].filter(([, o]) => o.paid).map(([uuid]) => uuid);
  const gotNow = paidNotified();
  const undeliveredNow = paidAckedNow.filter((u) => !gotNow.has(u));
  let notificationStates: string[] = [];
  try {
    const c = new pg.Client({ connectionString: cluster.directUrl, connectionTimeoutMillis: 5000 });
    c.on('error', () => undefined);
    await c.connect();
    const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[])', [ackedList.map(([u]) => u)]);
    inDatabase = rows[0]!.n;
    if (undeliveredNow.length) {
      const states = await c.query<{ status: string; attempts: number; locked: string; due: string; n: number }>(
        `SELECT n.status, n.attempt_count AS attempts,
                CASE WHEN n.locked_until IS NULL THEN 'not leased' WHEN n.locked_until > now() THEN 'leased ' || ceil(extract(epoch FROM n.locked_until - now())) || ' s more' ELSE 'lease expired' END AS locked,
                CASE WHEN n.next_attempt_at > now() THEN 'due in ' || ceil(extract(epoch FROM n.next_attempt_at - now())) || ' s' ELSE 'due' END AS due,
                count(*)::int AS n
           FROM notifications n WHERE n.kind = 'order' AND n.subject_id = ANY($1::uuid[]) AND n.claims->>'paymentStatus' = 'PAID'
          GROUP BY 1, 2, 3, 4 ORDER BY 5 DESC LIMIT 20`,
        [undeliveredNow],
      );
      notificationStates = states.rows.map((r) => `${r.n} × ${r.status}, ${r.attempts} attempts, ${r.locked}, ${r.due}`);
      const none = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM unnest($1::uuid[]) u(id) WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.subject_id = u.id AND n.claims->>'paymentStatus' = 'PAID')`,
        [undeliveredNow],
      );
      if (none.rows[0]!.n) notificationStates.push(`${none.rows[0]!.n} × no PAID notification row at all`);
    }
    await c.end();
  } catch (err) {
    log(`could not query the new primary: ${(err as Error).message}`);
  }

  // --- figures ----------------------------------------------------------------------------------------
  const isOk = (o: Outcome) => o.status !== null && o.status >= 200 && o.status < 300;
  const creates = outcomes.filter((o) => o.kind === 'create');
  const writes = outcomes; // both create and pay write
  const lastOkBefore = Math.max(0, ...writes.filter((o) => isOk(o) && o.doneAt <= killAt).map((o) => o.doneAt));
  const firstOkAfter = writes.filter((o) => isOk(o) && o.sentAt >= killAt).sort((a, b) => a.doneAt - b.doneAt)[0];
  const recoveryMs = firstOkAfter ? firstOkAfter.doneAt - killAt : undefined;
  // The outage as the clients saw it: every request in flight at the kill or sent until writes worked again.
  const outageEnd = firstOkAfter ? firstOkAfter.doneAt : loadEnd;
  const during = outcomes.filter((o) => o.doneAt >= killAt && o.sentAt <= outageEnd);
  const failed = outcomes.filter((o) => !isOk(o));
  const lastFailure = failed.length ? Math.max(...failed.map((o) => o.doneAt)) : undefined;

  const statusKey = (o: Outcome) => (o.status === null ? `no answer (${o.error})` : String(o.status));
  const tally = (list: Outcome[]) => {
    const m = new Map<string, { create: number; pay: number; withRetryAfter: number }>();
    for (const o of list) {
      const k = statusKey(o);
      const e = m.get(k) ?? { create: 0, pay: 0, withRetryAfter: 0 };
      e[o.kind]++;
      if (o.retryAfter !== null) e.withRetryAfter++;
      m.set(k, e);
    }
    return [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  };

  const kassaProcs = [...apis.map((a) => ({ name: a.name, child: a.child })), { name: 'worker', child: worker }];
  const unacceptable = outcomes.filter((o) => !isOk(o) && !(o.status === 503 && o.retryAfter !== null));
  const notified = paidNotified();
  const undelivered = paidAcked.filter((u) => !notified.has(u));
  const byUuid = new Map<string, Set<string>>();
  for (const r of receiver.received.filter((x) => x.paymentStatus === 'PAID')) {
    const s = byUuid.get(r.uuid) ?? new Set<string>();
    s.add(r.tokenHash);
    byUuid.set(r.uuid, s);
  }
  const paidDeliveries = receiver.received.filter((r) => r.paymentStatus === 'PAID').length;
  const repeated = paidDeliveries - byUuid.size;
  const repeatedDifferentBytes = [...byUuid.values()].filter((s) => s.size > 1).length;
  const notifiedNotAcked = [...notified].filter((u) => !acked.get(u)?.paid).length;

  const musts = [
    {
      what: 'acknowledged orders lost',
      ok: missing.length === 0 && (inDatabase < 0 || inDatabase === ackedList.length),
      value: `${missing.length} of ${ackedList.length} (GET /orders/:uuid 404)${inDatabase >= 0 ? `; ${inDatabase} of ${ackedList.length} in the new primary's orders table` : ''}`,
    },
    { what: 'acknowledged payments not PAID', ok: notPaid.length === 0, value: `${notPaid.length} of ${paidAcked.length}` },
    { what: 'PAID notifications delivered', ok: undelivered.length === 0, value: `${paidAcked.length - undelivered.length} of ${paidAcked.length} (drained in ${fmtS(drainMs)})` },
    {
      what: `writes succeed again (goal ≤ ${RECOVERY_GOAL_S} s)`,
      ok: recoveryMs !== undefined && recoveryMs <= RECOVERY_GOAL_S * 1000,
      value: recoveryMs === undefined ? 'never during the run' : `${fmtS(recoveryMs)} after the kill`,
    },
    { what: 'clients saw only 2xx or 503 with Retry-After', ok: unacceptable.length === 0, value: unacceptable.length === 0 ? 'yes' : `${unacceptable.length} other answers (listed below)` },
    {
      what: 'every Kassa process still running',
      ok: kassaProcs.every((k) => !k.child.exited),
      value: kassaProcs.every((k) => !k.child.exited)
        ? 'yes'
        : kassaProcs
            .filter((k) => k.child.exited)
            .map((k) => `${k.name} exited (code ${k.child.exitCode})`)
            .join(', '),
    },
    { what: 'every acknowledged order read back', ok: readErrors.length === 0, value: readErrors.length === 0 ? 'yes' : `${readErrors.length} reads failed (listed below)` },
  ];

  const out: string[] = [];
  out.push('', '=== Kassa failover drill ===', '');
  out.push(`topology: 2 API nodes + 1 worker → PgBouncer (transaction) → HAProxy → Patroni ${first.name} (primary) / ${cluster.nodes.find((n) => n !== first)!.name} (synchronous standby), etcd`);
  out.push(`load: ${RATE} orders/s for ${BEFORE_S} s, SIGKILL of ${first.name} (Patroni + PostgreSQL), ${AFTER_S} s more; client timeout ${CLIENT_TIMEOUT_MS / 1000} s`);
  out.push('');
  out.push(table([['must', 'result', ''], ...musts.map((m) => [m.what, m.value, m.ok ? 'OK' : 'FAIL'])]));
  out.push('');
  out.push('timeline (from the kill):');
  out.push(`  last write acknowledged before the kill: ${fmtS(killAt - lastOkBefore)} before`);
  out.push(`  Patroni promoted a new primary:          ${promotedAt ? `${newPrimary} at +${fmtS(promotedAt - killAt)}` : 'not seen'}`);
  out.push(
    `  first write sent after the kill to succeed: ${firstOkAfter ? `+${fmtS(firstOkAfter.doneAt - killAt)} (sent at +${fmtS(firstOkAfter.sentAt - killAt)}, ${firstOkAfter.kind} on ${firstOkAfter.node})` : 'none'}`,
  );
  out.push(`  last failed request answered:            ${lastFailure ? `+${fmtS(lastFailure - killAt)}` : 'none failed'}`);
  out.push('');
  out.push(`what the clients saw from the kill until writes worked again (${during.length} requests):`);
  const dt = tally(during);
  out.push(dt.length ? table([['status', 'create', 'pay', 'with Retry-After'], ...dt.map(([k, e]) => [k, String(e.create), String(e.pay), String(e.withRetryAfter)])]) : '  (nothing)');
  out.push('');
  out.push(`the whole run (${outcomes.length} requests, ${creates.length} creates):`);
  out.push(table([['status', 'create', 'pay', 'with Retry-After'], ...tally(outcomes).map(([k, e]) => [k, String(e.create), String(e.pay), String(e.withRetryAfter)])]));
  const all503 = outcomes.filter((o) => o.status === 503);
  out.push(
    `  503 answers: ${all503.length}, all with Retry-After: ${all503.every((o) => o.retryAfter !== null) ? 'yes' : 'NO'}${all503.length ? ` (Retry-After values: ${[...new Set(all503.map((o) => o.retryAfter))].join(', ')})` : ''}`,
  );
  const latencies = outcomes.filter((o) => o.doneAt >= killAt && o.sentAt <= outageEnd).map((o) => o.doneAt - o.sentAt);
  if (latencies.length) out.push(`  longest wait for an answer during the outage: ${fmtS(Math.max(...latencies))}`);
  out.push('');
  out.push(
    `notifications: ${paidDeliveries} PAID deliveries for ${byUuid.size} orders; repeated deliveries ${repeated} (with different token bytes: ${repeatedDifferentBytes}); PAID for a payment whose answer the client did not get: ${notifiedNotAcked}; rejected bodies: ${receiver.rejected.length}`,
  );
  if (unacceptable.length) {
    out.push('', 'answers other than 2xx / 503 with Retry-After:');
    for (const o of unacceptable.slice(0, 30)) {
      out.push(`  ${o.sentAt >= killAt ? '+' : '-'}${fmtS(Math.abs(o.sentAt - killAt))} ${o.kind} on ${o.node}: ${describe(o)}${o.status === 503 ? ' without Retry-After' : ''} ${o.body}`);
    }
    if (unacceptable.length > 30) out.push(`  … and ${unacceptable.length - 30} more`);
  }
  if (missing.length) out.push('', `lost orders: ${missing.slice(0, 20).join(', ')}`);
  if (notPaid.length) out.push('', `acknowledged payments not PAID: ${notPaid.slice(0, 20).join(', ')}`);
  if (undelivered.length) {
    out.push('', `PAID notifications never received: ${undelivered.length}, e.g. ${undelivered.slice(0, 5).join(', ')}`);
    if (notificationStates.length) out.push('  their rows in the notifications table:', ...notificationStates.map((l) => `    ${l}`));
  }
  if (readErrors.length) out.push('', 'reads that failed:', ...readErrors.slice(0, 20).map((r) => `  ${r}`));
  const errorLines = [...apis.map((a) => ({ name: a.name, lines: kassaErrorLines(a.child) })), { name: 'worker', lines: kassaErrorLines(worker) }].filter((x) => x.lines.length);
  if (errorLines.length) {
    out.push('', 'Kassa error log lines (first 5 of each process):');
    for (const x of errorLines) {
      out.push(`  ${x.name}: ${x.lines.length} lines`);
      for (const l of x.lines.slice(0, 5)) out.push(`    ${l.slice(0, 600)}`);
    }
  }
  for (const k of kassaProcs.filter((x) => x.child.exited)) {
    out.push('', `Kassa ${k.name} exited (code ${k.child.exitCode}) during the drill; the end of its output:`);
    out.push(
      ...k.child
        .output()
        .slice(-2500)
        .split('\n')
        .map((l) => `    ${l.slice(0, 300)}`),
    );
  }
  const ok = musts.every((m) => m.ok);
  out.push(
    '',
    `${ok ? 'PASS' : 'FAIL'}: ${
      musts
        .filter((m) => !m.ok)
        .map((m) => m.what)
        .join('; ') || 'every must holds'
    } (drill took ${fmtS(Date.now() - t0)})`,
    '',
  );
  process.stdout.write(out.join('\n') + '\n');
  if (process.env.DRILL_LOGS) fs.writeFileSync(process.env.DRILL_LOGS, [cluster.logs(), ...apis.map((a) => `--- ${a.name} ---\n${a.child.output()}`), `--- worker ---\n${worker.output()}`].join('\n'));
  return ok ? 0 : 1;
}

main().then(
  async (code) => {
    await cleanup();
    process.exit(code);
  },
  async (err: unknown) => {
    console.error(`drill: could not run: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await cleanup();
    process.exit(2);
  },
);
