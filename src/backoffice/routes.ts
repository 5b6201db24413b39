/**
 * The back office (/dashboard): a merchant's people sign in and see their own stores' data.
 *   GET  /dashboard/login    the sign-in page         POST /dashboard/login   signs in
 *   POST /dashboard/logout   signs out
 *   GET  /dashboard          overview                 GET  /dashboard/orders  orders (search, keyset pages)
 * Pages are HTML; every form carries a CSRF token (csrf.ts). A store that is not the user's is
 * the not-found page, whatever the URL says.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newNonce, sendHtml } from '../platform/html.js';
import type { Locale } from '../platform/locales.js';
import { ORDER_STATUSES } from '../payments/orders/states.js';
import { Security } from '../platform/schemas.js';
import type { Services } from '../services.js';
import { cookies, LOGIN_CSRF_COOKIE, newToken, SESSION_COOKIE, setCookie, tokenMatches } from './csrf.js';
import { loginPage, orderPage, ordersPage, overviewPage, refundErrorText } from './pages.js';
import { officeContext, pagePolicy } from './context.js';
import { AREA_ROUTES } from './areas.js';
import { q, type Frame } from './layout.js';
import { TEXTS } from './i18n.js';
import { isUuid } from '../platform/ids.js';
import { Errors } from '../platform/errors.js';
import {
  fieldsOf,
  FORM_CONSUMES,
  LoginBody,
  LoginPageResponses,
  LoginQuery,
  LoginResponses,
  LogoutBody,
  LogoutResponses,
  ActionResponses,
  NotificationParams,
  OrderParams,
  readRefundForm,
  RefundBody,
  ResendBody,
  OrderQuery,
  OrderResponses,
  OrdersQuery,
  OrdersResponses,
  OverviewQuery,
  OverviewResponses,
  readOrdersSearch,
  type Fields,
} from './schema.js';
import { SESSION_HOURS } from './service.js';

const tags = ['pages'];
/** Sign-in fields never read from the query string. */
const BODY_ONLY = ['email', 'password', 'csrf'] as const;
const security = Security.none;

