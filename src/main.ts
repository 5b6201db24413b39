/**
 * Process entry: config → checks → database → app → workers → listen.
 * KASSA_ROLE=serve runs the API only, =work the workers only, =all (default) both.
 *
 * A start that fails leaves nothing running. What can be checked before the database starts is
 * checked first (the HTTP port can be listened on, KASSA_MASTER_KEY is a key); a later failure
 * (listening, the app, the workers, the demo store) stops what had started, the embedded database
 * last, which releases the data dir's lock. A SIGINT or SIGTERM while starting stops the start the
 * same way (a second one exits at once).
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadConfig, ConfigError, type Config } from './config.js';
import { buildApp } from './app.js';
import { startRuntime, startWorkers, type Workers } from './runtime.js';
import type { Services } from './services.js';
import type { CreateStoreInput } from './stores/service.js';
import { createLogger } from './platform/observability.js';
import { DataDirInUse, dataDirOwner } from './platform/data-dir-lock.js';
import { SecretBox } from './platform/crypto.js';
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

  let shutdown: ((signal: string) => void) | undefined;
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
  let workers: Workers | undefined;
  let app: FastifyInstance | undefined;
  let forgetUrl: (() => void) | undefined;
  try {
    goOn();
    await seedDemoStore(config, rt.services.stores);
    goOn();
    if (config.role !== 'serve') workers = await startWorkers(rt, log);
    goOn();
    app = config.role !== 'work' ? await buildApp({ services: rt.services, adminToken: rt.adminToken }) : undefined;
    goOn();
    if (app) {
      try {
        await app.listen({ port: config.port, host: config.host });
      } catch (err) {
        throw listenError(err, config.host, config.port);
      }
      log.info(`Kassa ${config.role} listening on ${config.publicUrl} (payments ${config.paymentsPath}, sandbox ${config.paymentsSandboxPath}, docs /docs)`);
      // Beside the admin token: the `kassa` CLI run on this data dir finds this server (PORT=8081, HOST) without KASSA_URL.
      const url = localUrl(app.server.address());
      try {
        if (url) forgetUrl = recordServedUrl(config.dataDir, url);
      } catch (err) {
        log.warn(`could not record this server's URL in ${config.dataDir} (the kassa CLI then needs KASSA_URL): ${(err as Error).message}`);
      }
    }
    goOn();
  } catch (err) {
    // Whatever started stops, the database last: a failed start leaves nothing running.
    forgetUrl?.();
    await app?.close().catch(() => undefined);
    await workers?.stop().catch(() => undefined);
    await rt.close().catch(() => rt.embedded?.stop());
    throw err;
  }

  let stopping = false;
  shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      log.info(`${signal}: shutting down`);
      forgetUrl?.();
      await app?.close();
      await workers?.stop();
      await rt.close();
      process.exit(0);
    })();
  };
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

main().catch((err: unknown) => {
  // Stopped on purpose while starting (whatever failed after the signal, e.g. a Ctrl-C that also reached the database).
  if (interruptedBy) process.exit(0);
  if (err instanceof ConfigError) console.error(`configuration error: ${err.message}`);
  else if (err instanceof DataDirInUse || err instanceof StartupError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
