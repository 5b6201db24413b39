/** POST, GET and DELETE /webhooks of the shipping v2 API (Bearer JWT, per environment). */
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../platform/errors.js';
import { shippingAuth } from '../auth.js';
import { isUuid } from '../../platform/ids.js';
import type { Env } from '../../platform/env.js';
import type { Services } from '../../services.js';
import { emptyResponse, errorResponses, parserValidates, Security } from '../../platform/schemas.js';
import { WebhookInputSchema, WebhookList, WebhookParams, WebhookSchema } from './schema.js';
import { parseWebhookInput } from './service.js';

const schema = {
  tags: ['shipping'],
  security: Security.bearer,
  description: 'Bearer JWT of a key of this environment (`Authorization: Bearer <JWT>`).',
};

export async function webhookRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { webhooks } = services;
  const storeOf = shippingAuth(services.keys, env);

  app.post(
    '/webhooks',
    {
      validatorCompiler: parserValidates,
      schema: {
        ...schema,
        operationId: 'createWebhook',
        summary: 'Register a webhook (at most 10 per store)',
        body: WebhookInputSchema,
        response: { 201: WebhookSchema, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req);
      const input = parseWebhookInput(req.body);
      const created = await webhooks.create(store.id, env, input);
      reply.code(201);
      return created;
    },
  );

  app.get(
    '/webhooks',
    {
      validatorCompiler: parserValidates,
      schema: { ...schema, operationId: 'listWebhooks', summary: "The store's webhooks", response: { 200: WebhookList, ...errorResponses(401) } },
    },
    async (req) => {
      const store = await storeOf(req);
      return { data: await webhooks.list(store.id, env) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/webhooks/:id',
    {
      validatorCompiler: parserValidates,
      schema: {
        ...schema,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook',
        params: WebhookParams,
        response: { 204: emptyResponse('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req);
      if (!isUuid(req.params.id)) throw Errors.validation('id', 'must be a UUID');
      await webhooks.delete(store.id, env, req.params.id);
      reply.code(204);
      return reply.send();
    },
  );
}
