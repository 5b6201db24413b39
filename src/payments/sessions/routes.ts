/**
 * Embedded card payments over HTTP. Per environment (at /api and /sandbox/api):
 *   POST /sessions                                     a session (201 {uuid})
 *   POST /payment-intents/draft                        a draft payment intent
 *   GET|OPTIONS /sessions/:sessionUuid/gateway-url     the card form's URL (CORS, for the SDK)
 *   GET|OPTIONS /payment-intents/:uuid/return-url      the merchant's return URL once the attempt ended (CORS)
 * and the pages the SDK frames (embeddedPageRoutes):
 *   GET  /embedded/card/:uuid          the card form      POST /embedded/card/:uuid/pay   pay with the card
 *   GET  /embedded/card/3ds            the 3-D Secure step POST /embedded/card/3ds        complete or fail it
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataToken } from '../../platform/http-auth.js';
import { originOf } from '../../platform/html.js';
import { acceptedLocale, isLocale } from '../../platform/locales.js';
import type { Env } from '../../platform/env.js';
import { described, emptyResponse, errorResponses, operationId, Security } from '../../platform/schemas.js';
import type { Services } from '../../services.js';
import { tokenBody } from '../orders/schema.js';
import {
  ChallengeBody,
  ChallengeQuery,
  challengePageResponses,
  DraftIntentSchema,
  FormParams,
  FormQuery,
  GatewayUrlQuery,
  GatewayUrlSchema,
  IntentParams,
  parsePayment,
  parseChallengeAnswer,
  parseDraftPayload,
  PayBody,
  pageResponses,
  payResponses,
  ReturnUrlSchema,
  SessionParams,
  SessionSchema,
} from './schema.js';
import { cardFormPage, challengePage, elementsFormPage, newNonce, notFoundPage, parentOrigin, sendFrameable, unavailablePage } from './pages.js';
import { THREE_DS_PATH } from './service.js';

const tags = ['payments'];

/** The request's Origin when it is a web origin (anything else is not echoed). */
function requestOrigin(req: FastifyRequest): string | undefined {
  const o = req.headers.origin;
  return typeof o === 'string' && originOf(o) === o ? o : undefined;
}

/**
 * CORS for the SDK's credentialed fetches (montonio-js src/services/HTTP/HTTP.ts: credentials
 * 'include', mode 'cors'): any merchant origin is echoed with Allow-Credentials; `Vary: Origin`
 * always. Set in onRequest, so error answers carry it too.
 */
async function cors(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const origin = requestOrigin(req);
  if (origin) reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
  reply.header('vary', 'Origin');
}

const PREFLIGHT_HEADERS = 'Accept, Content-Type, X-Montonio-Js-Version';

function preflight(_req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(204).header('access-control-allow-methods', 'GET, OPTIONS').header('access-control-allow-headers', PREFLIGHT_HEADERS).header('access-control-max-age', '600').send();
}

