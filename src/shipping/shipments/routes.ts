/**
 * Shipment endpoints of one environment (registered beside the shipping routes): POST /shipments,
 * GET and PATCH /shipments/:id, and in the sandbox only the test helper
 * POST /test-helpers/shipments/:id/status. Thin: authenticate, call the service, answer.
 */
import type { FastifyInstance } from 'fastify';
import { shippingAuth } from '../auth.js';
import type { Env } from '../../platform/env.js';
import type { Services } from '../../services.js';
import { errorResponses, parserValidates, Security } from '../../platform/schemas.js';
import { CreateShipmentBody, moveStatusBody, PatchShipmentBody, ShipmentParams, ShipmentSchema } from './schema.js';
import { HELPER_STATUSES } from './service.js';

const security = Security.bearer;
const tags = ['shipping'];
const description = 'Bearer JWT of a key of this environment (`Authorization: Bearer <JWT>`).';

export async function shipmentRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, shipments } = services;
  const storeOf = shippingAuth(keys, env);

  app.post(
    '/shipments',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'createShipment',
        summary: 'Create a shipment',
        description,
        body: CreateShipmentBody,
        response: {
          201: { ...ShipmentSchema, description: 'Created: pending, or with synchronous true the final registration status' },
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req);
      return reply.code(201).send(await shipments.create(store, env, req.body));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/shipments/:id',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'getShipment',
        summary: 'A shipment',
        description,
        params: ShipmentParams,
        response: { 200: ShipmentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      const store = await storeOf(req);
      return shipments.get(store.id, env, req.params.id);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/shipments/:id',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'updateShipment',
        summary: 'Update a registered or failed shipment (or give a created one its shippingMethod)',
        description,
        params: ShipmentParams,
        body: PatchShipmentBody,
        response: { 200: ShipmentSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req) => {
      const store = await storeOf(req);
      return shipments.update(store.id, env, req.params.id, req.body);
    },
  );

  if (env === 'sandbox') {
    app.post<{ Params: { id: string } }>(
      '/test-helpers/shipments/:id/status',
      {
        validatorCompiler: parserValidates,
        schema: {
          tags,
          security,
          operationId: 'moveShipmentStatus',
          summary: 'Sandbox: move a shipment to a delivery status',
          description,
          params: ShipmentParams,
          body: moveStatusBody(HELPER_STATUSES),
          response: { 200: ShipmentSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => {
        const store = await storeOf(req);
        return shipments.moveStatus(store.id, env, req.params.id, req.body);
      },
    );
  }
}
