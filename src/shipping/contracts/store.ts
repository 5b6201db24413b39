/** SQL of carrier contracts (table carrier_contracts). */
import type { Queryable } from '../../platform/db.js';
import type { ContractParcelHandoverMethod, LockerSize } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import type { CountryCode } from '../carriers/countries.js';
import type { Env } from '../../platform/env.js';

export interface CarrierContract {
  id: string;
  storeId: string;
  env: Env;
  carrierCode: CarrierCode;
  country: CountryCode;
  isDirectContract: boolean;
  returnsAllowed: boolean;
  daysAllowedForReturns: number | null;
  parcelHandoverMethod: ContractParcelHandoverMethod | null;
  defaultLockerSize: LockerSize | null;
  logisticsContractNumber: string | null;
  username: string | null;
  /** Whether a password is stored (sealed); the password itself is never read back here. */
  hasPassword: boolean;
  dropOffPinService: boolean;
  lastUsedParcelNumber: number | null;
  createdAt: Date;
  /** True for the sandbox's built-in service contracts, which are derived and never stored. */
  builtIn: boolean;
}

/** A contract to insert; the password is already sealed. */
export type NewContractRow = Omit<CarrierContract, 'hasPassword' | 'lastUsedParcelNumber' | 'createdAt' | 'builtIn'> & {
  passwordSealed: string | null;
};

interface ContractRow {
  id: string;
  store_id: string;
  env: Env;
  carrier_code: CarrierCode;
  country: CountryCode;
  is_direct_contract: boolean;
  returns_allowed: boolean;
  days_allowed_for_returns: number | null;
  parcel_handover_method: ContractParcelHandoverMethod | null;
  default_locker_size: LockerSize | null;
  logistics_contract_number: string | null;
  username: string | null;
  has_password: boolean;
  drop_off_pin_service: boolean;
  last_used_parcel_number: number | null;
  created_at: Date;
}

// Every column but the sealed password, which only the shipment registration will ever open.
const COLUMNS = `id, store_id, env, carrier_code, country, is_direct_contract, returns_allowed,
  days_allowed_for_returns, parcel_handover_method, default_locker_size, logistics_contract_number,
  username, password_sealed IS NOT NULL AS has_password, drop_off_pin_service,
  last_used_parcel_number, created_at`;

function fromRow(r: ContractRow): CarrierContract {
  return {
    id: r.id,
    storeId: r.store_id,
    env: r.env,
    carrierCode: r.carrier_code,
    country: r.country,
    isDirectContract: r.is_direct_contract,
    returnsAllowed: r.returns_allowed,
    daysAllowedForReturns: r.days_allowed_for_returns,
    parcelHandoverMethod: r.parcel_handover_method,
    defaultLockerSize: r.default_locker_size,
    logisticsContractNumber: r.logistics_contract_number,
    username: r.username,
    hasPassword: r.has_password,
    dropOffPinService: r.drop_off_pin_service,
    lastUsedParcelNumber: r.last_used_parcel_number,
    createdAt: r.created_at,
    builtIn: false,
  };
}

export class ContractStore {
  constructor(private readonly db: Queryable) {}

  /** Inserts a contract; null when the store already has one for that carrier, country and environment. */
  async insert(c: NewContractRow): Promise<CarrierContract | null> {
    const { rows } = await this.db.query<ContractRow>(
      `INSERT INTO carrier_contracts (id, store_id, env, carrier_code, country, is_direct_contract, returns_allowed,
         days_allowed_for_returns, parcel_handover_method, default_locker_size, logistics_contract_number,
         username, password_sealed, drop_off_pin_service)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (store_id, env, carrier_code, country) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        c.id,
        c.storeId,
        c.env,
        c.carrierCode,
        c.country,
        c.isDirectContract,
        c.returnsAllowed,
        c.daysAllowedForReturns,
        c.parcelHandoverMethod,
        c.defaultLockerSize,
        c.logisticsContractNumber,
        c.username,
        c.passwordSealed,
        c.dropOffPinService,
      ],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** A store's contracts (of one environment, or both), oldest first. */
  async list(storeId: string, env?: Env): Promise<CarrierContract[]> {
    const { rows } = await this.db.query<ContractRow>(
      `SELECT ${COLUMNS} FROM carrier_contracts
        WHERE store_id = $1 AND ($2::text IS NULL OR env = $2)
        ORDER BY created_at, id`,
      [storeId, env ?? null],
    );
    return rows.map(fromRow);
  }

  /**
   * A store's stored contracts of one environment and the store's creation time, in one round
   * trip; undefined when the store does not exist.
   */
  async listWithStore(storeId: string, env: Env): Promise<{ storeCreatedAt: Date; contracts: CarrierContract[] } | undefined> {
    const { rows } = await this.db.query<ContractRow & { store_created_at: Date; id: string | null }>(
      `SELECT s.created_at AS store_created_at, c.* FROM stores s
         LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM carrier_contracts WHERE store_id = s.id AND env = $2) c ON true
        WHERE s.id = $1
        ORDER BY c.created_at, c.id`,
      [storeId, env],
    );
    if (!rows[0]) return undefined;
    return { storeCreatedAt: rows[0].store_created_at, contracts: rows.filter((r) => r.id !== null).map(fromRow) };
  }

  /** Deletes one of the store's contracts; false when it has none with that id. */
  async delete(storeId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM carrier_contracts WHERE store_id = $1 AND id = $2', [storeId, id]);
    return (rowCount ?? 0) > 0;
  }

  /**
   * Reserves `n` consecutive parcel numbers of the contract's range (of `capacity` numbers): the
   * first one, or null when the range has fewer left.
   */
  async reserveParcelNumbers(contractId: string, n: number, capacity: number): Promise<number | null> {
    const { rows } = await this.db.query<{ last: string }>(
      `UPDATE carrier_contracts SET last_used_parcel_number = coalesce(last_used_parcel_number, 0) + $2
        WHERE id = $1 AND coalesce(last_used_parcel_number, 0) + $2 < $3 RETURNING last_used_parcel_number AS last`,
      [contractId, n, capacity],
    );
    return rows[0] ? Number(rows[0].last) - n + 1 : null;
  }
}
