/**
 * The operator API (/operator): create and list stores, change their settings. Guarded by the
 * operator's admin token, compared in constant time.
 */
import type { FastifyInstance } from 'fastify';
import { requireAdminToken } from '../platform/admin-auth.js';
import { Errors } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { Problems, Reader, isObject } from '../platform/validate.js';
import { PAYMENT_METHODS, type PaymentMethodName } from '../payments/methods/catalogue/methods.js';
import type { Services } from '../services.js';
import { readParty } from '../shipping/shipments/schema.js';
import { isValidIban, normalizeIban } from '../platform/iban.js';
import { described, errorResponses, Security } from '../platform/schemas.js';
import { CreatedStoreSchema, CreateStoreBody, StoreListSchema, StoreParams, StoreSchema, UpdateStoreBody } from './schema.js';
import { SANDBOX_SETTLEMENTS, type CreatedStore, type PayoutAccount, type Store, type StoreAddress } from './service.js';

export function storeJson(s: Store) {
  return {
    uuid: s.id,
    name: s.name,
    legalName: s.legalName,
    businessName: s.businessName,
    country: s.country,
    enabledMethods: s.enabledMethods,
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

function readMethods(r: Reader): PaymentMethodName[] | undefined {
  const arr = r.array('enabledMethods');
  if (!arr) return undefined;
  const bad = arr.filter((m) => typeof m !== 'string' || !(PAYMENT_METHODS as readonly string[]).includes(m));
  if (bad.length) r.p.add('enabledMethods', `must list only ${PAYMENT_METHODS.join(', ')}`);
  return [...new Set(arr as PaymentMethodName[])];
}

/**
 * `shippingAddress`: the fields a shipment's sender requires (name, streetAddress, locality,
 * postalCode, country, phoneCountryCode, phoneNumber; companyName, region, email optional).
 * undefined when absent; null (clear it) only where `nullable`.
 */
function readShippingAddress(r: Reader, nullable: boolean): StoreAddress | null | undefined {
  if (nullable && r.obj.shippingAddress === null) return null;
  const ar = r.object('shippingAddress');
  const a = ar && readParty(ar, 'sender', true);
  if (!a) return undefined;
  return {
    name: a.name,
    companyName: a.companyName,
    streetAddress: a.streetAddress!,
    locality: a.locality!,
    region: a.region,
    postalCode: a.postalCode!,
    country: a.country!,
    phoneCountryCode: a.phoneCountryCode,
    phoneNumber: a.phoneNumber,
    email: a.email,
  };
}

/** `payoutAccount`: {iban (ISO 13616, checked), accountName}; null (clear it) only where `nullable`. */
function readPayoutAccount(r: Reader, nullable: boolean): PayoutAccount | null | undefined {
  if (nullable && r.obj.payoutAccount === null) return null;
  const ar = r.object('payoutAccount');
  if (!ar) return undefined;
  const iban = ar.string('iban', { required: true, max: 42 });
  const accountName = ar.string('accountName', { required: true, min: 1, max: 140 });
  if (iban !== undefined && !isValidIban(iban)) r.p.add('payoutAccount.iban', 'must be a valid IBAN');
  return iban !== undefined && accountName !== undefined && isValidIban(iban) ? { iban: normalizeIban(iban), accountName } : undefined;
}

export async function operatorRoutes(app: FastifyInstance, opts: { services: Services; adminToken: string }): Promise<void> {
  const { stores, keys } = opts.services;
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
      // This node's key cache holds the store's settings (allowTokensWithoutExp among them); other
      // nodes see the change within KASSA_AUTH_CACHE_MS.
      keys.invalidate();
      return storeJson(s);
    },
  );
}
