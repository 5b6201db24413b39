/**
 * The back office (/dashboard): a merchant's people sign in and see their own stores' data.
 *   GET  /dashboard/login    the sign-in page         POST /dashboard/login   signs in
 *   POST /dashboard/logout   signs out
 * then every area (areas.ts: overview, orders, payouts, settings, shipping), each in its folder.
 * Pages are HTML; every form carries a CSRF token (csrf.ts). A store that is not the user's is
 * the not-found page, whatever the URL says.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newNonce, sendHtml } from '../platform/html.js';
import type { Locale } from '../platform/locales.js';
import { Security } from '../platform/schemas.js';
import type { Services } from '../services.js';
import { cookies, LOGIN_CSRF_COOKIE, newToken, SESSION_COOKIE, setCookie, tokenMatches } from './csrf.js';
import { officeContext, pagePolicy } from './context.js';
import { AREA_ROUTES } from './areas.js';
import { loginPage } from './layout.js';
import { fieldsOf, FORM_CONSUMES, LoginBody, LoginPageResponses, LoginQuery, LoginResponses, LogoutBody, LogoutResponses } from './schema.js';
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

  for (const area of AREA_ROUTES) await area(app, ctx);
}
