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
import { OrderSchema, RefundSchema, tokenBody } from './orders/schema.js';
import { parseRefundPayload } from './refunds/schema.js';
import { StorePaymentMethodsSchema } from './methods/schema.js';
import { StoreBalancesSchema } from '../ledger/schema.js';
import { Type } from 'typebox';
import { described, documentedOnly, errorResponses, idParam, operationId, Security } from '../platform/schemas.js';
import { refundView } from './refunds/view.js';
import { storeBalancesView } from '../ledger/view.js';

const tags = ['payments'];
const bearer = Security.bearer;
/** Token faults are 401 (403 for a wrong signature); a malformed request 400; an unknown order 404. */
const errors = errorResponses(400, 401, 403, 404);
const OrderParams = Type.Object({ orderUuid: idParam('Order UUID returned when the order was created (a malformed one is a 400)') });

export async function paymentsRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, orders, processors, config, refunds } = services;

  const paymentMethods = async (req: FastifyRequest) => {
    const { key } = await keys.authenticateBearer(bearerToken(req), env);
    return storePaymentMethods(key.store, env, config.publicUrl, (m) => processors.definition(m).id, await processors.offer(env));
  };
  const methodsResponse = { 200: described("The store's enabled payment methods", StorePaymentMethodsSchema), ...errorResponses(400, 401, 403) };
  app.get(
    '/stores/payment-methods',
    {
      schema: {
        tags,
        summary: 'Payment methods enabled for the store',
        operationId: operationId(env, 'getPaymentMethods'),
        security: bearer,
        response: methodsResponse,
      },
    },
    paymentMethods,
  );
  // The earlier name of the same list, still called by charleysamar/montonio-shopware-php-sdk
  // (src/Clients/PaymentsClient.php getPaymentMethods(): GET stores/setup?access-key=…). The
  // Bearer token decides the store; the access-key query parameter is not needed.
  app.get(
    '/stores/setup',
    {
      schema: {
        tags,
        summary: 'The payment-method list under its earlier path (same answer as /stores/payment-methods)',
        operationId: operationId(env, 'getStoreSetup'),
        security: bearer,
        querystring: documentedOnly(Type.Object({ 'access-key': Type.Optional(Type.String({ description: 'Ignored: the Bearer token decides the store' })) }, { additionalProperties: true })),
        response: methodsResponse,
      },
    },
    paymentMethods,
  );

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

  app.post(
    '/refunds',
    {
      schema: {
        tags,
        summary: 'Refund a paid order, in part or in full (201; an idempotency key already used on the order is a 400)',
        description: 'The body carries the refund request payload as a signed token (`data`); no Authorization header.',
        operationId: operationId(env, 'createRefund'),
        security: Security.inBody,
        body: tokenBody('the refund request payload (see the RefundPayload schema)'),
        response: {
          201: described('The refund (PENDING when new; the same refund for a retried idempotency key)', RefundSchema),
          ...errors,
          ...errorResponses(409),
        },
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
    {
      schema: {
        tags,
        summary: "The store's balances per settlement channel and currency",
        operationId: operationId(env, 'getStoreBalances'),
        security: bearer,
        response: { 200: described("The store's balances", StoreBalancesSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), env);
      return storeBalancesView(key.store, await services.ledger.balances(key.store.id, env));
    },
  );
}
