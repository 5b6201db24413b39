/**
 * The hosted payment pages (HTML, no JavaScript needed):
 *   GET  /pay/:orderUuid           the order's payment page (?lang=, ?country= for banks)
 *   POST /pay/:orderUuid/start     starts a payment with the chosen option → 303 to the processor
 *   POST /pay/:orderUuid/cancel    the shopper gives up → 303 to the merchant's returnUrl
 *   GET|POST /pay/:orderUuid/return  the processor sends the shopper back → 303 onwards
 * and the processor simulators' pages under /simulators/.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/errors.js';
import { acceptedLocale, isLocale, type Locale } from '../../platform/locales.js';
import type { Services } from '../../services.js';
import { processorRoutes } from '../processors/index.js';
import { newNonce, originOf, sendHtml } from '../../platform/html.js';
import { failureMessageKey, pageLocale } from './i18n.js';
import { messagePage, payPage, statusPage } from './pages.js';
import { fieldsOf, Security, type Fields } from '../../platform/schemas.js';
import { CancelBody, CancelResponses, FORM_CONSUMES, PayPageQuery, PayPageResponses, PayParams, ReturnFields, ReturnResponses, StartBody, StartResponses } from './schema.js';
import { bankChoice, InvalidChoiceError, lastFailure, preferredBank, readChoice, type LoadedOrder } from './service.js';

/** The language of a page without an order: ?lang=, else the browser's first language of the hosted pages. */
/** A page without an order: `?lang=`, else the browser's best Accept-Language match, else en. */
function requestLocale(req: FastifyRequest, lang: string | undefined): Locale {
  if (isLocale(lang)) return lang;
  return acceptedLocale(req.headers['accept-language']) ?? 'en';
}

const page = { tags: ['pages'], security: Security.none, params: PayParams };

