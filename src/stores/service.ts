/**
 * Merchants' stores: creation with a key pair per environment, secrets sealed at rest, and the
 * per-store settings (enabled payment methods, bank-payment refunds).
 */
import { withTx, type Db, type Queryable } from '../platform/db.js';
import type { SecretBox } from '../platform/crypto.js';
import { randomToken, uuidv7 } from '../platform/ids.js';
import type { Env } from '../platform/env.js';
import { PAYMENT_METHODS, type PaymentMethodName } from '../payments/methods/catalogue/methods.js';
import type { CountryCode } from '../payments/methods/catalogue/banks.js';
import { countriesOffFromJson, type CountriesOff, type PerCountryMethod } from '../payments/methods/countries.js';

/**
 * How a store's sandbox payments settle: `instant` (refundable and payable out as soon as they are
 * paid; new stores) or `realistic` (after business days, as in production).
 */
export type SandboxSettlement = 'instant' | 'realistic';
export const SANDBOX_SETTLEMENTS: readonly SandboxSettlement[] = ['instant', 'realistic'];

export interface KeyPair {
  accessKey: string;
  secretKey: string;
}

/** A store's default shipping address (the sender of shipments that name none). */
export interface StoreAddress {
  name: string;
  companyName: string | null;
  streetAddress: string;
  locality: string;
  region: string | null;
  postalCode: string;
  country: string;
  phoneCountryCode: string;
  phoneNumber: string;
  email: string | null;
}

export interface Store {
  id: string;
  name: string;
  legalName: string;
  businessName: string;
  country: string;
  enabledMethods: PaymentMethodName[];
  /** Per environment, the countries where a method is switched off (payments/methods/countries.ts). */
  countriesOff: CountriesOff;
  bankRefundsEnabled: boolean;
  /** Production Bearer tokens may come without `exp` (the sandbox accepts them always). */
  allowTokensWithoutExp: boolean;
  sandboxSettlement: SandboxSettlement;
  shippingAddress: StoreAddress | null;
  /** Where payouts go; null until the operator sets it (production payouts wait for it). */
  payoutAccount: PayoutAccount | null;
  createdAt: Date;
}

export interface PayoutAccount {
  iban: string;
  accountName: string;
}

export interface CreatedStore extends Store {
  keys: Record<Env, KeyPair>;
}

export interface CreateStoreInput {
  name: string;
  legalName?: string | undefined;
  businessName?: string | undefined;
  country?: string | undefined;
  enabledMethods?: PaymentMethodName[] | undefined;
  bankRefundsEnabled?: boolean | undefined;
  sandboxSettlement?: SandboxSettlement | undefined;
  shippingAddress?: StoreAddress | undefined;
  payoutAccount?: PayoutAccount | undefined;
  isDemo?: boolean | undefined;
}

export interface StorePatch {
  enabledMethods?: PaymentMethodName[] | undefined;
  bankRefundsEnabled?: boolean | undefined;
  allowTokensWithoutExp?: boolean | undefined;
  sandboxSettlement?: SandboxSettlement | undefined;
  name?: string | undefined;
  /** null clears it. */
  shippingAddress?: StoreAddress | null | undefined;
  /** null clears it. */
  payoutAccount?: PayoutAccount | null | undefined;
}

interface StoreRow {
  id: string;
  name: string;
  legal_name: string;
  business_name: string;
  country: string;
  enabled_methods: string[];
  methods_off_by_country: unknown;
  bank_refunds_enabled: boolean;
  allow_tokens_without_exp: boolean;
  sandbox_settlement: SandboxSettlement;
  shipping_address: StoreAddress | null;
  payout_iban: string | null;
  payout_account_name: string | null;
  created_at: Date;
}

export function storeFromRow(r: StoreRow): Store {
  return {
    id: r.id,
    name: r.name,
    legalName: r.legal_name,
    businessName: r.business_name,
    country: r.country,
    enabledMethods: r.enabled_methods.filter((m): m is PaymentMethodName => (PAYMENT_METHODS as readonly string[]).includes(m)),
    countriesOff: countriesOffFromJson(r.methods_off_by_country),
    bankRefundsEnabled: r.bank_refunds_enabled,
    allowTokensWithoutExp: r.allow_tokens_without_exp,
    sandboxSettlement: r.sandbox_settlement,
    shippingAddress: r.shipping_address,
    payoutAccount: r.payout_iban && r.payout_account_name ? { iban: r.payout_iban, accountName: r.payout_account_name } : null,
    createdAt: r.created_at,
  };
}

/** The transaction lock of createFirst (an advisory lock key of Kassa's own). */
const FIRST_STORE_LOCK = 7_340_002;

