/**
 * The shipping v2 API of one environment (registered at KASSA_SHIPPING_PATH and
 * KASSA_SHIPPING_SANDBOX_PATH): `shippingApi` gathers its parts, and `shippingRoutes` serves
 * carriers, shipping methods, pickup points, courier services, filter-by-parcels and rates. Every
 * endpoint needs `Authorization: Bearer <JWT>` of a key of this environment. Thin: authenticate,
 * call the service, answer.
 */
import type { FastifyInstance } from 'fastify';
import { sendJson, sendReadyJson } from '../platform/cached-reply.js';
import { emptyResponse, errorResponses, namesOperationsFor, parserValidates, Security } from '../platform/schemas.js';
import { CarriersResponse } from './contracts/schema.js';
import {
  CourierServicesQuery,
  CourierServicesResponse,
  CourierServicesV3Query,
  CourierServicesV3Response,
  FilterByParcelsBody,
  FilterByParcelsQuery,
  PickupPointsQuery,
  PickupPointsResponse,
  PickupPointsV3Query,
  PickupPointsV3Response,
  RatesBody,
  RatesQuery,
  RatesResponse,
  ShippingMethodListing,
} from './methods/schema.js';
import { shippingAuth } from './auth.js';
import type { Env } from '../platform/env.js';
import type { Services } from '../services.js';
import { parseCatalogueQuery, parseV3Query } from './methods/service.js';
import { labelFileRoutes } from './label-files/routes.js';
import { withOriginalNames, withOriginalNamesSchema } from './names.js';
import { shipmentRoutes } from './shipments/routes.js';
import { webhookRoutes } from './webhooks/routes.js';

const security = Security.bearer;
const tags = ['shipping'];
const BEARER = 'Bearer JWT of a key of this environment (`Authorization: Bearer <JWT>`).';
/** The catalogue's ready-made answers: 304 when If-None-Match names the current ETag. */
const NOT_MODIFIED = { 304: emptyResponse('Not modified: If-None-Match names the current representation (ETag)') };

/**
 * Every shipping v2 route of one environment. A deployment speaking the original service's names
 * (KASSA_SHIPPING_NAMES=original) renames them in every JSON answer here, in one place.
 */
export async function shippingApi(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  if (opts.services.config.shippingNames === 'original') {
    // Objects only: ready-made bodies (sendReadyJson's cached catalogue) carry none of the names.
    app.addHook('preSerialization', async (_req, _reply, payload) => withOriginalNames(payload));
    // The renamed answers are serialized with response schemas in the same names
    // (fast-json-stringify keeps only declared keys): each route's declaration, renamed once as
    // the route is added (withOriginalNamesSchema is idempotent: HEAD copies GET's options).
    app.addHook('onRoute', (route) => {
      if (route.schema?.response) route.schema = { ...route.schema, response: withOriginalNamesSchema(route.schema.response) };
    });
  }
  namesOperationsFor(app, opts.env);
  // Not `opts` itself: it carries this plugin's prefix, which the parts would add a second time.
  const parts = { env: opts.env, services: opts.services };
  await app.register(shippingRoutes, parts);
  await app.register(shipmentRoutes, parts);
  await app.register(webhookRoutes, parts);
  await app.register(labelFileRoutes, parts);
}

export async function shippingRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, carrierContracts, shippingMethods } = services;
  const storeOf = shippingAuth(keys, env);

  app.get(
    '/carriers',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'listCarriers',
        summary: "Carriers and the store's active contracts",
        description: BEARER,
        response: { 200: CarriersResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      const store = await storeOf(req);
      return carrierContracts.carriers(store.id, env);
    },
  );

  app.get(
    '/shipping-methods',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'listShippingMethods',
        summary: "Shipping methods of the store's carriers per country",
        description: BEARER,
        response: { 200: ShippingMethodListing, ...NOT_MODIFIED, ...errorResponses(401) },
      },
    },
    async (req, reply) => {
      const store = await storeOf(req);
      return sendReadyJson(req, reply, await shippingMethods.listing(store, env));
    },
  );

  app.get(
    '/shipping-methods/pickup-points',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'listPickupPoints',
        summary: 'Pickup points of a carrier in a country',
        description: BEARER,
        querystring: PickupPointsQuery,
        response: { 200: PickupPointsResponse, ...NOT_MODIFIED, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => {
      await storeOf(req);
      return sendReadyJson(req, reply, shippingMethods.pickupPoints(parseCatalogueQuery(req.query, { withType: true })));
    },
  );

  app.get(
    '/shipping-methods/courier-services',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'listCourierServices',
        summary: 'Courier services of a carrier in a country',
        description: BEARER,
        querystring: CourierServicesQuery,
        response: { 200: CourierServicesResponse, ...NOT_MODIFIED, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => {
      await storeOf(req);
      return sendReadyJson(req, reply, shippingMethods.courierServices(parseCatalogueQuery(req.query, { withType: false })));
    },
  );

  app.post(
    '/shipping-methods/filter-by-parcels',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'filterShippingMethodsByParcels',
        summary: 'Shipping methods usable for the parcels',
        description: BEARER,
        querystring: FilterByParcelsQuery,
        body: FilterByParcelsBody,
        response: { 200: ShippingMethodListing, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const store = await storeOf(req);
      return shippingMethods.filterByParcels(store, env, req.query, req.body);
    },
  );

  app.post(
    '/shipping-methods/rates',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags,
        security,
        operationId: 'calculateShippingRates',
        summary: 'Rates of the service contract for the parcels',
        description: BEARER,
        querystring: RatesQuery,
        body: RatesBody,
        response: { 200: RatesResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const store = await storeOf(req);
      return shippingMethods.rates(store, req.query, req.body);
    },
  );
}

/**
 * The v3 shipping-method lists beside v2 (at the v2 base path with its final `v2` made `v3`):
 * the WooCommerce plugin syncs pickup points per carrier across every country, and courier
 * services with no filter at all, from `…/v3/shipping-methods/…`. The same catalogue and the
 * same Bearer authentication as v2.
 */
const V3_TAGS = ['shipping-v3'];

export async function shippingV3Api(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const storeOf = shippingAuth(services.keys, env);
  const { shippingMethods } = services;
  namesOperationsFor(app, env);

  app.get(
    '/shipping-methods/pickup-points',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags: V3_TAGS,
        security,
        operationId: 'listPickupPointsV3',
        summary: 'v3: pickup points across carriers and countries (filters optional: carrierCode, countryCode, type, search)',
        description: BEARER,
        querystring: PickupPointsV3Query,
        response: { 200: PickupPointsV3Response, ...NOT_MODIFIED, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => {
      await storeOf(req);
      // Without countryCode a streamed answer (catalogue/service.ts pickupPointsV3Stream).
      return sendJson(req, reply, shippingMethods.pickupPointsV3(parseV3Query(req.query, { pickupPoints: true })));
    },
  );

  app.get(
    '/shipping-methods/courier-services',
    {
      validatorCompiler: parserValidates,
      schema: {
        tags: V3_TAGS,
        security,
        operationId: 'listCourierServicesV3',
        summary: 'v3: courier services across carriers and countries (filters optional: carrierCode, countryCode)',
        description: BEARER,
        querystring: CourierServicesV3Query,
        response: { 200: CourierServicesV3Response, ...NOT_MODIFIED, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => {
      await storeOf(req);
      return sendReadyJson(req, reply, shippingMethods.courierServicesV3(parseV3Query(req.query, { pickupPoints: false })));
    },
  );
}
