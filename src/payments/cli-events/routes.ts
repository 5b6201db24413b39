/**
 * GET <payments base>/cli/events: the store's notifications for `kassa listen` (Bearer JWT of the
 * store's keys for this environment), after a cursor. See docs/decisions.md "The developer CLI".
 */
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../platform/http-auth.js';
import { Errors } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Env } from '../../platform/env.js';
import { described, errorResponses, operationId, Security } from '../../platform/schemas.js';
import type { Services } from '../../services.js';
import { EventsAnswer, EventsQuery, MAX_EVENTS } from './schema.js';

export async function cliEventRoutes(app: FastifyInstance, opts: { services: Services; env: Env }): Promise<void> {
  const { keys, cliEvents } = opts.services;
  app.get<{ Querystring: { after?: string; limit?: number } }>(
    '/cli/events',
    {
      schema: {
        tags: ['payments'],
        summary: "The store's notifications and webhooks after a cursor, signed as Kassa delivers them (for `kassa listen`)",
        operationId: operationId(opts.env, 'listCliEvents'),
        security: Security.bearer,
        querystring: EventsQuery,
        response: { 200: described('The events, oldest first, and the cursor to pass next', EventsAnswer), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), opts.env);
      const { after, limit } = req.query;
      if (after !== undefined && !isUuid(after)) throw Errors.validation('after', 'must be an event id (a UUID)');
      return cliEvents.after(key.store.id, opts.env, after, limit ?? MAX_EVENTS);
    },
  );
}
