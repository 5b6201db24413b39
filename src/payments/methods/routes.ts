/**
 * The payment methods over HTTP: the store's enabled methods in the payments API (one
 * environment's, registered at /api and at /sandbox/api), and the logos Kassa serves (public,
 * cacheable): banks and payment methods.
 *   GET /stores/payment-methods   the store's enabled payment methods (Bearer)
 *   GET /stores/setup             the same list under its earlier path
 *   GET /logos/banks/:file, /logos/methods/:file
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors } from '../../platform/errors.js';
import { bearerToken } from '../../platform/http-auth.js';
import type { Env } from '../../platform/env.js';
import type { Services } from '../../services.js';
import { BANKS, COUNTRIES, type Bank } from './catalogue/banks.js';
import { bankLogoSvg, methodLogoSvg } from './catalogue/logos.js';
import { isPaymentMethodName } from './catalogue/methods.js';
import { StorePaymentMethodsSchema } from './schema.js';
import { storePaymentMethods } from './service.js';
import { described, documentedOnly, errorResponses, fileResponse, operationId, Security } from '../../platform/schemas.js';
import { Type } from 'typebox';

export async function paymentMethodRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, processors, config } = services;
  const tags = ['payments'];
  const bearer = Security.bearer;

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
}

const logoSchema = (what: string, operationId: string, example: string) => ({
  tags: ['pages'],
  summary: `The logo of a ${what} (SVG, public, cacheable for a day)`,
  operationId,
  security: Security.none,
  params: Type.Object({ file: Type.String({ description: `<code>.svg, e.g. ${example}` }) }),
  response: { 200: fileResponse(`The ${what}'s logo`, 'image/svg+xml'), ...errorResponses(404) },
});

const banksByCode = new Map<string, Bank>();
for (const c of COUNTRIES) for (const b of BANKS[c]) if (!banksByCode.has(b.code)) banksByCode.set(b.code, b);

export async function logoRoutes(app: FastifyInstance): Promise<void> {
  const svg = (body: string) => ({ body, type: 'image/svg+xml; charset=utf-8' });
  const send = (reply: import('fastify').FastifyReply, s: { body: string; type: string }) => reply.header('content-type', s.type).header('cache-control', 'public, max-age=86400').send(s.body);

  app.get<{ Params: { file: string } }>('/logos/banks/:file', { schema: logoSchema('bank', 'getBankLogo', 'HABAEE2X.svg') }, async (req, reply) => {
    const bank = banksByCode.get(req.params.file.replace(/\.svg$/, ''));
    if (!bank) throw Errors.notFound(`Logo ${req.params.file}`);
    return send(reply, svg(bankLogoSvg(bank)));
  });
  app.get<{ Params: { file: string } }>('/logos/methods/:file', { schema: logoSchema('payment method', 'getMethodLogo', 'cardPayments.svg') }, async (req, reply) => {
    const m = req.params.file.replace(/\.svg$/, '');
    if (!isPaymentMethodName(m)) throw Errors.notFound(`Logo ${req.params.file}`);
    return send(reply, svg(methodLogoSvg(m)));
  });
}
