/**
 * SQL of merchants' stores: the `stores` rows, their API keys (`store_keys`) and each store's
 * sandbox clock (`sandbox_clocks`, read by the store_now() function of migration 001).
 * Every statement on these tables is here; other concepts call these functions.
 */
import type { Queryable } from '../platform/db.js';
import type { Env } from '../platform/env.js';

/** A `stores` row as PostgreSQL returns it (service.ts maps it to a Store). */
export interface StoreRow {
  id: string;
  name: string;
  legal_name: string;
  business_name: string;
  country: string;
  enabled_methods: string[];
  methods_off_by_country: unknown;
  bank_refunds_enabled: boolean;
  allow_tokens_without_exp: boolean;
  sandbox_settlement: 'instant' | 'realistic';
  shipping_address: unknown;
  payout_iban: string | null;
  payout_account_name: string | null;
  created_at: Date;
}

export interface NewStoreRow {
  id: string;
  name: string;
  legalName: string;
  businessName: string;
  country: string;
  enabledMethods: readonly string[];
  bankRefundsEnabled: boolean;
  isDemo: boolean;
  /** Per environment, sandbox first: the access keys and their sealed secrets. */
  accessKeys: readonly [string, string];
  sealedSecrets: readonly [string, string];
  shippingAddressJson: string | null;
  payoutIban: string | null;
  payoutAccountName: string | null;
  sandboxSettlement: string;
}

/** The store, its two keys and its sandbox clock, in one statement. */
export async function insertStore(q: Queryable, s: NewStoreRow): Promise<StoreRow> {
  const { rows } = await q.query<StoreRow>(
    `WITH s AS (
       INSERT INTO stores (id, name, legal_name, business_name, country, enabled_methods, bank_refunds_enabled, is_demo, shipping_address,
                           payout_iban, payout_account_name, sandbox_settlement)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $11, $12, $13, $14) RETURNING *
     ), k AS (
       INSERT INTO store_keys (access_key, store_id, env, secret_sealed)
       SELECT * FROM unnest($9::text[], ARRAY[$1, $1]::uuid[], ARRAY['sandbox', 'production'], $10::text[])
     ), c AS (
       INSERT INTO sandbox_clocks (store_id) VALUES ($1)
     )
     SELECT * FROM s`,
    [
      s.id,
      s.name,
      s.legalName,
      s.businessName,
      s.country,
      s.enabledMethods,
      s.bankRefundsEnabled,
      s.isDemo,
      s.accessKeys,
      s.sealedSecrets,
      s.shippingAddressJson,
      s.payoutIban,
      s.payoutAccountName,
      s.sandboxSettlement,
    ],
  );
  return rows[0]!;
}

export async function selectStore(q: Queryable, id: string): Promise<StoreRow | undefined> {
  const { rows } = await q.query<StoreRow>('SELECT * FROM stores WHERE id = $1', [id]);
  return rows[0];
}

export async function selectStores(q: Queryable): Promise<StoreRow[]> {
  const { rows } = await q.query<StoreRow>('SELECT * FROM stores ORDER BY created_at');
  return rows;
}

export interface StoreRowPatch {
  enabledMethods: readonly string[] | null;
  bankRefundsEnabled: boolean | null;
  name: string | null;
  /** Whether the shipping address is set (to `shippingAddressJson`, null clears it). */
  setShippingAddress: boolean;
  shippingAddressJson: string | null;
  /** Whether the payout account is set (to the two values, nulls clear it). */
  setPayoutAccount: boolean;
  payoutIban: string | null;
  payoutAccountName: string | null;
  allowTokensWithoutExp: boolean | null;
  sandboxSettlement: string | null;
}

export async function updateStore(q: Queryable, id: string, p: StoreRowPatch): Promise<StoreRow | undefined> {
  const { rows } = await q.query<StoreRow>(
    `UPDATE stores SET enabled_methods = coalesce($2, enabled_methods),
       bank_refunds_enabled = coalesce($3, bank_refunds_enabled), name = coalesce($4, name),
       shipping_address = CASE WHEN $5 THEN $6::jsonb ELSE shipping_address END,
       payout_iban = CASE WHEN $7 THEN $8 ELSE payout_iban END,
       payout_account_name = CASE WHEN $7 THEN $9 ELSE payout_account_name END,
       allow_tokens_without_exp = coalesce($10, allow_tokens_without_exp),
       sandbox_settlement = coalesce($11, sandbox_settlement)
     WHERE id = $1 RETURNING *`,
    [
      id,
      p.enabledMethods,
      p.bankRefundsEnabled,
      p.name,
      p.setShippingAddress,
      p.shippingAddressJson,
      p.setPayoutAccount,
      p.payoutIban,
      p.payoutAccountName,
      p.allowTokensWithoutExp,
      p.sandboxSettlement,
    ],
  );
  return rows[0];
}

