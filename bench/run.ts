/**
 * `npm run bench`: the payments API under load on the real server stack, next to a ceiling
 * measured in the same run (a bare Fastify route answering a body of the same size), so the
 * ratios hold on a small, noisy machine. The `labels` step then times 1,000-label files (A6 and
 * A4) through the same server (bench/lib/labels.ts), `exports` the four files of a payout of
 * 100,000 orders (bench/lib/exports.ts) and `balances` GET /store-balances with 1,000 and
 * 1,000,000 ledger entries (bench/lib/balances.ts), both set up by SQL. See bench/README.md.
 *
 * Kassa and the bare server run as separate processes; autocannon runs here. Tokens are signed
 * before any measurement. Exits non-zero when any request failed (the figures would be
 * meaningless) and always cleans up its processes, temp folder and database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cleanup, freePort, onCleanup, REPO_ROOT, spawnServer, stopLeftoverPostgres, waitReady, type Child } from './lib/children.js';
import { connectDirect, createBenchDatabase, embeddedDatabaseUrl } from './lib/database.js';
import { runRoute, stopCurrentLoad, type LoadOptions, type RouteResult, type RouteSpec } from './lib/load.js';
import { Monitor } from './lib/monitor.js';
import { hasWrk, runWrkRequests, runWrkRoute } from './lib/wrk.js';
import { SERVER_NODE_FLAGS } from './lib/server-flags.js';
import { intEnv } from './lib/env.js';
import { MB, postgresProcesses, pssBytes, rssBytes } from './lib/proc.js';
import { bearer, orderBody, OrderBodyPool, type Keys } from './lib/orders.js';
import { balancesTable, exportsTable, labelsTable, resultsTable, target, targetsTable, type Target } from './lib/report.js';
import { BROWSER_ACCEPT_ENCODING, createLinkPage, firstByteLatency } from './lib/links.js';
import { runLabelStep, type LabelStepResult } from './lib/labels.js';
import { legacyRoutes } from './lib/legacy.js';
import { runExportStep, type ExportStepResult } from './lib/exports.js';
import { runBackofficeStep, type BackofficeStepResult } from './lib/backoffice.js';
import { runBalanceStep, type BalanceStepResult } from './lib/balances.js';
import { runWidgetStep, widgetReport, type WidgetStepResult } from './lib/widget.js';
import { fetchBody, pickupV3Table, timeStream, type PickupV3Result } from './lib/pickup-v3.js';
import { cliTable, runCliStep, type CliStepResult } from './lib/cli.js';
import { STEADY_RPS, steadyLoad, steadyTable, type SteadyRow } from './lib/steady.js';
import { bareReady, clusterTable, runClusterStep, type ClusterStepResult } from './lib/cluster.js';
import { BATCHES_IN_FLIGHT, batchShape, batchTemplate, findPgbench, lastOrderTime, runPgbench, type BatchShape } from './lib/pgbench.js';
import { servedUrl } from '../src/platform/served-url.js';
import type pg from 'pg';

const load: LoadOptions = {
  connections: 50,
  pipelining: 1,
  durationS: intEnv('BENCH_DURATION', 10, 1),
  warmupS: intEnv('BENCH_WARMUP', 2, 0),
};
const GET_POOL = 1000;
const ALL_ROUTES = ['bare', 'post', 'pgbench', 'get', 'steady', 'cluster', 'pickup', 'legacy', 'links', 'pickupv3', 'labels', 'exports', 'balances', 'widget', 'backoffice', 'cli'] as const;
/** BENCH_ROUTES: a subset of bare,post,pgbench,get,steady,cluster,pickup,legacy,links,pickupv3,labels,exports,balances,widget,backoffice,cli (e.g. one route while profiling); default all. */
const ROUTES = new Set(
  (process.env.BENCH_ROUTES || ALL_ROUTES.join(',')).split(',').map((r) => {
    const name = r.trim();
    if (!(ALL_ROUTES as readonly string[]).includes(name)) throw new Error(`BENCH_ROUTES lists ${ALL_ROUTES.join(', ')}; got "${name}"`);
    return name;
  }),
);
/**
 * wrk (apt-get install wrk) loads the steps whose answers are large (pickup, links): autocannon,
 * in this process, saturates its core parsing them long before the server does. It also measures
 * bare, POST and GET a second time, since autocannon takes a share of the cores the server and
 * PostgreSQL need. Every ratio compares rows of one load generator. Without wrk, or with
 * BENCH_LOADGEN=autocannon, those steps run on autocannon only.
 */
const WRK = hasWrk();
/** The most POST /orders per second a wrk run is given bodies for (its warm-up and measurement together). */
const WRK_POST_RPS = 12_000;

/**
 * Pre-signed order tokens: each POST run of 10 s at ~7,500 orders/s uses ~90,000 (warm-up included);
 * with wrk installed POST runs a second time under wrk (WRK_POST_RPS), and the `cluster` step
 * runs POST twice more (a run that ran dry is reported as failed).
 */
const TOKENS = intEnv('BENCH_TOKENS', (ROUTES.has('cluster') ? 400_000 : 200_000) + (WRK && ROUTES.has('post') ? 150_000 : 0), 1000);
const SANDBOX = '/sandbox/api';

/** Shipments (= labels, one parcel each) in the label files of the labels step; the API allows 1,000 per file. */
const LABEL_SHIPMENTS = Math.min(1000, intEnv('BENCH_LABEL_SHIPMENTS', 1000, 1));
const LABEL_SETUP_CONCURRENCY = 20;

/** Orders in the payout of the exports step (a payment and a fee each, plus a refund of every 50th). */
const EXPORT_ORDERS = intEnv('BENCH_EXPORT_ORDERS', 100_000, 100);
const EXPORT_REFUND_EVERY = 50;
/** Ledger entries of the two stores of the balances step. */
const BALANCE_SMALL_ENTRIES = 1_000;
const BALANCE_LARGE_ENTRIES = intEnv('BENCH_BALANCE_ENTRIES', 1_000_000, 2_000);
/** Sequential GETs per encoding of the v3 all-countries pickup point list (pickupv3 step). */
const PICKUPV3_RUNS = intEnv('BENCH_PICKUPV3_RUNS', 5, 1);
/** Orders of the store whose back-office orders page the backoffice step loads. */
const BACKOFFICE_ORDERS = intEnv('BENCH_BACKOFFICE_ORDERS', 1_000_000, 100);

