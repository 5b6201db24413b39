/**
 * DATABASE_REPLICA_URL (issue 20): reads that tolerate staleness (the back office's lists and
 * search) go to the replica; a merchant reads its own writes from the primary, GET /orders/:uuid
 * right after POST /orders included. The "replica" here is a database that has caught up with
 * nothing (a clone of the empty schema): whatever a read finds there shows where it went.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Db } from '../../src/platform/db.js';
import { BackOffice } from '../../src/backoffice/service.js';
import { createTestApp, createTestDatabase, orderPayload, pooled, type TestApp } from '../support/app.js';

let t: TestApp;
let replica: Db;
beforeAll(async () => {
  const replicaUrl = pooled(await createTestDatabase());
  replica = createPool(replicaUrl, 2);
  t = await createTestApp({}, { replica: { db: replica, url: replicaUrl } });
});
afterAll(async () => {
  await t.close();
  await replica.end();
});

it('a merchant reads its own write from the primary; the back office lists from the replica', async () => {
  const created = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload()) } });
  expect(created.statusCode, created.body).toBe(201);
  const uuid = created.json().uuid as string;

  const read = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${uuid}`, headers: t.bearer() });
  expect(read.statusCode, read.body).toBe(200);
  expect(read.json().uuid).toBe(uuid);

  // The back office's list reads the replica, which has not caught up: no order yet…
  const filter = { storeId: t.store.id, env: 'sandbox' as const };
  expect((await t.services.backoffice.orders(filter)).rows).toEqual([]);
  // …while the primary has it (the same list without a replica).
  expect((await new BackOffice(t.db).orders(filter)).rows.map((r) => r.id)).toEqual([uuid]);
  // An order's own page reads the primary (a user acting on it sees the result at once).
  expect((await t.services.backoffice.order(t.store.id, 'sandbox', uuid))?.order.id).toBe(uuid);
});
