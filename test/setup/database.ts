/**
 * Vitest global setup for the database projects: starts the embedded PostgreSQL (or uses the
 * external server named by KASSA_TEST_DATABASE_URL), migrates a template database once, and
 * provides the server URL; each test file then clones the template (CREATE DATABASE … TEMPLATE).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPool, migrate } from '../../src/platform/db.js';
import { removeEmbeddedData, startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/platform/embedded-postgres.js';
import { isAlive } from '../../src/platform/processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbServerUrl: string;
    /** PgBouncer (transaction pooling) in front of dbServerUrl, when KASSA_TEST_POOLER_URL names one (postgres target only); '' otherwise. */
    dbPoolerUrl: string;
    dbTemplate: string;
    dbTarget: string;
    /** The pid of the test run that owns the databases it creates (their names carry it). */
    dbRun: number;
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const target = project.config.name.endsWith('postgres') ? 'postgres' : 'embedded';
  let embedded: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  let serverUrl: string;
  if (target === 'postgres') {
    serverUrl = process.env.KASSA_TEST_DATABASE_URL!;
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-test-pg-'));
    embedded = await startEmbeddedPostgres(dir, () => undefined);
    serverUrl = embedded.url;
  }
  const template = `kassa_tpl_${process.pid}_${target}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // The run's own throwaway cluster writes without waiting for the disk: a commit and CREATE
  // DATABASE … TEMPLATE no longer wait for fsync (12 database-bound files: 34 s → 24 s). Crash
  // safety of a cluster deleted at the end of the run is nothing to test; the clusters of the
  // servers the e2e tests start keep PostgreSQL's defaults.
  if (embedded) {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) await admin.query(`ALTER SYSTEM SET ${setting} = off`);
    await admin.query('SELECT pg_reload_conf()');
  }
  // Leftover test databases of earlier runs are dropped first: only those whose run (the pid in
  // the name) has ended, so two test runs sharing one server never drop each other's databases.
  const old = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'kassa_t%'`);
  for (const r of old.rows) {
    const runPid = Number(r.datname.split('_')[2]);
    if (Number.isInteger(runPid) && runPid > 0 && isAlive(runPid)) continue;
    await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`).catch(() => undefined);
  }
  await admin.query(`CREATE DATABASE "${template}"`);
  // Through the pooler when there is one: migrations must hold there too.
  const poolerUrl = target === 'postgres' ? (process.env.KASSA_TEST_POOLER_URL ?? '') : '';
  const pool = createPool(withDatabase(poolerUrl || serverUrl, template), 2);
  await migrate(pool);
  await pool.end();
  // The pooler keeps its server connections to the template open; CREATE DATABASE … TEMPLATE
  // needs it to have none.
  if (poolerUrl) await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [template]);
  await admin.end();

  project.provide('dbServerUrl', serverUrl);
  project.provide('dbPoolerUrl', poolerUrl);
  project.provide('dbTemplate', template);
  project.provide('dbTarget', target);
  project.provide('dbRun', process.pid);

  return async () => {
    // The embedded cluster goes whole (dropping its databases one by one took ~0.7 s each, an
    // immediate checkpoint each); on a shared server, this run's databases, four at a time.
    if (embedded) {
      await embedded.stop();
      if (dir) removeEmbeddedData(dir);
      return;
    }
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    const dbs = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`kassa_t%_${process.pid}_%`]);
    await c.end();
    const names = dbs.rows.map((r) => r.datname);
    await Promise.all(
      Array.from({ length: Math.min(4, names.length) }, async () => {
        const d = new pg.Client({ connectionString: serverUrl });
        await d.connect();
        for (let name = names.pop(); name !== undefined; name = names.pop()) await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
        await d.end();
      }),
    );
  };
}
