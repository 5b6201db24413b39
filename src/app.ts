/**
 * buildApp: the Fastify app with every route plugin registered. Separate from listen(), so tests
 * drive it through inject() and main.ts decides where it listens.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { OpenAPIV3_1 } from 'openapi-types';
import { frameworkErrors, installErrorHandler, MAX_PARAM_LENGTH, type ErrorAnswers } from './platform/errors.js';
import { AJV_OPTIONS, documentObjectTransform, documentTransform, ErrorBody, SECURITY_SCHEMES } from './platform/schemas.js';
import { ERRORS_PAGE_PATH } from './platform/errors.js';
import { catalogueRows, collectPages, isPageRoute, referenceRoutes } from './reference/routes.js';
import { KASSA_FAVICON_SVG, KASSA_LOGO_SVG, SWAGGER_THEME_CSS } from './reference/look.js';
import { addExamples } from './reference/examples.js';
import { OrderPayloadSchema } from './payments/orders/schema.js';
import { RefundPayloadSchema } from './payments/refunds/schema.js';
import { SCHEMA_CONTROLLER } from './platform/serializers.js';
import { installJsonBodyParser } from './platform/json-body.js';
import { BODY_LIMIT_BYTES, installLingeringClose } from './platform/body-limit.js';
import { installTextCheck } from './platform/text.js';
import { loggerOptions, registerObservability, requestLoggerFactory, type MetricsScope } from './platform/observability.js';
import { orderRoutes } from './payments/orders/routes.js';
import { refundRoutes } from './payments/refunds/routes.js';
import { balanceRoutes } from './ledger/routes.js';
import { sandboxRoutes } from './payments/sandbox/routes.js';
import { cliEventRoutes } from './payments/cli-events/routes.js';
import { logoRoutes, paymentMethodRoutes } from './payments/methods/routes.js';
import { hostedPageRoutes } from './payments/hosted-pages/routes.js';
import { operatorRoutes } from './stores/routes.js';
import { connectorRoutes } from './connectors/routes.js';
import { shippingApi, shippingV3Api } from './shipping/routes.js';
import { legacyWebhookRoutes } from './shipping/legacy/webhooks/routes.js';
import { legacyShippingRoutes } from './shipping/legacy/routes.js';
import { payoutRoutes } from './payouts/routes.js';
import { payoutOperatorRoutes } from './payouts/operator-routes.js';
import { notificationOperatorRoutes } from './notifications/operator-routes.js';
import { trackingRoutes } from './shipping/tracking/routes.js';
import { carrierLogoRoutes } from './shipping/logos.js';
import { carrierContractRoutes } from './shipping/contracts/routes.js';
import { homeRoutes } from './home/routes.js';
import { widgetRoutes } from './widget/routes.js';
import { embeddedPageRoutes, sessionRoutes } from './payments/sessions/routes.js';
import { paymentLinkApiRoutes, paymentLinkPageRoutes } from './payments/links/routes.js';
import { LinkPayloadSchema } from './payments/links/schema.js';
import { backofficeRoutes } from './backoffice/routes.js';
import { backofficeOperatorRoutes } from './backoffice/operator-routes.js';
import type { Services } from './services.js';

export interface AppOptions {
  services: Services;
  adminToken: string;
  /** false to silence request logs (tests, benchmarks); otherwise the pino level. */
  logLevel?: string | false;
  /** Sees every route as it is registered (the fuzz test fuzzes each one, including routes added later). */
  onRoute?: (route: RouteOptions) => void;
  /** What /metrics answers: this process's metrics (default), or every API process's (platform/cluster.ts). */
  metrics?: MetricsScope;
}

/** The sections of the API reference (/docs); every route carries one of these tags. */
export const API_TAGS = [
  { name: 'payments', description: 'The payments API (orders, refunds, payment methods, balances) at /api, and the same at /sandbox/api' },
  { name: 'payouts', description: "The store's payouts and their export files" },
  { name: 'shipping', description: 'The shipping v2 API at /shipping/api/v2, and the same at /sandbox/shipping/api/v2' },
  { name: 'shipping-v3', description: 'The shipping v3 API (cursor-paged lists) beside v2' },
  { name: 'sandbox', description: 'Sandbox test helpers (sandbox keys only): pay an order, move the clock, settle, top up, run payouts' },
  { name: 'operator', description: "The operator's API (/operator, admin token): stores, carrier contracts, notifications" },
  { name: 'observability', description: 'Health, readiness and Prometheus metrics' },
];

