/**
 * Process entry: config → checks → database → app → workers → listen.
 * KASSA_ROLE=serve runs the API only, =work the workers only, =all (default) both.
 *
 * KASSA_API_PROCESSES (default: the machine's cores) API processes serve; with more than one
 * (and a role that serves), this first process keeps the database, migrations, the demo store,
 * the workers and the served-URL record, and forks them (platform/cluster.ts); each runs
 * `serveAsApiProcess` below. With one, this process serves itself, as it always did.
 *
 * A start that fails leaves nothing running. What can be checked before the database starts is
 * checked first (the HTTP port can be listened on, KASSA_MASTER_KEY is a key); a later failure
 * (listening, the app, an API process, the workers, the demo store) stops what had started, the
 * embedded database last, which releases the data dir's lock. A SIGINT or SIGTERM while starting
 * stops the start the same way (a second one exits at once). Once started, a signal stops the
 * API (each process stops accepting and finishes its in-flight requests), then the workers, then
 * the database.
 */
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { databaseConnections, loadConfig, ConfigError, poolProcesses, type Config } from './config.js';
import { buildApp } from './app.js';
import { joinRuntime, startRuntime, startWorkers, type Runtime, type Workers } from './runtime.js';
import { ApiProcesses, ApiProcessFailed, isApiProcess, PrimaryLink } from './platform/cluster.js';
import type { Services } from './services.js';
import type { CreateStoreInput } from './stores/service.js';
import { createLogger } from './platform/observability.js';
import { DataDirInUse, dataDirOwner } from './platform/data-dir-lock.js';
import { SecretBox } from './platform/crypto.js';
import type { Db } from './platform/db.js';
import { localUrl, recordServedUrl } from './platform/served-url.js';

/** A start-up failure the operator fixes from its message alone (printed without a stack). */
class StartupError extends Error {}

/** The signal received while starting, if one was: the start stops where it stands. */
let interruptedBy: string | undefined;
class Interrupted extends Error {}

/** An error of listening on HOST:PORT, in the operator's words when it is a known one. */
function listenError(err: unknown, host: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  const where = `Cannot listen on ${host}:${port}`;
  if (code === 'EADDRINUSE') return new StartupError(`${where}: the port is in use by another process (another Kassa?). Stop it, or set PORT to a free port.`);
  if (code === 'EACCES') return new StartupError(`${where}: permission denied (ports below 1024 need privileges). Set PORT to 1024 or above.`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new StartupError(`${where}: HOST is not an address of this machine (${code}). Set HOST to one of its addresses, or 0.0.0.0.`);
  }
  return err;
}

/** Fails now when HOST:PORT cannot be listened on (busy, not ours): before the database starts. */
function checkPort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err) => reject(listenError(err, host, port)));
    probe.listen({ port, host }, () => probe.close(() => resolve()));
  });
}

