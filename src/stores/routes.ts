/**
 * The operator API (/operator): create and list stores, change their settings. Guarded by the
 * operator's admin token, compared in constant time.
 */
import type { FastifyInstance } from 'fastify';
import { requireAdminToken } from '../platform/admin-auth.js';
import { Errors } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { Problems, Reader, isObject } from '../platform/validate.js';
import type { Services } from '../services.js';
import { described, errorResponses, Security } from '../platform/schemas.js';
import { ENVS, type Env } from '../platform/env.js';
import { COUNTRIES } from '../payments/methods/catalogue/banks.js';
import { PER_COUNTRY_METHODS } from '../payments/methods/countries.js';
import {
  CreatedStoreSchema,
  CreateStoreBody,
  KeyListSchema,
  KeyRollBody,
  KeySchema,
  KeyRevokeBody,
  MethodCountryBody,
  RolledKeySchema,
  StoreListSchema,
  StoreParams,
  StoreSchema,
  UpdateStoreBody,
} from './schema.js';
import { SANDBOX_SETTLEMENTS, type CreatedStore, type Store } from './service.js';
import { readMethods, readPayoutAccount, readShippingAddress } from './readers.js';
import { DEFAULT_OVERLAP_MINUTES, MAX_OVERLAP_MINUTES, type KeyInfo } from './keys.js';

export function storeJson(s: Store) {
  return {
    uuid: s.id,
    name: s.name,
    legalName: s.legalName,
    businessName: s.businessName,
    country: s.country,
    enabledMethods: s.enabledMethods,
    countriesOff: s.countriesOff,
    bankRefundsEnabled: s.bankRefundsEnabled,
    allowTokensWithoutExp: s.allowTokensWithoutExp,
    sandboxSettlement: s.sandboxSettlement,
    shippingAddress: s.shippingAddress,
    payoutAccount: s.payoutAccount,
    createdAt: s.createdAt.toISOString(),
  };
}

export function createdStoreJson(s: CreatedStore) {
  return { uuid: s.id, name: s.name, sandbox: s.keys.sandbox, production: s.keys.production };
}

export function keyJson(k: KeyInfo) {
  return {
    env: k.env,
    accessKey: k.accessKey,
    secretEnding: k.secretEnding,
    createdAt: k.createdAt.toISOString(),
    rolledAt: k.rolledAt?.toISOString() ?? null,
    previousValidUntil: k.previousValidUntil?.toISOString() ?? null,
  };
}

const storeUuidOf = (params: { storeUuid: string }): string => {
  if (!isUuid(params.storeUuid)) throw Errors.validation('storeUuid', 'must be a UUID');
  return params.storeUuid.toLowerCase();
};

function readEnvField(r: Reader): Env | undefined {
  return r.oneOf('env', ENVS, true);
}