/** The document's description: what Kassa is, how to authenticate, and the error catalogue. */
const API_DESCRIPTION = [
  'Kassa is a self-hostable payments and shipping gateway. This is the reference of its APIs; the pages for people (hosted payment pages, simulators, tracking, the back office) are listed apart, on [/docs/pages](/docs/pages).',
  '',
  "**Authentication.** The payments API takes the store's keys: POSTs carry the request as an HS256 JWT in the body (`{data: <JWT>}`), GETs a Bearer JWT; both are signed with the store's secret key of the environment and name its `accessKey`. Each signed POST shows the decoded payload of its body example in its description (and as `x-kassa-payload`), with how to sign it. The shipping APIs take the Bearer JWT. The operator API takes the admin token as a Bearer token.",
  '',
  "**Errors.** Every error is answered as `{statusCode, message, error}` (the spec's shape) with two extra keys, `code` (stable, below) and `docUrl` (its row on [/docs/errors](/docs/errors)). `<name>` in a message stands for what the answer fills in:",
  '',
  '| Code | Status | Message | When |',
  '|---|---|---|---|',
  ...catalogueRows().map((r) => `| [\`${r.code}\`](${ERRORS_PAGE_PATH}#${r.code}) | ${r.status} ${r.reason} | \`${r.message.replace(/\|/g, '\\|')}\` | ${r.description.replace(/\|/g, '\\|')} |`),
].join('\n');

