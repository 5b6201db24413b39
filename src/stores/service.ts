/**
 * Merchants' stores: creation with a key pair per environment, secrets sealed at rest, and the
 * per-store settings (enabled payment methods, bank-payment refunds).
 */
import { withTx, type Db, type Queryable } from '../platform/db.js';
import * as sql from './store.js';
import type { StoreRow } from './store.js';
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
    shippingAddress: r.shipping_address as StoreAddress | null,
    payoutAccount: r.payout_iban && r.payout_account_name ? { iban: r.payout_iban, accountName: r.payout_account_name } : null,
    createdAt: r.created_at,
  };
}

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
     * drops them (awaited: in every API process of the node); other nodes see the change within
     * KASSA_AUTH_CACHE_MS.
     */
    private readonly changed: () => void | Promise<void> = () => undefined,
  ) {}

  async create(input: CreateStoreInput, q: Queryable = this.db): Promise<CreatedStore> {
    const id = uuidv7();
    const keys: Record<Env, KeyPair> = { sandbox: newKeyPair('sandbox'), production: newKeyPair('production') };
    const row = await sql.insertStore(q, {
      id,
      name: input.name,
      legalName: input.legalName ?? input.name,
      businessName: input.businessName ?? input.legalName ?? input.name,
      country: input.country ?? 'EE',
      enabledMethods: input.enabledMethods ?? [...PAYMENT_METHODS],
      bankRefundsEnabled: input.bankRefundsEnabled ?? false,
      isDemo: input.isDemo ?? false,
      accessKeys: [keys.sandbox.accessKey, keys.production.accessKey],
      sealedSecrets: [this.box.seal(keys.sandbox.secretKey), this.box.seal(keys.production.secretKey)],
      shippingAddressJson: input.shippingAddress ? JSON.stringify(input.shippingAddress) : null,
      payoutIban: input.payoutAccount?.iban ?? null,
      payoutAccountName: input.payoutAccount?.accountName ?? null,
      sandboxSettlement: input.sandboxSettlement ?? 'instant',
    });
    return { ...storeFromRow(row), keys };
  }

  async get(id: string, q: Queryable = this.db): Promise<Store | undefined> {
    const row = await sql.selectStore(q, id);
    return row && storeFromRow(row);
  }

  async list(): Promise<Store[]> {
    return (await sql.selectStores(this.db)).map(storeFromRow);
  }

  async update(id: string, patch: StorePatch): Promise<Store | undefined> {
    const row = await sql.updateStore(this.db, id, {
      enabledMethods: patch.enabledMethods ?? null,
      bankRefundsEnabled: patch.bankRefundsEnabled ?? null,
      name: patch.name ?? null,
      setShippingAddress: patch.shippingAddress !== undefined,
      shippingAddressJson: patch.shippingAddress ? JSON.stringify(patch.shippingAddress) : null,
      setPayoutAccount: patch.payoutAccount !== undefined,
      payoutIban: patch.payoutAccount?.iban ?? null,
      payoutAccountName: patch.payoutAccount?.accountName ?? null,
      allowTokensWithoutExp: patch.allowTokensWithoutExp ?? null,
      sandboxSettlement: patch.sandboxSettlement ?? null,
    });
    await this.changed();
    return row && storeFromRow(row);
  }

  /**
   * Switches `method` on or off in countries of one environment, in one statement (concurrent
   * changes to other countries are kept: the list is recomputed from the row being updated).
   */
  async setCountries(id: string, env: Env, method: PerCountryMethod, changes: Partial<Record<CountryCode, boolean>>): Promise<Store | undefined> {
    const entries = Object.entries(changes) as [CountryCode, boolean][];
    const off = entries.filter(([, on]) => !on).map(([c]) => c);
    const on = entries.filter(([, on]) => on).map(([c]) => c);
    const row = await sql.updateCountriesOff(this.db, id, env, method, off, on);
    await this.changed();
    return row && storeFromRow(row);
  }

  /**
   * Creates the store only when the database has none yet (the demo store of a first start), once
   * however many processes start at once on the empty database: they take turns (a transaction
   * lock) and the later ones find a store.
   */
  async createFirst(input: CreateStoreInput): Promise<CreatedStore | undefined> {
    return withTx(this.db, async (tx) => {
      await sql.lockFirstStore(tx);
      return (await sql.anyStore(tx)) ? undefined : this.create(input, tx);
    });
  }

  async count(): Promise<number> {
    return sql.countStores(this.db);
  }
}