export async function backofficeRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const office = opts.services.backoffice;
  const ctx = officeContext(opts.services);
  const { localeOf, redirect } = ctx;
  const showLogin = (req: FastifyRequest, reply: FastifyReply, status: number, locale: Locale, extra: { email?: string; error?: 'invalid' | 'rateLimited' | 'forbidden' } = {}) => {
    let csrf = cookies(req)[LOGIN_CSRF_COOKIE];
    if (!csrf || !/^[A-Za-z0-9_-]{43}$/.test(csrf)) {
      csrf = newToken();
      setCookie(req, reply, LOGIN_CSRF_COOKIE, csrf, 3600);
    }
    const nonce = newNonce();
    return sendHtml(reply, status, loginPage({ locale, nonce, csrf, ...extra }), pagePolicy(nonce));
  };

  app.get(
    '/dashboard/login',
    { schema: { tags, security, summary: 'The back office sign-in page (HTML)', operationId: 'dashboardLoginPage', querystring: LoginQuery, response: LoginPageResponses } },
    async (req, reply) => showLogin(req, reply, 200, localeOf(req, fieldsOf(req.query))),
  );

  app.post(
    '/dashboard/login',
    {
      schema: {
        tags,
        security,
        summary: 'Sign in to the back office (form post)',
        operationId: 'dashboardLogin',
        consumes: FORM_CONSUMES,
        querystring: LoginQuery,
        body: LoginBody,
        response: LoginResponses,
      },
    },
    async (req, reply) => {
      // Credentials and the form token come from the POST body only (the form's action URL carries
      // `lang` alone): in a URL they end up in logs, history and Referer. Such a request is a 400
      // before anything is checked, so it costs no scrypt and counts nowhere in the sign-in limit.
      const query = fieldsOf(req.query);
      const f = fieldsOf(req.body);
      const locale = localeOf(req, { ...query, ...f });
      const raw = (req.query ?? {}) as Record<string, unknown>;
      if (BODY_ONLY.some((k) => Object.hasOwn(raw, k))) return showLogin(req, reply, 400, locale, { error: 'forbidden' });
      if (!tokenMatches(f.csrf, cookies(req)[LOGIN_CSRF_COOKIE])) return showLogin(req, reply, 403, locale, { error: 'forbidden' });
      const email = (f.email ?? '').slice(0, 254);
      const result = await office.signIn(email, (f.password ?? '').slice(0, 200), req.ip);
      if (!result.ok) return showLogin(req, reply, result.reason === 'rate-limited' ? 429 : 401, locale, { email, error: result.reason === 'rate-limited' ? 'rateLimited' : 'invalid' });
      setCookie(req, reply, SESSION_COOKIE, result.sessionId, SESSION_HOURS * 3600);
      return redirect(reply, `/dashboard?lang=${locale}`);
    },
  );

  app.post(
    '/dashboard/logout',
    { schema: { tags, security, summary: 'Sign out of the back office (form post)', operationId: 'dashboardLogout', consumes: FORM_CONSUMES, body: LogoutBody, response: LogoutResponses } },
    async (req, reply) => {
      const f = fieldsOf(req.body);
      const locale = localeOf(req, f);
      const sessionId = cookies(req)[SESSION_COOKIE];
      const session = await office.session(sessionId);
      if (!session || !sessionId) return redirect(reply, `/dashboard/login?lang=${locale}`);
      if (!tokenMatches(f.csrf, session.csrfSecret)) return ctx.forbidden(reply, locale);
      await office.signOut(sessionId);
      setCookie(req, reply, SESSION_COOKIE, '', 0);
      return redirect(reply, `/dashboard/login?lang=${locale}`);
    },
  );

  app.get(
    '/dashboard',
    { schema: { tags, security, summary: 'The back office overview (HTML)', operationId: 'dashboardOverview', querystring: OverviewQuery, response: OverviewResponses } },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), 'overview');
      if ('answer' in s) return s.answer;
      const { storeId, env } = s.frame;
      const [{ rows }, balances, failed] = await Promise.all([office.orders({ storeId, env }), opts.services.ledger.balances(storeId, env), office.failedDeliveries(storeId, env)]);
      return ctx.page(reply, 200, s.frame, overviewPage(s.frame, rows, balances, failed));
    },
  );

  app.get(
    '/dashboard/orders',
    { schema: { tags, security, summary: "The store's orders: search and pages (HTML)", operationId: 'dashboardOrders', querystring: OrdersQuery, response: OrdersResponses } },
    async (req, reply) => {
      const f = fieldsOf(req.query);
      const s = await ctx.signedIn(req, reply, f, 'orders');
      if ('answer' in s) return s.answer;
      const search = readOrdersSearch(f);
      if (!search) return ctx.message(reply, 400, s.frame.locale, TEXTS[s.frame.locale].badSearch);
      const { rows, next } = await office.orders({ storeId: s.frame.storeId, env: s.frame.env, ...search });
      const shown = { reference: search.reference ?? search.uuid, status: search.status, from: search.from, to: search.to };
      return ctx.page(reply, 200, s.frame, ordersPage(s.frame, shown, rows, next, ORDER_STATUSES));
    },
  );

  app.get<{ Params: { orderUuid: string } }>(
    '/dashboard/orders/:orderUuid',
    { schema: { tags, security, summary: 'One order of the store (HTML)', operationId: 'dashboardOrder', params: OrderParams, querystring: OrderQuery, response: OrderResponses } },
    async (req, reply) => {
      const s = await ctx.signedIn(req, reply, fieldsOf(req.query), 'orders');
      if ('answer' in s) return s.answer;
      const id = req.params.orderUuid;
      const uuid = isUuid(id) ? id.toLowerCase() : undefined;
      const detail = uuid ? await office.order(s.frame.storeId, s.frame.env, uuid) : undefined;
      if (!detail) return ctx.notFoundHere(reply, s.frame, 'order', uuid, `/dashboard/orders/${uuid}`);
      return ctx.page(reply, 200, s.frame, orderPage(s.frame, detail));
    },
  );

  /**
   * An owner's action on one of its orders: ctx.formAction's checks, then the order (another
   * store's is the not-found page); an action the rules refuse shows the order's page with why.
   */
  const orderAction = (req: FastifyRequest<{ Params: { orderUuid: string } }>, reply: FastifyReply, act: (f: Fields, frame: Frame, orderId: string) => Promise<void>) =>
    ctx.formAction(
      req,
      reply,
      'orders',
      async (f, frame) => {
        const id = req.params.orderUuid;
        const detail = isUuid(id) ? await office.order(frame.storeId, frame.env, id.toLowerCase()) : undefined;
        if (!detail) return ctx.notFound(reply, frame.locale);
        await act(f, frame, detail.order.id);
        return redirect(reply, `/dashboard/orders/${detail.order.id}?${q(frame)}`);
      },
      {
        onError: async (err, _f, frame) => {
          const again = await office.order(frame.storeId, frame.env, req.params.orderUuid.toLowerCase());
          if (!again) return ctx.notFound(reply, frame.locale);
          return ctx.page(reply, err.statusCode === 409 ? 409 : 400, frame, orderPage(frame, again, refundErrorText(frame.locale, err)));
        },
      },
    );

  app.post<{ Params: { orderUuid: string } }>(
    '/dashboard/orders/:orderUuid/refund',
    {
      schema: {
        tags,
        security,
        summary: 'Refund an order (owner; the same refund rules as POST /refunds)',
        operationId: 'dashboardRefund',
        consumes: FORM_CONSUMES,
        params: OrderParams,
        body: RefundBody,
        response: ActionResponses,
      },
    },
    async (req, reply) =>
      orderAction(req, reply, async (f, frame, orderId) => {
        const form = readRefundForm(f);
        if ('problem' in form) throw Errors.badRequest(form.problem.startsWith('amount') ? TEXTS[frame.locale].refundAmountInvalid : form.problem);
        const store = await opts.services.stores.get(frame.storeId);
        if (!store) throw Errors.notFound(`store ${frame.storeId}`);
        await opts.services.refunds.create(store, frame.env, { orderUuid: orderId, ...form });
      }),
  );

  app.post<{ Params: { orderUuid: string; notificationId: string } }>(
    '/dashboard/orders/:orderUuid/notifications/:notificationId/resend',
    {
      schema: {
        tags,
        security,
        summary: "Send one of the order's notifications again (owner)",
        operationId: 'dashboardResend',
        consumes: FORM_CONSUMES,
        params: NotificationParams,
        body: ResendBody,
        response: ActionResponses,
      },
    },
    async (req, reply) =>
      orderAction(req, reply, async (_f, frame, orderId) => {
        const detail = (await office.order(frame.storeId, frame.env, orderId))!;
        const n = detail.notifications.find((x) => x.id === req.params.notificationId.toLowerCase());
        if (!n) throw Errors.notFound(`Notification ${req.params.notificationId}`);
        await opts.services.outbox.resend(n.id);
      }),
  );

  for (const area of AREA_ROUTES) await area(app, ctx);
}
