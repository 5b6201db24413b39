/**
 * Operator API for carrier contracts (under /operator, admin token): activate a carrier for a
 * store in an environment, list and delete its contracts. Answers carry the spec's Contract shape:
 * the username masked, the password never.
 */
import type { FastifyInstance } from 'fastify';
import { requireAdminToken } from '../../platform/admin-auth.js';
import { Errors } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Services } from '../../services.js';
import { contractJson, parseContractInput } from './service.js';

export async function carrierContractRoutes(app: FastifyInstance, opts: { services: Services; adminToken: string }): Promise<void> {
  const { stores, carrierContracts } = opts.services;
  requireAdminToken(app, opts.adminToken);

  const storeOf = async (storeUuid: string) => {
    if (!isUuid(storeUuid)) throw Errors.validation('storeUuid', 'must be a UUID');
    const store = await stores.get(storeUuid);
    if (!store) throw Errors.notFound(`Store ${storeUuid}`);
    return store;
  };

  app.post<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid/carrier-contracts',
    { schema: { tags: ['operator'], summary: "Activate a carrier contract for a store's environment" } },
    async (req, reply) => {
      const store = await storeOf(req.params.storeUuid);
      const contract = await carrierContracts.create(store.id, parseContractInput(req.body));
      reply.code(201);
      return contractJson(contract);
    },
  );

  app.get<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid/carrier-contracts',
    { schema: { tags: ['operator'], summary: "A store's carrier contracts per environment" } },
    async (req) => {
      const store = await storeOf(req.params.storeUuid);
      const all = await carrierContracts.list(store.id);
      return {
        sandbox: all.filter((c) => c.env === 'sandbox').map(contractJson),
        production: all.filter((c) => c.env === 'production').map(contractJson),
      };
    },
  );

  app.delete<{ Params: { storeUuid: string; contractId: string } }>(
    '/stores/:storeUuid/carrier-contracts/:contractId',
    { schema: { tags: ['operator'], summary: 'Delete a carrier contract' } },
    async (req, reply) => {
      const store = await storeOf(req.params.storeUuid);
      if (!isUuid(req.params.contractId)) throw Errors.validation('contractId', 'must be a UUID');
      if (!(await carrierContracts.delete(store.id, req.params.contractId))) throw Errors.notFound(`Carrier contract ${req.params.contractId}`);
      return reply.code(204).send();
    },
  );
}
