/**
 * The orders of the payments API, one environment's (registered at /api and at /sandbox/api).
 * Thin: read the credentials, call the service, answer in the spec's shape.
 *   POST /orders              create an order (or update the one with the same merchantReference)
 *   GET  /orders/:orderUuid   read an order
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { bearerToken, dataToken } from '../../platform/http-auth.js';
import { Errors } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Env } from '../../platform/env.js';
import { described, errorResponses, idParam, operationId, Security } from '../../platform/schemas.js';
import type { Services } from '../../services.js';
import { OrderSchema, parseOrderPayload, tokenBody } from './schema.js';

const tags = ['payments'];
const bearer = Security.bearer;
/** Token faults are 401 (403 for a wrong signature); a malformed request 400; an unknown order 404. */
const errors = errorResponses(400, 401, 403, 404);
const OrderParams = Type.Object({ orderUuid: idParam('Order UUID returned when the order was created (a malformed one is a 400)') });

export async function orderRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, orders } = services;

  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Create an order (or update the one with the same merchantReference)',
        description: 'The body carries the order creation payload as a signed token (`data`); no Authorization header.',
        operationId: operationId(env, 'createOrder'),
        security: Security.inBody,
        body: tokenBody('the order creation payload (see the OrderPayload schema)'),
        response: { 201: described('The order, PENDING with its paymentUrl (or the updated order of the same merchantReference)', OrderSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { key, claims } = await keys.authenticate(dataToken(req), env);
      const input = parseOrderPayload(claims, key.store.country);
      const row = await orders.createOrUpdate(key.store, env, input);
      reply.code(201);
      return orders.view(row, key.store);
    },
  );

  app.get<{ Params: { orderUuid: string } }>(
    '/orders/:orderUuid',
    {
      schema: {
        tags,
        summary: 'Read an order',
        operationId: operationId(env, 'getOrder'),
        security: bearer,
        params: OrderParams,
        response: { 200: described('The order', OrderSchema), ...errors },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), env);
      if (!isUuid(req.params.orderUuid)) throw Errors.validation('orderUuid', 'must be a UUID');
      const row = await orders.get(req.params.orderUuid, key.store, env);
      return orders.view(row, key.store);
    },
  );
}
