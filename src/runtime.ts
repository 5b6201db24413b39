/**
 * Bringing a process up: secrets (from config or generated once into the data folder), the
 * database (external or embedded), migrations, services, and the worker role.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { embeddedMaxConnections, type Config } from './config.js';
import { createPool, migrate, runAs, type Db } from './platform/db.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './platform/embedded-postgres.js';
import { randomToken } from './platform/ids.js';
import { ADMIN_TOKEN_FILE } from './platform/served-url.js';
import { createServices, type Services } from './services.js';
import type { NotificationDelivery, DeliveryLog } from './notifications/delivery.js';
import type { ShipmentRegistration } from './shipping/shipments/registration.js';
import type { LabelFileService } from './shipping/label-files/service.js';
import type { RefundService } from './payments/refunds/service.js';

const MASTER_KEY_FILE = 'master.key';

/** Reads a secret file of the data folder, creating it (mode 0600) on first use. */
function secretFile(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, make(), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export interface Runtime {
  services: Services;
  db: Db;
  databaseUrl: string;
  adminToken: string;
  embedded: EmbeddedPostgres | undefined;
  close(): Promise<void>;
}

/**
 * What an API process of several needs from the first process (platform/cluster.ts): the
 * database it started and migrated, and the secrets it read. Handed over the IPC channel only.
 */
export interface SharedSecrets {
  databaseUrl: string;
  masterKey: string;
  adminToken: string;
}

/** A pool to `url` with the configured size, limits and prepared statements (KASSA_DB_*). */
export function poolFor(url: string, config: Pick<Config, 'dbPoolSize' | 'dbLimits' | 'dbPreparedStatements'>): Db {
  return createPool(url, config.dbPoolSize, config.dbLimits, { preparedStatements: config.dbPreparedStatements });
}

/**
 * The first (or only) process: secrets, the database (the embedded one started here, with room
 * for every process's pool), migrations, services. `shared` is what API processes are handed.
 */
export async function startRuntime(config: Config, log: (msg: string) => void): Promise<Runtime & { shared: SharedSecrets }> {
  const masterKey = config.masterKey ?? secretFile(config.dataDir, MASTER_KEY_FILE, () => randomBytes(32).toString('hex'));
  const adminToken = config.adminToken ?? secretFile(config.dataDir, ADMIN_TOKEN_FILE, () => randomToken(32));
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, log, { port: config.role === 'work' ? null : config.port, maxConnections: embeddedMaxConnections(config) });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const db = poolFor(databaseUrl, config);
  try {
    await migrate(db, log);
  } catch (err) {
    await db.end().catch(() => undefined);
    await embedded?.stop();
    throw err;
  }
  try {
    const rt = connectServices(config, db, { databaseUrl, masterKey, adminToken });
    return {
      ...rt,
      embedded,
      shared: { databaseUrl, masterKey, adminToken },
      async close() {
        await rt.close();
        await embedded?.stop();
      },
    };
  } catch (err) {
    // A start that fails (a master.key that is no key…) leaves no database running and no lock.
    await db.end().catch(() => undefined);
    await embedded?.stop();
    throw err;
  }
}

/** An API process of several: services over the database the first process started and migrated. */
export function joinRuntime(config: Config, shared: SharedSecrets): Runtime {
  const db = poolFor(shared.databaseUrl, config);
  try {
    return { ...connectServices(config, db, shared), embedded: undefined };
  } catch (err) {
    void db.end().catch(() => undefined);
    throw err;
  }
}

/** Services over `db` (and the replica, when configured); close() ends both pools. */
function connectServices(config: Config, db: Db, shared: SharedSecrets): Omit<Runtime, 'embedded'> {
  // Reads that tolerate staleness go to the replica when there is one (never a merchant's own GETs).
  const replica = config.databaseReplicaUrl ? poolFor(config.databaseReplicaUrl, config) : undefined;
  let services: Services;
  try {
    services = createServices(config, db, shared.masterKey, config.databaseDirectUrl ?? shared.databaseUrl, {
      replica: replica && { db: replica, url: config.databaseReplicaUrl! },
    });
  } catch (err) {
    void replica?.end().catch(() => undefined);
    throw err;
  }
  return {
    services,
    db,
    databaseUrl: shared.databaseUrl,
    adminToken: shared.adminToken,
    async close() {
      await db.end();
      await replica?.end();
    },
  };
}

export interface Workers {
  notifications: NotificationDelivery;
  registration: ShipmentRegistration;
  labelFiles: LabelFileService;
  refunds: RefundService;
  stop(): Promise<void>;
}

/**
 * The `work` role: notification delivery, shipment registration and the expiry sweeper. Everything
 * they start runs as the worker kind of work (its database time limits, platform/db.ts).
 */
export function startWorkers(rt: Runtime, log: DeliveryLog): Promise<Workers> {
  return runAs('worker', () => startWorkersNow(rt, log));
}

async function startWorkersNow(rt: Runtime, log: DeliveryLog): Promise<Workers> {
  const { orders } = rt.services;
  const notifications = rt.services.notificationDelivery({ log });
  await notifications.start();
  // Shipment registration with the carriers (pending shipments, retries after outages).
  const registration = rt.services.shipments.registration;
  registration.start(log);
  // Label files (pending → ready/failed; moves registered shipments to labelsCreated).
  const labelFiles = rt.services.labelFiles;
  labelFiles.start(log);
  // Refunds (booked against the balance, sent to the processor, retried while funds are short).
  const refunds = rt.services.refunds;
  refunds.start(log);
  // The settlement job: payouts at each slot of the payout schedule (one worker per slot).
  const payouts = rt.services.payouts;
  payouts.start(log);
  // Processors' status pollers (a bank payment still settling, or whose shopper never came back).
  const { processors, processorContext } = rt.services;
  let polling = false;
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    (async () => {
      for (const f of processors.families) if (f.poll) await f.poll(processorContext, await processors.productionConnectors(f.definition.method), { olderThanSeconds: 15, limit: 100 });
    })()
      .catch((err: unknown) => log.error({ err }, 'processor status polling failed'))
      .finally(() => {
        polling = false;
      });
  }, 5_000);
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    orders
      .abandonExpired()
      .catch((err: unknown) => log.error({ err }, 'expiry sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, 5_000);
  return {
    notifications,
    registration,
    labelFiles,
    refunds,
    async stop() {
      clearInterval(sweep);
      clearInterval(poll);
      await payouts.stop();
      await refunds.stop();
      await labelFiles.stop();
      await registration.stop();
      await notifications.stop();
    },
  };
}
