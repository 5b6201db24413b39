/**
 * The `balances` step of `npm run bench`: GET /sandbox/api/store-balances must cost the same for
 * a store with ~1,000 ledger entries and one with ~1,000,000 (Kassa reads ledger_balances, kept
 * beside the entries, never sums the entries per request).
 *
 * Set-up (not measured): two stores made through the operator API; their ledgers are inserted
 * straight into the bench's database, one INSERT … SELECT generate_series statement per store
 * (transactions and their two entries each; bench/lib/ledger-seed.ts), spread over four channels
 * and currencies, then ledger_balances is recomputed from the entries. The transactions settle in
 * the future, so a payout run during the bench would not touch them.
 *
 * Measured: the same load as the other routes (autocannon, 50 connections, warm-up, then
 * BENCH_DURATION seconds) on GET /store-balances with each store's Bearer token, small store
 * first; the figure is p99(large) / p99(small).
 */
import type pg from 'pg';
import { runRoute, type LoadOptions, type RouteResult } from './load.js';
import { insertLedger, recomputeBalances, runTag, uuidSql } from './ledger-seed.js';
import { Monitor } from './monitor.js';
import { bearer, type Keys } from './orders.js';

const SANDBOX = '/sandbox/api';

/** Channel and currency of transaction i: (i mod 4). */
const GROUPS = [
  { channel: 'cardPayments', currency: 'EUR' },
  { channel: 'bankPayments', currency: 'EUR' },
  { channel: 'blik', currency: 'PLN' },
  { channel: 'financing', currency: 'EUR' },
] as const;

export interface BalanceStore {
  storeUuid: string;
  entries: number;
  /** Direct SQL set-up of this store's ledger, balances included. */
  seedMs: number;
  /** The GET /store-balances answer (checked: one balance per channel and currency). */
  balances: unknown;
  route: RouteResult;
}

export interface BalanceStepResult {
  small: BalanceStore;
  large: BalanceStore;
  /** p99(large) / p99(small). */
  p99Ratio: number;
  /** Both p99 at most TINY_P99_MS: the ratio of two tiny figures is noise; counted as a pass. */
  bothTiny: boolean;
}

export interface BalanceStepOptions {
  origin: string;
  adminToken: string;
  kassaPid: number;
  embedded: boolean;
  db: pg.Client;
  load: LoadOptions;
  smallEntries: number;
  largeEntries: number;
  log: (m: string) => void;
  checkAlive: () => void;
}

export const TINY_P99_MS = 2;

async function createStore(o: BalanceStepOptions, name: string): Promise<{ uuid: string; sandbox: Keys }> {
  const res = await fetch(`${o.origin}/operator/stores`, {
    method: 'POST',
    headers: { authorization: `Bearer ${o.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /operator/stores: HTTP ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as { uuid: string; sandbox: Keys };
}

/** `entries` / 2 transactions (payments, every third a fee) over the last 90 days, settling in 30 days. */
async function seedStore(db: pg.Client, storeUuid: string, entries: number): Promise<number> {
  const n = Math.max(1, Math.round(entries / 2));
  const stepMs = Math.max(1, Math.floor((90 * 86_400_000) / n));
  const baseMs = Date.now() - 90 * 86_400_000;
  const ms = `($3::bigint + i * $5::bigint)`;
  const t0 = performance.now();
  await insertLedger(
    db,
    `SELECT ${uuidSql(ms, '00b', '$2::text')} AS id, $1::uuid AS store_id, 'sandbox' AS env,
            ($6::text[])[1 + i % 4] AS channel, ($7::text[])[1 + i % 4] AS currency,
            CASE WHEN i % 3 = 0 THEN 'fee' ELSE 'payment' END AS kind, NULL::uuid AS order_id, NULL::uuid AS refund_id,
            (CASE WHEN i % 3 = 0 THEN 1 + i % 200 ELSE 1000 + (i::bigint * 7919) % 99000 END)::bigint AS amount,
            to_timestamp(${ms} / 1000.0) AS occurred_at, now() + interval '30 days' AS settles_at
       FROM generate_series(1, $4::int) AS i`,
    [storeUuid, runTag(), baseMs, n, stepMs, GROUPS.map((g) => g.channel), GROUPS.map((g) => g.currency)],
  );
  await recomputeBalances(db, [storeUuid]);
  return Math.round(performance.now() - t0);
}

async function measure(o: BalanceStepOptions, label: string, store: { uuid: string; sandbox: Keys }, entries: number, seedMs: number): Promise<BalanceStore> {
  const auth = bearer(store.sandbox);
  const res = await fetch(`${o.origin}${SANDBOX}/store-balances`, { headers: { authorization: auth } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /store-balances (${label}): HTTP ${res.status}: ${text.slice(0, 500)}`);
  const balances = JSON.parse(text) as unknown;
  // One balance per channel and currency the store has money in; the exact shape is the spec's.
  for (const g of GROUPS) {
    if (!text.includes(g.channel)) throw new Error(`GET /store-balances (${label}) has no ${g.channel}: ${text.slice(0, 500)}`);
  }
  const route = await runRoute(
    {
      name: `GET /sandbox/api/store-balances (${label})`,
      origin: o.origin,
      method: 'GET',
      path: `${SANDBOX}/store-balances`,
      headers: { authorization: auth },
      setup: (r) => r,
    },
    o.load,
    new Monitor(o.kassaPid, o.kassaPid, o.embedded),
  );
  o.checkAlive();
  return { storeUuid: store.uuid, entries, seedMs, balances, route };
}

export async function runBalanceStep(o: BalanceStepOptions): Promise<BalanceStepResult> {
  const small = await createStore(o, 'Bench balances, small ledger');
  const large = await createStore(o, 'Bench balances, large ledger');
  const smallSeed = await seedStore(o.db, small.uuid, o.smallEntries);
  o.log(`balances: ${o.smallEntries.toLocaleString('en-US')} ledger entries inserted by SQL in ${(smallSeed / 1000).toFixed(2)} s`);
  const largeSeed = await seedStore(o.db, large.uuid, o.largeEntries);
  o.log(`balances: ${o.largeEntries.toLocaleString('en-US')} ledger entries inserted by SQL in ${(largeSeed / 1000).toFixed(1)} s`);
  await o.db.query('ANALYZE ledger_transactions, ledger_entries, ledger_balances');
  const entries = async (id: string) => Number((await o.db.query<{ n: string }>('SELECT sum(entries)::text AS n FROM ledger_balances WHERE store_id = $1', [id])).rows[0]?.n ?? 0);
  const smallN = await entries(small.uuid);
  const largeN = await entries(large.uuid);
  o.checkAlive();
  const s = await measure(o, `${smallN.toLocaleString('en-US')} entries`, small, smallN, smallSeed);
  o.log(`balances: ${s.route.name}: ${s.route.rps.toLocaleString('en-US')} rps, p50 ${s.route.latencyMs.p50} ms, p99 ${s.route.latencyMs.p99} ms`);
  const l = await measure(o, `${largeN.toLocaleString('en-US')} entries`, large, largeN, largeSeed);
  o.log(`balances: ${l.route.name}: ${l.route.rps.toLocaleString('en-US')} rps, p50 ${l.route.latencyMs.p50} ms, p99 ${l.route.latencyMs.p99} ms`);
  const p99Ratio = Math.round((1000 * l.route.latencyMs.p99) / Math.max(0.001, s.route.latencyMs.p99)) / 1000;
  return { small: s, large: l, p99Ratio, bothTiny: s.route.latencyMs.p99 <= TINY_P99_MS && l.route.latencyMs.p99 <= TINY_P99_MS };
}
