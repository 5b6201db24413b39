/**
 * PostgreSQL access: one pool, a transaction helper and ordered SQL migrations under an advisory lock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { timestampMs } from './timestamps.js';

// bigint columns (money in minor units, counters) come back as JS bigint-safe strings by default;
// parse int8 to number: amounts here stay far below 2^53 minor units.
pg.types.setTypeParser(20, (v: string) => Number(v));

// timestamptz: read into a Date straight from its text (timestampMs); pg's own parser for the rest.
const parseTimestamptzSlowly = pg.types.getTypeParser(1184) as (v: string) => Date | number | null;
export const parseTimestamptz = (v: string): Date | number | null => {
  const t = timestampMs(v);
  return t === undefined ? parseTimestamptzSlowly(v) : new Date(t);
};
pg.types.setTypeParser(1184, parseTimestamptz);

export type Db = pg.Pool;
export type Tx = pg.PoolClient;
/** Anything that can run a query: the pool or a transaction's client. */
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * The transaction the current async context is inside, while it is open. A transaction that asks
 * its own pool for another connection waits for one that only another such transaction can give
 * back: with every connection held that way, the process hangs for good (it happened: 50
 * concurrent synchronous shipment creations). Everything inside a transaction goes through it.
 * Under test (`KASSA_STRICT_TX=1`, set by the test setup) such a query throws at once, naming the
 * mistake, instead of hanging only when the pool runs out.
 */
const openTx = new AsyncLocalStorage<{ pool: Db; open: boolean }>();
const STRICT = process.env.KASSA_STRICT_TX === '1';

/** Throws when called from inside an open transaction of `pool` (strict mode only). */
function refuseNestedUse(pool: Db): void {
  const tx = openTx.getStore();
  if (tx?.open && tx.pool === pool) {
    throw new Error('a query was sent to the pool from inside a transaction of the same pool: pass the transaction (Queryable) instead, or run it after the commit');
  }
}

/**
 * Kinds of work, each with its own limits (ms; 0 = none): how long one statement may run, how long
 * it may wait for a lock, and how long a query may wait for a connection from the pool. Nothing
 * waits forever: past a limit the work fails with an error that answers 503 (errors.ts).
 */
export type WorkKind = 'request' | 'worker' | 'report' | 'migration';
export interface WorkLimits {
  statementMs: number;
  lockMs: number;
}
export type DbLimits = Record<WorkKind, WorkLimits> & { connectMs: number };

export const DEFAULT_DB_LIMITS: DbLimits = {
  // An API request: a merchant's client waits for it.
  request: { statementMs: 5_000, lockMs: 2_000 },
  // Workers' claims and attempts: nobody waits, but a stuck statement must not hold a lease forever.
  worker: { statementMs: 60_000, lockMs: 10_000 },
  // Exports and back-office reports: large reads.
  report: { statementMs: 120_000, lockMs: 10_000 },
  // Migrations: DDL runs as long as it needs, but never queues behind a long lock for long.
  migration: { statementMs: 0, lockMs: 30_000 },
  connectMs: 5_000,
};

const workKind = new AsyncLocalStorage<WorkKind>();
const poolLimits = new WeakMap<Db, DbLimits>();

/** Runs `fn` (and everything it starts) as work of `kind`: its queries get that kind's limits. */
export function runAs<T>(kind: WorkKind, fn: () => T): T {
  return workKind.run(kind, fn);
}

/** The limits of the work in the current async context (a request unless told otherwise). */
function limitsNow(pool: Db, kind: WorkKind = workKind.getStore() ?? 'request'): WorkLimits {
  return (poolLimits.get(pool) ?? DEFAULT_DB_LIMITS)[kind];
}

/**
 * A pool to one PostgreSQL URL (direct, PgBouncer in transaction mode, or a replica).
 *
 * Pooler-safe: no session state, and named prepared statements only with `preparedStatements`
 * (see `statement`; a transaction pooler hands each transaction to any server connection: a name
 * prepared on one is missing, or already taken, on another). Limits are set per transaction (SET LOCAL, withTx); a statement
 * outside a transaction gets its kind's statement limit as a client-side deadline (pg's
 * query_timeout: the pool discards that connection), since PgBouncer refuses per-connection
 * settings in the start-up packet. Waiting for a free connection is bounded by `connectMs`.
 */
