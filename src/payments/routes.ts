/**
 * The payments API of one environment (registered at /api and at /sandbox/api). Thin: read the
 * credentials, call the service, answer in the spec's shape.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, dataToken } from '../platform/http-auth.js';
import { Errors } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import type { Env } from '../platform/env.js';
import type { Services } from '../services.js';
import { parseOrderPayload } from './orders/schema.js';
import { storePaymentMethods } from './methods/service.js';
import { errorResponseSchema, orderResponseSchema, refundResponseSchema } from './orders/response-schema.js';
import { parseRefundPayload } from './refunds/schema.js';
import { refundView } from './refunds/view.js';
import { storeBalancesView } from '../ledger/view.js';

const tokenBody = {
  type: 'object',
  // No `type` on data: the route checks it, so a number is refused rather than coerced to a string.
  properties: { data: { description: 'HS256 JWT (string) whose payload is the request' } },
} as const;
const bearer = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export async function paymentsRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, orders, processors, config, refunds } = services;

  const paymentMethods = async (req: FastifyRequest) => {
    const { key } = await keys.authenticateBearer(bearerToken(req), env);
    return storePaymentMethods(key.store, config.publicUrl, (m) => processors.forMethod(m).definition.id);
  };
  app.get('/stores/payment-methods', { schema: { tags: ['payments'], summary: 'Payment methods enabled for the store', security: bearer } }, paymentMethods);
  // The earlier name of the same list, still called by charleysamar/montonio-shopware-php-sdk
  // (src/Clients/PaymentsClient.php getPaymentMethods(): GET stores/setup?access-key=…). The
  // Bearer token decides the store; the access-key query parameter is not needed.
  app.get(
    '/stores/setup',
    { schema: { tags: ['payments'], summary: 'The payment-method list under its earlier path (same answer as /stores/payment-methods)', security: bearer } },
    paymentMethods,
  );

  app.post(
    '/orders',
    {
      schema: {
        tags: ['payments'],
        summary: 'Create an order (or update the one with the same merchantReference)',
        body: tokenBody,
        response: { 201: orderResponseSchema, ...errors },
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
    { schema: { tags: ['payments'], summary: 'Read an order', security: bearer, response: { 200: orderResponseSchema, ...errors } } },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), env);
      if (!isUuid(req.params.orderUuid)) throw Errors.validation('orderUuid', 'must be a UUID');
      const row = await orders.get(req.params.orderUuid, key.store, env);
      return orders.view(row, key.store);
    },
  );

  app.post(
    '/refunds',
    {
      schema: {
        tags: ['payments'],
        summary: 'Refund a paid order, in part or in full (201; an idempotency key already used on the order is a 400)',
        body: tokenBody,
        response: { 201: refundResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { key, claims } = await keys.authenticate(dataToken(req), env);
      const refund = await refunds.create(key.store, env, parseRefundPayload(claims));
      reply.code(201);
      return refundView(refund);
    },
  );

  app.get(
    '/store-balances',
    { schema: { tags: ['payments'], summary: "The store's balances per settlement channel and currency", security: bearer } },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), env);
      return storeBalancesView(key.store, await services.ledger.balances(key.store.id, env));
    },
  );
}
