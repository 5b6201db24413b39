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
import type { CreatedStore, Store } from './service.js';

export function storeJson(s: Store) {
  return {
    uuid: s.id,
    name: s.name,
    legalName: s.legalName,
    businessName: s.businessName,
    country: s.country,
    enabledMethods: s.enabledMethods,
    bankRefundsEnabled: s.bankRefundsEnabled,
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

export async function operatorRoutes(app: FastifyInstance, opts: { services: Services; adminToken: string }): Promise<void> {
  const { stores, keys } = opts.services;
  requireAdminToken(app, opts.adminToken);

  app.post('/stores', { schema: { tags: ['operator'], summary: 'Create a store with sandbox and production keys' } }, async (req, reply) => {
    const p = new Problems();
    const r = new Reader(p, isObject(req.body) ? req.body : {});
    const name = r.string('name', { required: true, max: 200 });
    const legalName = r.string('legalName', { max: 200 });
    const country = r.string('country', { pattern: /^(EE|LV|LT|FI|PL)$/, patternHint: 'must be one of EE, LV, LT, FI, PL' });
    const enabledMethods = readMethods(r);
    const bankRefundsEnabled = r.boolean('bankRefundsEnabled');
    p.throwIfAny();
    const created = await stores.create({ name: name!, legalName, country, enabledMethods, bankRefundsEnabled });
    reply.code(201);
    return createdStoreJson(created);
  });

  app.get('/stores', { schema: { tags: ['operator'] } }, async () => ({ stores: (await stores.list()).map(storeJson) }));

  app.patch<{ Params: { storeUuid: string } }>('/stores/:storeUuid', { schema: { tags: ['operator'] } }, async (req) => {
    if (!isUuid(req.params.storeUuid)) throw Errors.validation('storeUuid', 'must be a UUID');
    const p = new Problems();
    const r = new Reader(p, isObject(req.body) ? req.body : {});
    const enabledMethods = readMethods(r);
    const bankRefundsEnabled = r.boolean('bankRefundsEnabled');
    const name = r.string('name', { max: 200 });
    p.throwIfAny();
    const s = await stores.update(req.params.storeUuid, { enabledMethods, bankRefundsEnabled, name });
    if (!s) throw Errors.notFound(`Store ${req.params.storeUuid}`);
    keys.invalidate();
    return storeJson(s);
  });
}
