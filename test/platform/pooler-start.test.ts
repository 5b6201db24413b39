/**
 * Through PgBouncer in transaction pooling mode (the db:postgres project in CI runs through one):
 * four Kassa processes started at once on an empty database apply each migration exactly once,
 * create the first start's demo store once, and all serve. Before migrations took a transaction-scoped lock, two of them ran migration 007
 * at once ("column shipping_address already exists") and one died: a session lock taken through
 * the pooler holds on one server connection while the migration runs on another.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../setup/database.js';
import { startServer, type ServerProcess } from '../support/server.js';

const pooler = inject('dbPoolerUrl');
const target = inject('dbTarget');
const MIGRATIONS = fs.readdirSync(path.resolve(import.meta.dirname, '../../migrations')).filter((f) => /^\d+_.+\.sql$/.test(f));

if (process.env.CI === 'true' && target === 'postgres' && !pooler) {
  throw new Error('CI runs the PostgreSQL tests through PgBouncer: KASSA_TEST_POOLER_URL is not set (.ci/run starts it with .ci/pgbouncer)');
}

const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

it.skipIf(!pooler)('four processes started at once through PgBouncer migrate an empty database once and all serve', { timeout: 150_000 }, async () => {
  const server = inject('dbServerUrl');
  const name = `kassa_tp_${inject('dbRun')}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const masterKey = randomBytes(32).toString('hex');
  const env = (i: number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kassa-pooler-${i}-`));
    dirs.push(dir);
    return {
      DATABASE_URL: withDatabase(pooler, name),
      DATABASE_DIRECT_URL: withDatabase(server, name),
      KASSA_DATA_DIR: dir,
      KASSA_MASTER_KEY: masterKey,
      LOG_LEVEL: 'info',
    };
  };
  const started = await Promise.allSettled([0, 1, 2, 3].map((i) => startServer(env(i))));
  for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
  const failed = started.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason));
  expect(failed).toEqual([]);
  expect(servers).toHaveLength(4);
  // Each migration applied by exactly one of them.
  const applied = servers.flatMap((s) => s.output().match(/migration applied: \d+_[^"\s]+\.sql/g) ?? []);
  expect(applied.sort()).toEqual(MIGRATIONS.map((f) => `migration applied: ${f}`).sort());
  await admin.end();
  const db = new pg.Client({ connectionString: withDatabase(server, name) });
  await db.connect();
  expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]!.n).toBe(MIGRATIONS.length);
  // The demo store of a first start: created by one of them only.
  expect(servers.filter((s) => s.output().includes('Kassa demo store created'))).toHaveLength(1);
  expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stores')).rows[0]!.n).toBe(1);
  // All four serve.
  await db.end();
  for (const s of servers) expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
});
