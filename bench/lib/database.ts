/**
 * An external PostgreSQL for the benchmark: a fresh database `kassa_bench_<pid>` on the server of
 * DATABASE_URL, dropped afterwards, so runs never see each other's orders.
 */
import fs from 'node:fs';
import path from 'node:path';
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

/**
 * The URL of the embedded PostgreSQL that Kassa started under `dataDir` (KASSA_DATA_DIR): the
 * password Kassa wrote to `pg-password` and the port in `pg/postmaster.pid` (its 4th line), as
 * test/support/server.ts embeddedDbUrl finds it. Read after Kassa is ready.
 */
export function embeddedDatabaseUrl(dataDir: string): string {
  const pw = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  if (!port || !/^\d+$/.test(port)) throw new Error(`no port in ${path.join(dataDir, 'pg', 'postmaster.pid')}`);
  return `postgres://kassa:${encodeURIComponent(pw)}@127.0.0.1:${port}/postgres`;
}

/**
 * A direct connection to the bench's database, for set-up that would take too long through the
 * API (bulk rows of the exports and balances steps). Asynchronous commit: losing the last commits
 * in a crash does not matter for throw-away bench data, and it spares a WAL flush per statement.
 */
export async function connectDirect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await c.connect();
  await c.query('SET synchronous_commit = off');
  return c;
}