export async function hostedPageRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { services } = opts;
  const publicUrl = services.config.publicUrl;
  const payments = services.hostedPages;
  await app.register(processorRoutes, { ctx: services.processorContext });

  const policy = (nonce: string, loaded?: LoadedOrder) => ({
    nonce,
    formOrigins: [originOf(publicUrl), loaded && originOf(loaded.order.return_url)].filter((o): o is string => o !== undefined),
    imageOrigins: [originOf(publicUrl)].filter((o): o is string => o !== undefined),
  });

  const notFound = (reply: FastifyReply, locale: Locale) => {
    const nonce = newNonce();
    return sendHtml(reply, 404, messagePage(locale, nonce, 'notFoundTitle', 'notFoundText'), policy(nonce));
  };

  const showStatus = async (reply: FastifyReply, code: number, loaded: LoadedOrder, locale: Locale) => {
    const nonce = newNonce();
    const kind = loaded.status === 'ABANDONED' ? 'expired' : 'paid';
    const page = statusPage({ ...loaded, locale, nonce, kind, merchantReturnUrl: await payments.merchantReturnUrl(loaded) });
    return sendHtml(reply, code, page, policy(nonce, loaded));
  };

  const showPay = (reply: FastifyReply, code: number, loaded: LoadedOrder, locale: Locale, country: string | undefined, error?: ReturnType<typeof failureMessageKey>) => {
    const nonce = newNonce();
    const bank = loaded.order.payment_method === 'paymentInitiation' ? bankChoice(loaded.order, loaded.store, country, loaded.offer) : undefined;
    const page = payPage({ ...loaded, locale, nonce, publicUrl, error, bank });
    return sendHtml(reply, code, page, policy(nonce, loaded));
  };

  const pageUrl = (orderId: string, params: Fields) => `${publicUrl}/pay/${orderId}?${new URLSearchParams(params).toString()}`;
  const redirect = (reply: FastifyReply, url: string) => reply.code(303).header('cache-control', 'no-store').header('location', url).send();

  /**
   * A form post on a pending order: the order with the form's fields and locale, or the page that
   * answers instead (404 for an unknown order, 409 with its status page for one no longer pending).
   */
  const pendingForm = async (req: FastifyRequest<{ Params: { orderUuid: string } }>, reply: FastifyReply) => {
    const f = fieldsOf(req.body);
    const loaded = await payments.load(req.params.orderUuid);
    if (!loaded) return { answer: await notFound(reply, requestLocale(req, f.lang)) };
    const locale = pageLocale(loaded.order, f.lang);
    if (loaded.status !== 'PENDING') return { answer: await showStatus(reply, 409, loaded, locale) };
    return { f, loaded, locale };
  };

  app.get<{ Params: { orderUuid: string } }>(
    '/pay/:orderUuid',
    {
      schema: {
        ...page,
        summary: "The order's hosted payment page (HTML)",
        description: 'For the shopper, not an API client: the order id is the only credential.',
        operationId: 'payPage',
        querystring: PayPageQuery,
        response: PayPageResponses,
      },
    },
    async (req, reply) => {
      const q = fieldsOf(req.query);
      const loaded = await payments.load(req.params.orderUuid);
      if (!loaded) return notFound(reply, requestLocale(req, q.lang));
      const locale = pageLocale(loaded.order, q.lang);
      if (loaded.status !== 'PENDING') return showStatus(reply, 200, loaded, locale);
      const retry = q.retry === '1';
      const preferred = preferredBank(loaded.order, loaded.store, loaded.offer);
      if (preferred && !retry && q.country === undefined) {
        // The merchant's shopper already chose the bank: straight to it.
        return redirect(reply, await payments.start(loaded, { bankCode: preferred.bank.code, country: preferred.country }, locale, req.ip));
      }
      const failure = retry ? lastFailure(loaded.order) : undefined;
      return showPay(reply, 200, loaded, locale, q.country, failure === undefined ? undefined : failureMessageKey(failure));
    },
  );

  app.post<{ Params: { orderUuid: string } }>(
    '/pay/:orderUuid/start',
    {
      schema: {
        ...page,
        summary: 'Start a payment with the chosen option (form post)',
        operationId: 'payStart',
        consumes: FORM_CONSUMES,
        body: StartBody,
        response: StartResponses,
      },
    },
    async (req, reply) => {
      const form = await pendingForm(req, reply);
      if ('answer' in form) return form.answer;
      const { f, loaded, locale } = form;
      try {
        const choice = readChoice(loaded.order, f, loaded.store, loaded.offer);
        return redirect(reply, await payments.start(loaded, choice, locale, req.ip));
      } catch (err) {
        if (err instanceof InvalidChoiceError) return showPay(reply, 400, loaded, locale, f.country, 'invalidChoice');
        throw err;
      }
    },
  );

  app.post<{ Params: { orderUuid: string } }>(
    '/pay/:orderUuid/cancel',
    {
      schema: {
        ...page,
        summary: 'The shopper gives up (form post)',
        operationId: 'payCancel',
        consumes: FORM_CONSUMES,
        body: CancelBody,
        response: CancelResponses,
      },
    },
    async (req, reply) => {
      const form = await pendingForm(req, reply);
      if ('answer' in form) return form.answer;
      return redirect(reply, await payments.cancel(form.loaded));
    },
  );

  const processorReturn = async (req: FastifyRequest<{ Params: { orderUuid: string } }>, reply: FastifyReply) => {
    const fields = fieldsOf(req.query, req.body);
    const orderId = req.params.orderUuid;
    const locale = requestLocale(req, fields.lang);
    try {
      const done = await payments.finish(orderId, fields);
      if (done.kind === 'redirect') return redirect(reply, done.url);
      if (done.kind === 'waiting') {
        // The bank is still confirming: say so; reloading this address asks the bank again.
        const loaded = await payments.load(orderId);
        if (!loaded) return notFound(reply, locale);
        const nonce = newNonce();
        const checkAgainUrl = `${publicUrl}${req.url}`;
        return sendHtml(
          reply,
          200,
          statusPage({ ...loaded, locale: pageLocale(loaded.order, fields.lang), nonce, kind: 'confirming', merchantReturnUrl: done.merchantUrl, checkAgainUrl }),
          policy(nonce, loaded),
        );
      }
      return redirect(reply, pageUrl(orderId, done.kind === 'retry' ? { lang: locale, retry: '1' } : { lang: locale }));
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      if (err.statusCode === 404) return notFound(reply, locale);
      req.log.warn({ orderId, reason: err.message }, 'processor return refused');
      const nonce = newNonce();
      return sendHtml(reply, err.statusCode, messagePage(locale, nonce, 'invalidReturnTitle', 'invalidReturnText'), policy(nonce));
    }
  };
  const returnSchema = { ...page, summary: 'The processor sends the shopper back (signed fields)', response: ReturnResponses };
  app.get('/pay/:orderUuid/return', { schema: { ...returnSchema, operationId: 'payReturn', querystring: ReturnFields } }, processorReturn);
  app.post('/pay/:orderUuid/return', { schema: { ...returnSchema, operationId: 'payReturnPost', consumes: FORM_CONSUMES, querystring: ReturnFields, body: ReturnFields } }, processorReturn);
}