/** What can be checked before the database starts, so that a start bound to fail starts none. */
async function preflight(config: Config): Promise<void> {
  if (config.masterKey !== undefined) {
    try {
      new SecretBox(config.masterKey);
    } catch (err) {
      throw new ConfigError((err as Error).message);
    }
  }
  // A running Kassa on this data dir is named as such (its pid and port), rather than by the port it holds.
  if (!config.databaseUrl) {
    const owner = dataDirOwner(config.dataDir);
    if (owner) throw new DataDirInUse(config.dataDir, owner);
  }
  // PORT=0 (any free port) cannot be busy; the work role listens on none.
  if (config.role !== 'work' && config.port !== 0) await checkPort(config.host, config.port);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);

  let shutdown: ((signal: string, code?: number) => void) | undefined;
  const onSignal = (signal: string) => {
    if (shutdown) return shutdown(signal);
    if (interruptedBy) process.exit(1); // a second one: at once (a database left running is stopped by the next start)
    interruptedBy = signal;
    log.info(`${signal}: stopping the start-up`);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  const goOn = () => {
    if (interruptedBy) throw new Interrupted(interruptedBy);
  };

  await preflight(config);
  goOn();
  const rt = await startRuntime(config, (m) => log.info(m));
  const clustered = config.role !== 'work' && config.apiProcesses > 1;
  if (config.databaseUrl) await checkConnectionBudget(config, rt.db, log);
  let workers: Workers | undefined;
  let app: FastifyInstance | undefined;
  let api: ApiProcesses | undefined;
  let forgetUrl: (() => void) | undefined;
  try {
    goOn();
    await seedDemoStore(config, rt.services.stores);
    goOn();
    if (config.role !== 'work') {
      let address: AddressInfo | string | null;
      if (clustered) {
        api = await ApiProcesses.start({
          count: config.apiProcesses,
          shared: rt.shared,
          log: { info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) },
          onGiveUp: () => shutdown?.('API processes failing', 1),
          ownMetrics: processMetrics(),
        });
        address = api.address;
        // The workers' requests to Kassa's own origin (the sandbox's simulators) go to the API processes.
        if (address && typeof address === 'object') rt.services.selfFetch.listensAt(address);
      } else {
        app = await buildApp({ services: rt.services, adminToken: rt.adminToken });
        goOn();
        try {
          await app.listen({ port: config.port, host: config.host });
        } catch (err) {
          throw listenError(err, config.host, config.port);
        }
        address = app.server.address();
      }
      goOn();
      const processes = clustered ? `, ${config.apiProcesses} API processes` : '';
      log.info(`Kassa ${config.role} listening on ${config.publicUrl} (payments ${config.paymentsPath}, sandbox ${config.paymentsSandboxPath}, docs /docs${processes})`);
      // Beside the admin token: the `kassa` CLI run on this data dir finds this server (PORT=8081, HOST) without KASSA_URL.
      const url = localUrl(address);
      try {
        if (url) forgetUrl = recordServedUrl(config.dataDir, url);
      } catch (err) {
        log.warn(`could not record this server's URL in ${config.dataDir} (the kassa CLI then needs KASSA_URL): ${(err as Error).message}`);
      }
    }
    goOn();
    // After the API: with several processes the workers' sandbox requests need its address.
    if (config.role !== 'serve') workers = await startWorkers(rt, log);
    goOn();
  } catch (err) {
    // Whatever started stops, the database last: a failed start leaves nothing running.
    forgetUrl?.();
    await app?.close().catch(() => undefined);
    await api?.stop().catch(() => undefined);
    await workers?.stop().catch(() => undefined);
    await rt.close().catch(() => rt.embedded?.stop());
    throw err;
  }

  let stoppingSince: number | undefined;
  shutdown = (signal: string, code = 0) => {
    // A second signal while stopping: at once (API processes end with this one; the database is stopped by the next start).
    if (stoppingSince !== undefined) {
      if (isSecondSignal(stoppingSince)) process.exit(1);
      return;
    }
    stoppingSince = performance.now();
    void (async () => {
      log.info(`${signal}: shutting down`);
      forgetUrl?.();
      // The API first (no new requests; in-flight ones finish), then the workers, the database last.
      await app?.close();
      await api?.stop();
      await workers?.stop();
      await rt.close();
      process.exit(code);
    })();
  };
}

/**
 * A warning when this node alone may open more connections than the external database takes
 * (every process's pool: config.ts databaseConnections); the embedded one is started with room.
 */
async function checkConnectionBudget(config: Config, db: Db, log: { warn(m: string): void }): Promise<void> {
  const needed = databaseConnections(config);
  try {
    const { rows } = await db.query<{ max: number }>(`SELECT current_setting('max_connections')::int AS max`);
    const max = rows[0]?.max ?? Number.POSITIVE_INFINITY;
    if (needed > max) {
      log.warn(
        `this node may open ${needed} database connections (KASSA_API_PROCESSES=${config.apiProcesses}, KASSA_DB_POOL_SIZE=${config.dbPoolSize}, ${poolProcesses(config)} pools), ` +
          `more than the database's max_connections=${max}: lower either, or raise max_connections (docs/going-to-production.md)`,
      );
    }
  } catch {
    /* not a reason not to start; the pools say so when it matters */
  }
}

/**
 * Whether a signal received while stopping (since `since`) is a second one, which exits at once:
 * not when it comes within a second of the first, as when npm forwards the terminal's Ctrl-C to
 * the process that had it already, or when an API process has the primary's stop and the Ctrl-C.
 */
function isSecondSignal(since: number): boolean {
  return performance.now() - since > 1_000;
}