/**
 * Switches `method` off in the countries `off` and on in `on`, for one environment, in one
 * statement (concurrent changes to other countries are kept: the list is recomputed from the row
 * being updated).
 */
export async function updateCountriesOff(q: Queryable, id: string, env: Env, method: string, off: readonly string[], on: readonly string[]): Promise<StoreRow | undefined> {
  const { rows } = await q.query<StoreRow>(
    `UPDATE stores s SET methods_off_by_country = s.methods_off_by_country || jsonb_build_object($2::text,
       coalesce(s.methods_off_by_country -> $2, '{}'::jsonb) || jsonb_build_object($3::text, (
         SELECT coalesce(jsonb_agg(c ORDER BY c), '[]'::jsonb) FROM (
           SELECT jsonb_array_elements_text(coalesce(s.methods_off_by_country -> $2 -> $3, '[]'::jsonb)) AS c
           UNION SELECT unnest($4::text[])) x
          WHERE c <> ALL ($5::text[]))))
     WHERE id = $1 RETURNING *`,
    [id, env, method, off, on],
  );
  return rows[0];
}

/** The transaction lock of the first store's creation (an advisory lock key of Kassa's own). */
const FIRST_STORE_LOCK = 7_340_002;

/** Takes turns, until the transaction ends, with others creating the first store. */
export async function lockFirstStore(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_STORE_LOCK]);
}

/** Whether any store exists yet. */
export async function anyStore(q: Queryable): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM stores LIMIT 1');
  return rows.length > 0;
}

export async function countStores(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM stores');
  return rows[0]!.n;
}

/** How the store's payments settle: its sandbox setting and its country (whose business days count). */
export async function selectSettlementTerms(q: Queryable, id: string): Promise<{ sandbox_settlement: StoreRow['sandbox_settlement']; country: string } | undefined> {
  const { rows } = await q.query<{ sandbox_settlement: StoreRow['sandbox_settlement']; country: string }>('SELECT sandbox_settlement, country FROM stores WHERE id = $1', [id]);
  return rows[0];
}

// --- API keys -------------------------------------------------------------------------------

/** A live key joined with its store, and the previous secret while its overlap window is open. */
export interface KeyWithStoreRow extends StoreRow {
  access_key: string;
  env: Env;
  secret_sealed: string;
  previous_sealed: string | null;
  overlap_ms: number;
}

/**
 * The newest live key named by its access key (`by.accessKey`) or by its store and environment.
 * The overlap window ends by the store's clock (store_now: the database's now() in production,
 * the store's sandbox clock in the sandbox), so every node agrees when it ends.
 */
export async function selectKeyWithStore(q: Queryable, by: { accessKey: string } | { storeId: string; env: Env }): Promise<KeyWithStoreRow | undefined> {
  const [where, params] = 'accessKey' in by ? ['k.access_key = $1', [by.accessKey]] : ['k.store_id = $1 AND k.env = $2', [by.storeId, by.env]];
  const { rows } = await q.query<KeyWithStoreRow>(
    `SELECT k.access_key, k.env, k.secret_sealed, s.*,
            CASE WHEN k.previous_valid_until > store_now(k.store_id, k.env) THEN k.previous_secret_sealed END AS previous_sealed,
            floor(extract(epoch FROM k.previous_valid_until - store_now(k.store_id, k.env)) * 1000)::float8 AS overlap_ms
       FROM store_keys k JOIN stores s ON s.id = k.store_id
      WHERE ${where} AND k.revoked_at IS NULL
      ORDER BY k.created_at DESC LIMIT 1`,
    params,
  );
  return rows[0];
}

export interface KeyRow {
  env: Env;
  access_key: string;
  secret_sealed: string;
  created_at: Date;
  rolled_at: Date | null;
  previous_valid_until: Date | null;
}

