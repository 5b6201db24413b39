/**
 * Wire schemas of carriers and carrier contracts (spec: shipping-v2.md "Carrier" and its
 * Contract): GET /carriers of the shipping v2 API, and the operator's
 * /operator/stores/:storeUuid/carrier-contracts. The parser (`parseContractInput`) stays the
 * authority over the operator's body; these describe it.
 */
import { Type } from 'typebox';
import { ENVS } from '../../platform/env.js';
import { nullable, stringEnum } from '../../platform/schemas.js';
import { LOCKER_SIZES } from '../carriers/vocabulary.js';
import { CARRIER_CODES } from '../carriers/registry.js';
import { COUNTRIES } from '../carriers/countries.js';

const CONTRACT_HANDOVER = ['COURIER', 'LOCKER'] as const;

/** The spec's Contract (item of a carrier's `contracts`): the username masked, the password never. */
export const ContractSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'Contract identifier' }),
    carrierId: Type.String({ description: 'The carrier of the contract' }),
    country: stringEnum(COUNTRIES, 'Country of the contract (ISO 3166 alpha-2)'),
    lastUsedParcelNumber: nullable(Type.Number()),
    daysAllowedForReturns: nullable(Type.Number()),
    isDirectContract: Type.Boolean({ description: "The merchant's own contract with the carrier (DIRECT), else the service's (SERVICE)" }),
    returnsAllowed: Type.Boolean(),
    parcelHandoverMethod: nullable(stringEnum(CONTRACT_HANDOVER), 'COURIER or LOCKER (one carrier only), else null'),
    defaultLockerSize: nullable(stringEnum(LOCKER_SIZES), 'Applied to pickup-point shipments when the request omits lockerSize'),
    logisticsContractNumber: nullable(Type.String()),
    credentials: Type.Object({ username: nullable(Type.String({ description: 'Masked' })) }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'Contract' },
);

/** Item of GET /carriers `carriers`. */
export const CarrierSchema = Type.Object(
  {
    id: Type.String({ description: 'Carrier identifier' }),
    code: stringEnum(CARRIER_CODES, 'Carrier code used in API requests'),
    name: Type.String({ description: 'Display name' }),
    logoUrl: Type.String({ format: 'uri', description: 'Logo URL' }),
    contracts: nullable(Type.Array(ContractSchema), 'Active contracts; null when none is activated'),
    hasServiceContract: Type.Boolean({ description: "Whether the carrier supports the service's own contract (required for rate calculation)" }),
    supportedContractTypes: Type.Array(stringEnum(['DIRECT', 'SERVICE']), { description: 'DIRECT and SERVICE (one or both)' }),
  },
  { title: 'Carrier' },
);

export const CarriersResponse = Type.Object({ carriers: Type.Array(CarrierSchema) }, { title: 'Carriers' });

/** The operator's body: what `parseContractInput` reads. */
export const ContractInputSchema = Type.Object(
  {
    env: stringEnum(ENVS, 'The environment the contract is active in'),
    carrierCode: stringEnum(CARRIER_CODES),
    country: Type.String({ description: 'A country the carrier serves (ISO 3166 alpha-2)', examples: ['EE'] }),
    isDirectContract: Type.Optional(Type.Boolean({ description: "Default: the service's contract where the carrier has one, else the merchant's own" })),
    returnsAllowed: Type.Optional(Type.Boolean({ default: false })),
    daysAllowedForReturns: Type.Optional(nullable(Type.Integer({ minimum: 1, maximum: 365, description: 'Only with returnsAllowed true' }))),
    parcelHandoverMethod: Type.Optional(nullable(stringEnum(CONTRACT_HANDOVER))),
    defaultLockerSize: Type.Optional(nullable(stringEnum(LOCKER_SIZES))),
    logisticsContractNumber: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
    credentials: Type.Optional(nullable(Type.Object({ username: Type.String({ maxLength: 128 }), password: Type.String({ maxLength: 256 }) }, { additionalProperties: true }))),
  },
  { additionalProperties: true, title: 'ContractInput' },
);

export const StoreParams = Type.Object({ storeUuid: Type.String({ description: 'The store (a UUID; anything else is a 400 naming storeUuid)' }) });
export const ContractParams = Type.Object({
  storeUuid: Type.String({ description: 'The store (a UUID; anything else is a 400 naming storeUuid)' }),
  contractId: Type.String({ description: 'The contract (a UUID; anything else is a 400 naming contractId)' }),
});

export const StoreContractsResponse = Type.Object(
  { sandbox: Type.Array(ContractSchema), production: Type.Array(ContractSchema) },
  { title: 'StoreContracts', description: "The store's contracts per environment" },
);
