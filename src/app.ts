/**
 * buildApp: the Fastify app with every route plugin registered. Separate from listen(), so tests
 * drive it through inject() and main.ts decides where it listens.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { frameworkErrors, installErrorHandler, MAX_PARAM_LENGTH } from './platform/errors.js';
import { AJV_OPTIONS, SECURITY_SCHEMES } from './platform/schemas.js';
import { installJsonBodyParser } from './platform/json-body.js';
import { installTextCheck } from './platform/text.js';
import { loggerOptions, registerObservability } from './platform/observability.js';
import { paymentsRoutes } from './payments/routes.js';
import { sandboxRoutes } from './payments/sandbox/routes.js';
import { logoRoutes } from './payments/methods/routes.js';
import { gatewayRoutes } from './payments/gateway/routes.js';
import { operatorRoutes } from './stores/routes.js';
import { shippingApi, shippingV3Api } from './shipping/routes.js';
import { payoutRoutes } from './payouts/routes.js';
import { notificationOperatorRoutes } from './payments/notifications/operator-routes.js';
import { trackingRoutes } from './shipping/tracking/routes.js';
import { carrierLogoRoutes } from './shipping/logos.js';
import { carrierContractRoutes } from './shipping/contracts/routes.js';
import { homeRoutes } from './home/routes.js';
import type { Services } from './services.js';

export interface AppOptions {
  services: Services;
  adminToken: string;
  /** false to silence request logs (tests, benchmarks); otherwise the pino level. */
  logLevel?: string | false;
  /** Sees every route as it is registered (the fuzz test fuzzes each one, including routes added later). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { services } = opts;
  const { config } = services;
  const app = Fastify({
    logger: opts.logLevel === false ? false : loggerOptions(opts.logLevel ?? config.logLevel),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    ajv: { customOptions: AJV_OPTIONS },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  installErrorHandler(app);
  installJsonBodyParser(app);
  installTextCheck(app);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Kassa', version: '0.1.0', description: 'Payments and shipping gateway' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerObservability(app, services.health);
  await app.register(homeRoutes, { config });
  await app.register(logoRoutes);
  await app.register(carrierLogoRoutes);
  await app.register(paymentsRoutes, { prefix: config.paymentsPath, env: 'production', services });
  await app.register(paymentsRoutes, { prefix: config.paymentsSandboxPath, env: 'sandbox', services });
  await app.register(payoutRoutes, { prefix: config.paymentsPath, env: 'production', services });
  await app.register(payoutRoutes, { prefix: config.paymentsSandboxPath, env: 'sandbox', services });
  await app.register(sandboxRoutes, { prefix: config.paymentsSandboxPath, services });
  await app.register(gatewayRoutes, { services });
  await app.register(trackingRoutes, { services });
  await app.register(shippingApi, { prefix: config.shippingPath, env: 'production', services });
  await app.register(shippingApi, { prefix: config.shippingSandboxPath, env: 'sandbox', services });
  if (config.shippingV3Path) await app.register(shippingV3Api, { prefix: config.shippingV3Path, env: 'production', services });
  if (config.shippingV3SandboxPath) await app.register(shippingV3Api, { prefix: config.shippingV3SandboxPath, env: 'sandbox', services });
  await app.register(operatorRoutes, { prefix: '/operator', services, adminToken: opts.adminToken });
  await app.register(carrierContractRoutes, { prefix: '/operator', services, adminToken: opts.adminToken });
  await app.register(notificationOperatorRoutes, { prefix: '/operator', services, adminToken: opts.adminToken });
  return app;
}
