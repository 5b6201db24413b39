/**
 * One typed, validated configuration object, read from environment variables once at start-up.
 * Every other module receives the pieces it needs; nothing else reads process.env.
 */
import os from 'node:os';
import path from 'node:path';
import { SHIPPING_NAMES, type ShippingNames } from './shipping/names.js';
import { parseSchedule, type PayoutSchedule } from './payouts/schedule.js';
import { DEFAULT_DB_LIMITS, type DbLimits } from './platform/db.js';
import { DEFAULT_MAX_CONNECTIONS } from './platform/embedded-postgres.js';

export type Role = 'all' | 'serve' | 'work';

export interface Config {
  port: number;
  host: string;
  /** Public base URL of this deployment, used to build paymentUrl, logo URLs and links. */
  publicUrl: string;
  /**
   * PostgreSQL connection string; when absent an embedded PostgreSQL under dataDir is used. May
   * name PgBouncer in transaction pooling mode: Kassa keeps no session state on it.
   */
  databaseUrl: string | undefined;
  /** A direct (session) connection to the same database, for LISTEN (DATABASE_DIRECT_URL); default databaseUrl. */
  databaseDirectUrl: string | undefined;
  /** A replica for reads that tolerate staleness: back-office lists and search, exports (DATABASE_REPLICA_URL). */
  databaseReplicaUrl: string | undefined;
  /** Time limits of each kind of work on the database (platform/db.ts). */
  dbLimits: DbLimits;
  dataDir: string;
  /** 32-byte key (hex or base64) encrypting store secrets at rest; generated into dataDir when absent. */
  masterKey: string | undefined;
  /** Bearer token of the operator API; generated into dataDir when absent. */
  adminToken: string | undefined;
  /** Bearer token of GET /metrics alone (KASSA_METRICS_TOKEN), for Prometheus; the admin token is accepted there too. */
  metricsToken: string | undefined;
  paymentsPath: string;
  paymentsSandboxPath: string;
  /** Base path of the shipping v2 API (production keys). */
  shippingPath: string;
  /** Base path of the shipping v2 API (sandbox keys). */
  shippingSandboxPath: string;
  /**
   * Base paths of the v3 shipping-method lists, beside v2: each v2 base path with its last
   * segment `v2` made `v3` (clients append /v2 and /v3 to one root); null when that v2 base path
   * does not end in /v2 (no client could find v3 then).
   */
  shippingV3Path: string | null;
  /** The earlier snake_case shipping API (shipping-legacy.md): production keys here, sandbox keys at the sandbox path. */
  legacyShippingPath: string;
  legacyShippingSandboxPath: string;
  shippingV3SandboxPath: string | null;
  /** Which names the shipping v2 output speaks: the spec's, or the original service's (src/shipping/names.ts). */
  shippingNames: ShippingNames;
  role: Role;
  /**
   * How many processes serve the API (KASSA_API_PROCESSES; default the machine's cores): 1 serves
   * in this very process; more fork that many API processes sharing the port, the first process
   * keeping the database, migrations and workers (platform/cluster.ts). The work role serves none.
   */
  apiProcesses: number;
  logLevel: string;
  dbPoolSize: number;
  /**
   * Whether the pools keep the statements `statement()` names prepared on their connections
   * (platform/db.ts): only where each connection stays one server session (a direct connection,
   * not a transaction pooler before PgBouncer 1.21). Default: on for the embedded database.
   */
  dbPreparedStatements: boolean;
  /** How long a store's key lookup may be cached in memory (ms). Key revocation takes at most this long. */
  authCacheMs: number;
  /** Outbound notification timeout (ms). */
  notificationTimeoutMs: number;
  /** How many notifications a worker delivers at once. */
  workerConcurrency: number;
  /** Create the demo store on the first start of an empty database. */
  seedDemoStore: boolean;
  /** When the settlement job makes payouts (KASSA_PAYOUT_AT, KASSA_PAYOUT_EVERY_HOURS). */
  payoutSchedule: PayoutSchedule;
  /** Production notifications and webhooks may go to private addresses (a private deployment). */
  allowPrivateCallbacks: boolean;
  /**
   * Which peers' X-Forwarded-For / -Proto / -Host are believed (the client's address for the
   * back office's sign-in limit, https for its Secure cookie): true (any), false (none), or a list
   * of addresses, CIDRs and the names loopback, linklocal, uniquelocal (KASSA_TRUST_PROXY).
   */
  trustProxy: boolean | string[];
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

/** KASSA_API_PROCESSES at most: each holds its own pool of KASSA_DB_POOL_SIZE connections. */
export const MAX_API_PROCESSES = 64;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/** Time limits on the database: KASSA_DB_<KIND>_STATEMENT_TIMEOUT_MS / _LOCK_TIMEOUT_MS, KASSA_DB_CONNECT_TIMEOUT_MS (0 = none). */
function dbLimits(env: Env): DbLimits {
  const kind = (k: 'request' | 'worker' | 'report' | 'migration') => ({
    statementMs: int(env, `KASSA_DB_${k.toUpperCase()}_STATEMENT_TIMEOUT_MS`, DEFAULT_DB_LIMITS[k].statementMs, 0, 86_400_000),
    lockMs: int(env, `KASSA_DB_${k.toUpperCase()}_LOCK_TIMEOUT_MS`, DEFAULT_DB_LIMITS[k].lockMs, 0, 86_400_000),
  });
  return {
    request: kind('request'),
    worker: kind('worker'),
    report: kind('report'),
    migration: kind('migration'),
    connectMs: int(env, 'KASSA_DB_CONNECT_TIMEOUT_MS', DEFAULT_DB_LIMITS.connectMs, 0, 600_000),
  };
}

function urlPath(env: Env, name: string, fallback: string): string {
  const raw = env[name] ?? fallback;
  if (!/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/.test(raw)) {
    throw new ConfigError(`${name} must be a path such as ${fallback}, got "${raw}"`);
  }
  return raw;
}

/** `/shipping/api/v2` → `/shipping/api/v3`; null when the path does not end in /v2. */
export function v3Beside(v2Path: string): string | null {
  return /\/v2$/.test(v2Path) ? v2Path.replace(/\/v2$/, '/v3') : null;
}

/** KASSA_TRUST_PROXY: true, false, or a comma-separated list of addresses, CIDRs and proxy-addr's names. */
export const DEFAULT_TRUST_PROXY = ['loopback', 'linklocal', 'uniquelocal'];
function trustProxy(env: Env): boolean | string[] {
  const raw = env.KASSA_TRUST_PROXY?.trim();
  if (raw === undefined || raw === '') return DEFAULT_TRUST_PROXY;
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const named = new Set(DEFAULT_TRUST_PROXY);
  const bad = list.find((s) => !named.has(s) && !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s));
  if (bad !== undefined || !list.length) {
    throw new ConfigError(`KASSA_TRUST_PROXY must be true, false, or a list of addresses, CIDRs, loopback, linklocal, uniquelocal; got "${raw}"`);
  }
  return list;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const publicUrl = (env.KASSA_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`KASSA_PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const role = (env.KASSA_ROLE || 'all') as Role;
  if (!['all', 'serve', 'work'].includes(role)) {
    throw new ConfigError(`KASSA_ROLE must be all, serve or work, got "${role}"`);
  }
  const paymentsPath = urlPath(env, 'KASSA_PAYMENTS_PATH', '/api');
  const paymentsSandboxPath = urlPath(env, 'KASSA_PAYMENTS_SANDBOX_PATH', '/sandbox/api');
  const shippingPath = urlPath(env, 'KASSA_SHIPPING_PATH', '/shipping/api/v2');
  const shippingSandboxPath = urlPath(env, 'KASSA_SHIPPING_SANDBOX_PATH', '/sandbox/shipping/api/v2');
  const shippingV3Path = v3Beside(shippingPath);
  const shippingV3SandboxPath = v3Beside(shippingSandboxPath);
  const legacyShippingPath = urlPath(env, 'KASSA_LEGACY_SHIPPING_PATH', '/shipping/api/v1');
  const legacyShippingSandboxPath = urlPath(env, 'KASSA_LEGACY_SHIPPING_SANDBOX_PATH', '/sandbox/shipping/api/v1');
  const shippingNames = (env.KASSA_SHIPPING_NAMES || 'spec') as ShippingNames;
  if (!SHIPPING_NAMES.includes(shippingNames)) {
    throw new ConfigError(`KASSA_SHIPPING_NAMES must be ${SHIPPING_NAMES.join(' or ')}, got "${shippingNames}"`);
  }
  let payoutSchedule: PayoutSchedule;
  try {
    payoutSchedule = parseSchedule(env.KASSA_PAYOUT_AT || '06:00', int(env, 'KASSA_PAYOUT_EVERY_HOURS', 24, 1, 24));
  } catch (err) {
    throw new ConfigError(`KASSA_PAYOUT_AT / KASSA_PAYOUT_EVERY_HOURS: ${(err as Error).message}`);
  }
  const basePaths: [string, string][] = [
    ['KASSA_PAYMENTS_PATH', paymentsPath],
    ['KASSA_PAYMENTS_SANDBOX_PATH', paymentsSandboxPath],
    ['KASSA_SHIPPING_PATH', shippingPath],
    ['KASSA_SHIPPING_SANDBOX_PATH', shippingSandboxPath],
    ...(shippingV3Path ? [['the v3 path beside KASSA_SHIPPING_PATH', shippingV3Path] as [string, string]] : []),
    ...(shippingV3SandboxPath ? [['the v3 path beside KASSA_SHIPPING_SANDBOX_PATH', shippingV3SandboxPath] as [string, string]] : []),
    ['KASSA_LEGACY_SHIPPING_PATH', legacyShippingPath],
    ['KASSA_LEGACY_SHIPPING_SANDBOX_PATH', legacyShippingSandboxPath],
  ];
  for (const [i, [name, value]] of basePaths.entries()) {
    for (const [other, otherValue] of basePaths.slice(i + 1)) {
      if (value === otherValue) throw new ConfigError(`${name} and ${other} must differ`);
    }
  }
  const config: Config = {
    port,
    host,
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    dbLimits: dbLimits(env),
    dataDir: path.resolve(env.KASSA_DATA_DIR || './data'),
    masterKey: env.KASSA_MASTER_KEY || undefined,
    adminToken: env.KASSA_ADMIN_TOKEN || undefined,
    metricsToken: env.KASSA_METRICS_TOKEN || undefined,
    paymentsPath,
    paymentsSandboxPath,
    shippingPath,
    shippingSandboxPath,
    shippingV3Path,
    shippingV3SandboxPath,
    legacyShippingPath,
    legacyShippingSandboxPath,
    shippingNames,
    role,
    apiProcesses: int(env, 'KASSA_API_PROCESSES', os.availableParallelism(), 1, MAX_API_PROCESSES),
    logLevel: env.LOG_LEVEL || 'info',
    dbPoolSize: int(env, 'KASSA_DB_POOL_SIZE', 20, 1, 500),
    // On by default only where Kassa knows the path to the server: its embedded database.
    dbPreparedStatements: bool(env, 'KASSA_DB_PREPARED_STATEMENTS', !env.DATABASE_URL),
    authCacheMs: int(env, 'KASSA_AUTH_CACHE_MS', 30_000, 0, 3_600_000),
    notificationTimeoutMs: int(env, 'KASSA_NOTIFICATION_TIMEOUT_MS', 10_000, 100, 120_000),
    workerConcurrency: int(env, 'KASSA_WORKER_CONCURRENCY', 16, 1, 1000),
    seedDemoStore: bool(env, 'KASSA_SEED_DEMO_STORE', true),
    payoutSchedule,
    allowPrivateCallbacks: bool(env, 'KASSA_ALLOW_PRIVATE_CALLBACKS', false),
    trustProxy: trustProxy(env),
  };
  // The embedded database is started with room for every process's pool (embeddedMaxConnections).
  if (!config.databaseUrl && embeddedMaxConnections(config) > MAX_EMBEDDED_CONNECTIONS) {
    throw new ConfigError(
      `KASSA_API_PROCESSES=${config.apiProcesses} with KASSA_DB_POOL_SIZE=${config.dbPoolSize} needs ${databaseConnections(config)} database connections, ` +
        `more than the embedded PostgreSQL takes (${MAX_EMBEDDED_CONNECTIONS - CONNECTIONS_FOR_TOOLS}); lower either, or set DATABASE_URL`,
    );
  }
  return config;
}

/** Connections a Kassa process may open beside its pool: LISTEN (`kassa listen`'s wake-ups, notification delivery) and an export's own. */
const CONNECTIONS_BESIDE_POOL = 4;
/** Connections left free on the embedded database for tools beside Kassa (psql, a backup, a test). */
const CONNECTIONS_FOR_TOOLS = 20;
/** The embedded PostgreSQL's max_connections at most (a busy connection is a PostgreSQL process). */
export const MAX_EMBEDDED_CONNECTIONS = 1000;

/** How many processes hold a pool: one, or with several API processes the first one (database, workers) and each of them. */
export function poolProcesses(c: Pick<Config, 'role' | 'apiProcesses'>): number {
  return c.role === 'work' || c.apiProcesses === 1 ? 1 : c.apiProcesses + 1;
}

/** The most connections this deployment on this machine opens to its database (each process's pool and its few others). */
export function databaseConnections(c: Pick<Config, 'role' | 'apiProcesses' | 'dbPoolSize'>): number {
  return poolProcesses(c) * (c.dbPoolSize + CONNECTIONS_BESIDE_POOL);
}

/** The embedded PostgreSQL's max_connections: its default, or more when the processes' pools need it. */
export function embeddedMaxConnections(c: Pick<Config, 'role' | 'apiProcesses' | 'dbPoolSize'>): number {
  return Math.max(DEFAULT_MAX_CONNECTIONS, databaseConnections(c) + CONNECTIONS_FOR_TOOLS);
}