export function createPool(url: string, max: number, limits: DbLimits = DEFAULT_DB_LIMITS, opts: { preparedStatements?: boolean } = {}): Db {
  // keepAlive: a connection to a server that vanished (a failed-over primary's machine) is found dead by TCP.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: limits.connectMs, keepAlive: true });
  poolLimits.set(pool, limits);
  const keepNames = opts.preparedStatements === true;
  if (keepNames) keepsPrepared.add(pool);
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (STRICT) refuseNestedUse(pool);
    return query(...forPool(args, limitsNow(pool).statementMs, keepNames));
  };
  if (STRICT) (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => (refuseNestedUse(pool), connect(...args));
  return pool;
}

/** The pools made with `preparedStatements`: their connections keep the statements `statement()` names. */
const keepsPrepared = new WeakSet<Db>();

/** A statement Kassa runs often (creating and reading orders): its name and text (see `statement`). */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

const statementNames = new Set<string>();

/**
 * A statement worth preparing: on a pool made with `preparedStatements` (a connection that stays
 * the same server session: the embedded database, or a direct one), each connection parses and
 * plans it once and then only binds and executes it (an order's INSERT: 1.3 ms → 0.6 ms on its
 * own). Any other pool sends it unnamed, as every other query, so it is safe behind a transaction
 * pooler. Run it as `q.query({ ...STATEMENT, values })`. A name is taken once per process.
 */
export function statement(name: string, text: string): Statement {
  if (statementNames.has(name)) throw new Error(`statement "${name}" is named twice`);
  statementNames.add(name);
  return Object.freeze({ name, text });
}

/**
 * A pool query's arguments as this pool sends them: with a client-side deadline (`query_timeout`)
 * added when it has none (`ms` 0: none), and without the statement's name unless the pool keeps
 * prepared statements (`keepNames`).
 */
function forPool(args: unknown[], ms: number, keepNames: boolean): unknown[] {
  const [first, ...rest] = args;
  if (typeof first === 'string') {
    if (!ms) return args;
    const values = Array.isArray(rest[0]) ? rest.shift() : undefined;
    return [{ text: first, values, query_timeout: ms }, ...rest];
  }
  if (!first || typeof first !== 'object' || typeof (first as { submit?: unknown }).submit === 'function') return args;
  const dropName = !keepNames && 'name' in first;
  const addDeadline = ms > 0 && !('query_timeout' in first);
  if (!dropName && !addDeadline) return args;
  let config = first as Record<string, unknown>;
  if (dropName) {
    const { name: _name, ...unnamed } = config;
    config = unnamed;
  }
  return [addDeadline ? { ...config, query_timeout: ms } : config, ...rest];
}

/** A transaction's queries get this much longer than the server's own limit, so PostgreSQL's clearer error comes first. */
const DEADLINE_MARGIN_MS = 1_000;

/** The statement that opens a transaction of a kind of work, with its limits (one round trip). */
function beginWith(l: WorkLimits, mode = ''): string {
  return `BEGIN${mode ? ` ${mode}` : ''}; SET LOCAL statement_timeout = ${Math.trunc(l.statementMs)}; SET LOCAL lock_timeout = ${Math.trunc(l.lockMs)}`;
}

/** A connection of the pool held for a transaction or a cursor, and how to give it back. */
export interface Held {
  client: Tx;
  /** Opens its transaction with the limits of its kind of work (`mode`: READ ONLY…), in one round trip. */
  begin(mode?: string): Promise<void>;
  /** Gives the connection back; with an error, the pool discards it (broken, or a query still running on it). */
  release(err?: unknown): void;
  /**
   * Ends an open transaction that will not commit and gives the connection back: after `err` (what
   * stopped the work, if anything) left the connection lost or still running a query past its
   * deadline, it is discarded at once (a ROLLBACK there would wait out another deadline); otherwise
   * it is rolled back, and discarded if the rollback fails.
   */
  abandon(err?: unknown): Promise<void>;
}