/** The first process's own metrics (its CPU, memory, event loop: the workers'), added to every scrape of several API processes. */
function processMetrics(): () => Promise<client.MetricObjectWithValues<client.MetricValue<string>>[]> {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  return () => registry.getMetricsAsJSON();
}

/**
 * An API process of several (forked by the first process, platform/cluster.ts): the database URL
 * and secrets come over its IPC channel; it serves the API on the shared port and nothing else.
 * It stops when the first process asks (or on SIGINT/SIGTERM): no new connections, in-flight
 * requests finish, then its pools close. A second signal exits at once.
 */
async function serveAsApiProcess(): Promise<void> {
  const config = loadConfig();
  const { link, shared } = await PrimaryLink.connect();
  let rt: Runtime | undefined;
  let app: FastifyInstance | undefined;
  let starting: Promise<unknown> = Promise.resolve();
  let stopping = false;
  let stoppingSince = 0;
  const stop = () => {
    if (stopping) {
      if (isSecondSignal(stoppingSince)) process.exit(1);
      return;
    }
    stopping = true;
    stoppingSince = performance.now();
    void (async () => {
      // Asked while still starting: the start ends first (no half-built app left listening).
      await starting.catch(() => undefined);
      await app?.close();
      await rt?.close();
      process.exit(0);
    })();
  };
  link.onStop(() => {
    if (!stopping) stop();
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  starting = (async () => {
    rt = joinRuntime(config, shared);
    // A key rolled, a store's setting or a connector changed here is dropped from the others' caches too.
    link.shareInvalidations({ keys: rt.services.keys, connectors: rt.services.connectors });
    app = await buildApp({ services: rt.services, adminToken: shared.adminToken, metrics: link.metrics });
    if (stopping) return;
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (err) {
      throw listenError(err, config.host, config.port);
    }
    link.listening(app.server.address());
  })();
  try {
    await starting;
  } catch (err) {
    await link.failed(err instanceof StartupError ? err.message : String((err as Error).stack ?? err));
    await app?.close().catch(() => undefined);
    await rt?.close().catch(() => undefined);
    process.exit(1);
  }
}

const DEMO_STORE: CreateStoreInput = {
  name: 'Demo store',
  isDemo: true,
  // A sender for shipments that name none, so the demo store can ship at once.
  shippingAddress: {
    name: 'Demo store',
    companyName: null,
    streetAddress: 'Narva mnt 5',
    locality: 'Tallinn',
    region: 'Harju maakond',
    postalCode: '10117',
    country: 'EE',
    phoneCountryCode: '+372',
    phoneNumber: '6001234',
    email: null,
  },
  // Where its payouts go (a sample account).
  payoutAccount: { iban: 'EE382200221020145685', accountName: 'Demo store' },
};

/** The demo store, on the first start of an empty database (KASSA_SEED_DEMO_STORE). */
async function seedDemoStore(config: Config, stores: Services['stores']): Promise<void> {
  // Once, however many processes start together on the empty database.
  const demo = config.seedDemoStore && (await stores.count()) === 0 ? await stores.createFirst(DEMO_STORE) : undefined;
  if (demo) {
    const lines = [
      '',
      '  Kassa demo store created (first start of an empty database)',
      `  store uuid:         ${demo.id}`,
      `  sandbox accessKey:  ${demo.keys.sandbox.accessKey}`,
      `  sandbox secretKey:  ${demo.keys.sandbox.secretKey}`,
      `  sandbox API:        ${config.publicUrl}${config.paymentsSandboxPath}`,
      `  back office:        ${config.publicUrl}/dashboard (add yourself: npm run kassa -- users add --store ${demo.id} --email you@example.com, which asks for the password)`,
      '',
    ];
    // Printed once to the terminal of the operator who started Kassa; never logged.
    process.stdout.write(lines.join('\n') + '\n');
  }
}

if (isApiProcess()) {
  void serveAsApiProcess();
} else {
  main().catch((err: unknown) => {
    // Stopped on purpose while starting (whatever failed after the signal, e.g. a Ctrl-C that also reached the database).
    if (interruptedBy) process.exit(0);
    if (err instanceof ConfigError) console.error(`configuration error: ${err.message}`);
    else if (err instanceof DataDirInUse || err instanceof StartupError || err instanceof ApiProcessFailed) console.error(err.message);
    else console.error(err);
    process.exit(1);
  });
}
