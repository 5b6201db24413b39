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
import { acceptedLocale, isLocale, type Locale } from '../platform/locales.js';
import { ORDER_STATUSES } from '../payments/orders/states.js';
import { Security } from '../platform/schemas.js';
import type { Services } from '../services.js';
import { cookies, LOGIN_CSRF_COOKIE, newToken, SESSION_COOKIE, setCookie, tokenMatches } from './csrf.js';
import { loginPage, messagePage, orderPage, ordersPage, overviewPage, type Frame } from './pages.js';
import { isUuid } from '../platform/ids.js';
import { ApiError, Errors } from '../platform/errors.js';
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
  readEnv,
  readOrdersSearch,
  type Fields,
} from './schema.js';
import { SESSION_HOURS, type Session } from './service.js';

const tags = ['pages'];
const security = Security.none;
const policy = (nonce: string) => ({ nonce, formOrigins: [], imageOrigins: [] });

function localeOf(req: FastifyRequest, f: Fields): Locale {
  return isLocale(f.lang) ? f.lang : (acceptedLocale(req.headers['accept-language']) ?? 'en');
}

export async function backofficeRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const office = opts.services.backoffice;
  const redirect = (reply: FastifyReply, to: string) => reply.code(303).header('cache-control', 'no-store').header('location', to).send();
  const message = (reply: FastifyReply, status: number, locale: Locale, key: 'forbidden' | 'notFound' | 'badSearch') => {
    const nonce = newNonce();
    return sendHtml(reply, status, messagePage(locale, nonce, key), policy(nonce));
  };
  const showLogin = (req: FastifyRequest, reply: FastifyReply, status: number, locale: Locale, extra: { email?: string; error?: 'invalid' | 'rateLimited' | 'forbidden' } = {}) => {
    let csrf = cookies(req)[LOGIN_CSRF_COOKIE];
    if (!csrf || !/^[A-Za-z0-9_-]{43}$/.test(csrf)) {
      csrf = newToken();
      setCookie(req, reply, LOGIN_CSRF_COOKIE, csrf, 3600);
    }
    const nonce = newNonce();
    return sendHtml(reply, status, loginPage({ locale, nonce, csrf, ...extra }), policy(nonce));
  };

  /** The signed-in page's frame: the session, the chosen store (one of the user's) and environment; else the answer. */
  const signedIn = async (req: FastifyRequest, reply: FastifyReply, f: Fields, current: Frame['current']): Promise<{ frame: Frame; session: Session } | { answer: FastifyReply }> => {
    const locale = localeOf(req, f);
    const session = await office.session(cookies(req)[SESSION_COOKIE]);
    if (!session) return { answer: await redirect(reply, `/dashboard/login?lang=${locale}`) };
    const env = readEnv(f);
    const membership = f.store ? session.memberships.find((m) => m.storeId === f.store) : session.memberships[0];
    if (!membership || !env) return { answer: await message(reply, 404, locale, 'notFound') };
    const nonce = newNonce();
    return {
      session,
      frame: { locale, nonce, csrf: session.csrfSecret, email: session.email, memberships: session.memberships, storeId: membership.storeId, env, current, role: membership.role },
    };
  };

  app.get('/dashboard/login', { schema: { tags, security, summary: 'The back office sign-in page (HTML)', operationId: 'dashboardLoginPage', querystring: LoginQuery, response: LoginPageResponses } }, async (req, reply) =>
    showLogin(req, reply, 200, localeOf(req, fieldsOf(req.query))),
  );

  app.post(
    '/dashboard/login',
    { schema: { tags, security, summary: 'Sign in to the back office (form post)', operationId: 'dashboardLogin', consumes: FORM_CONSUMES, querystring: LoginQuery, body: LoginBody, response: LoginResponses } },
    async (req, reply) => {
      const f = { ...fieldsOf(req.query), ...fieldsOf(req.body) };
      const locale = localeOf(req, f);
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
      if (!tokenMatches(f.csrf, session.csrfSecret)) return message(reply, 403, locale, 'forbidden');
      await office.signOut(sessionId);
      setCookie(req, reply, SESSION_COOKIE, '', 0);
      return redirect(reply, `/dashboard/login?lang=${locale}`);
    },
  );

  app.get('/dashboard', { schema: { tags, security, summary: 'The back office overview (HTML)', operationId: 'dashboardOverview', querystring: OverviewQuery, response: OverviewResponses } }, async (req, reply) => {
    const s = await signedIn(req, reply, fieldsOf(req.query), 'overview');
    if ('answer' in s) return s.answer;
    const { storeId, env } = s.frame;
    const [{ rows }, balances, failed] = await Promise.all([office.orders({ storeId, env }), opts.services.ledger.balances(storeId, env), office.failedDeliveries(storeId, env)]);
    return sendHtml(reply, 200, overviewPage(s.frame, rows, balances, failed), policy(s.frame.nonce));
  });

  app.get('/dashboard/orders', { schema: { tags, security, summary: "The store's orders: search and pages (HTML)", operationId: 'dashboardOrders', querystring: OrdersQuery, response: OrdersResponses } }, async (req, reply) => {
    const f = fieldsOf(req.query);
    const s = await signedIn(req, reply, f, 'orders');
    if ('answer' in s) return s.answer;
    const search = readOrdersSearch(f);
    if (!search) return message(reply, 400, s.frame.locale, 'badSearch');
    const { rows, next } = await office.orders({ storeId: s.frame.storeId, env: s.frame.env, ...search });
    const shown = { reference: search.reference ?? search.uuid, status: search.status, from: search.from, to: search.to };
    return sendHtml(reply, 200, ordersPage(s.frame, shown, rows, next, ORDER_STATUSES), policy(s.frame.nonce));
  });

  app.get<{ Params: { orderUuid: string } }>(
    '/dashboard/orders/:orderUuid',
    { schema: { tags, security, summary: 'One order of the store (HTML)', operationId: 'dashboardOrder', params: OrderParams, querystring: OrderQuery, response: OrderResponses } },
    async (req, reply) => {
      const s = await signedIn(req, reply, fieldsOf(req.query), 'orders');
      if ('answer' in s) return s.answer;
      const id = req.params.orderUuid;
      const detail = isUuid(id) ? await office.order(s.frame.storeId, s.frame.env, id.toLowerCase()) : undefined;
      if (!detail) return message(reply, 404, s.frame.locale, 'notFound');
      return sendHtml(reply, 200, orderPage(s.frame, detail), policy(s.frame.nonce));
    },
  );

  /**
   * An owner's action on one of its orders: the session, the CSRF token, the role and the order
   * are checked in that order; `act` runs the action and answers an ApiError below 500 with the
   * order's page and the error's message.
   */
  const orderAction = async (req: FastifyRequest<{ Params: { orderUuid: string } }>, reply: FastifyReply, act: (f: Fields, frame: Frame) => Promise<void>) => {
    const f = fieldsOf(req.body);
    const s = await signedIn(req, reply, f, 'orders');
    if ('answer' in s) return s.answer;
    const { frame } = s;
    if (!tokenMatches(f.csrf, s.session.csrfSecret) || frame.role !== 'owner') return message(reply, 403, frame.locale, 'forbidden');
    const id = req.params.orderUuid;
    const detail = isUuid(id) ? await office.order(frame.storeId, frame.env, id.toLowerCase()) : undefined;
    if (!detail) return message(reply, 404, frame.locale, 'notFound');
    try {
      await act(f, frame);
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      if (err.statusCode === 404) return message(reply, 404, frame.locale, 'notFound');
      const again = (await office.order(frame.storeId, frame.env, detail.order.id))!;
      return sendHtml(reply, err.statusCode === 409 ? 409 : 400, orderPage(frame, again, err.message), policy(frame.nonce));
    }
    return redirect(reply, `/dashboard/orders/${detail.order.id}?${new URLSearchParams({ store: frame.storeId, env: frame.env, lang: frame.locale })}`);
  };

  app.post<{ Params: { orderUuid: string } }>(
    '/dashboard/orders/:orderUuid/refund',
    {
      schema: { tags, security, summary: 'Refund an order (owner; the same refund rules as POST /refunds)', operationId: 'dashboardRefund', consumes: FORM_CONSUMES, params: OrderParams, body: RefundBody, response: ActionResponses },
    },
    async (req, reply) =>
      orderAction(req, reply, async (f, frame) => {
        const form = readRefundForm(f);
        if ('problem' in form) throw Errors.badRequest(form.problem);
        const store = await opts.services.stores.get(frame.storeId);
        if (!store) throw Errors.notFound(`store ${frame.storeId}`);
        await opts.services.refunds.create(store, frame.env, { orderUuid: req.params.orderUuid.toLowerCase(), ...form });
      }),
  );

  app.post<{ Params: { orderUuid: string; notificationId: string } }>(
    '/dashboard/orders/:orderUuid/notifications/:notificationId/resend',
    {
      schema: { tags, security, summary: "Send one of the order's notifications again (owner)", operationId: 'dashboardResend', consumes: FORM_CONSUMES, params: NotificationParams, body: ResendBody, response: ActionResponses },
    },
    async (req, reply) =>
      orderAction(req, reply, async (_f, frame) => {
        const detail = (await office.order(frame.storeId, frame.env, req.params.orderUuid.toLowerCase()))!;
        const n = detail.notifications.find((x) => x.id === req.params.notificationId.toLowerCase());
        if (!n) throw Errors.notFound(`Notification ${req.params.notificationId}`);
        await opts.services.outbox.resend(n.id);
      }),
  );
}
