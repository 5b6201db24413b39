/**
 * A real Kassa app on a fresh database cloned from the migrated template, with a store and
 * token helpers: what every route test uses.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/platform/db.js';
import { poolFor } from '../../src/runtime.js';
import { sign } from '../../src/platform/jwt.js';
import { createServices, type ServiceOptions, type Services } from '../../src/services.js';
import type { CreatedStore, CreateStoreInput } from '../../src/stores/service.js';
import type { NotificationDelivery } from '../../src/notifications/delivery.js';
import { withDatabase } from '../setup/database.js';

let counter = 0;

export const ADMIN_TOKEN = 'test-admin-token';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  db: Db;
  /** The URL the app's pool uses (the pooler's, when the run has one). */
  databaseUrl: string;
  /** A direct (session) URL to the same database. */
  directUrl: string;
  config: Config;
  store: CreatedStore;
  target: string;
  createStore(input?: Partial<CreateStoreInput>): Promise<CreatedStore>;
  /** A signed token for the store's keys of an environment (default sandbox). */
  token(claims: Record<string, unknown>, opts?: { env?: 'sandbox' | 'production'; store?: CreatedStore; expIn?: number }): string;
  bearer(opts?: { env?: 'sandbox' | 'production'; store?: CreatedStore }): { authorization: string };
  delivery(opts?: { timeoutMs?: number }): NotificationDelivery;
  close(): Promise<void>;
}

export const nowS = () => Math.floor(Date.now() / 1000);

export async function createTestDatabase(): Promise<string> {
  const server = inject('dbServerUrl');
  const name = `kassa_t${++counter}_${inject('dbRun')}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  // CREATE DATABASE … TEMPLATE needs the template to have no other sessions; retry briefly.
  for (let i = 0; ; i++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('dbTemplate')}"`);
      break;
    } catch (err) {
      if (i > 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.end();
  return withDatabase(server, name);
}

/** A test database's URL as the app reaches it: through the pooler (PgBouncer, transaction mode) when the run has one. */
export function pooled(directUrl: string): string {
  const pooler = inject('dbPoolerUrl');
  return pooler ? withDatabase(pooler, new URL(directUrl).pathname.slice(1)) : directUrl;
}

/** A fresh test database as a real Kassa process is given it: DATABASE_URL (pooled when the run has a pooler) and DATABASE_DIRECT_URL. */
export async function externalDatabaseEnv(): Promise<{ DATABASE_URL: string; DATABASE_DIRECT_URL: string }> {
  const direct = await createTestDatabase();
  return { DATABASE_URL: pooled(direct), DATABASE_DIRECT_URL: direct };
}

/** `clock`: real time as the composition root hands it to the services (default the system clock). */
export async function createTestApp(env: Record<string, string> = {}, opts: Pick<AppOptions, 'onRoute'> & ServiceOptions = {}): Promise<TestApp> {
  const directUrl = await createTestDatabase();
  const databaseUrl = pooled(directUrl);
  const config = loadConfig({ KASSA_PUBLIC_URL: 'http://kassa.test', KASSA_AUTH_CACHE_MS: '0', KASSA_DB_POOL_SIZE: '5', ...env });
  config.databaseUrl = databaseUrl;
  config.databaseDirectUrl = directUrl;
  // Named statements where the app reaches its database directly (the embedded project), as
  // `npm start` on the embedded database does; unnamed through the pooler, as production's default.
  if (env.KASSA_DB_PREPARED_STATEMENTS === undefined) config.dbPreparedStatements = databaseUrl === directUrl;
  const db = poolFor(databaseUrl, config);
  const services = createServices(config, db, randomBytes(32).toString('hex'), directUrl, { clock: opts.clock, replica: opts.replica });
  const app = await buildApp({ services, adminToken: ADMIN_TOKEN, logLevel: false, onRoute: opts.onRoute });
  const store = await services.stores.create({ name: 'Test shop', bankRefundsEnabled: true });
  const deliveries: NotificationDelivery[] = [];
  const t: TestApp = {
    app,
    services,
    db,
    databaseUrl,
    directUrl,
    config,
    store,
    target: inject('dbTarget'),
    createStore: (input = {}) => services.stores.create({ name: 'Other shop', ...input }),
    token(claims, opts = {}) {
      const s = opts.store ?? store;
      const k = s.keys[opts.env ?? 'sandbox'];
      return sign({ accessKey: k.accessKey, exp: nowS() + (opts.expIn ?? 600), ...claims }, k.secretKey);
    },
    bearer(opts = {}) {
      return { authorization: `Bearer ${t.token({}, opts)}` };
    },
    delivery(opts = {}) {
      // Wired by the composition root, as src/runtime.ts runs it; a shorter timeout for tests.
      const d = services.notificationDelivery({ concurrency: 4, timeoutMs: opts.timeoutMs ?? 2000, log: { info() {}, warn() {}, error() {} } });
      deliveries.push(d);
      return d;
    },
    async close() {
      await app.close();
      for (const d of deliveries) await d.stop();
      await db.end();
    },
  };
  return t;
}

export { orderPayload } from './payloads.js';
