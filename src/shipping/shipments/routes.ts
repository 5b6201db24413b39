/**
 * Shipment endpoints of one environment (registered beside the shipping routes): POST /shipments,
 * GET and PATCH /shipments/:id, and in the sandbox only the test helper
 * POST /test-helpers/shipments/:id/status. Thin: authenticate, call the service, answer.
 */
import type { FastifyInstance } from 'fastify';
import { shippingAuth } from '../auth.js';
import type { Env } from '../../platform/env.js';
import type { Services } from '../../services.js';

const security = [{ bearerAuth: [] }];
const tags = ['shipping'];

export async function shipmentRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, shipments } = services;
  const storeOf = shippingAuth(keys, env);

  app.post('/shipments', { schema: { tags, security, summary: 'Create a shipment' } }, async (req, reply) => {
    const store = await storeOf(req);
    return reply.code(201).send(await shipments.create(store, env, req.body));
  });

  app.get<{ Params: { id: string } }>('/shipments/:id', { schema: { tags, security, summary: 'A shipment' } }, async (req) => {
    const store = await storeOf(req);
    return shipments.get(store.id, env, req.params.id);
  });

  app.patch<{ Params: { id: string } }>('/shipments/:id', { schema: { tags, security, summary: 'Update a registered or failed shipment' } }, async (req) => {
    const store = await storeOf(req);
    return shipments.update(store.id, env, req.params.id, req.body);
  });

  if (env === 'sandbox') {
    app.post<{ Params: { id: string } }>(
      '/test-helpers/shipments/:id/status',
      { schema: { tags, security, summary: 'Sandbox: move a shipment to a delivery status' } },
      async (req) => {
        const store = await storeOf(req);
        return shipments.moveStatus(store.id, env, req.params.id, req.body);
      },
    );
  }
}