/**
 * Takes a connection for work of the current kind (or `kind`): its queries get a client-side
 * deadline a little past the kind's statement limit (a query queued in a pooler or on a dead
 * connection is bounded too), and an 'error' event of the connection while it is held (the server
 * or pooler went away between two queries) fails its next query instead of crashing the process.
 */
export async function hold(db: Db, kind?: WorkKind): Promise<Held> {
  const limits = limitsNow(db, kind);
  const client = await db.connect();
  const ignore = () => undefined;
  client.on('error', ignore);
  const deadline = limits.statementMs ? limits.statementMs + DEADLINE_MARGIN_MS : 0;
  const keepNames = keepsPrepared.has(db);
  const own = client as unknown as { query: unknown };
  if (deadline || !keepNames) {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    own.query = (...args: unknown[]) => query(...forPool(args, deadline, keepNames));
  }
  return {
    client,
    begin: async (mode) => void (await client.query(beginWith(limits, mode))),
    release,
    async abandon(err?: unknown) {
      let broken: unknown = leavesConnectionBroken(err) ? err : undefined;
      if (broken === undefined) await client.query('ROLLBACK').catch((e: unknown) => (broken = e));
      release(broken);
    },
  };

  function release(err?: unknown): void {
    delete own.query;
    client.removeListener('error', ignore);
    client.release(err === undefined ? undefined : err instanceof Error ? err : new Error(String(err)));
  }
}

/** Whether a query's error leaves its connection unusable: lost, or still running a query past its deadline. */
function leavesConnectionBroken(err: unknown): boolean {
  const m = err instanceof Error ? err.message : '';
  return m === 'Query read timeout' || /Connection terminated|not queryable|connection error/i.test(m);
}

export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>, kind?: WorkKind): Promise<T> {
  const { client, begin, release, abandon } = await hold(db, kind);
  const scope = { pool: db, open: true };
  let result: T;
  try {
    await begin();
    const run = () => openTx.run(scope, () => fn(client));
    result = await (kind ? workKind.run(kind, run) : run());
    await client.query('COMMIT');
  } catch (err) {
    scope.open = false;
    await abandon(err);
    throw err;
  }
  // Work the transaction started that outlives it (a poke after the commit) may use the pool.
  scope.open = false;
  release();
  return result;
}

/**
 * Runs `fn` inside a savepoint of the open transaction `tx`: when it throws, only its own work is
 * rolled back (the transaction goes on) and the error is rethrown for the caller to judge.
 */
export async function withSavepoint<T>(tx: Queryable, name: string, fn: () => Promise<T>): Promise<T> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`savepoint name ${name} must be lower-case letters and underscores`);
  await tx.query(`SAVEPOINT ${name}`);
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw err;
  }
  await tx.query(`RELEASE SAVEPOINT ${name}`);
  return result;
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
const MIGRATION_LOCK = 7_340_001;

/**
 * Applies every migrations/NNN_name.sql not yet applied, in order, each in its own transaction.
 *
 * Pooler-safe: each transaction takes a transaction-scoped advisory lock first, then reads what is
 * applied and applies the next migration. Through PgBouncer in transaction mode a session lock
 * would be taken on one server connection and the migration run on another (it happened: two
 * nodes ran migration 007 at once); a transaction always runs on one. Any number of processes
 * starting at once apply each migration exactly once: the others wait for the lock, then find it
 * applied.
 */
export async function migrate(db: Db, log: (msg: string) => void = () => undefined): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (;;) {
    const next = await withTx(
      db,
      async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
        const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
        const file = files.find((f) => !done.has(f));
        if (!file) return undefined;
        try {
          await tx.query(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
        } catch (err) {
          throw new Error(`migration ${file} failed: ${(err as Error).message}`);
        }
        await tx.query('INSERT INTO schema_migrations(name) VALUES ($1)', [file]);
        return file;
      },
      'migration',
    );
    if (!next) return applied;
    applied.push(next);
    log(`migration applied: ${next}`);
  }
}
