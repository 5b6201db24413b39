/**
 * An external PostgreSQL for the benchmark: a fresh database `kassa_bench_<pid>` on the server of
 * DATABASE_URL, dropped afterwards, so runs never see each other's orders.
 */
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `kassa_bench_${process.pid}`;
  await admin(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    async drop() {
      await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** The URL of the embedded PostgreSQL that Kassa started under `dataDir` (KASSA_DATA_DIR); read after Kassa is ready. */
export { embeddedDatabaseUrl } from '../../src/platform/embedded-postgres.js';

/**
 * A direct connection to the bench's database, for set-up that would take too long through the
 * API (bulk rows of the exports and balances steps). Asynchronous commit: losing the last commits
 * in a crash does not matter for throw-away bench data, and it spares a WAL flush per statement.
 */
export async function connectDirect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A run that fails stops the database while this connection is open: its next query fails, the bench does not crash.
  c.on('error', () => undefined);
  await c.connect();
  await c.query('SET synchronous_commit = off');
  return c;
}
