/**
 * The Stripe family's own routes besides its simulator:
 *   POST /processors/stripe/webhook           Stripe's webhooks (production: the configured whsec_)
 *   POST /processors/stripe/sandbox/webhook   the simulator's webhooks (the sandbox's whsec_)
 *   GET  /pay/:orderUuid/card                 production's card page (Stripe Elements)
 * A webhook is verified on its raw body by Stripe's scheme (Stripe-Signature, 300 s tolerance):
 * a bad signature or an old timestamp (a replay) is a 400 and changes nothing. A deciding
 * PaymentIntent event completes the attempt bound to that PaymentIntent; a repeated event finds
 * the attempt recorded already and changes nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError, Errors } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import { isLocale, type Locale } from '../../../platform/locales.js';
import { described, documentedOnly, errorResponses, FormField, FormFields, htmlResponse, OpenObject, pageErrorResponse, Security } from '../../../platform/schemas.js';
import type { ProcessorContext } from '../contract.js';
import type { StripeAdapter } from './client.js';
import { elementsPage, elementsPolicy, ELEMENTS_PAGE_PATH } from './elements-page.js';
import { decidingIntent } from './mapper.js';
import { SANDBOX_WEBHOOK_PATH } from './sim-service.js';

export const PRODUCTION_WEBHOOK_PATH = '/processors/stripe/webhook';

export interface StripeRouteDeps {
  ctx: ProcessorContext;
  sandbox: () => StripeAdapter;
  /** The production adapter of the configured connector; undefined when none is configured. */
  production: () => Promise<StripeAdapter | undefined>;
}

const Received = Type.Object({ received: Type.Boolean() }, { description: 'Stripe reads the status only' });

const webhookSchema = (summary: string, operationId: string) => ({
  tags: ['payments'],
  summary,
  description: "Stripe's webhook: the Event as Stripe sends it (raw JSON, verified by its Stripe-Signature header with Stripe's scheme and a 300-second tolerance).",
  operationId,
  security: Security.none,
  consumes: ['application/json'],
  body: documentedOnly(OpenObject('The Stripe Event, as Stripe sent it (verified on its raw bytes)')),
  response: { 200: described('The event was taken (or is not one Kassa acts on)', Received), ...errorResponses(400, 404) },
});

export async function stripeRoutes(app: FastifyInstance, deps: StripeRouteDeps): Promise<void> {
  const { ctx } = deps;

  const handle = async (adapter: StripeAdapter, sandbox: boolean, req: FastifyRequest) => {
    const header = req.headers['stripe-signature'];
    const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
    if (typeof header !== 'string' || !raw) throw Errors.badRequest('a Stripe webhook needs its raw body and its Stripe-Signature header');
    let event: ReturnType<typeof adapter.verifyWebhook>;
    try {
      event = adapter.verifyWebhook(raw, header);
    } catch {
      throw Errors.badRequest('the Stripe-Signature does not verify: a wrong signature, or a timestamp outside the tolerance (a replay)');
    }
    const pi = decidingIntent(event);
    if (!pi) return { received: true };
    // Asked of Stripe again (the event may be old; the charge's card details are read with it).
    const { orderId, outcome } = await adapter.resolve(pi.id);
    if (!orderId || !isUuid(orderId) || outcome.kind === 'waiting') return { received: true };
    if (sandbox && !(await ctx.directory.merchantOf(orderId))) return { received: true };
    try {
      await ctx.attempts.complete(orderId, outcome, pi.id);
    } catch (e) {
      // The order no longer waits (paid or expired meanwhile): the event changes nothing, and Stripe need not send it again.
      if (!(e instanceof ApiError) || e.statusCode >= 500) throw e;
    }
    return { received: true };
  };

  await app.register(async (scope) => {
    // The signature covers the exact bytes: the body is kept raw here.
    if (scope.hasContentTypeParser('application/json')) scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.post(PRODUCTION_WEBHOOK_PATH, { schema: webhookSchema("Stripe's webhooks (production)", 'stripeWebhook') }, async (req) => {
      const adapter = await deps.production();
      if (!adapter) throw Errors.notFound('The stripe connector of production (the operator has not set one)');
      return handle(adapter, false, req);
    });

    scope.post(SANDBOX_WEBHOOK_PATH, { schema: webhookSchema("The sandbox Stripe simulator's webhooks", 'stripeSandboxWebhook') }, async (req) => handle(deps.sandbox(), true, req));
  });

  const kassaOrigin = new URL(ctx.publicUrl).origin;
  app.get<{ Params: { orderUuid: string }; Querystring: Record<string, unknown> }>(
    ELEMENTS_PAGE_PATH,
    {
      schema: {
        tags: ['pages'],
        summary: "Production's card page: Stripe's Payment Element for the order's PaymentIntent",
        operationId: 'stripeCardPage',
        security: Security.none,
        params: Type.Object({ orderUuid: Type.String() }),
        querystring: documentedOnly(
          FormFields(
            {
              client_secret: Type.Optional(FormField("The PaymentIntent's client secret")),
              return_url: Type.Optional(FormField("Kassa's return route of the order")),
              locale: Type.Optional(FormField('The page language')),
            },
            'The page state',
          ),
        ),
        response: { 200: htmlResponse('The page'), 400: pageErrorResponse('Not a PaymentIntent of this order'), 404: errorResponses(404)[404]! },
      },
    },
    async (req, reply: FastifyReply) => {
      const q = req.query;
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      const clientSecret = str(q.client_secret);
      const returnUrl = str(q.return_url);
      const locale: Locale = isLocale(str(q.locale)) ? (str(q.locale) as Locale) : 'en';
      const orderId = req.params.orderUuid;
      const ownReturn = `${ctx.publicUrl}/pay/${orderId}/return`;
      if (!isUuid(orderId) || !/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/.test(clientSecret) || !returnUrl.startsWith(ownReturn)) throw Errors.badRequest('this card page is not one Kassa made');
      const adapter = await deps.production();
      if (!adapter) throw Errors.notFound('The stripe connector of production (the operator has not set one)');
      const page = elementsPage({ locale, publishableKey: adapter.keys.publishableKey, clientSecret, returnUrl });
      return reply
        .code(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', elementsPolicy(page.nonce, kassaOrigin))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('x-frame-options', 'DENY')
        .header('referrer-policy', 'no-referrer')
        .send(page.document);
    },
  );
}
