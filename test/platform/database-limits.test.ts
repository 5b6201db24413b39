/**
 * No request waits forever (issue 20): each kind of work has its time limits on the database
 * (platform/db.ts). A request that meets a long lock, a statement over its limit, or a pool with
 * no connection free answers 503 with Retry-After in the spec's shape within its limit; /readyz
 * says not ready while requests fail so; and the same app serves again when the cause is gone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { createPool, runAs, withTx, DEFAULT_DB_LIMITS } from '../../src/platform/db.js';
import { READY_FAULT_WINDOW_MS } from '../../src/platform/observability.js';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    KASSA_DB_POOL_SIZE: '2',
    KASSA_DB_REQUEST_STATEMENT_TIMEOUT_MS: '1500',
    KASSA_DB_REQUEST_LOCK_TIMEOUT_MS: '500',
    KASSA_DB_CONNECT_TIMEOUT_MS: '700',
  });
});
afterAll(async () => t.close());

const busy = (what: string) => ({
  statusCode: 503,
  message: `the database did not answer in time (${what}); try again in a few seconds`,
  error: 'Service Unavailable',
  code: 'KASSA_ERR_DATABASE_BUSY',
  docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_DATABASE_BUSY',
});

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

it('a table locked for long: reads and writes answer 503 with Retry-After within their limits, /readyz says not ready, and the app serves again after', async () => {
  const create = () => t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload()) } });
  const created = await create();
  expect(created.statusCode, created.body).toBe(201);
  const read = () => t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${created.json().uuid}`, headers: t.bearer() });

  // Someone holds the orders table (a long migration, a manual LOCK) on a direct connection.
  const locker = new pg.Client({ connectionString: t.directUrl });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
  try {
    const r = await timed(read);
    expect(r.value.statusCode, r.value.body).toBe(503);
    expect(r.value.headers['retry-after']).toBe('5');
    // A single statement: the client-side deadline of a request's statement (1.5 s).
    expect(r.value.json()).toEqual(busy('statement timeout'));
    expect(r.ms).toBeLessThan(6_000);

    const w = await timed(create);
    expect(w.value.statusCode, w.value.body).toBe(503);
    expect(w.value.headers['retry-after']).toBe('5');
    // Whichever of its statements meets the lock first: PostgreSQL's lock timeout inside a
    // transaction (0.5 s, set per transaction), or the deadline of a single statement.
    expect(w.value.json()).toEqual({ ...busy('x'), message: expect.stringMatching(/^the database did not answer in time \((lock|statement) timeout\)/) });
    expect(w.ms).toBeLessThan(6_000);

    expect((await read()).statusCode).toBe(503);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().reason).toMatch(/requests met a database fault/);
  } finally {
    await locker.query('ROLLBACK');
    await locker.end();
  }
  expect((await read()).statusCode).toBe(200);
  expect((await create()).statusCode).toBe(201);
  // Ready again once the faults are older than the window.
  expect(await t.services.health.ready(performance.now() + READY_FAULT_WINDOW_MS)).toEqual({ ready: true });
});

it('a pool with no connection free answers 503 with Retry-After after the connect limit, then serves again', async () => {
  const methods = () => t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer() });
  expect((await methods()).statusCode).toBe(200);
  // Both connections of the pool (KASSA_DB_POOL_SIZE=2) held by work that does not finish.
  const held = [await t.db.connect(), await t.db.connect()];
  try {
    const r = await timed(methods);
    expect(r.value.statusCode, r.value.body).toBe(503);
    expect(r.value.headers['retry-after']).toBe('5');
    expect(r.value.json()).toEqual(busy('no connection free'));
    expect(r.ms).toBeLessThan(6_000);
  } finally {
    for (const c of held) c.release();
  }
  expect((await methods()).statusCode).toBe(200);
});

it('each kind of work has its own statement limit: a request’s transaction is cancelled where a worker’s goes on', async () => {
  const limits = { ...DEFAULT_DB_LIMITS, request: { statementMs: 300, lockMs: 300 }, worker: { statementMs: 5_000, lockMs: 1_000 } };
  const db = createPool(t.databaseUrl, 2, limits);
  try {
    const sleep = () => withTx(db, async (tx) => (await tx.query('SELECT pg_sleep(0.8) AS slept')).rowCount);
    await expect(sleep()).rejects.toMatchObject({ code: '57014' });
    expect(await runAs('worker', sleep)).toBe(1);
    // Outside a transaction: the client-side deadline of the same kind.
    await expect(db.query('SELECT pg_sleep(0.8)')).rejects.toThrow('Query read timeout');
    expect((await runAs('worker', () => db.query('SELECT pg_sleep(0.8)'))).rowCount).toBe(1);
  } finally {
    await db.end();
  }
});
