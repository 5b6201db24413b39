/**
 * The snake_case shipping API of one environment (shipping-legacy.md; registered at
 * KASSA_LEGACY_SHIPPING_PATH and KASSA_LEGACY_SHIPPING_SANDBOX_PATH): pickup points, shipments
 * (synchronous and async) and labels by merchant reference. Every route needs the Bearer JWT
 * naming an `access_key` of this environment. Errors: Kassa's one shape `{statusCode, message,
 * error}`, `message` naming the snake_case field. Thin: authenticate, call the service, answer.
 */
import type { FastifyInstance } from 'fastify';
import { sendReadyJson } from '../../platform/cached-reply.js';
import { emptyResponse, errorResponses, namesOperationsFor, parserValidates, Security } from '../../platform/schemas.js';
import { Type } from 'typebox';
import type { Env } from '../../platform/env.js';
import type { Services } from '../../services.js';
import { legacyAuth } from './auth.js';
import { LabelFromStoreBody, LabelFromStoreResponse, LegacyShipmentBody, LegacyShipmentResponse } from './schema.js';

const security = Security.bearer;
const tags = ['shipping'];
const description = 'Bearer HS256 JWT `{access_key, exp}` of a key of this environment (`Authorization: Bearer <JWT>`).';

export async function legacyShippingRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { legacyShipping } = services;
  const storeOf = legacyAuth(services.keys, env);
  namesOperationsFor(app, env);

  app.get(
    '/pickup-points',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'legacyListPickupPoints',
        summary: 'snake_case API: pickup points of the active carriers, by country, provider and type',
        description,
        response: {
          200: Type.Record(Type.String(), Type.Object({ providers: Type.Record(Type.String(), Type.Record(Type.String(), Type.Array(Type.Any()))) }), { title: 'LegacyPickupPoints' }),
          304: emptyResponse('Not modified: If-None-Match names the current representation (ETag)'),
          ...errorResponses(401),
        },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req);
      return sendReadyJson(req, reply, await legacyShipping.pickupPoints(store, env));
    },
  );

  app.post(
    '/shipments',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'legacyCreateShipment',
        summary: 'snake_case API: create a shipment and register it with its carrier before answering',
        description,
        body: LegacyShipmentBody,
        response: { 201: LegacyShipmentResponse, ...errorResponses(400, 401, 409) },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req);
      return reply.code(201).send(await legacyShipping.create(store, env, req.body, true));
    },
  );

  app.post(
    '/shipments/create-async',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'legacyCreateShipmentAsync',
        summary: 'snake_case API: create a shipment; it is registered in the background',
        description,
        body: LegacyShipmentBody,
        response: { 201: emptyResponse('Created (empty body)'), ...errorResponses(400, 401, 409) },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req);
      await legacyShipping.create(store, env, req.body, false);
      return reply.code(201).send();
    },
  );

  app.post(
    '/shipments/label-from-store',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'legacyLabelFromStore',
        summary: 'snake_case API: one PDF with the labels of the shipments of these merchant references',
        description,
        body: LabelFromStoreBody,
        response: { 200: LabelFromStoreResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req) => {
      const store = await storeOf(req);
      return legacyShipping.labelFromStore(store, env, req.body);
    },
  );
}
