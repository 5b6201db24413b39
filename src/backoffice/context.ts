/**
 * What every back-office route does before its own work: find the session (else to the sign-in
 * page), pick the store (one of the user's; another is the not-found page, whatever the URL says)
 * and the environment, and for a form post check its CSRF token and, for an owner's action, the
 * role. An area's routes (orders, payouts, settings, shipping) get one `OfficeContext` and never
 * read cookies or memberships themselves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { html, newNonce, sendHtml } from '../platform/html.js';
import { acceptedLocale, isLocale, type Locale } from '../platform/locales.js';
import { ApiError } from '../platform/errors.js';
import type { Services } from '../services.js';
import { cookies, SESSION_COOKIE, tokenMatches } from './csrf.js';
import { fill, TEXTS } from './i18n.js';
import { messagePage, q, type Area, type Frame } from './layout.js';
import type { OfficeObject } from './store.js';
import { fieldsOf, readEnv, type Fields } from './schema.js';
import type { Session } from './service.js';

/** The CSP of every back-office page: the page's nonce, forms post to the same origin only, no image from elsewhere. */
export const pagePolicy = (nonce: string) => ({ nonce, formOrigins: [], imageOrigins: [] });

/** An area's routes (areas.ts lists them), given the shared context. */
export type AreaRoutes = (app: FastifyInstance, ctx: OfficeContext) => Promise<void>;

export type SignedIn = { frame: Frame; session: Session } | { answer: FastifyReply };

export interface OfficeContext {
  services: Services;
  localeOf(req: FastifyRequest, f: Fields): Locale;
  /** A 303 to `to`, never cached. */
  redirect(reply: FastifyReply, to: string): FastifyReply;
  /** A page that only says `heading` (a text of the page's locale), with `status`. */
  message(reply: FastifyReply, status: number, locale: Locale, heading: string): FastifyReply;
  notFound(reply: FastifyReply, locale: Locale): FastifyReply;
  forbidden(reply: FastifyReply, locale: Locale): FastifyReply;
  /**
   * The not-found page for an object (`kind`, `id`) the frame's environment does not have; when the
   * store has it in its other environment, the page says so with a link to `path` there. Only the
   * frame's store is looked in: another store's objects are never revealed.
   */
  notFoundHere(reply: FastifyReply, frame: Frame, kind: OfficeObject, id: string | undefined, path: string): Promise<FastifyReply>;
  /** Sends a rendered page with the frame's nonce CSP. */
  page(reply: FastifyReply, status: number, frame: Frame, body: string): FastifyReply;
  /** The signed-in frame of a GET (fields from the query) or a form post (fields from the body). */
  signedIn(req: FastifyRequest, reply: FastifyReply, f: Fields, current: Area): Promise<SignedIn>;
  /**
   * A form post that changes something: session, CSRF token and (unless `anyRole`) the owner role
   * are checked in that order (403 page otherwise) before `act` runs. `act` answers the request
   * itself (usually a 303 back to the page). An ApiError below 500 that it throws becomes `onError`'s
   * page (usually the same page with the error's message; by default a page with only the message),
   * or the not-found page for a 404.
   */
  formAction(
    req: FastifyRequest,
    reply: FastifyReply,
    current: Area,
    act: (f: Fields, frame: Frame) => Promise<FastifyReply>,
    opts?: { anyRole?: boolean; onError?: (err: ApiError, f: Fields, frame: Frame) => Promise<FastifyReply> },
  ): Promise<FastifyReply>;
}

export function officeContext(services: Services): OfficeContext {
  const office = services.backoffice;
  const localeOf = (req: FastifyRequest, f: Fields): Locale => (isLocale(f.lang) ? f.lang : (acceptedLocale(req.headers['accept-language']) ?? 'en'));
  const redirect = (reply: FastifyReply, to: string) => reply.code(303).header('cache-control', 'no-store').header('location', to).send();
  const message = (reply: FastifyReply, status: number, locale: Locale, heading: string) => {
    const nonce = newNonce();
    return sendHtml(reply, status, messagePage(locale, nonce, heading), pagePolicy(nonce));
  };
  const notFound = (reply: FastifyReply, locale: Locale) => message(reply, 404, locale, TEXTS[locale].notFound);
  const forbidden = (reply: FastifyReply, locale: Locale) => message(reply, 403, locale, TEXTS[locale].forbidden);
  const page = (reply: FastifyReply, status: number, frame: Frame, body: string) => sendHtml(reply, status, body, pagePolicy(frame.nonce));
  const notFoundHere: OfficeContext['notFoundHere'] = async (reply, frame, kind, id, path) => {
    const there = id ? await office.livesIn(frame.storeId, frame.env, kind, id) : undefined;
    if (!there) return notFound(reply, frame.locale);
    const t = TEXTS[frame.locale];
    const nonce = newNonce();
    const link = html`<p>${fill(t.elsewhere, { here: t[frame.env], there: t[there] })}</p><p><a href="${path}?${q({ ...frame, env: there })}">${fill(t.openThere, { there: t[there] })}</a></p>`;
    return sendHtml(reply, 404, messagePage(frame.locale, nonce, t.notFound, link), pagePolicy(nonce));
  };

  const signedIn = async (req: FastifyRequest, reply: FastifyReply, f: Fields, current: Area): Promise<SignedIn> => {
    const locale = localeOf(req, f);
    const session = await office.session(cookies(req)[SESSION_COOKIE]);
    if (!session) return { answer: await redirect(reply, `/dashboard/login?lang=${locale}`) };
    const membership = f.store ? session.memberships.find((m) => m.storeId === f.store) : session.memberships[0];
    if (!membership) return { answer: await notFound(reply, locale) };
    // No environment in the URL: the one with data (office.defaultEnv); the switch and every link carry it on.
    const env = f.env === undefined || f.env === '' ? await office.defaultEnv(membership.storeId) : readEnv(f);
    if (!env) return { answer: await notFound(reply, locale) };
    return {
      session,
      frame: { locale, nonce: newNonce(), csrf: session.csrfSecret, email: session.email, memberships: session.memberships, storeId: membership.storeId, env, current, role: membership.role },
    };
  };

  const formAction: OfficeContext['formAction'] = async (req, reply, current, act, opts = {}) => {
    const f = fieldsOf(req.body);
    const s = await signedIn(req, reply, f, current);
    if ('answer' in s) return s.answer;
    const { frame } = s;
    if (!tokenMatches(f.csrf, s.session.csrfSecret) || (!opts.anyRole && frame.role !== 'owner')) return forbidden(reply, frame.locale);
    try {
      return await act(f, frame);
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      if (err.statusCode === 404) return notFound(reply, frame.locale);
      if (!opts.onError) return message(reply, err.statusCode, frame.locale, err.message);
      return opts.onError(err, f, frame);
    }
  };

  return { services, localeOf, redirect, message, notFound, forbidden, notFoundHere, page, signedIn, formAction };
}