export async function sessionRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, sessions } = services;

  app.post(
    '/sessions',
    {
      schema: {
        tags,
        summary: 'Create a session for an embedded card payment (single use, 60 minutes to bind an order)',
        description: 'The body carries a signed token with the minimal payload (`accessKey`, `iat`, `exp`).',
        operationId: operationId(env, 'createSession'),
        security: Security.inBody,
        body: tokenBody('the minimal payload (accessKey, iat, exp)'),
        response: { 201: described('The session', SessionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { key } = await keys.authenticate(dataToken(req), env);
      const row = await sessions.create(key.store, env, 'session', null);
      reply.code(201);
      return { uuid: row.id };
    },
  );

  app.post(
    '/payment-intents/draft',
    {
      schema: {
        tags,
        summary: 'Create a draft payment intent (embedded payments; sent as paymentIntentUuid with the order)',
        description: 'The body carries a signed token whose payload has `method` (cardPayments or blik).',
        operationId: operationId(env, 'createDraftPaymentIntent'),
        security: Security.inBody,
        body: tokenBody('the payload `{method}`'),
        response: { 201: described('The draft payment intent', DraftIntentSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { key, claims } = await keys.authenticate(dataToken(req), env);
      const draft = await sessions.createDraft(key.store, env, parseDraftPayload(claims));
      reply.code(201);
      return draft;
    },
  );

  const gatewayPath = '/sessions/:sessionUuid/gateway-url';
  app.get<{ Params: { sessionUuid: string }; Querystring: { preferredLocale?: string } }>(
    gatewayPath,
    {
      onRequest: cors,
      schema: {
        tags,
        summary: "The embedded card form's URL for a session (for the browser SDK; CORS with credentials)",
        operationId: operationId(env, 'getSessionGatewayUrl'),
        security: Security.none,
        params: SessionParams,
        querystring: GatewayUrlQuery,
        response: { 200: described('The form URL', GatewayUrlSchema), ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      const locale = typeof req.query.preferredLocale === 'string' ? req.query.preferredLocale : undefined;
      return sessions.gatewayUrl(req.params.sessionUuid, env, locale, requestOrigin(req));
    },
  );
  app.options(
    gatewayPath,
    {
      onRequest: cors,
      schema: {
        tags,
        summary: 'CORS preflight of the gateway-url call',
        operationId: operationId(env, 'preflightSessionGatewayUrl'),
        security: Security.none,
        params: SessionParams,
        response: { 204: emptyResponse('Allowed: GET with Accept, Content-Type and X-Montonio-Js-Version'), ...errorResponses(400) },
      },
    },
    preflight,
  );

  const returnPath = '/payment-intents/:paymentIntentUuid/return-url';
  app.get<{ Params: { paymentIntentUuid: string } }>(
    returnPath,
    {
      onRequest: cors,
      schema: {
        tags,
        summary: "The merchant's return URL once the payment attempt ended ({} while pending; the SDK polls)",
        operationId: operationId(env, 'getPaymentIntentReturnUrl'),
        security: Security.none,
        params: IntentParams,
        response: { 200: described('The return URL, or {} while pending', ReturnUrlSchema), ...errorResponses(400, 404) },
      },
    },
    async (req) => sessions.returnUrl(req.params.paymentIntentUuid, env),
  );
  app.options(
    returnPath,
    {
      onRequest: cors,
      schema: {
        tags,
        summary: 'CORS preflight of the return-url call',
        operationId: operationId(env, 'preflightPaymentIntentReturnUrl'),
        security: Security.none,
        params: IntentParams,
        response: { 204: emptyResponse('Allowed: GET with Accept, Content-Type and X-Montonio-Js-Version'), ...errorResponses(400) },
      },
    },
    preflight,
  );
}

const page = { tags: ['pages'], security: Security.none };

/** The pages the SDK frames: the card form and the 3-D Secure step, and their same-origin posts. */
export async function embeddedPageRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { sessions } = opts.services;
  const first = (v: unknown): string | undefined => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined);

  app.get<{ Params: { uuid: string }; Querystring: Record<string, unknown> }>(
    '/embedded/card/:uuid',
    {
      schema: {
        ...page,
        summary: 'The embedded card form of a session or draft payment intent (HTML, made for an iframe)',
        operationId: 'embeddedCardForm',
        params: FormParams,
        querystring: FormQuery,
        response: pageResponses,
      },
    },
    async (req, reply) => {
      const lang = first(req.query.lang);
      const parent = parentOrigin(first(req.query.parent));
      const nonce = newNonce();
      const ctx = await sessions.form(req.params.uuid, lang);
      if (!ctx) return sendFrameable(reply, 404, notFoundPage(isLocale(lang) ? lang : (acceptedLocale(req.headers['accept-language']) ?? 'en'), nonce), nonce, parent);
      if (ctx.unavailable) return sendFrameable(reply, 404, unavailablePage(ctx.locale, nonce), nonce, parent);
      // Production: the card processor's own fields (Stripe Elements); Kassa never receives the card.
      if (ctx.browser) return sendFrameable(reply, 200, elementsFormPage({ uuid: ctx.session.id, locale: ctx.locale, parent, nonce, browser: ctx.browser }), nonce, parent, ctx.browser);
      return sendFrameable(reply, 200, cardFormPage({ uuid: ctx.session.id, locale: ctx.locale, sandbox: ctx.sandbox, parent, nonce, method: ctx.method }), nonce, parent);
    },
  );

  app.post<{ Params: { uuid: string }; Querystring: Record<string, unknown> }>(
    '/embedded/card/:uuid/pay',
    {
      schema: {
        ...page,
        summary: "Pay the session's order with the card typed in the form (same-origin fetch from the form)",
        operationId: 'embeddedCardPay',
        params: FormParams,
        querystring: FormQuery,
        body: PayBody,
        response: payResponses,
      },
    },
    async (req) => sessions.pay(req.params.uuid, parsePayment(req.body), parentOrigin(first(req.query.parent)) ?? '', first(req.query.lang)),
  );

  app.get<{ Querystring: Record<string, string> }>(
    THREE_DS_PATH,
    {
      schema: {
        ...page,
        summary: 'The embedded 3-D Secure challenge (HTML, framed over the checkout; signed fields)',
        operationId: 'embeddedCard3ds',
        querystring: ChallengeQuery,
        response: challengePageResponses,
      },
    },
    async (req, reply) => {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.query)) {
        const s = first(v);
        if (s !== undefined) fields[k] = s;
      }
      const c = await sessions.openChallenge(fields);
      const nonce = newNonce();
      const parent = parentOrigin(fields.parent);
      if (!c) return sendFrameable(reply, 400, notFoundPage(isLocale(fields.locale) ? fields.locale : 'en', nonce), nonce, parent);
      return sendFrameable(reply, 200, challengePage(c, nonce), nonce, parent);
    },
  );

  app.post(
    THREE_DS_PATH,
    {
      schema: {
        ...page,
        summary: 'Complete or fail the embedded 3-D Secure challenge (same-origin fetch; signed fields)',
        operationId: 'embeddedCard3dsAnswer',
        body: ChallengeBody,
        response: payResponses,
      },
    },
    async (req) => {
      const { fields, action } = parseChallengeAnswer(req.body);
      return sessions.finishChallenge(fields, action);
    },
  );
}
