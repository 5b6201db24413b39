/** Wire schemas of the operator's store API (/operator/stores). */
import { Type, type TSchema } from 'typebox';
import { PAYMENT_METHODS } from '../payments/methods/catalogue/methods.js';
import { documentedOnly, idParam, nullable } from '../platform/schemas.js';
import { SANDBOX_SETTLEMENTS } from './service.js';
import { COUNTRIES } from '../payments/methods/catalogue/banks.js';
import { PER_COUNTRY_METHODS } from '../payments/methods/countries.js';
import { ENVS } from '../platform/env.js';
import { MAX_OVERLAP_MINUTES } from './keys.js';

const StoreAddressSchema = Type.Object(
  {
    name: Type.String(),
    companyName: nullable(Type.String()),
    streetAddress: Type.String(),
    locality: Type.String(),
    region: nullable(Type.String()),
    postalCode: Type.String(),
    country: Type.String({ description: 'ISO 3166-1 alpha-2' }),
    phoneCountryCode: Type.String(),
    phoneNumber: Type.String(),
    email: nullable(Type.String()),
  },
  { description: "The sender address of the store's shipments" },
);

const PayoutAccountSchema = Type.Object({ iban: Type.String({ description: 'ISO 13616 IBAN' }), accountName: Type.String({ minLength: 1, maxLength: 140 }) }, { description: 'Where payouts go' });

/** A store as the operator sees it. */
export const StoreSchema = Type.Object(
  {
    uuid: Type.String(),
    name: Type.String(),
    legalName: Type.String(),
    businessName: Type.String(),
    country: Type.String(),
    enabledMethods: Type.Array(Type.Enum([...PAYMENT_METHODS])),
    countriesOff: Type.Object(Object.fromEntries(ENVS.map((e) => [e, Type.Object({ paymentInitiation: Type.Optional(Type.Array(Type.Enum([...COUNTRIES]))) })])), {
      description: 'Per environment, the countries where a method is switched off (bank payments only)',
    }),
    bankRefundsEnabled: Type.Boolean(),
    allowTokensWithoutExp: Type.Boolean({ description: 'Production Bearer tokens may come without exp' }),
    sandboxSettlement: Type.Enum([...SANDBOX_SETTLEMENTS]),
    shippingAddress: nullable(StoreAddressSchema),
    payoutAccount: nullable(PayoutAccountSchema),
    createdAt: Type.String({ description: 'ISO 8601 timestamp' }),
  },
  { title: 'Store' },
);

const KeyPairSchema = Type.Object({ accessKey: Type.String(), secretKey: Type.String({ description: 'Shown once, at creation' }) });

export const CreatedStoreSchema = Type.Object({ uuid: Type.String(), name: Type.String(), sandbox: KeyPairSchema, production: KeyPairSchema });

export const StoreListSchema = Type.Object({ stores: Type.Array(StoreSchema) });

export const StoreParams = Type.Object({ storeUuid: idParam('Store UUID (a malformed one is a 400)') });

const settings = (clearable: boolean): Record<string, TSchema> => ({
  enabledMethods: Type.Optional(Type.Array(Type.Enum([...PAYMENT_METHODS]), { description: 'Payment methods to enable' })),
  bankRefundsEnabled: Type.Optional(Type.Boolean()),
  sandboxSettlement: Type.Optional(Type.Enum([...SANDBOX_SETTLEMENTS])),
  shippingAddress: Type.Optional(clearable ? nullable(StoreAddressSchema, { description: 'null clears it' }) : StoreAddressSchema),
  payoutAccount: Type.Optional(clearable ? nullable(PayoutAccountSchema, { description: 'null clears it' }) : PayoutAccountSchema),
});

/** POST /stores; the route's Reader validates it and names each bad field. */
export const CreateStoreBody = documentedOnly(
  Type.Object(
    {
      name: Type.String({ maxLength: 200 }),
      legalName: Type.Optional(Type.String({ maxLength: 200 })),
      country: Type.Optional(Type.Enum(['EE', 'LV', 'LT', 'FI', 'PL'])),
      ...settings(false),
    },
    { additionalProperties: true },
  ),
);

/** PATCH /stores/:storeUuid: every field optional; the route's Reader validates it. */
export const UpdateStoreBody = documentedOnly(
  Type.Object(
    {
      name: Type.Optional(Type.String({ maxLength: 200 })),
      allowTokensWithoutExp: Type.Optional(Type.Boolean()),
      ...settings(true),
    },
    { additionalProperties: true },
  ),
);

/** PUT /stores/:storeUuid/method-countries; the route's Reader validates it. */
export const MethodCountryBody = documentedOnly(
  Type.Object(
    {
      env: Type.Enum([...ENVS]),
      method: Type.Enum([...PER_COUNTRY_METHODS], { description: 'Only bank payments have a per-country switch' }),
      country: Type.Enum([...COUNTRIES]),
      enabled: Type.Boolean(),
    },
    { additionalProperties: true },
  ),
);

/** A store's live key in one environment: never its secret, only the secret's last four characters. */
export const KeySchema = Type.Object(
  {
    env: Type.Enum([...ENVS]),
    accessKey: Type.String(),
    secretEnding: Type.String({ description: 'The last four characters of the current secret' }),
    createdAt: Type.String({ description: 'ISO 8601 timestamp' }),
    rolledAt: nullable(Type.String({ description: 'ISO 8601 timestamp of the last roll' })),
    previousValidUntil: nullable(Type.String({ description: 'While a roll overlaps: when the previous secret stops being accepted' })),
  },
  { title: 'StoreKey' },
);

export const KeyListSchema = Type.Object({ keys: Type.Array(KeySchema) });

/** POST /stores/:storeUuid/keys/roll; the route's Reader validates it. */
export const KeyRollBody = documentedOnly(
  Type.Object(
    {
      env: Type.Enum([...ENVS]),
      overlapMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OVERLAP_MINUTES, description: 'How long the previous secret stays valid (default 1440, 24 hours; 0 ends it at once)' })),
    },
    { additionalProperties: true },
  ),
);

export const KeyRevokeBody = documentedOnly(Type.Object({ env: Type.Enum([...ENVS]) }, { additionalProperties: true }));

export const RolledKeySchema = Type.Object(
  {
    env: Type.Enum([...ENVS]),
    accessKey: Type.String({ description: 'Unchanged by a roll' }),
    secretKey: Type.String({ description: 'The new secret: shown only now' }),
    previousValidUntil: Type.String({ description: 'When the previous secret stops being accepted (ISO 8601; the store clock)' }),
  },
  { title: 'RolledKey' },
);