const TARGETS = {
  // Throughput is a share of the bare route's, measured in the same run (issue 22: never an
  // absolute rps, which a slower machine misses by design).
  postOfBarePct: 40,
  postP99Ms: 25,
  /** POST /orders as a share of pgbench replaying its batched statement (issue 22: ≥ 0.5). */
  postOfPgbenchPct: 50,
  /** p99 of POST and GET /orders at the steady rate (bench/lib/steady.ts), fresh and right after saturation. */
  steadyP99Ms: 10,
  getOfBarePct: 60,
  rssMB: 250,
  /** The largest v2 pickup-point list (issue 22: p99 <= 15 ms), and its rate beside the same bytes from a bare route. */
  pickupP99Ms: 15,
  pickupOfBareReadyPct: 90,
  /** The payment link page (issue 22): a share of the same run's bare route, and its p99 at 50 connections. */
  linksOfBarePct: 30,
  linksP99Ms: 30,
  pickupPoints: 2000,
  labelPagesPerS: 300,
  labelFileS: 4,
  /** Issue 22: peak RSS during a 1,000-label file 291 MB → at most 200 MB. */
  labelRssMB: 200,
  exportExcelS: 10,
  exportCsvS: 3,
  exportJsonS: 3,
  exportRssMB: 200,
  /** p99 with the large ledger at most this times p99 with the small one. */
  balancesP99Ratio: 1.2,
  /** One CLI command, spawn to exit (issue 22). */
  cliMs: 1000,
};

const log = (m: string) => process.stderr.write(`bench: ${m}\n`);

