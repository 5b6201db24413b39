/**
 * Carrier contracts: a store's activated carriers per environment (created through the operator
 * API), their validation against the carrier definitions, their JSON in the spec's Contract shape,
 * and the joins the shipping API needs (GET /carriers, the store's shipping method listing).
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../platform/db.js';
import type { SecretBox } from '../../platform/crypto.js';
import { Errors } from '../../platform/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import { isObject, Problems, Reader } from '../../platform/validate.js';
import { ENVS, type Env } from '../../platform/env.js';
import { LOCKER_SIZES, type CarrierDefinition, type ContractParcelHandoverMethod, type ContractType, type LockerSize } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import type { CountryCode } from '../carriers/countries.js';
import { CARRIER_CODES, CARRIERS, carrierDefinition } from '../carriers/registry.js';
import { ContractStore, type CarrierContract, type NewContractRow } from './store.js';

export type { CarrierContract } from './store.js';

export const CONTRACT_HANDOVER_METHODS: readonly ContractParcelHandoverMethod[] = Object.freeze(['COURIER', 'LOCKER'] as const);

/** A validated POST /operator/stores/:storeUuid/carrier-contracts body. */
export type ContractInput = Omit<NewContractRow, 'id' | 'storeId' | 'username' | 'passwordSealed'> & {
  credentials: { username: string; password: string } | null;
};

/** The spec's Contract (item of a carrier's `contracts`). Never holds the password. */
export interface ContractJson {
  id: string;
  carrierId: string;
  country: CountryCode;
  lastUsedParcelNumber: number | null;
  daysAllowedForReturns: number | null;
  isDirectContract: boolean;
  returnsAllowed: boolean;
  parcelHandoverMethod: ContractParcelHandoverMethod | null;
  defaultLockerSize: LockerSize | null;
  logisticsContractNumber: string | null;
  credentials: { username: string | null };
  createdAt: string;
}

/** Item of GET /carriers `carriers`. */
export interface CarrierJson {
  id: string;
  code: CarrierCode;
  name: string;
  logoUrl: string;
  contracts: ContractJson[] | null;
  hasServiceContract: boolean;
  supportedContractTypes: ContractType[];
}

const MAX_RETURN_DAYS = 365;

// The namespace of the built-in contracts' name-based (version 5) UUIDs.
const BUILT_IN_NAMESPACE = Buffer.from('0190f3a4b2c87d1e9a5b3c4d5e6f7a8b', 'hex');

