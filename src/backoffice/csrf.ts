/**
 * Cookies and form tokens of the back office.
 *
 * - The session cookie `kassa_session`: HttpOnly, SameSite=Lax, Path=/dashboard, Secure when the
 *   request came over HTTPS (req.protocol, which honours X-Forwarded-Proto with trustProxy).
 * - Signed-in forms carry the session's CSRF secret (random, 256 bits, kept with the session);
 *   a POST without it, or with another, is refused (403) before anything else.
 * - The sign-in form (no session yet) is a double submit: a random `kassa_login_csrf` cookie and the
 *   same value in the form.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../platform/crypto.js';

export const SESSION_COOKIE = 'kassa_session';
export const LOGIN_CSRF_COOKIE = 'kassa_login_csrf';

export function cookies(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (k && !(k in out)) out[k] = v;
  }
  return out;
}

export function setCookie(req: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAgeSeconds: number): void {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  const previous = reply.getHeader('set-cookie');
  const list = Array.isArray(previous) ? previous : previous === undefined ? [] : [String(previous)];
  reply.header('set-cookie', [...list, `${name}=${value}; Path=/dashboard; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`]);
}

export const newToken = (): string => randomBytes(32).toString('base64url');

/** The form's token matches the expected one (constant-time); an absent or empty one never does. */
export function tokenMatches(sent: string | undefined, expected: string | undefined): boolean {
  return !!sent && !!expected && safeEqual(sent, expected);
}
