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
import { emptyResponse, errorResponses, parserValidates, Security } from '../../platform/schemas.js';
import { ContractInputSchema, ContractParams, ContractSchema, StoreContractsResponse, StoreParams } from './schema.js';
import { contractJson, parseContractInput } from './service.js';

const tags = ['operator'];
const security = Security.operator;

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
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'createCarrierContract',
        summary: "Activate a carrier contract for a store's environment",
        description: 'Operator token (`Authorization: Bearer <admin token>`).',
        params: StoreParams,
        body: ContractInputSchema,
        response: { 201: ContractSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req.params.storeUuid);
      const contract = await carrierContracts.create(store.id, parseContractInput(req.body));
      reply.code(201);
      return contractJson(contract);
    },
  );

  app.get<{ Params: { storeUuid: string } }>(
    '/stores/:storeUuid/carrier-contracts',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'listCarrierContracts',
        summary: "A store's carrier contracts per environment",
        description: 'Operator token (`Authorization: Bearer <admin token>`).',
        params: StoreParams,
        response: { 200: StoreContractsResponse, ...errorResponses(400, 401, 404) },
      },
    },
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
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'deleteCarrierContract',
        summary: 'Delete a carrier contract',
        description: 'Operator token (`Authorization: Bearer <admin token>`).',
        params: ContractParams,
        response: { 204: emptyResponse('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req.params.storeUuid);
      if (!isUuid(req.params.contractId)) throw Errors.validation('contractId', 'must be a UUID');
      if (!(await carrierContracts.delete(store.id, req.params.contractId))) throw Errors.notFound(`Carrier contract ${req.params.contractId}`);
      return reply.code(204).send();
    },
  );
}