export async function operatorRoutes(app: FastifyInstance, opts: { services: Services; adminToken: string }): Promise<void> {
  const { stores, storeKeys } = opts.services;
  requireAdminToken(app, opts.adminToken);

  const tags = ['operator'];
  const security = Security.operator;
  app.post(
    '/stores',
    {
      schema: {
        tags,
        summary: 'Create a store with sandbox and production keys',
        operationId: 'operatorCreateStore',
        security,
        body: CreateStoreBody,
        response: {
          201: described('The new store with its sandbox and production keys (the secret keys are shown only now)', CreatedStoreSchema),
          ...errorResponses(400, 401),
        },
      },
    },
    async (req, reply) => {
      const p = new Problems();
      const r = new Reader(p, isObject(req.body) ? req.body : {});
      const name = r.string('name', { required: true, max: 200 });
      const legalName = r.string('legalName', { max: 200 });
      const country = r.string('country', { pattern: /^(EE|LV|LT|FI|PL)$/, patternHint: 'must be one of EE, LV, LT, FI, PL' });
      const enabledMethods = readMethods(r);
      const bankRefundsEnabled = r.boolean('bankRefundsEnabled');
      const sandboxSettlement = r.oneOf('sandboxSettlement', SANDBOX_SETTLEMENTS);
      const shippingAddress = readShippingAddress(r, false) ?? undefined;
      const payoutAccount = readPayoutAccount(r, false) ?? undefined;
      p.throwIfAny();
      const created = await stores.create({
        name: name!,
        legalName,
        country,
        enabledMethods,
        bankRefundsEnabled,
        sandboxSettlement,
        shippingAddress,
        payoutAccount,
      });
      reply.code(201);
      return createdStoreJson(created);
    },
  );

  app.get(
    '/stores',
    {
      schema: {
        tags,
        summary: 'Every store',
        operationId: 'operatorListStores',
        security,
        response: { 200: described('Every store', StoreListSchema), ...errorResponses(401) },
      },
    },
    async () => ({ stores: (await stores.list()).map(storeJson) }),
  );

  const one = { 200: described('The store', StoreSchema), ...errorResponses(400, 401, 404) };
  app.get<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid',
    { schema: { tags, summary: 'One store', operationId: 'operatorGetStore', security, params: StoreParams, response: one } },
    async (req) => {
      if (!isUuid(req.params.storeUuid)) throw Errors.validation('storeUuid', 'must be a UUID');
      const s = await stores.get(req.params.storeUuid);
      if (!s) throw Errors.notFound(`Store ${req.params.storeUuid}`);
      return storeJson(s);
    },
  );

  app.patch<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid',
    {
      schema: {
        tags,
        summary: "Change a store's settings (only the fields sent)",
        operationId: 'operatorUpdateStore',
        security,
        params: StoreParams,
        body: UpdateStoreBody,
        response: one,
      },
    },
    async (req) => {
      if (!isUuid(req.params.storeUuid)) throw Errors.validation('storeUuid', 'must be a UUID');
      const p = new Problems();
      const r = new Reader(p, isObject(req.body) ? req.body : {});
      const enabledMethods = readMethods(r);
      const bankRefundsEnabled = r.boolean('bankRefundsEnabled');
      const allowTokensWithoutExp = r.boolean('allowTokensWithoutExp');
      const sandboxSettlement = r.oneOf('sandboxSettlement', SANDBOX_SETTLEMENTS);
      const name = r.string('name', { max: 200 });
      const shippingAddress = readShippingAddress(r, true);
      const payoutAccount = readPayoutAccount(r, true);
      p.throwIfAny();
      const s = await stores.update(req.params.storeUuid, {
        enabledMethods,
        bankRefundsEnabled,
        allowTokensWithoutExp,
        sandboxSettlement,
        name,
        shippingAddress,
        payoutAccount,
      });
      if (!s) throw Errors.notFound(`Store ${req.params.storeUuid}`);
      return storeJson(s);
    },
  );

  app.put<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid/method-countries',
    {
      schema: {
        tags,
        summary: 'Switch a payment method on or off in one country of one environment (bank payments: paymentInitiation)',
        operationId: 'operatorSetMethodCountry',
        security,
        params: StoreParams,
        body: MethodCountryBody,
        response: one,
      },
    },
    async (req) => {
      const storeId = storeUuidOf(req.params);
      const p = new Problems();
      const r = new Reader(p, isObject(req.body) ? req.body : {});
      const env = readEnvField(r);
      const method = r.oneOf('method', PER_COUNTRY_METHODS, true);
      const country = r.oneOf('country', COUNTRIES, true);
      const enabled = r.boolean('enabled', true);
      p.throwIfAny();
      const s = await stores.setCountries(storeId, env!, method!, { [country!]: enabled! });
      if (!s) throw Errors.notFound(`Store ${storeId}`);
      return storeJson(s);
    },
  );

  app.get<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid/keys',
    {
      schema: {
        tags,
        summary: "A store's API keys per environment (the secrets only by their last four characters)",
        operationId: 'operatorListKeys',
        security,
        params: StoreParams,
        response: { 200: described("The store's live keys", KeyListSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      const storeId = storeUuidOf(req.params);
      const list = await storeKeys.list(storeId);
      if (!list) throw Errors.notFound(`Store ${storeId}`);
      return { keys: list.map(keyJson) };
    },
  );

  app.post<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid/keys/roll',
    {
      schema: {
        tags,
        summary: 'Roll the secret of a store key: a new secret (shown only now); the previous one stays valid for overlapMinutes',
        operationId: 'operatorRollKey',
        security,
        params: StoreParams,
        body: KeyRollBody,
        response: {
          200: described('The new secret and when the previous one stops', RolledKeySchema),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (req) => {
      const storeId = storeUuidOf(req.params);
      const p = new Problems();
      const r = new Reader(p, isObject(req.body) ? req.body : {});
      const env = readEnvField(r);
      const overlapMinutes = r.integer('overlapMinutes', { min: 0, max: MAX_OVERLAP_MINUTES });
      p.throwIfAny();
      const rolled = await storeKeys.roll(storeId, env!, overlapMinutes ?? DEFAULT_OVERLAP_MINUTES);
      return { env: rolled.env, accessKey: rolled.accessKey, secretKey: rolled.secretKey, previousValidUntil: rolled.previousValidUntil.toISOString() };
    },
  );

  app.post<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid/keys/revoke-previous',
    {
      schema: {
        tags,
        summary: "End a roll's overlap now: the previous secret stops being accepted (on other API nodes within KASSA_AUTH_CACHE_MS)",
        operationId: 'operatorRevokePreviousKey',
        security,
        params: StoreParams,
        body: KeyRevokeBody,
        response: { 200: described('The key, with no previous secret', KeySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      const storeId = storeUuidOf(req.params);
      const p = new Problems();
      const env = readEnvField(new Reader(p, isObject(req.body) ? req.body : {}));
      p.throwIfAny();
      return keyJson(await storeKeys.revokePrevious(storeId, env!));
    },
  );
}