// --- Ctrl-C / kill: stop the load, shut the children down, remove what we created ---------------
let interrupted = false;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${sig}: stopping and cleaning up`);
    stopCurrentLoad();
    void cleanup().finally(() => process.exit(130));
  });
}

/** The code under test: HEAD's short hash, marked when src/ or migrations/ have uncommitted changes. */
function codeVersion(): string {
  try {
    const git = (...a: string[]) => execFileSync('git', a, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--', 'src', 'migrations') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes in src/ or migrations/' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

async function json<T>(res: Response, what: string, expect: number): Promise<T> {
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${what}: expected HTTP ${expect}, got ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

function checkAlive(c: Child): void {
  if (c.exited) throw new Error(`${c.name} exited during the benchmark (code ${c.exitCode}):\n${c.output()}`);
}

async function main(): Promise<number> {
  const version = codeVersion();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-bench-'));
  // As root, the embedded PostgreSQL runs as an unprivileged user, who must traverse this folder.
  fs.chmodSync(tmp, 0o711);
  onCleanup(
    'temp folder',
    async () => fs.rmSync(tmp, { recursive: true, force: true }),
    () => fs.rmSync(tmp, { recursive: true, force: true }),
  );
  const dataDir = path.join(tmp, 'data');

  // --- the database -----------------------------------------------------------------------------
  const externalUrl = process.env.DATABASE_URL || undefined;
  const embedded = !externalUrl;
  let databaseUrl: string | undefined;
  let dbLabel = 'embedded PostgreSQL (KASSA_DATA_DIR in a temp folder)';
  if (externalUrl) {
    const db = await createBenchDatabase(externalUrl);
    onCleanup(`database ${db.name}`, () => db.drop());
    databaseUrl = db.url;
    const u = new URL(externalUrl);
    dbLabel = `external PostgreSQL ${u.host}, fresh database ${db.name}`;
  } else {
    // Runs after Kassa has stopped: an embedded server it could not stop is stopped here.
    onCleanup(
      'embedded PostgreSQL',
      async () => stopLeftoverPostgres(dataDir),
      () => stopLeftoverPostgres(dataDir),
    );
  }

  // --- Kassa --------------------------------------------------------------------------------------
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const adminToken = randomBytes(24).toString('base64url');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  delete env.DATABASE_URL;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    KASSA_PUBLIC_URL: origin,
    KASSA_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    KASSA_ROLE: 'all',
    KASSA_SEED_DEMO_STORE: 'false',
    KASSA_ADMIN_TOKEN: adminToken,
    // One API process: every step measures that one process (its RSS, its CPU); the cluster step compares 1 and N.
    KASSA_API_PROCESSES: '1',
  });
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  log(`starting Kassa on ${origin} with ${dbLabel}`);
  const t0 = Date.now();
  // BENCH_KASSA_NODE_ARGS: extra Node flags for the Kassa process only, e.g. --cpu-prof (profiling).
  const nodeArgs = (process.env.BENCH_KASSA_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  // The server runs as `npm start` does: the transpiled dist/ on plain Node, no TypeScript loader.
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'ignore' });
  let kassa = spawnServer('kassa', [...SERVER_NODE_FLAGS, ...nodeArgs, 'dist/main.js'], env);
  await waitReady(kassa, `${origin}/readyz`, 180_000);
  /**
   * The memory targets (label files, exports) are the RSS of a server doing that work, so those
   * steps start on a freshly started Kassa (same database and store) when earlier steps ran: a
   * process keeps its high-water memory after a load test, which would be measured instead.
   */
  let kassaDirty = false;
  const freshKassa = async (step: string): Promise<void> => {
    if (!kassaDirty) return;
    const before = (rssBytes(kassa.pid) ?? 0) / MB;
    await kassa.stop();
    kassa = spawnServer('kassa', [...SERVER_NODE_FLAGS, ...nodeArgs, 'dist/main.js'], env);
    await waitReady(kassa, `${origin}/readyz`, 180_000);
    log(`${step}: on a freshly started Kassa (pid ${kassa.pid}; the previous one ended at ${before.toFixed(1)} MB RSS)`);
    kassaDirty = false;
  };
  log(`Kassa ready in ${((Date.now() - t0) / 1000).toFixed(1)} s (pid ${kassa.pid})`);
  const idleRssMB = (rssBytes(kassa.pid) ?? 0) / MB;

  const created = await json<{ uuid: string; sandbox: Keys }>(
    await fetch(`${origin}/operator/stores`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench shop' }),
    }),
    'POST /operator/stores',
    201,
  );
  const keys = created.sandbox;

  // --- tokens, signed before anything is measured ----------------------------------------------
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const pool = new OrderBodyPool(keys, TOKENS, tag);
  pool.fill();
  const signUs = (pool.signMs * 1000) / TOKENS;
  log(`pre-signed ${TOKENS.toLocaleString('en-US')} order tokens in ${(pool.signMs / 1000).toFixed(2)} s (${signUs.toFixed(1)} µs each)`);
  const auth = bearer(keys);

  // One real order: its JSON is the bare server's answer.
  const first = await json<{ uuid: string }>(
    await fetch(`${origin}${SANDBOX}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: orderBody(keys, `B-${tag}-probe`).toString(),
    }),
    'POST /orders (probe)',
    201,
  );
  const orderRes = await fetch(`${origin}${SANDBOX}/orders/${first.uuid}`, { headers: { authorization: auth } });
  const orderJson = await orderRes.text();
  if (orderRes.status !== 200) throw new Error(`GET /orders/:uuid (probe): HTTP ${orderRes.status}: ${orderJson}`);
  const bodyFile = path.join(tmp, 'order.json');
  fs.writeFileSync(bodyFile, orderJson);

  // --- the ceiling --------------------------------------------------------------------------------
  const results: RouteResult[] = [];
  const say = (r: RouteResult) => {
    if (interrupted) throw new Error('interrupted');
    log(`${r.name}${r.loadgen ? ` [${r.loadgen}]` : ''}: ${r.rps.toLocaleString('en-US')} rps, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, ${r.requests.toLocaleString('en-US')} requests`);
  };
  log(`routes ${[...ROUTES].join(', ')}: each ${load.warmupS} s warm-up, then ${load.durationS} s, ${load.connections} connections, pipelining ${load.pipelining}`);

  let bareR: RouteResult | undefined;
  /** The bare route under wrk: the ceiling of the wrk rows (POST, GET, the link page). */
  let bareWrkR: RouteResult | undefined;
  // The steady step's runs (bench/lib/steady.ts): the bare route's at the same rate, then Kassa's.
  let bareSteadyR: RouteResult | undefined;
  const steadyRows: SteadyRow[] = [];
  if (ROUTES.has('bare')) {
    const barePort = await freePort();
    const bareOrigin = `http://127.0.0.1:${barePort}`;
    const bare = spawnServer('bare server', ['--import', 'tsx', 'bench/bare-server.ts'], {
      ...env,
      PORT: String(barePort),
      BENCH_BODY_FILE: bodyFile,
    });
    await waitReady(bare, `${bareOrigin}/bare`, 60_000);
    const bareBody = await (await fetch(`${bareOrigin}/bare`)).text();
    if (Buffer.byteLength(bareBody) !== Buffer.byteLength(orderJson)) {
      throw new Error(`the bare body has ${Buffer.byteLength(bareBody)} bytes, the Kassa order ${Buffer.byteLength(orderJson)}`);
    }
    log(`bare server ready (pid ${bare.pid}); both answer ${Buffer.byteLength(orderJson)} bytes of JSON`);
    const bareSpec: RouteSpec = { name: 'bare GET /bare', origin: bareOrigin, method: 'GET', path: '/bare', setup: (r) => r };
    bareR = await runRoute(bareSpec, load, new Monitor(bare.pid, undefined, false));
    results.push(bareR);
    say(bareR);
    if (WRK && (ROUTES.has('links') || ROUTES.has('post') || ROUTES.has('get'))) {
      bareWrkR = await runWrkRoute(bareSpec, load, new Monitor(bare.pid, undefined, false));
      results.push(bareWrkR);
      say(bareWrkR);
    }
    if (ROUTES.has('steady')) {
      bareSteadyR = await runRoute(
        { name: `bare GET /bare @${STEADY_RPS} rps`, origin: bareOrigin, method: 'GET', path: '/bare', setup: (r) => r },
        steadyLoad(load, load.warmupS),
        new Monitor(bare.pid, undefined, false),
      );
      steadyRows.push({ phase: 'ceiling', result: bareSteadyR });
      say(bareSteadyR);
    }
    checkAlive(bare);
    await bare.stop(); // the ceiling is measured; it must not hold memory or CPU during Kassa's runs
  }

  // --- Kassa ---------------------------------------------------------------------------------------
  const uuids: string[] = [];
  const collect = (status: number, body: string) => {
    if (status === 201 && uuids.length < GET_POOL) uuids.push((JSON.parse(body) as { uuid: string }).uuid);
  };
  const postSpec = (name: string): RouteSpec => ({
    name,
    origin,
    method: 'POST',
    path: `${SANDBOX}/orders`,
    headers: { 'content-type': 'application/json' },
    setup: (r) => {
      r.body = pool.take();
      return r;
    },
    onWarmupResponse: collect,
  });
  // Top up the GET pool when the POST warm-up did not create enough orders (or did not run).
  const fillGetPool = async (): Promise<void> => {
    while (uuids.length < GET_POOL) {
      const res = await fetch(`${origin}${SANDBOX}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: pool.take().toString(),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`POST /orders (GET pool) answered HTTP ${res.status}: ${text.slice(0, 500)}`);
      collect(res.status, text);
    }
  };
  let nextUuid = 0;
  const getPrefix = `${SANDBOX}/orders/`;
  const getSpec = (name: string): RouteSpec => ({
    name,
    origin,
    method: 'GET',
    path: `${getPrefix}${uuids[0]}`,
    headers: { authorization: auth },
    setup: (r) => {
      r.path = getPrefix + uuids[nextUuid++ % uuids.length];
      return r;
    },
  });
  /** The steady step: POST and GET /orders at the steady rate (warmupS 0: right after whatever ran before). */
  const steadyOrders = async (phase: string, warmupS: number): Promise<void> => {
    for (const spec of [postSpec(`POST /sandbox/api/orders @${STEADY_RPS} rps`), getSpec(`GET /sandbox/api/orders/:uuid @${STEADY_RPS} rps`)]) {
      if (spec.method === 'GET') await fillGetPool();
      const r = await runRoute(spec, steadyLoad(load, warmupS), new Monitor(kassa.pid, kassa.pid, embedded));
      steadyRows.push({ phase, result: r });
      say(r);
      checkAlive(kassa);
    }
  };
  if (ROUTES.has('steady')) await steadyOrders('fresh', load.warmupS);

  /** The bench's database as a direct URL; the embedded server's port is read each time (a fresh Kassa starts it again). */
  const benchDbUrl = () => databaseUrl ?? embeddedDatabaseUrl(dataDir);
  // The pgbench step replays the POST run's batches: it reads them back from the orders written after this.
  const pgbenchBin = ROUTES.has('pgbench') && ROUTES.has('post') ? findPgbench() : undefined;
  if (ROUTES.has('pgbench') && !pgbenchBin) log('pgbench: SKIP: no pgbench on PATH or in /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql), or post not in BENCH_ROUTES');
  const pgbenchDb = pgbenchBin ? await connectDirect(benchDbUrl()) : undefined;
  let beforePost = pgbenchDb && (await lastOrderTime(pgbenchDb));

  let postR: RouteResult | undefined;
  /** POST under wrk (when installed): the same bodies, sent by a load generator that leaves the server more of the machine. */
  let postWrkR: RouteResult | undefined;
  if (ROUTES.has('post')) {
    postR = await runRoute(postSpec('POST /sandbox/api/orders'), load, new Monitor(kassa.pid, kassa.pid, embedded));
    results.push(postR);
    say(postR);
    checkAlive(kassa);
    if (pool.signedLive) {
      log(`WARNING: the token pool ran dry; ${pool.signedLive} tokens were signed during the run (raise BENCH_TOKENS)`);
    }
    if (WRK) {
      // pgbench replays the batches of this run, the later one (its batches are its own).
      beforePost = pgbenchDb && (await lastOrderTime(pgbenchDb));
      const bodies = pool.takeMany((load.warmupS + load.durationS) * WRK_POST_RPS);
      postWrkR = await runWrkRequests(
        {
          name: 'POST /sandbox/api/orders',
          origin,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          requests: bodies.map((body) => ({ path: `${SANDBOX}/orders`, body })),
          once: true,
          dir: tmp,
        },
        load,
        new Monitor(kassa.pid, kassa.pid, embedded),
      );
      results.push(postWrkR);
      say(postWrkR);
      checkAlive(kassa);
    }
  }
  /** The POST run pgbench's replay is compared with: wrk's when it ran (both load generators in C). */
  const postForPgbench = postWrkR ?? postR;

  // PostgreSQL's own load generator replaying the POST run's statement, batch size and concurrency (bench/lib/pgbench.ts).
  let pgbenchR: RouteResult | undefined;
  let postBatches: BatchShape | undefined;
  if (pgbenchBin && pgbenchDb && beforePost) {
    try {
      postBatches = await batchShape(pgbenchDb, beforePost);
      const batch = Math.max(1, Math.round(postBatches.mean));
      const template = await batchTemplate(pgbenchDb, beforePost, batch);
      log(
        `pgbench: the POST run wrote ${postBatches.orders.toLocaleString('en-US')} orders in ${postBatches.batches.toLocaleString('en-US')} statements (mean ${postBatches.mean.toFixed(1)}, max ${postBatches.max}); replaying ${batch} per statement, ${BATCHES_IN_FLIGHT} and ${2 * BATCHES_IN_FLIGHT} in flight`,
      );
      // Kassa's own concurrency, and twice that: the ceiling is the better of the two, so that fewer
      // batches in flight in Kassa never lowers its own ceiling.
      for (const clients of [BATCHES_IN_FLIGHT, 2 * BATCHES_IN_FLIGHT]) {
        const r = await runPgbench({ pgbench: pgbenchBin, url: benchDbUrl(), batch, clients, template, tmp, load }, new Monitor(kassa.pid, kassa.pid, embedded));
        results.push(r);
        say(r);
        if (!pgbenchR || r.rps > pgbenchR.rps) pgbenchR = r;
      }
    } finally {
      await pgbenchDb.end();
    }
    if (!pgbenchR) throw new Error('pgbench ran no replay');
    if (postForPgbench)
      log(
        `pgbench: POST /orders [${postForPgbench.loadgen}] ${postForPgbench.rps.toLocaleString('en-US')} rps is ${((100 * postForPgbench.rps) / pgbenchR.rps).toFixed(1)}% of what PostgreSQL makes of its statements alone (${pgbenchR.rps.toLocaleString('en-US')} orders/s)`,
      );
  }

  let getR: RouteResult | undefined;
  let getWrkR: RouteResult | undefined;
  if (ROUTES.has('get')) {
    await fillGetPool();
    getR = await runRoute(getSpec('GET /sandbox/api/orders/:uuid'), load, new Monitor(kassa.pid, kassa.pid, embedded));
    results.push(getR);
    say(getR);
    checkAlive(kassa);
    if (WRK) {
      getWrkR = await runWrkRequests(
        { name: 'GET /sandbox/api/orders/:uuid', origin, method: 'GET', headers: { authorization: auth }, requests: uuids.map((u) => ({ path: `${getPrefix}${u}` })), once: false, dir: tmp },
        load,
        new Monitor(kassa.pid, kassa.pid, embedded),
      );
      results.push(getWrkR);
      say(getWrkR);
      checkAlive(kassa);
    }
  }
  // Right after the saturation runs: does the server answer at the steady rate as it did fresh?
  if (ROUTES.has('steady') && (postR || getR)) await steadyOrders('after saturation', 0);

  // POST and GET /orders with 1 and N API processes, each beside the bare route run the same way (bench/lib/cluster.ts).
  let clusterR: ClusterStepResult | undefined;
  if (ROUTES.has('cluster')) {
    if (interrupted) throw new Error('interrupted');
    await fillGetPool();
    clusterR = await runClusterStep({
      processes: intEnv('BENCH_PROCESSES', os.availableParallelism(), 2),
      load,
      embedded,
      bare: async (n) => {
        const barePort = await freePort();
        const bareOrigin = `http://127.0.0.1:${barePort}`;
        const child = spawnServer(`bare server (${n})`, ['--import', 'tsx', 'bench/bare-server.ts'], { ...env, PORT: String(barePort), BENCH_BODY_FILE: bodyFile, BENCH_PROCESSES: String(n) });
        await waitReady(child, `${bareOrigin}/bare`, 60_000);
        if (n > 1) await bareReady(child);
        return { child, origin: bareOrigin };
      },
      kassa: async (n) => {
        await kassa.stop();
        kassa = spawnServer('kassa', [...SERVER_NODE_FLAGS, ...nodeArgs, 'dist/main.js'], { ...env, KASSA_API_PROCESSES: String(n) });
        await waitReady(kassa, `${origin}/readyz`, 180_000);
        // Recorded once every API process listens (src/main.ts).
        while (servedUrl(dataDir)?.pid !== kassa.pid) {
          checkAlive(kassa);
          await new Promise((r) => setTimeout(r, 100));
        }
        return kassa;
      },
      routes: () => [postSpec('POST /sandbox/api/orders'), getSpec('GET /sandbox/api/orders/:uuid')],
      say,
      checkAlive,
      log,
    });
    kassaDirty = true;
  }

  // Pickup points: the largest v2 list (GET /shipping-methods/pickup-points takes one carrier and
  // one country: today inpost PL, 25,000 points, ~6.3 MB of JSON, ~0.4 MB gzipped), as a shop's
  // checkout fetches it (gzip accepted; the body is rendered and gzipped once and cached by the
  // server). Its ceiling, in the same run: a bare Fastify route answering the very same bytes,
  // ready (bench/bare-server.ts /bare-ready), under the same load generator: at this size the
  // p99 of 50 connections is how fast the machine moves ~0.4 MB answers, not the route's work.
  let pickupR: RouteResult | undefined;
  let pickupBareR: RouteResult | undefined;
  let pickupCount = 0;
  if (ROUTES.has('pickup')) {
    const { CARRIERS } = await import('../src/shipping/carriers/registry.js');
    const { pickupPoints } = await import('../src/shipping/catalogue/service.js');
    const { COUNTRIES } = await import('../src/shipping/carriers/countries.js');
    let best = { carrier: '', country: '', n: 0 };
    for (const c of CARRIERS) {
      for (const country of COUNTRIES) {
        const n = pickupPoints(c.code, country).length;
        if (n > best.n) best = { carrier: c.code, country, n };
      }
    }
    pickupCount = best.n;
    const pickupPath = `/sandbox/shipping/api/v2/shipping-methods/pickup-points?carrierCode=${best.carrier}&countryCode=${best.country}`;
    // wrk when installed: autocannon cannot keep up with ~46 KB bodies.
    pickupR = await (WRK ? runWrkRoute : runRoute)(
      {
        name: `GET pickup-points ${best.carrier} ${best.country} (${best.n})`,
        origin,
        method: 'GET',
        path: pickupPath,
        headers: { authorization: auth, 'accept-encoding': 'gzip' },
        setup: (r) => r,
      },
      load,
      new Monitor(kassa.pid, kassa.pid, embedded),
    );
    results.push(pickupR);
    say(pickupR);
    checkAlive(kassa);
    const list = await fetchBody(`${origin}${pickupPath}`, { authorization: auth, 'accept-encoding': 'identity' });
    if (list.status !== 200) throw new Error(`GET ${pickupPath}: HTTP ${list.status}`);
    const gz = await fetchBody(`${origin}${pickupPath}`, { authorization: auth, 'accept-encoding': 'gzip' });
    const listFile = path.join(tmp, 'pickup-points-v2.json');
    fs.writeFileSync(listFile, list.body);
    fs.writeFileSync(`${listFile}.gz`, gz.body);
    const barePort = await freePort();
    const bareReady = spawnServer('bare ready server', ['--import', 'tsx', 'bench/bare-server.ts'], {
      ...env,
      PORT: String(barePort),
      BENCH_BODY_FILE: bodyFile,
      BENCH_READY_FILE: listFile,
      BENCH_READY_GZIP_FILE: `${listFile}.gz`,
    });
    await waitReady(bareReady, `http://127.0.0.1:${barePort}/bare`, 60_000);
    pickupBareR = await (WRK ? runWrkRoute : runRoute)(
      {
        name: `bare: the same list as ready bytes (${Math.round(gz.body.length / 1024)} KB gzip)`,
        origin: `http://127.0.0.1:${barePort}`,
        method: 'GET',
        path: '/bare-ready',
        headers: { 'accept-encoding': 'gzip' },
        setup: (r) => r,
      },
      load,
      new Monitor(bareReady.pid, undefined, false),
    );
    results.push(pickupBareR);
    say(pickupBareR);
    await bareReady.stop();
    log(
      `pickup: the largest v2 list (${best.carrier} ${best.country}, ${best.n.toLocaleString('en-US')} points, ${list.body.length.toLocaleString('en-US')} bytes, ${gz.body.length.toLocaleString('en-US')} gzipped): ` +
        `p99 ${pickupR.latencyMs.p99} ms, ${pickupR.rps.toLocaleString('en-US')} rps = ${(pickupR.rps / pickupBareR.rps).toFixed(2)} × its ceiling (the same bytes from a bare route: p99 ${pickupBareR.latencyMs.p99} ms, ${pickupBareR.rps.toLocaleString('en-US')} rps)`,
    );
  }

  // The snake_case shipping API: its whole grouped pickup-point listing and a synchronous
  // POST /shipments, each printed next to the same run's bare-route ceiling.
  let legacyPickupR: RouteResult | undefined;
  let legacyCreateR: RouteResult | undefined;
  if (ROUTES.has('legacy')) {
    const specs = legacyRoutes(origin, keys, tag);
    legacyPickupR = await runRoute(specs.pickup, load, new Monitor(kassa.pid, kassa.pid, embedded));
    results.push(legacyPickupR);
    say(legacyPickupR);
    // At the bench's normal connections, like every other route: each request holds one pool
    // connection for its transaction and waits for the simulated carrier's registration.
    legacyCreateR = await runRoute(specs.create, load, new Monitor(kassa.pid, kassa.pid, embedded));
    results.push(legacyCreateR);
    say(legacyCreateR);
    checkAlive(kassa);
    kassaDirty = true;
    const ceiling = bareR ? `bare-route ceiling p99 ${bareR.latencyMs.p99} ms (${bareR.rps.toLocaleString('en-US')} rps)` : 'no bare-route ceiling (add bare to BENCH_ROUTES)';
    log(`legacy: GET /pickup-points p99 ${legacyPickupR.latencyMs.p99} ms, sync POST /shipments p99 ${legacyCreateR.latencyMs.p99} ms; ${ceiling}`);
  }

  // The payment link page with shipping options (carriers, pickup points, shipping cost): first
  // byte one request at a time, then under load like the other routes (bench/lib/links.ts), each
  // request as a browser's (Accept-Encoding), without If-None-Match: the whole page every time.
  // Under wrk when installed (26 KB gzip answers), against the bare route under wrk.
  let linksR: RouteResult | undefined;
  let linksBareR: RouteResult | undefined;
  if (ROUTES.has('links')) {
    const linkPath = await createLinkPage({ origin, adminToken, storeUuid: created.uuid, keys, sandboxPath: SANDBOX });
    const fb = await firstByteLatency(`${origin}${linkPath}`, 200);
    log(
      `links: page ${linkPath} is ${fb.bytes.toLocaleString('en-US')} bytes, ${fb.wireBytes.toLocaleString('en-US')} on the wire (${fb.encoding}); first byte (200 sequential GETs) p50 ${fb.p50} ms, p99 ${fb.p99} ms`,
    );
    linksR = await (WRK ? runWrkRoute : runRoute)(
      {
        name: `GET /links/:uuid (shipping options, ${fb.encoding} ${Math.round(fb.wireBytes / 1024)} KB)`,
        origin,
        method: 'GET',
        path: linkPath,
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        setup: (r) => r,
      },
      load,
      new Monitor(kassa.pid, kassa.pid, embedded),
    );
    results.push(linksR);
    say(linksR);
    linksBareR = WRK ? bareWrkR : bareR;
    if (linksBareR) {
      log(
        `links: ${linksR.rps.toLocaleString('en-US')} rps is ${((100 * linksR.rps) / linksBareR.rps).toFixed(1)}% of the bare ceiling under the same load generator (${linksR.loadgen}: ${linksBareR.rps.toLocaleString('en-US')} rps) of this run`,
      );
    }
    checkAlive(kassa);
  }

  // The v3 all-countries pickup point list of the largest carrier (what the WooCommerce plugin's
  // sync downloads), streamed by Kassa, beside a bare server streaming the same bytes
  // (bench/lib/pickup-v3.ts). On a fresh Kassa: its peak RSS is this list's.
  let pickupV3R: PickupV3Result | undefined;
  if (ROUTES.has('pickupv3')) {
    if (interrupted) throw new Error('interrupted');
    if (ROUTES.has('post') || ROUTES.has('get') || ROUTES.has('pickup') || ROUTES.has('links')) kassaDirty = true;
    await freshKassa('pickupv3');
    kassaDirty = true;
    const { CARRIERS } = await import('../src/shipping/carriers/registry.js');
    const sizes = CARRIERS.map((d) => ({ code: d.code, points: d.pickupPointNetwork.reduce((n, x) => n + x.count, 0), countries: new Set(d.pickupPointNetwork.map((x) => x.country)).size }));
    const largest = sizes.reduce((a, b) => (b.points > a.points ? b : a));
    const v3Path = `/sandbox/shipping/api/v3/shipping-methods/pickup-points?carrierCode=${largest.code}`;
    const headers = { authorization: auth };
    // Before any catalogue request: the catalogue is loaded by the first one (the fetch below).
    const rssBeforeCatalogueMB = Math.round((10 * (rssBytes(kassa.pid) ?? 0)) / MB) / 10;
    const raw = await fetchBody(`${origin}${v3Path}`, { ...headers, 'accept-encoding': 'identity' });
    if (raw.status !== 200) throw new Error(`GET ${v3Path}: HTTP ${raw.status}: ${raw.body.subarray(0, 300).toString()}`);
    const listFile = path.join(tmp, 'pickup-points-v3.json');
    fs.writeFileSync(listFile, raw.body);
    log(
      `pickupv3: ${largest.code}, ${largest.points.toLocaleString('en-US')} points in ${largest.countries} countries: ${raw.body.length.toLocaleString('en-US')} bytes of JSON; ${PICKUPV3_RUNS} GETs raw and gzip`,
    );
    const kassaTimes = await timeStream(`${origin}${v3Path}`, headers, kassa.pid, PICKUPV3_RUNS, raw.body.length);
    checkAlive(kassa);
    const barePort = await freePort();
    const bareStream = spawnServer('bare stream server', ['--import', 'tsx', 'bench/bare-server.ts'], { ...env, PORT: String(barePort), BENCH_BODY_FILE: bodyFile, BENCH_STREAM_FILE: listFile });
    await waitReady(bareStream, `http://127.0.0.1:${barePort}/bare`, 60_000);
    const bareTimes = await timeStream(`http://127.0.0.1:${barePort}/bare-stream`, {}, bareStream.pid, PICKUPV3_RUNS, raw.body.length);
    await bareStream.stop();
    pickupV3R = {
      carrier: largest.code,
      points: largest.points,
      countries: largest.countries,
      runs: PICKUPV3_RUNS,
      kassaRssBeforeCatalogueMB: rssBeforeCatalogueMB,
      kassa: kassaTimes,
      bare: bareTimes,
    };
    const k = kassaTimes.find((t) => t.encoding === 'gzip')!;
    log(`pickupv3: gzip ${k.bytes.toLocaleString('en-US')} bytes, last byte ${k.lastByteMs} ms, Kassa peak RSS ${k.rssPeakMB} MB`);
  }

  // Label files through the server: 1,000 registered shipments, then an A6 and an A4 file of them.
  let labelsR: LabelStepResult | undefined;
  if (ROUTES.has('post') || ROUTES.has('get') || ROUTES.has('pickup') || ROUTES.has('links')) kassaDirty = true;
  if (ROUTES.has('labels')) {
    if (interrupted) throw new Error('interrupted');
    await freshKassa('labels');
    kassaDirty = true;
    log(`labels: ${LABEL_SHIPMENTS} shipments, then an A6 and an A4 (4 per sheet) label file of all of them`);
    labelsR = await runLabelStep({
      origin,
      adminToken,
      storeUuid: created.uuid,
      auth,
      kassaPid: kassa.pid,
      embedded,
      shipments: LABEL_SHIPMENTS,
      concurrency: LABEL_SETUP_CONCURRENCY,
      log,
      checkAlive: () => checkAlive(kassa),
      // The same files again on a Kassa that did nothing before (its RSS is the label file's alone).
      restart: async () => {
        kassaDirty = true;
        await freshKassa('labels (fresh)');
        kassaDirty = true;
        return kassa.pid;
      },
    });
    log(
      `labels: ${labelsR.pagesPerSecond.toLocaleString('en-US')} label pages/s (A6); Kassa max RSS during the label files ${labelsR.monitor.serverRssMaxMB ?? '-'} MB after the set-up, ${labelsR.fresh?.monitor.serverRssMaxMB ?? '-'} MB fresh`,
    );
  }

  // A direct connection to the bench's database for the bulk set-up of exports and balances.
  let direct: pg.Client | undefined;
  const directDb = async (): Promise<pg.Client> => {
    if (!direct) {
      const c = await connectDirect(benchDbUrl());
      direct = c;
      // Registered after Kassa: closed before Kassa (and its embedded PostgreSQL) stops.
      onCleanup('direct database connection', () => c.end());
    }
    return direct;
  };

  // Exports of one payout of 100,000 orders, each format downloaded through the server.
  let exportsR: ExportStepResult | undefined;
  if (ROUTES.has('exports')) {
    if (interrupted) throw new Error('interrupted');
    await freshKassa('exports');
    kassaDirty = true;
    log(`exports: a payout of ${EXPORT_ORDERS.toLocaleString('en-US')} orders (set up by SQL), then its csv, json, xml and xlsx files`);
    exportsR = await runExportStep({
      origin,
      storeUuid: created.uuid,
      auth,
      adminToken,
      kassaPid: kassa.pid,
      embedded,
      db: await directDb(),
      orders: EXPORT_ORDERS,
      refundEvery: EXPORT_REFUND_EVERY,
      log,
      checkAlive: () => checkAlive(kassa),
    });
  }

  // GET /store-balances with a small and a large ledger.
  let balancesR: BalanceStepResult | undefined;
  if (ROUTES.has('balances')) {
    if (interrupted) throw new Error('interrupted');
    log(
      `balances: two stores with ${BALANCE_SMALL_ENTRIES.toLocaleString('en-US')} and ${BALANCE_LARGE_ENTRIES.toLocaleString('en-US')} ledger entries (set up by SQL), then GET /store-balances under load for each`,
    );
    balancesR = await runBalanceStep({
      origin,
      adminToken,
      kassaPid: kassa.pid,
      embedded,
      db: await directDb(),
      load,
      smallEntries: BALANCE_SMALL_ENTRIES,
      largeEntries: BALANCE_LARGE_ENTRIES,
      log,
      checkAlive: () => checkAlive(kassa),
    });
    results.push(balancesR.small.route, balancesR.large.route);
  }

  // The back office's orders page over 1,000,000 orders (bench/lib/backoffice.ts).
  let backofficeR: BackofficeStepResult | undefined;
  if (ROUTES.has('backoffice')) {
    if (interrupted) throw new Error('interrupted');
    log(`backoffice: a store with ${BACKOFFICE_ORDERS.toLocaleString('en-US')} orders (set up by SQL), then its orders page and a search by reference under load`);
    backofficeR = await runBackofficeStep({ origin, adminToken, kassaPid: kassa.pid, embedded, db: await directDb(), load, orders: BACKOFFICE_ORDERS, log, checkAlive: () => checkAlive(kassa) });
    results.push(backofficeR.firstPage, backofficeR.search);
    say(backofficeR.firstPage);
    say(backofficeR.search);
    const ceiling = bareR ? `bare-route ceiling p99 ${bareR.latencyMs.p99} ms (${bareR.rps.toLocaleString('en-US')} rps)` : 'no bare-route ceiling (add bare to BENCH_ROUTES)';
    log(`backoffice: orders page p99 ${backofficeR.firstPage.latencyMs.p99} ms, search p99 ${backofficeR.search.latencyMs.p99} ms; ${ceiling}`);
    kassaDirty = true;
  }

  // The bank-selection widget: bundle size and time to logos drawn in Chromium (bench/lib/widget.ts).
  let widgetR: WidgetStepResult | undefined;
  if (ROUTES.has('widget')) {
    if (interrupted) throw new Error('interrupted');
    widgetR = await runWidgetStep({ origin, keys, loads: Number(process.env.BENCH_WIDGET_LOADS || 30), log });
    log(`widget: ${widgetR.bundle.gzipBytes} bytes gzip; logos drawn median ${widgetR.widget.medianMs} ms (ceiling ${widgetR.ceiling.medianMs} ms)`);
  }

  // The kassa CLI, start to answer, against this Kassa (bench/lib/cli.ts); last, on an idle server.
  let cliR: CliStepResult | undefined;
  if (ROUTES.has('cli')) {
    if (interrupted) throw new Error('interrupted');
    cliR = runCliStep({ origin, adminToken, storeName: 'Bench shop', runs: intEnv('BENCH_CLI_RUNS', 10, 1), log });
  }

  let dbNowMB: number | null = null;
  if (embedded) {
    let sum = 0;
    for (const p of postgresProcesses(kassa.pid, true)) sum += pssBytes(p.pid) ?? 0;
    dbNowMB = sum / MB;
  }

  // --- figures, targets, verdict -------------------------------------------------------------------
  const kassaRuns = [postR, postWrkR, getR, getWrkR, pickupR].filter((r): r is RouteResult => r !== undefined);
  const kassaRss = kassaRuns.length ? Math.max(...kassaRuns.map((r) => r.monitor.serverRssMaxMB ?? 0)) : undefined;
  const targets: Target[] = [
    target('POST /orders vs bare', postR && bareR && (100 * postR.rps) / bareR.rps, '>=', TARGETS.postOfBarePct, '%'),
    target('POST /orders vs bare (both wrk)', postWrkR && bareWrkR && (100 * postWrkR.rps) / bareWrkR.rps, '>=', TARGETS.postOfBarePct, '%'),
    target('POST /orders p99 latency', postR?.latencyMs.p99, '<=', TARGETS.postP99Ms, 'ms'),
    target(
      `POST /orders${postForPgbench?.loadgen ? ` [${postForPgbench.loadgen}]` : ''} vs pgbench replaying its batched statement`,
      postForPgbench && pgbenchR && (100 * postForPgbench.rps) / pgbenchR.rps,
      '>=',
      TARGETS.postOfPgbenchPct,
      '%',
    ),
    ...steadyTargets(steadyRows),
    target('GET /orders/:uuid vs bare', getR && bareR && (100 * getR.rps) / bareR.rps, '>=', TARGETS.getOfBarePct, '%'),
    target('GET /orders/:uuid vs bare (both wrk)', getWrkR && bareWrkR && (100 * getWrkR.rps) / bareWrkR.rps, '>=', TARGETS.getOfBarePct, '%'),
    target('Kassa server max RSS', kassaRss, '<=', TARGETS.rssMB, 'MB'),
    target('pickup points in the list', pickupR && pickupCount, '>=', TARGETS.pickupPoints, 'points'),
    target(`largest v2 pickup-point list p99${pickupBareR ? ` (its bare ceiling: ${pickupBareR.latencyMs.p99} ms)` : ''}`, pickupR?.latencyMs.p99, '<=', TARGETS.pickupP99Ms, 'ms'),
    target('largest v2 pickup-point list vs the same bytes from a bare route', pickupR && pickupBareR && (100 * pickupR.rps) / pickupBareR.rps, '>=', TARGETS.pickupOfBareReadyPct, '%'),
    target(`payment-link page vs bare${linksR?.loadgen ? ` (both ${linksR.loadgen})` : ''}`, linksR && linksBareR && (100 * linksR.rps) / linksBareR.rps, '>=', TARGETS.linksOfBarePct, '%'),
    target('payment-link page p99 latency', linksR?.latencyMs.p99, '<=', TARGETS.linksP99Ms, 'ms'),
    target('label pages rendered per second (A6)', labelsR?.pagesPerSecond, '>=', TARGETS.labelPagesPerS, 'pages/s'),
    target(`${labelsR?.a6.labels.toLocaleString('en-US') ?? '1,000'}-label file (A6, POST to last byte)`, labelsR && labelsR.a6.totalMs / 1000, '<=', TARGETS.labelFileS, 's'),
    target(`Kassa max RSS during label files (after the set-up; ${labelsR?.rssBeforeMB.toFixed(0) ?? '-'} MB before)`, labelsR?.monitor.serverRssMaxMB ?? undefined, '<=', TARGETS.labelRssMB, 'MB'),
    target(`Kassa max RSS during label files (fresh; ${labelsR?.fresh?.rssBeforeMB.toFixed(0) ?? '-'} MB before)`, labelsR?.fresh?.monitor.serverRssMaxMB ?? undefined, '<=', TARGETS.labelRssMB, 'MB'),
    ...exportTargets(exportsR),
    balancesTarget(balancesR),
    target('widget bundle (3.x), gzip', widgetR?.bundle.gzipBytes, '<=', widgetR?.bundle.budgetGzipBytes ?? 20480, 'bytes'),
    target('kassa stores list --json, start to answer (median)', cliR?.storesList.medianMs, '<=', TARGETS.cliMs, 'ms'),
  ];

  const failures: string[] = [];
  for (const r of [...results, ...steadyRows.map((row) => row.result), ...(clusterR?.runs.flatMap((run) => [run.bare, ...run.kassa]) ?? [])]) {
    const errors = r.errors + r.warmup.errors;
    const non2xx = r.non2xx + r.warmup.non2xx;
    if (errors || non2xx || r.requests === 0) {
      const codes = { ...r.warmup.statusCodes };
      for (const [c, n] of Object.entries(r.statusCodes)) codes[c] = (codes[c] ?? 0) + n;
      failures.push(
        `${r.name}: ${r.warmup.requests + r.requests} requests (warm-up included), ${errors} errors (${r.timeouts + r.warmup.timeouts} timeouts), ${non2xx} non-2xx; ` +
          `status codes ${JSON.stringify(codes)}${r.errorMessages.length || r.warmup.errorMessages.length ? `; errors: ${[...r.warmup.errorMessages, ...r.errorMessages].join('; ')}` : ''}`,
      );
    }
  }
  if (pool.signedLive) failures.push(`the token pool ran dry (${pool.signedLive} signed during the run): raise BENCH_TOKENS`);

  const cpus = os.cpus();
  const header = [
    `Kassa payments API benchmark — ${new Date().toISOString()}`,
    `code: ${version}; machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, node ${process.version}; database: ${dbLabel}`,
    `load: autocannon, ${load.connections} connections, pipelining ${load.pipelining}, ${load.warmupS} s warm-up + ${load.durationS} s per route`,
    `order JSON: ${Buffer.byteLength(orderJson)} bytes; tokens pre-signed: ${TOKENS.toLocaleString('en-US')} in ${(pool.signMs / 1000).toFixed(2)} s ` +
      `(${signUs.toFixed(1)} µs each${postR ? ` = ${((postR.rps * signUs) / 1e4).toFixed(0)}% of a core at the POST rate, had they been signed live` : ''}); ` +
      `used ${pool.used.toLocaleString('en-US')}`,
    `Kassa RSS idle after start: ${idleRssMB.toFixed(1)} MB${dbNowMB !== null ? `; embedded db PSS at end: ${dbNowMB.toFixed(1)} MB` : ''}`,
  ];
  const out = [
    '',
    ...header,
    '',
    ...(results.length ? [resultsTable(results, { autocannon: bareR?.rps, wrk: bareWrkR?.rps }), ''] : []),
    ...(pickupV3R ? [pickupV3Table(pickupV3R), ''] : []),
    ...(labelsR ? [labelsTable(labelsR), ''] : []),
    ...(exportsR ? [exportsTable(exportsR), ''] : []),
    ...(balancesR ? [balancesTable(balancesR, TARGETS.balancesP99Ratio), ''] : []),
    ...(widgetR ? [widgetReport(widgetR), ''] : []),
    ...(cliR ? [cliTable(cliR), ''] : []),
    ...(steadyRows.length ? [steadyTable(steadyRows, bareSteadyR), ''] : []),
    ...(clusterR ? [clusterTable(clusterR), ''] : []),
    targetsTable(targets),
    '',
    failures.length ? `FAILED: requests failed, the figures above are not valid:\n  - ${failures.join('\n  - ')}` : 'all requests succeeded (0 errors, 0 non-2xx)',
    '',
  ].join('\n');
  process.stdout.write(out);

  const resultsDir = path.join(REPO_ROOT, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'latest.json');
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        code: version,
        machine: { cpus: cpus.length, model: cpus[0]?.model.trim(), node: process.version, loadavg: os.loadavg() },
        database: { embedded, label: dbLabel },
        load,
        orderJsonBytes: Buffer.byteLength(orderJson),
        presign: { tokens: TOKENS, ms: Math.round(pool.signMs), usPerToken: Math.round(signUs * 100) / 100, used: pool.used, signedLive: pool.signedLive },
        kassaIdleRssMB: Math.round(idleRssMB * 10) / 10,
        postBatches: postBatches ?? null,
        routes: results.map((r) => {
          const ceiling = { autocannon: bareR, wrk: bareWrkR, pgbench: undefined }[r.loadgen ?? 'autocannon'];
          return { ...r, ratioToBare: ceiling ? Math.round((1000 * r.rps) / ceiling.rps) / 1000 : null };
        }),
        steady: steadyRows.length ? steadyRows.map((r) => ({ phase: r.phase, ...r.result })) : null,
        cluster: clusterR ?? null,
        pickupV3: pickupV3R ?? null,
        labels: labelsR ?? null,
        exports: exportsR ?? null,
        widget: widgetR ?? null,
        cli: cliR ?? null,
        backoffice: backofficeR ? { orders: backofficeR.orders, seedMs: Math.round(backofficeR.seedMs), plans: backofficeR.plans } : null,
        balances: balancesR ? { ...balancesR, small: { ...balancesR.small, route: balancesR.small.route.name }, large: { ...balancesR.large, route: balancesR.large.route.name } } : null,
        targets,
        ok: failures.length === 0,
        failures,
      },
      null,
      2,
    ) + '\n',
  );
  log(`results written to ${path.relative(process.cwd(), file)}`);
  if (failures.length) log('FAILED: some requests errored or were answered non-2xx (see above); exit code 1');
  return failures.length ? 1 : 0;
}

