/**
 * Issue 20, first part: a request that needs the database while it cannot be reached answers 503
 * with Retry-After in the spec's error shape (never a 500, never a hang), /readyz says not ready,
 * and the same server serves again once the database is back, without a restart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('a database outage is a 503 with Retry-After and /readyz not ready; recovery needs no restart', async () => {
  const methods = () => t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer() });
  expect((await methods()).statusCode).toBe(200);

  // The outage: the server ends this app's connections (as a restart or a failover does), and
  // every new connection of the pool goes to a port nobody listens on.
  const pool = t.db as unknown as { options: { port?: number; host?: string; connectionString?: string } };
  const saved = { ...pool.options };
  Object.assign(pool.options, { connectionString: undefined, host: '127.0.0.1', port: 1 });
  const admin = new pg.Client({ connectionString: t.databaseUrl });
  await admin.connect();
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  await admin.end();
  // Through a pooler the app's own connections end at the pooler, which outlives its servers:
  // cut them too, as a restart or failover of the pooler does (pg-pool's idle list is private).
  const idle = (t.db as unknown as { _idle: { client: { connection: { stream: { destroy(): void } } } }[] })._idle;
  for (const i of [...idle]) i.client.connection.stream.destroy();
  await new Promise((r) => setTimeout(r, 100));
  try {
    const down = await methods();
    expect(down.statusCode, down.body).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({
      statusCode: 503,
      message: 'the database cannot be reached now; try again in a few seconds',
      error: 'Service Unavailable',
      code: 'KASSA_ERR_DATABASE_UNAVAILABLE',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_DATABASE_UNAVAILABLE',
    });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  } finally {
    Object.assign(pool.options, saved);
  }
  expect((await methods()).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
});
