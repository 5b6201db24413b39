/**
 * The statements Kassa runs most (creating and reading orders) are prepared once per connection
 * where the pool keeps prepared statements (KASSA_DB_PREPARED_STATEMENTS, on for the embedded
 * database), and sent unnamed by any other pool, so a transaction pooler never sees a name
 * (platform/db.ts `statement`). Checked on the server: pg_prepared_statements of the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, hold, statement, withTx, type Db } from '../../src/platform/db.js';
import { insertOrders, readOrderById, readOrders } from '../../src/payments/orders/store.js';
import { poolFor } from '../../src/runtime.js';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';

const PLUS_ONE = statement('test_plus_one', 'SELECT $1::int + 1 AS n');

/** The names this pool's one connection has prepared (pool of one: every query uses that connection). */
async function preparedOn(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
  return rows.map((r) => r.name);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe.each([true, false])('a pool with preparedStatements %s', (prepared) => {
  let db: Db;
  beforeAll(() => {
    // One connection, straight to the server: what it has prepared is what the pool sent.
    db = createPool(t.directUrl, 1, undefined, { preparedStatements: prepared });
  });
  afterAll(async () => db.end());

  it(prepared ? 'prepares a statement once and runs it by name' : 'sends the statement unnamed', async () => {
    for (const n of [1, 2]) expect((await db.query<{ n: number }>({ ...PLUS_ONE, values: [n] })).rows).toEqual([{ n: n + 1 }]);
    expect(await preparedOn(db)).toEqual(prepared ? ['test_plus_one'] : []);
  });

  it('and the same inside a transaction and on a held connection', async () => {
    expect(await withTx(db, async (tx) => (await tx.query<{ n: number }>({ ...PLUS_ONE, values: [41] })).rows[0]!.n)).toBe(42);
    const { client, release } = await hold(db, 'migration'); // a kind with no deadline: nothing else rewrites its queries
    try {
      expect((await client.query<{ n: number }>({ ...PLUS_ONE, values: [6] })).rows[0]!.n).toBe(7);
    } finally {
      release();
    }
    expect(await preparedOn(db)).toEqual(prepared ? ['test_plus_one'] : []);
  });
});

it("an order's INSERT and reads run as named statements on such a pool, with the same answers", async () => {
  const db = poolFor(t.directUrl, { ...t.config, dbPoolSize: 1, dbPreparedStatements: true });
  try {
    const created = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload()) } });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().uuid;
    const [asApp] = await readOrders(t.db, [id]);
    expect(await readOrders(db, [id])).toEqual([{ ...asApp, now: expect.any(Date) }]);
    expect(await readOrderById(db, id)).toEqual({ ...asApp, now: expect.any(Date) });
    expect(await insertOrders(db, [])).toEqual([]);
    expect(await preparedOn(db)).toEqual(['insert_orders', 'read_order', 'read_orders']);
  } finally {
    await db.end();
  }
});
