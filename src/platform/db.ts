/**
 * PostgreSQL access: one pool, a transaction helper and ordered SQL migrations under an advisory lock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// bigint columns (money in minor units, counters) come back as JS bigint-safe strings by default;
// parse int8 to number: amounts here stay far below 2^53 minor units.
pg.types.setTypeParser(20, (v: string) => Number(v));

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

export function createPool(url: string, max: number): Db {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  if (STRICT) {
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: unknown }).query = (...args: unknown[]) => (refuseNestedUse(pool), query(...args));
    (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => (refuseNestedUse(pool), connect(...args));
  }
  return pool;
}

export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await db.connect();
  const scope = { pool: db, open: true };
  try {
    await client.query('BEGIN');
    const result = await openTx.run(scope, () => fn(client));
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    // Work the transaction started that outlives it (a poke after the commit) may use the pool.
    scope.open = false;
    client.release();
  }
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
const MIGRATION_LOCK = 7_340_001;

/** Applies every migrations/NNN_name.sql not yet applied, in order, each in its own transaction. */
export async function migrate(db: Db, log: (msg: string) => void = () => undefined): Promise<string[]> {
  const client = await db.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations(name) VALUES ($1)', [file]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file} failed: ${(err as Error).message}`);
      }
      applied.push(file);
      log(`migration applied: ${file}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
