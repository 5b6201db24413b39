/**
 * The `backoffice` step of `npm run bench`: the orders page of the back office for a store of
 * 1,000,000 orders.
 *
 * Set-up (not measured): a new store (operator API) whose N sandbox orders are inserted by one
 * set-based SQL statement (generate_series, one a second, newest last); a back-office user added
 * through POST /operator/backoffice-users; a sign-in as a browser does it (the sign-in page's CSRF
 * cookie and token, then the form post) for the session cookie. The two queries' plans are
 * recorded with EXPLAIN (ANALYZE, BUFFERS) on the direct connection.
 *
 * Measured under load like the API routes: GET /dashboard/orders (the first page, 50 orders of
 * the 1,000,000) and a search by reference (an order from the middle of the range).
 */
import type pg from 'pg';
import { runTag, uuidSql } from './ledger-seed.js';
import { runRoute, type LoadOptions, type RouteResult } from './load.js';
import { Monitor } from './monitor.js';

export interface BackofficeStepOptions {
  origin: string;
  adminToken: string;
  kassaPid: number;
  embedded: boolean;
  db: pg.Client;
  load: LoadOptions;
  orders: number;
  log: (m: string) => void;
  checkAlive: () => void;
}

export interface BackofficeStepResult {
  orders: number;
  seedMs: number;
  firstPage: RouteResult;
  search: RouteResult;
  /** EXPLAIN ANALYZE of the two queries: execution time and the plan's first line. */
  plans: { name: string; executionMs: number; plan: string }[];
}

const PASSWORD = 'bench password 1';