/** p99 of POST and GET /orders at the steady rate, fresh and right after saturation (SKIP when not run). */
function steadyTargets(rows: SteadyRow[]): Target[] {
  const p99 = (method: string, phase: string) => rows.find((r) => r.phase === phase && r.result.method === method)?.result.latencyMs.p99;
  return ['fresh', 'after saturation'].flatMap((phase) =>
    (['POST', 'GET'] as const).map((m) => target(`${m} /orders p99 at ${STEADY_RPS} rps, 10 connections (${phase})`, p99(m, phase), '<=', TARGETS.steadyP99Ms, 'ms')),
  );
}

function exportTargets(r: ExportStepResult | undefined): Target[] {
  const n = r ? `${r.payoutTransactions.toLocaleString('en-US')}-row` : '100,000-order';
  const s = (f: string) => {
    const file = r?.files.find((x) => x.format === f);
    return file && file.downloadMs / 1000;
  };
  return [
    target(`payout export xlsx (${n}, request to last byte)`, s('excel'), '<=', TARGETS.exportExcelS, 's'),
    target(`payout export csv (${n})`, s('csv'), '<=', TARGETS.exportCsvS, 's'),
    target(`payout export json (${n})`, s('json'), '<=', TARGETS.exportJsonS, 's'),
    target('Kassa max RSS during payout exports', r?.serverRssMaxMB ?? undefined, '<=', TARGETS.exportRssMB, 'MB'),
  ];
}

/** p99(1M) / p99(1k) ≤ 1.2; when both p99 are tiny (≤ 2 ms) their ratio is noise and counts as a pass. */
function balancesTarget(r: BalanceStepResult | undefined): Target {
  const t = target('GET /store-balances p99, large ledger / small', r?.p99Ratio, '<=', TARGETS.balancesP99Ratio, 'x');
  if (r?.bothTiny && t.result === 'MISS') return { ...t, name: `${t.name} (both p99 <= 2 ms: pass)`, result: 'PASS' };
  return t;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  if (!interrupted) console.error(`bench: FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  code = 1;
}
if (!interrupted) {
  await cleanup();
  process.exit(code);
}
