/**
 * The refunds of the payments API, one environment's (registered at /api and at /sandbox/api).
 * Thin: read the credentials, call the service, answer in the spec's shape.
 *   POST /refunds   refund a paid order, in part or in full
 */
import type { FastifyInstance } from 'fastify';
import { dataToken } from '../../platform/http-auth.js';
import type { Env } from '../../platform/env.js';
import { described, errorResponses, operationId, Security } from '../../platform/schemas.js';
import type { Services } from '../../services.js';
import { RefundSchema, tokenBody } from '../orders/schema.js';
import { parseRefundPayload } from './schema.js';
import { refundView } from './view.js';

const tags = ['payments'];
/** Token faults are 401 (403 for a wrong signature); a malformed request 400; an unknown order 404. */
const errors = errorResponses(400, 401, 403, 404);

export async function refundRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, refunds } = services;

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
}