/** A stable version 5 UUID of one store's built-in contract with a carrier in a country. */
export function builtInContractId(storeId: string, carrierCode: CarrierCode, country: CountryCode): string {
  const h = createHash('sha1').update(BUILT_IN_NAMESPACE).update(`sandbox-service-contract:${storeId}:${carrierCode}:${country}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The carriers every sandbox has a built-in contract with: a SERVICE contract, or a sandbox test account. */
const SANDBOX_BUILT_IN_CARRIERS: readonly CarrierDefinition<CarrierCode>[] = CARRIERS.filter((d) => d.supportedContractTypes.includes('SERVICE') || d.sandboxTestAccount);

/**
 * The sandbox's built-in contracts: Kassa's own (SERVICE) contract with every carrier that offers
 * one, and a DIRECT contract on the carrier's sandbox test account (`sandboxTestAccount`) with
 * every carrier that has only DIRECT contracts, in every country the carrier serves, except for
 * carriers the operator gave the store a sandbox contract with (those are used exactly as
 * configured). Derived on each read, never stored, so every store has them, however old, and
 * nothing needs backfilling when a carrier or country is added. Their `lastUsedParcelNumber`
 * stays null: the sandbox derives tracking numbers from the shipment id when a contract has no
 * counter.
 */
export function builtInSandboxContracts(storeId: string, storeCreatedAt: Date, stored: readonly CarrierContract[]): CarrierContract[] {
  return builtInSandboxCarriers(stored).flatMap((d) => {
    const service = d.supportedContractTypes.includes('SERVICE');
    const account = service ? null : d.sandboxTestAccount;
    return d.countries.map(
      (country): CarrierContract => ({
        id: builtInContractId(storeId, d.code, country),
        storeId,
        env: 'sandbox',
        carrierCode: d.code,
        country,
        isDirectContract: !service,
        returnsAllowed: false,
        daysAllowedForReturns: null,
        parcelHandoverMethod: null,
        defaultLockerSize: null,
        logisticsContractNumber: account?.logisticsContractNumber ?? null,
        username: account?.username ?? null,
        // A sandbox simulator checks no password; none is stored or shown.
        hasPassword: false,
        dropOffPinService: false,
        lastUsedParcelNumber: null,
        createdAt: storeCreatedAt,
        builtIn: true,
      }),
    );
  });
}

/** The carriers whose built-in sandbox contracts are in force beside the stored ones: those the operator configured none with. */
function builtInSandboxCarriers(stored: readonly CarrierContract[]): CarrierDefinition<CarrierCode>[] {
  const configured = new Set(stored.map((c) => c.carrierCode));
  return SANDBOX_BUILT_IN_CARRIERS.filter((d) => !configured.has(d.code));
}

const codesOf = (pick: (d: CarrierDefinition<CarrierCode>) => boolean): string =>
  CARRIERS.filter(pick)
    .map((d) => d.code)
    .join(', ');

/** The carrier's identifier in the API (`id` of /carriers, `carrierId` of a contract): its code, which is stable. */
export const carrierId = (code: CarrierCode): string => code;

/** First two characters and `***`; a username of two characters or fewer shows only `***`. */
export function maskUsername(username: string | null): string | null {
  if (username === null) return null;
  return username.length > 2 ? `${username.slice(0, 2)}***` : '***';
}

export function contractJson(c: CarrierContract): ContractJson {
  return {
    id: c.id,
    carrierId: carrierId(c.carrierCode),
    country: c.country,
    lastUsedParcelNumber: c.lastUsedParcelNumber,
    daysAllowedForReturns: c.daysAllowedForReturns,
    isDirectContract: c.isDirectContract,
    returnsAllowed: c.returnsAllowed,
    parcelHandoverMethod: c.parcelHandoverMethod,
    defaultLockerSize: c.defaultLockerSize,
    logisticsContractNumber: c.logisticsContractNumber,
    credentials: { username: maskUsername(c.username) },
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * Reads and checks a contract body against the carrier's definition. Every problem is reported
 * in one 400, each naming its field.
 */
export function parseContractInput(body: unknown): ContractInput {
  const p = new Problems();
  const r = new Reader(p, isObject(body) ? body : {});
  if (!isObject(body)) p.add('body', 'must be a JSON object');
  const env = r.oneOf('env', ENVS, true);
  const carrierCode = r.oneOf('carrierCode', CARRIER_CODES, true);
  const def = carrierCode ? carrierDefinition(carrierCode) : undefined;
  const rawCountry = r.string('country', { required: true });
  let country: CountryCode | undefined;
  if (rawCountry !== undefined && def) {
    if ((def.countries as readonly string[]).includes(rawCountry)) country = rawCountry as CountryCode;
    else p.add('country', `must be one of ${def.countries.join(', ')} (the countries ${def.code} serves)`);
  }

  let isDirectContract = r.boolean('isDirectContract');
  if (def) {
    const direct = def.supportedContractTypes.includes('DIRECT');
    const service = def.supportedContractTypes.includes('SERVICE');
    if (isDirectContract === true && !direct) p.add('isDirectContract', `must be false: ${def.code} supports only SERVICE contracts`);
    if (isDirectContract === false && !service) p.add('isDirectContract', `must be true: ${def.code} supports only DIRECT contracts`);
    // Default: Kassa's service contract where the carrier has one, else the merchant's own.
    isDirectContract ??= !service;
  }

  const returnsAllowed = r.boolean('returnsAllowed') ?? false;
  const daysAllowedForReturns = r.integer('daysAllowedForReturns', { min: 1, max: MAX_RETURN_DAYS }) ?? null;
  if (daysAllowedForReturns !== null && !returnsAllowed) p.add('daysAllowedForReturns', 'is only accepted with returnsAllowed true');

  const parcelHandoverMethod = r.oneOf('parcelHandoverMethod', CONTRACT_HANDOVER_METHODS) ?? null;
  if (parcelHandoverMethod !== null && def && !def.parcelHandoverMethods) {
    p.add('parcelHandoverMethod', `is only accepted for ${codesOf((d) => d.parcelHandoverMethods !== undefined)}`);
  }
  const defaultLockerSize = r.oneOf('defaultLockerSize', LOCKER_SIZES) ?? null;
  if (defaultLockerSize !== null && def && !def.lockerSizes) {
    p.add('defaultLockerSize', `is only accepted for carriers with parcel lockers (${codesOf((d) => d.lockerSizes !== undefined)})`);
  }
  const logisticsContractNumber = r.string('logisticsContractNumber', { max: 64 }) ?? null;

  let credentials: ContractInput['credentials'] = null;
  const cr = r.object('credentials');
  if (cr) {
    const username = cr.string('username', { required: true, max: 128 });
    const password = cr.string('password', { required: true, max: 256 });
    if (username !== undefined && password !== undefined) credentials = { username, password };
  }

  const dropOffPinService = r.boolean('dropOffPinService') ?? false;
  if (dropOffPinService && def && def.dropOffPin !== 'withService') {
    p.add('dropOffPinService', `is only accepted for carriers whose drop-off PIN needs the service (${codesOf((d) => d.dropOffPin === 'withService')})`);
  }

  p.throwIfAny();
  return {
    env: env!,
    carrierCode: carrierCode!,
    country: country!,
    isDirectContract: isDirectContract!,
    returnsAllowed,
    daysAllowedForReturns,
    parcelHandoverMethod,
    defaultLockerSize,
    logisticsContractNumber,
    credentials,
    dropOffPinService,
  };
}

export class CarrierContractService {
  private readonly store: ContractStore;

  constructor(
    db: Db,
    private readonly box: SecretBox,
    private readonly publicUrl: string,
  ) {
    this.store = new ContractStore(db);
  }

  /** Activates a contract for a store (409 when it has one for that carrier, country and environment). */
  async create(storeId: string, input: ContractInput): Promise<CarrierContract> {
    const created = await this.store.insert({
      id: uuidv7(),
      storeId,
      env: input.env,
      carrierCode: input.carrierCode,
      country: input.country,
      isDirectContract: input.isDirectContract,
      returnsAllowed: input.returnsAllowed,
      daysAllowedForReturns: input.daysAllowedForReturns,
      parcelHandoverMethod: input.parcelHandoverMethod,
      defaultLockerSize: input.defaultLockerSize,
      logisticsContractNumber: input.logisticsContractNumber,
      username: input.credentials?.username ?? null,
      passwordSealed: input.credentials ? this.box.seal(input.credentials.password) : null,
      dropOffPinService: input.dropOffPinService,
    });
    if (!created) {
      throw Errors.conflict(`The store already has a ${input.env} contract with ${input.carrierCode} in ${input.country}; delete it first`);
    }
    return created;
  }

  /** The contracts the operator stored (the operator API's listing). */
  list(storeId: string, env?: Env): Promise<CarrierContract[]> {
    return this.store.list(storeId, env);
  }

  /**
   * The contracts in force for a store's environment: the stored ones, and in the sandbox the
   * built-in contracts of the carriers the operator configured none with. Inside a transaction,
   * pass it as `q`: a transaction that waits for a second connection of the pool deadlocks once
   * every connection is held by such a transaction.
   */
  async active(storeId: string, env: Env, q?: Queryable): Promise<CarrierContract[]> {
    const store = q ? new ContractStore(q) : this.store;
    if (env !== 'sandbox') return store.list(storeId, env);
    const found = await store.listWithStore(storeId, env);
    if (!found) return [];
    return [...found.contracts, ...builtInSandboxContracts(storeId, found.storeCreatedAt, found.contracts)];
  }

  /**
   * The carriers of the contracts `active` holds in `country` (a code once per contract), without
   * deriving the built-in contracts themselves (a SHA-1 id each): the payment link page's carriers.
   */
  async carrierCodesIn(storeId: string, env: Env, country: string): Promise<CarrierCode[]> {
    const inCountry = (contracts: readonly CarrierContract[]) => contracts.filter((c) => c.country === country).map((c) => c.carrierCode);
    if (env !== 'sandbox') return inCountry(await this.store.list(storeId, env));
    const found = await this.store.listWithStore(storeId, env);
    if (!found) return [];
    const builtIn = builtInSandboxCarriers(found.contracts).filter((d) => (d.countries as readonly string[]).includes(country));
    return [...inCountry(found.contracts), ...builtIn.map((d) => d.code)];
  }

  delete(storeId: string, id: string): Promise<boolean> {
    return this.store.delete(storeId, id);
  }

  /** Codes of the carriers the store has at least one contract with in `env`, in registry order. */
  async activeCarrierCodes(storeId: string, env: Env): Promise<CarrierCode[]> {
    // A sandbox has every carrier with a built-in contract, whatever is stored (a stored contract
    // replaces the built-ins of its carrier): the stored ones are read only for the others.
    const codes = new Set(env === 'sandbox' ? SANDBOX_BUILT_IN_CARRIERS.map((d) => d.code) : []);
    if (codes.size < CARRIERS.length) for (const c of await this.store.list(storeId, env)) codes.add(c.carrierCode);
    return CARRIERS.filter((d) => codes.has(d.code)).map((d) => d.code);
  }

  /** GET /carriers: every carrier, with the store's contracts in force in `env` (null when none). */
  async carriers(storeId: string, env: Env): Promise<{ carriers: CarrierJson[] }> {
    const contracts = await this.active(storeId, env);
    return {
      carriers: CARRIERS.map((def) => {
        const own = contracts.filter((c) => c.carrierCode === def.code).map(contractJson);
        return {
          id: carrierId(def.code),
          code: def.code,
          name: def.name,
          logoUrl: carrierLogoUrl(this.publicUrl, def.code),
          contracts: own.length > 0 ? own : null,
          hasServiceContract: def.hasServiceContract,
          supportedContractTypes: [...def.supportedContractTypes],
        };
      }),
    };
  }
}

export function carrierLogoUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/logos/carriers/${code}.svg`;
}

/** Narrows a listing (GET /shipping-methods shape) to the given carriers, dropping emptied countries. */
export function narrowListing<L extends { countries: { carriers: { carrierCode: string }[] }[] }>(listing: L, carrierCodes: readonly string[]): L {
  return {
    ...listing,
    countries: listing.countries.map((c) => ({ ...c, carriers: c.carriers.filter((k) => carrierCodes.includes(k.carrierCode)) })).filter((c) => c.carriers.length > 0),
  };
}
