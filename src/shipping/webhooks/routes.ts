/** POST, GET and DELETE /webhooks of the shipping v2 API (Bearer JWT, per environment). */
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../platform/errors.js';
import { shippingAuth } from '../auth.js';
import { isUuid } from '../../platform/ids.js';
import type { Env } from '../../platform/env.js';
import type { Services } from '../../services.js';
import { parseWebhookInput } from './service.js';

const schema = { tags: ['shipping'], security: [{ bearerAuth: [] }] };

export async function webhookRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { webhooks } = services;
  const storeOf = shippingAuth(services.keys, env);

  app.post('/webhooks', { schema: { ...schema, summary: 'Register a webhook (at most 10 per store)' } }, async (req, reply) => {
    const store = await storeOf(req);
    const input = parseWebhookInput(req.body);
    const created = await webhooks.create(store.id, env, input);
    reply.code(201);
    return created;
  });

  app.get('/webhooks', { schema: { ...schema, summary: "The store's webhooks" } }, async (req) => {
    const store = await storeOf(req);
    return { data: await webhooks.list(store.id, env) };
  });

  app.delete<{ Params: { id: string } }>('/webhooks/:id', { schema: { ...schema, summary: 'Delete a webhook' } }, async (req, reply) => {
    const store = await storeOf(req);
    if (!isUuid(req.params.id)) throw Errors.validation('id', 'must be a UUID');
    await webhooks.delete(store.id, env, req.params.id);
    reply.code(204);
    return reply.send();
  });
}