async function ok(res: Response, what: string, status: number): Promise<Response> {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status}: ${await res.text()}`);
  return res;
}

function cookie(res: Response, name: string): string {
  const c = res.headers.getSetCookie().find((s) => s.startsWith(`${name}=`));
  if (!c) throw new Error(`no ${name} cookie`);
  return c.slice(name.length + 1).split(';')[0]!;
}

export async function runBackofficeStep(o: BackofficeStepOptions): Promise<BackofficeStepResult> {
  const admin = { authorization: `Bearer ${o.adminToken}`, 'content-type': 'application/json' };
  const store = (await (
    await ok(await fetch(`${o.origin}/operator/stores`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Bench back office' }) }), 'POST /operator/stores', 201)
  ).json()) as { uuid: string };
  const tag = runTag();
  const t0 = performance.now();
  const baseMs = Date.now() - (o.orders + 3600) * 1000;
  const at = `to_timestamp(($3::bigint + i * 1000) / 1000.0)`;
  await o.db.query(
    `INSERT INTO orders (id, store_id, env, merchant_reference, merchant_reference_display, return_url, notification_url,
                         grand_total, currency, locale, payment_method, method_display, status, expires_in_minutes, expires_at,
                         created_at, updated_at, paid_at)
     SELECT ${uuidSql('($3::bigint + i * 1000)', '0b0', '$2::text')}, $1::uuid, 'sandbox', 'BO-' || i, 'BO-' || i,
            'https://shop.example/return', 'https://shop.example/notify',
            1000 + (i::bigint * 7919) % 99000, 'EUR', 'en', 'cardPayments', 'Card',
            CASE WHEN i % 10 = 0 THEN 'ABANDONED' ELSE 'PAID' END, 15, ${at} + interval '15 minutes', ${at}, ${at},
            CASE WHEN i % 10 = 0 THEN NULL ELSE ${at} END
       FROM generate_series(1, $4::int) AS i`,
    [store.uuid, tag, baseMs, o.orders],
  );
  await o.db.query('ANALYZE orders');
  const seedMs = performance.now() - t0;
  o.log(`backoffice: ${o.orders.toLocaleString('en-US')} orders inserted and analyzed in ${(seedMs / 1000).toFixed(1)} s`);

  await ok(
    await fetch(`${o.origin}/operator/backoffice-users`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ storeUuid: store.uuid, email: 'bench@shop.test', password: PASSWORD, role: 'viewer' }),
    }),
    'POST /operator/backoffice-users',
    201,
  );
  const loginPage = await ok(await fetch(`${o.origin}/dashboard/login`), 'GET /dashboard/login', 200);
  const csrf = cookie(loginPage, 'kassa_login_csrf');
  const signedIn = await ok(
    await fetch(`${o.origin}/dashboard/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_login_csrf=${csrf}` },
      body: new URLSearchParams({ email: 'bench@shop.test', password: PASSWORD, csrf }).toString(),
    }),
    'POST /dashboard/login',
    303,
  );
  const headers = { cookie: `kassa_session=${cookie(signedIn, 'kassa_session')}` };
  const reference = `BO-${Math.floor(o.orders / 2)}`;
  const firstPath = `/dashboard/orders?env=sandbox&store=${store.uuid}`;
  const searchPath = `${firstPath}&q=${reference}`;
  for (const [p, rows] of [
    [firstPath, 50],
    [searchPath, 1],
  ] as const) {
    const body = await (await ok(await fetch(`${o.origin}${p}`, { headers }), `GET ${p}`, 200)).text();
    const found = (body.match(/<tr><td>/g) ?? []).length;
    if (found !== rows) throw new Error(`GET ${p}: ${found} orders shown, expected ${rows}`);
  }

  // The plans, with the statements the store module runs (src/backoffice/store.ts listOrders).
  const cols = 'id, merchant_reference_display, status, grand_total::float8, currency, payment_method, created_at';
  const plans: BackofficeStepResult['plans'] = [];
  for (const [name, sql, args] of [
    ['first page', `SELECT ${cols} FROM orders WHERE store_id = $1 AND env = $2 ORDER BY created_at DESC, id DESC LIMIT 51`, [store.uuid, 'sandbox']],
    ['by reference', `SELECT ${cols} FROM orders WHERE store_id = $1 AND env = $2 AND merchant_reference = $3 ORDER BY created_at DESC, id DESC LIMIT 51`, [store.uuid, 'sandbox', reference]],
    [
      'page 10,000 (keyset)',
      `SELECT ${cols} FROM orders WHERE store_id = $1 AND env = $2 AND (created_at, id) < ('epoch'::timestamptz + $3::bigint * interval '1 microsecond', $4::uuid) ORDER BY created_at DESC, id DESC LIMIT 51`,
      [store.uuid, 'sandbox', String((baseMs + (o.orders - 500_000) * 1000) * 1000), 'ffffffff-ffff-7fff-bfff-ffffffffffff'],
    ],
  ] as const) {
    const { rows } = await o.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, [...args]);
    const doc = (rows[0]!['QUERY PLAN'] as { 'Execution Time': number; Plan: Record<string, unknown> }[])[0]!;
    const describe = (n: Record<string, unknown>): string => {
      const child = (n.Plans as Record<string, unknown>[] | undefined)?.[0];
      return `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}${child ? ` > ${describe(child)}` : ''}`;
    };
    plans.push({ name, executionMs: doc['Execution Time'], plan: describe(doc.Plan) });
    o.log(`backoffice: EXPLAIN ${name}: ${describe(doc.Plan)}, ${doc['Execution Time'].toFixed(3)} ms`);
  }

  const firstPage = await runRoute(
    { name: 'GET /dashboard/orders (first page of 1M)', origin: o.origin, method: 'GET', path: firstPath, headers, setup: (r) => r },
    o.load,
    new Monitor(o.kassaPid, o.kassaPid, o.embedded),
  );
  o.checkAlive();
  const search = await runRoute(
    { name: 'GET /dashboard/orders?q=<reference> (of 1M)', origin: o.origin, method: 'GET', path: searchPath, headers, setup: (r) => r },
    o.load,
    new Monitor(o.kassaPid, o.kassaPid, o.embedded),
  );
  o.checkAlive();
  return { orders: o.orders, seedMs, firstPage, search, plans };
}
