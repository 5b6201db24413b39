/**
 * GET <payments base>/cli/events: the store's notifications for `kassa listen` (Bearer JWT of the
 * store's keys for this environment), after a cursor. See docs/decisions.md "The developer CLI".
 */
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../platform/http-auth.js';
import { Problems, Reader, isObject } from '../../platform/validate.js';
import { ORDER_STATUSES } from '../orders/states.js';
import type { Env } from '../../platform/env.js';
import { described, errorResponses, operationId, Security } from '../../platform/schemas.js';
import type { Services } from '../../services.js';
import { FEED_CURSOR, type FeedPage } from './service.js';
import { EventsAnswer, EventsQuery, MAX_EVENTS, MAX_WAIT_S, MAX_ORDERS, OrdersAnswer, OrdersQuery } from './schema.js';

const answer = ({ events, cursor }: FeedPage) => ({ events, cursor });

export async function cliEventRoutes(app: FastifyInstance, opts: { services: Services; env: Env }): Promise<void> {
  const { keys, cliEvents, orders } = opts.services;
  // Waiting long-polls answer at once when the server closes (they must not hold app.close()).
  app.addHook('preClose', async () => cliEvents.close());
  app.get(
    '/cli/events',
    {
      schema: {
        tags: ['payments'],
        summary: "The store's notifications and webhooks after a cursor, signed as Kassa delivers them (for `kassa listen`)",
        operationId: operationId(opts.env, 'listCliEvents'),
        security: Security.bearer,
        querystring: EventsQuery,
        response: { 200: described('The events, oldest first, and the cursor to pass next', EventsAnswer), ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (req, reply) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), opts.env);
      const p = new Problems();
      const r = new Reader(p, isObject(req.query) ? req.query : {});
      const after = r.string('after');
      if (after !== undefined && !FEED_CURSOR.test(after)) p.add('after', 'must be a feed cursor ("<transaction>.<seq>", as answered)');
      const limit = r.integer('limit', { min: 1, max: MAX_EVENTS }) ?? MAX_EVENTS;
      const wait = r.integer('wait', { min: 0, max: MAX_WAIT_S }) ?? 0;
      if (wait > 0 && after === undefined) p.add('wait', 'needs after (a cursor to wait beyond)');
      p.throwIfAny();
      if (!wait || after === undefined) return answer(await cliEvents.after(key.store.id, opts.env, after, limit));
      // A client that goes away stops waiting (its slot is freed at once).
      const gone = new AbortController();
      const abort = () => gone.abort();
      reply.raw.once('close', abort);
      try {
        return answer(await cliEvents.awaitAfter(key.store.id, opts.env, after, limit, wait * 1000, gone.signal));
      } finally {
        reply.raw.off('close', abort);
      }
    },
  );

  app.get(
    '/cli/orders',
    {
      schema: {
        tags: ['payments'],
        summary: "The store's most recent orders, newest first (for `kassa orders list`)",
        operationId: operationId(opts.env, 'listRecentOrders'),
        security: Security.bearer,
        querystring: OrdersQuery,
        response: { 200: described('The orders, newest first', OrdersAnswer), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), opts.env);
      const p = new Problems();
      const r = new Reader(p, isObject(req.query) ? req.query : {});
      const status = r.oneOf('status', ORDER_STATUSES);
      const limit = r.integer('limit', { min: 1, max: MAX_ORDERS }) ?? 20;
      p.throwIfAny();
      const rows = await cliEvents.recentOrders(key.store.id, opts.env, status, limit);
      return { orders: rows.map((r) => orders.view(r, key.store)) };
    },
  );
}