function newKeyPair(env: Env): KeyPair {
  // The access key says its environment, so a key pasted into the wrong config is easy to spot.
  return { accessKey: `${env === 'sandbox' ? 'sk_test' : 'sk_live'}_${randomToken(18)}`, secretKey: randomToken(32) };
}

export class StoreService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    /**
     * Called after a store's settings changed: this node's key cache (KeyResolver) holds them and
     * drops them; other nodes see the change within KASSA_AUTH_CACHE_MS.
     */
    private readonly changed: () => void = () => undefined,
  ) {}

  async create(input: CreateStoreInput, q: Queryable = this.db): Promise<CreatedStore> {
    const id = uuidv7();
    const keys: Record<Env, KeyPair> = { sandbox: newKeyPair('sandbox'), production: newKeyPair('production') };
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
        id,
        input.name,
        input.legalName ?? input.name,
        input.businessName ?? input.legalName ?? input.name,
        input.country ?? 'EE',
        input.enabledMethods ?? [...PAYMENT_METHODS],
        input.bankRefundsEnabled ?? false,
        input.isDemo ?? false,
        [keys.sandbox.accessKey, keys.production.accessKey],
        [this.box.seal(keys.sandbox.secretKey), this.box.seal(keys.production.secretKey)],
        input.shippingAddress ? JSON.stringify(input.shippingAddress) : null,
        input.payoutAccount?.iban ?? null,
        input.payoutAccount?.accountName ?? null,
        input.sandboxSettlement ?? 'instant',
      ],
    );
    return { ...storeFromRow(rows[0]!), keys };
  }

  async get(id: string, q: Queryable = this.db): Promise<Store | undefined> {
    const { rows } = await q.query<StoreRow>('SELECT * FROM stores WHERE id = $1', [id]);
    return rows[0] && storeFromRow(rows[0]);
  }

  async list(): Promise<Store[]> {
    const { rows } = await this.db.query<StoreRow>('SELECT * FROM stores ORDER BY created_at');
    return rows.map(storeFromRow);
  }

  async update(id: string, patch: StorePatch): Promise<Store | undefined> {
    const { rows } = await this.db.query<StoreRow>(
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
        patch.enabledMethods ?? null,
        patch.bankRefundsEnabled ?? null,
        patch.name ?? null,
        patch.shippingAddress !== undefined,
        patch.shippingAddress ? JSON.stringify(patch.shippingAddress) : null,
        patch.payoutAccount !== undefined,
        patch.payoutAccount?.iban ?? null,
        patch.payoutAccount?.accountName ?? null,
        patch.allowTokensWithoutExp ?? null,
        patch.sandboxSettlement ?? null,
      ],
    );
    this.changed();
    return rows[0] && storeFromRow(rows[0]);
  }

  /**
   * Switches `method` on or off in countries of one environment, in one statement (concurrent
   * changes to other countries are kept: the list is recomputed from the row being updated).
   */
  async setCountries(id: string, env: Env, method: PerCountryMethod, changes: Partial<Record<CountryCode, boolean>>): Promise<Store | undefined> {
    const entries = Object.entries(changes) as [CountryCode, boolean][];
    const off = entries.filter(([, on]) => !on).map(([c]) => c);
    const on = entries.filter(([, on]) => on).map(([c]) => c);
    const { rows } = await this.db.query<StoreRow>(
      `UPDATE stores s SET methods_off_by_country = s.methods_off_by_country || jsonb_build_object($2::text,
         coalesce(s.methods_off_by_country -> $2, '{}'::jsonb) || jsonb_build_object($3::text, (
           SELECT coalesce(jsonb_agg(c ORDER BY c), '[]'::jsonb) FROM (
             SELECT jsonb_array_elements_text(coalesce(s.methods_off_by_country -> $2 -> $3, '[]'::jsonb)) AS c
             UNION SELECT unnest($4::text[])) x
            WHERE c <> ALL ($5::text[]))))
       WHERE id = $1 RETURNING *`,
      [id, env, method, off, on],
    );
    this.changed();
    return rows[0] && storeFromRow(rows[0]);
  }

  /**
   * Creates the store only when the database has none yet (the demo store of a first start), once
   * however many processes start at once on the empty database: they take turns (a transaction
   * lock) and the later ones find a store.
   */
  async createFirst(input: CreateStoreInput): Promise<CreatedStore | undefined> {
    return withTx(this.db, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_STORE_LOCK]);
      const { rows } = await tx.query('SELECT 1 FROM stores LIMIT 1');
      return rows.length ? undefined : this.create(input, tx);
    });
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stores');
    return rows[0]!.n;
  }
}