/** The live keys of a store, sandbox first, with their overlap still open (previous_valid_until null once past). */
export async function selectLiveKeys(q: Queryable, storeId: string): Promise<KeyRow[]> {
  const { rows } = await q.query<KeyRow>(
    `SELECT k.env, k.access_key, k.secret_sealed, k.created_at, k.rolled_at,
            CASE WHEN k.previous_valid_until > store_now(k.store_id, k.env) THEN k.previous_valid_until END AS previous_valid_until
       FROM store_keys k WHERE k.store_id = $1 AND k.revoked_at IS NULL ORDER BY k.env = 'production', k.created_at`,
    [storeId],
  );
  return rows;
}

/** A new sealed secret for the live key of `env`, unless an overlap is open; undefined then (or for no such key). */
export async function rollKey(q: Queryable, storeId: string, env: Env, secretSealed: string, overlapMinutes: number): Promise<{ access_key: string; previous_valid_until: Date } | undefined> {
  const { rows } = await q.query<{ access_key: string; previous_valid_until: Date }>(
    `UPDATE store_keys k SET previous_secret_sealed = k.secret_sealed, secret_sealed = $3,
            previous_valid_until = store_now(k.store_id, k.env) + $4 * interval '1 minute', rolled_at = now()
      WHERE k.store_id = $1 AND k.env = $2 AND k.revoked_at IS NULL
        AND NOT coalesce(k.previous_valid_until > store_now(k.store_id, k.env), false)
      RETURNING k.access_key, k.previous_valid_until`,
    [storeId, env, secretSealed, overlapMinutes],
  );
  return rows[0];
}

export async function endKeyOverlap(q: Queryable, storeId: string, env: Env): Promise<void> {
  await q.query(
    `UPDATE store_keys SET previous_secret_sealed = NULL, previous_valid_until = NULL
      WHERE store_id = $1 AND env = $2 AND revoked_at IS NULL AND previous_secret_sealed IS NOT NULL`,
    [storeId, env],
  );
}

/**
 * The readiness probe: reads what every API request reads (a store key), so a lock on that table,
 * an outage, or a pool with no connection free all fail it; `timeoutMs` is pg's client-side deadline.
 */
export async function probeKeys(q: Queryable, timeoutMs: number): Promise<void> {
  // query_timeout: not in pg's QueryConfig type.
  await q.query({ text: 'SELECT 1 FROM store_keys LIMIT 1', query_timeout: timeoutMs } as { text: string });
}

// --- the sandbox clock ----------------------------------------------------------------------

/** The store's clock: the database's now() in production, the store's sandbox clock in the sandbox. */
export async function storeNow(q: Queryable, storeId: string, env: Env): Promise<Date> {
  const { rows } = await q.query<{ now: Date }>(`SELECT store_now($1, $2) AS now`, [storeId, env]);
  return rows[0]!.now;
}

/** Moves the store's sandbox clock forward by `ms`: the store's sandbox time after the move. */
export async function advanceSandboxClock(q: Queryable, storeId: string, ms: number): Promise<Date> {
  const { rows } = await q.query<{ now: Date }>(
    `INSERT INTO sandbox_clocks (store_id, offset_ms) VALUES ($1, $2)
     ON CONFLICT (store_id) DO UPDATE SET offset_ms = sandbox_clocks.offset_ms + $2
     RETURNING now() + offset_ms * interval '1 millisecond' AS now`,
    [storeId, ms],
  );
  return rows[0]!.now;
}

/** Takes the store's sandbox clock back to real time: the database's now(). */
export async function resetSandboxClock(q: Queryable, storeId: string): Promise<Date> {
  const { rows } = await q.query<{ now: Date }>(
    `WITH c AS (
       INSERT INTO sandbox_clocks (store_id, offset_ms) VALUES ($1, 0)
       ON CONFLICT (store_id) DO UPDATE SET offset_ms = 0
     )
     SELECT now() AS now`,
    [storeId],
  );
  return rows[0]!.now;
}

/**
 * Marks the store's sandbox payments settled through `through` (the watermark only moves forward;
 * migration 012's settled_through).
 */
export async function markSandboxSettledThrough(q: Queryable, storeId: string, through: Date): Promise<void> {
  await q.query(
    `INSERT INTO sandbox_clocks (store_id, settled_through) VALUES ($1, $2)
     ON CONFLICT (store_id) DO UPDATE SET settled_through = greatest(sandbox_clocks.settled_through, excluded.settled_through)`,
    [storeId, through],
  );
}
