/** PATCH /stores/store-webhook of the snake_case shipping API (production and sandbox paths). */
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../../platform/env.js';
import type { Services } from '../../../services.js';
import { errorResponses, operationId, parserValidates, Security } from '../../../platform/schemas.js';
import { legacyAuth } from '../auth.js';
import { StoreWebhookInputSchema, StoreWebhookSchema } from './schema.js';
import { parseStoreWebhookInput } from './service.js';

export async function legacyWebhookRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const storeOf = legacyAuth(services.keys, env);

  app.patch(
    '/stores/store-webhook',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags: ['shipping'],
        security: Security.bearer,
        operationId: operationId(env, 'legacySetStoreWebhook'),
        summary: "Set (or with an empty string remove) the store's tracking webhook URL (snake_case API)",
        description: 'Bearer JWT `{access_key, exp}` of a key of this environment.',
        body: StoreWebhookInputSchema,
        response: { 200: StoreWebhookSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const store = await storeOf(req);
      const { url } = parseStoreWebhookInput(req.body);
      return services.legacyWebhooks.set(store.id, env, url);
    },
  );
}