/** What the error handler names: the public URL (each error's docUrl) and each API's production and sandbox base paths. */
function errorAnswers(config: Services['config']): ErrorAnswers {
  const environments: (readonly [string, string])[] = [
    [config.paymentsPath, config.paymentsSandboxPath],
    [config.shippingPath, config.shippingSandboxPath],
    [config.legacyShippingPath, config.legacyShippingSandboxPath],
  ];
  if (config.shippingV3Path && config.shippingV3SandboxPath) environments.push([config.shippingV3Path, config.shippingV3SandboxPath]);
  return { publicUrl: config.publicUrl, environments };
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { services } = opts;
  const { config } = services;
  const app = Fastify({
    logger: opts.logLevel === false ? false : loggerOptions(opts.logLevel ?? config.logLevel, process.stdout),
    // A request's child logger is made when it logs a line, not for every request (observability.ts).
    ...(opts.logLevel === false ? {} : { childLoggerFactory: requestLoggerFactory }),
    trustProxy: config.trustProxy,
    // Fits the largest order the documented limits allow (platform/body-limit.ts); over it, a 413 naming it.
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrors(errorAnswers(config)),
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: SCHEMA_CONTROLLER,
  });
  installLingeringClose(app);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // The routes for people: hidden from the API document, listed on /docs/pages.
  const pages = collectPages(app);
  installErrorHandler(app, errorAnswers(config));
  installJsonBodyParser(app);
  installTextCheck(app);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Kassa API', version: '0.1.0', description: API_DESCRIPTION },
      tags: API_TAGS,
      components: {
        securitySchemes: SECURITY_SCHEMES,
        // The token payloads of POST /orders and /refunds, which the bodies carry signed.
        schemas: { ErrorBody, OrderPayload: OrderPayloadSchema, RefundPayload: RefundPayloadSchema, PaymentLinkPayload: LinkPayloadSchema } as unknown as Record<string, OpenAPIV3_1.SchemaObject>,
      },
    },
    // A page route (tagged 'pages') is not part of the API: hidden here, listed on /docs/pages.
    transform: (route) => {
      const out = documentTransform(route);
      return isPageRoute(route.url, route.schema) ? { ...out, schema: { ...out.schema, hide: true } } : out;
    },
    // Request and response examples on every operation (reference/examples.ts).
    transformObject: (doc) => addExamples(documentObjectTransform(doc) as OpenAPIV3_1.Document, config.publicUrl),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Kassa's own look: its title, logo, favicon and colours (reference/look.ts).
    logo: { type: 'image/svg+xml', content: Buffer.from(KASSA_LOGO_SVG), href: '/docs', target: '_self' },
    theme: {
      title: 'Kassa API reference',
      css: [{ filename: 'kassa.css', content: SWAGGER_THEME_CSS }],
      favicon: [{ filename: 'kassa.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(KASSA_FAVICON_SVG) }],
    },
    uiConfig: { docExpansion: 'list', deepLinking: true, tagsSorter: 'alpha' },
  });
  await app.register(referenceRoutes, { pages });
  // The document itself and the /docs UI are the documentation, not part of the API: hidden from
  // the document (test/api/openapi.test.ts lists them as its only exemptions).
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerObservability(app, services.health, { adminToken: opts.adminToken, metricsToken: config.metricsToken }, opts.metrics);
  await app.register(homeRoutes, { config });
  await app.register(logoRoutes);
  await app.register(carrierLogoRoutes);
  await app.register(widgetRoutes);
  // The payments API of each environment, in this order: the document lists paths in the order
  // they are registered (test/api/api-client.test.ts compares it with the committed client types).
  for (const [prefix, env] of [
    [config.paymentsPath, 'production'],
    [config.paymentsSandboxPath, 'sandbox'],
  ] as const) {
    await app.register(paymentMethodRoutes, { prefix, env, services });
    await app.register(orderRoutes, { prefix, env, services });
    await app.register(refundRoutes, { prefix, env, services });
    await app.register(balanceRoutes, { prefix, env, keys: services.keys, ledger: services.ledger });
  }
  await app.register(payoutRoutes, { prefix: config.paymentsPath, env: 'production', services });
  await app.register(payoutRoutes, { prefix: config.paymentsSandboxPath, env: 'sandbox', services });
  await app.register(sessionRoutes, { prefix: config.paymentsPath, env: 'production', services });
  await app.register(sessionRoutes, { prefix: config.paymentsSandboxPath, env: 'sandbox', services });
  await app.register(embeddedPageRoutes, { services });
  await app.register(sandboxRoutes, { prefix: config.paymentsSandboxPath, services });
  await app.register(cliEventRoutes, { prefix: config.paymentsPath, env: 'production', services });
  await app.register(cliEventRoutes, { prefix: config.paymentsSandboxPath, env: 'sandbox', services });
  await app.register(paymentLinkApiRoutes, { prefix: config.paymentsPath, env: 'production', services });
  await app.register(paymentLinkApiRoutes, { prefix: config.paymentsSandboxPath, env: 'sandbox', services });
  await app.register(paymentLinkPageRoutes, { services });
  await app.register(hostedPageRoutes, { services });
  await app.register(trackingRoutes, { services });
  await app.register(shippingApi, { prefix: config.shippingPath, env: 'production', services });
  await app.register(shippingApi, { prefix: config.shippingSandboxPath, env: 'sandbox', services });
  if (config.shippingV3Path) await app.register(shippingV3Api, { prefix: config.shippingV3Path, env: 'production', services });
  if (config.shippingV3SandboxPath) await app.register(shippingV3Api, { prefix: config.shippingV3SandboxPath, env: 'sandbox', services });
  await app.register(legacyWebhookRoutes, { prefix: config.legacyShippingPath, env: 'production', services });
  await app.register(legacyWebhookRoutes, { prefix: config.legacyShippingSandboxPath, env: 'sandbox', services });
  await app.register(legacyShippingRoutes, { prefix: config.legacyShippingPath, env: 'production', services });
  await app.register(legacyShippingRoutes, { prefix: config.legacyShippingSandboxPath, env: 'sandbox', services });
  await app.register(operatorRoutes, { prefix: '/operator', services, adminToken: opts.adminToken });
  await app.register(carrierContractRoutes, { prefix: '/operator', services, adminToken: opts.adminToken });
  await app.register(notificationOperatorRoutes, { prefix: '/operator', outbox: services.outbox, adminToken: opts.adminToken });
  await app.register(backofficeOperatorRoutes, { prefix: '/operator', services, adminToken: opts.adminToken });
  await app.register(payoutOperatorRoutes, { prefix: '/operator', services, adminToken: opts.adminToken });
  await app.register(connectorRoutes, { prefix: '/operator', connectors: services.connectorAdmin, adminToken: opts.adminToken });
  await app.register(backofficeRoutes, { services });
  // Connectors' requests to Kassa's own origin (the sandbox simulators) go through this app.
  services.selfFetch.attach(app);
  return app;
}
