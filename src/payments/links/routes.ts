/**
 * Payment links over HTTP.
 *   paymentLinkApiRoutes (per environment, beside the payments API):
 *     POST /payment-links              create (body {data: JWT}) → 201 {uuid, url, shortUrl}
 *     GET  /payment-links/:uuid        read (Bearer)
 *   paymentLinkPageRoutes (the payer's pages, no credentials):
 *     GET  /l/:code                    short URL → 302 to the link's page
 *     GET  /links/:uuid                the link's page (?lang=)
 *     POST /links/:uuid                the payer's form → 303 to the order's hosted page /pay/:orderUuid
 *     GET  /links/:uuid/thanks         where the payer returns without a returnUrl (?order-token=)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { bearerToken, dataToken } from '../../platform/http-auth.js';
import type { Env } from '../../platform/env.js';
import { acceptedLocale, isLocale, type Locale } from '../../platform/locales.js';
import { newNonce, originOf, sendHtml } from '../../platform/html.js';
import { sendAssembledHtml } from '../../platform/assembled-reply.js';
import {
  described,
  documentedOnly,
  errorResponses,
  fieldsOf,
  FormField,
  FormFields,
  htmlResponse,
  idParam,
  operationId,
  pageErrorResponse,
  redirectResponse,
  Security,
} from '../../platform/schemas.js';
import type { Services } from '../../services.js';
import { tokenBody } from '../orders/schema.js';
import { effectiveStatus } from '../orders/states.js';
import { messagePage } from '../hosted-pages/pages.js';
import { closedPage, linkPage, thanksPage } from './pages.js';
import { RecentLinkPages } from './recent-pages.js';
import { CreatedLinkSchema, PaymentLinkSchema } from './schema.js';
import type { LinkPage } from './service.js';

const LinkParams = Type.Object({ paymentLinkUuid: idParam('Payment link UUID (a malformed one is a 400)') });

export async function paymentLinkApiRoutes(app: FastifyInstance, opts: { env: Env; services: Services }): Promise<void> {
  const { env, services } = opts;
  const { keys, links } = services;
  const tags = ['payments'];

  app.post(
    '/payment-links',
    {
      schema: {
        tags,
        summary: 'Create a payment link (a shareable page that creates orders)',
        description: 'The body carries the payment link payload as a signed token (`data`); no Authorization header.',
        operationId: operationId(env, 'createPaymentLink'),
        security: Security.inBody,
        body: tokenBody('the payment link payload (see the PaymentLinkPayload schema)'),
        response: { 201: described('The link: its uuid, page url and short url', CreatedLinkSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { key, claims } = await keys.authenticate(dataToken(req), env);
      const created = await links.create(key.store, env, claims);
      reply.code(201);
      return created;
    },
  );

  app.get<{ Params: { paymentLinkUuid: string } }>(
    '/payment-links/:paymentLinkUuid',
    {
      schema: {
        tags,
        summary: 'Read a payment link',
        operationId: operationId(env, 'getPaymentLink'),
        security: Security.bearer,
        params: LinkParams,
        response: { 200: described('The payment link', PaymentLinkSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), env);
      return links.view(await links.get(req.params.paymentLinkUuid, key.store, env));
    },
  );
}

const PageParams = Type.Object({ paymentLinkUuid: idParam('Payment link UUID (an unknown or malformed one gets the not-found page)') });
const lang = FormField('Page language (de, en, et, fi, lt, lv, pl, ru); default the link locale');
const notFound = pageErrorResponse('No such link: the not-found page');
const page = { tags: ['pages'], security: Security.none };

export async function paymentLinkPageRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { links, config } = opts.services;
  const publicUrl = config.publicUrl;
  // The page's GET reads through it (a moment old at most, never past the link's expiry); every POST reads afresh.
  const recent = new RecentLinkPages((id) => links.page(id));
  const publicOrigins = [originOf(publicUrl)].filter((o): o is string => o !== undefined);
  const policy = (nonce: string, returnUrl?: string | null) => ({
    nonce,
    formOrigins: returnUrl ? [...publicOrigins, originOf(returnUrl)].filter((o): o is string => o !== undefined) : publicOrigins,
    imageOrigins: publicOrigins,
  });
  const localeOf = (req: FastifyRequest, p: LinkPage | undefined, requested: string | undefined): Locale =>
    isLocale(requested) ? requested : (p?.link.locale ?? acceptedLocale(req.headers['accept-language']) ?? 'en');
  const missing = (reply: FastifyReply, locale: Locale) => {
    const nonce = newNonce();
    return sendHtml(reply, 404, messagePage(locale, nonce, 'notFoundTitle', 'notFoundText'), policy(nonce));
  };
  const closed = (reply: FastifyReply, p: LinkPage, locale: Locale, why: 'expired' | 'paid' | 'taken') => {
    const nonce = newNonce();
    return sendHtml(reply, why === 'expired' ? 410 : why === 'paid' ? 200 : 409, closedPage(p, locale, nonce, why), policy(nonce));
  };

  app.get<{ Params: { code: string } }>(
    '/l/:code',
    {
      schema: {
        ...page,
        summary: "A payment link's short URL: redirects to the link's page",
        operationId: 'paymentLinkShort',
        params: Type.Object({ code: Type.String({ description: 'Short code' }) }),
        response: { 302: redirectResponse("The link's page"), 404: notFound },
      },
    },
    async (req, reply) => {
      const url = await links.resolveShort(req.params.code);
      if (!url) return missing(reply, localeOf(req, undefined, undefined));
      return reply.code(302).header('location', url).send();
    },
  );

  app.get<{ Params: { paymentLinkUuid: string } }>(
    '/links/:paymentLinkUuid',
    {
      schema: {
        ...page,
        summary: "The payment link's page (HTML): payer details, delivery, payment method",
        operationId: 'paymentLinkPage',
        params: PageParams,
        querystring: documentedOnly(FormFields({ lang: Type.Optional(lang) }, 'The page query')),
        response: {
          200: htmlResponse("The link's page (or, for a paid one_time link, a page saying so)"),
          404: notFound,
          409: htmlResponse('A one_time link whose order is being paid by someone'),
          410: htmlResponse('The link has expired'),
        },
      },
    },
    async (req, reply) => {
      const q = fieldsOf(req.query);
      const p = await recent.page(req.params.paymentLinkUuid);
      const locale = localeOf(req, p, q.lang);
      if (!p) return missing(reply, locale);
      if (p.status !== 'ACTIVE') return closed(reply, p, locale, p.status === 'PAID' ? 'paid' : 'expired');
      if (p.taken) return closed(reply, p, locale, 'taken');
      // Gzipped from ready parts, with an ETag: a browser asking again gets 304 when nothing changed.
      return sendAssembledHtml(req, reply, 200, linkPage({ page: p, locale, publicUrl }), { policy: policy(newNonce()), revalidate: true });
    },
  );

  app.post<{ Params: { paymentLinkUuid: string } }>(
    '/links/:paymentLinkUuid',
    {
      schema: {
        ...page,
        summary: "The payer's form: creates the order and goes on to its payment page",
        operationId: 'paymentLinkSubmit',
        params: PageParams,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: documentedOnly(
          FormFields(
            {
              lang: Type.Optional(lang),
              method: Type.Optional(FormField('Payment method system name')),
              firstName: Type.Optional(FormField('Payer first name')),
              lastName: Type.Optional(FormField('Payer last name')),
              email: Type.Optional(FormField('Payer e-mail')),
              phone: Type.Optional(FormField('Payer mobile phone (with shipping)')),
              shipping: Type.Optional(FormField('The delivery: pickupPoint:<carrierCode> (the point in pickupPoint) or courier:<courierServiceId>')),
              pickupPoint: Type.Optional(FormField('The pickup point id, for a pickupPoint delivery (ignored for a courier)')),
              street: Type.Optional(FormField('Courier: street address (ignored for a pickup point)')),
              locality: Type.Optional(FormField('Courier: city (ignored for a pickup point)')),
              postalCode: Type.Optional(FormField('Courier: postal code (ignored for a pickup point)')),
            },
            "The payer's form",
          ),
        ),
        response: {
          303: redirectResponse("On to the order's payment page /pay/{orderUuid}"),
          400: pageErrorResponse('The form has problems: the page again, with them'),
          404: notFound,
          409: htmlResponse('A one_time link whose order is being paid by someone'),
          410: htmlResponse('The link has expired'),
          200: htmlResponse('A paid one_time link: a page saying so'),
          415: errorResponses(415)[415]!,
        },
      },
    },
    async (req, reply) => {
      const f = fieldsOf(req.body);
      const p = await links.page(req.params.paymentLinkUuid);
      const locale = localeOf(req, p, f.lang);
      if (!p) return missing(reply, locale);
      const result = await links.submit(p, f, locale);
      recent.drop(p.link.id);
      if (result.kind === 'closed') return closed(reply, p, locale, result.why);
      if (result.kind === 'invalid') {
        return sendAssembledHtml(req, reply, 400, linkPage({ page: p, locale, publicUrl, values: f, problems: result.problems }), { policy: policy(newNonce()), revalidate: false });
      }
      return reply.code(303).header('cache-control', 'no-store').header('location', `${publicUrl}/pay/${result.orderId}?lang=${locale}`).send();
    },
  );

  app.get<{ Params: { paymentLinkUuid: string } }>(
    '/links/:paymentLinkUuid/thanks',
    {
      schema: {
        ...page,
        summary: 'Where the payer returns when the link has no returnUrl: the outcome of the payment',
        operationId: 'paymentLinkThanks',
        params: PageParams,
        querystring: documentedOnly(FormFields({ lang: Type.Optional(lang), 'order-token': Type.Optional(FormField('The order token Kassa appended')) }, 'The page query')),
        response: { 200: htmlResponse('The outcome'), 404: notFound },
      },
    },
    async (req, reply) => {
      const q = fieldsOf(req.query);
      const p = await links.page(req.params.paymentLinkUuid);
      const locale = localeOf(req, p, q.lang);
      if (!p) return missing(reply, locale);
      const order = await links.thanksOrder(p.link, q['order-token']);
      const status = order && effectiveStatus(order.status, new Date(order.expires_at), new Date(order.now));
      const nonce = newNonce();
      return sendHtml(reply, 200, thanksPage(p, locale, nonce, status, order?.grand_total), policy(nonce));
    },
  );
}
