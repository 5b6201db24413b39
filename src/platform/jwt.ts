/**
 * HS256 JSON Web Tokens, and nothing else: the header must say exactly `alg: HS256` and
 * `typ: JWT`, `exp` is required (unless the caller's policy allows a token without it), and the
 * signature is checked in constant time.
 *
 * Verification is two-step because the key depends on the token: `peek` reads the header and
 * payload without trusting them (to find the store by its access key), then `verify` checks the
 * signature with that store's secret and the expiry against the real clock. Every segment has one
 * spelling only: canonical unpadded base64url (RFC 7515 §2), so a token is exactly one string.
 * Verification is our own few lines over node:crypto (HMAC-SHA256, timingSafeEqual) so the token
 * is decoded once; signing uses fast-jwt.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { ApiError, Errors } from './errors.js';
import { findTextFault } from './text.js';
import { BODY_LIMIT_BYTES, formatBytes } from './body-limit.js';

export type Claims = Record<string, unknown>;

export interface Peeked {
  header: Record<string, unknown>;
  payload: Claims;
}

/**
 * The bytes of a segment in its one canonical spelling (RFC 7515 §2: base64url, RFC 4648 §5,
 * without `=`), or undefined: Buffer.from(x, 'base64url') would also take `=`, `+`, `/`, a
 * dangling character and non-zero padding bits (RFC 4648 §3.5), i.e. many spellings of one value.
 */
function canonicalBytes(part: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : undefined;
}

function decodePart(part: string | undefined, what: string): Record<string, unknown> {
  const bytes = part ? canonicalBytes(part) : undefined;
  if (!bytes) throw Errors.invalidToken(`the token ${what} is malformed`);
  let v: unknown;
  try {
    v = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw Errors.invalidToken(`the token ${what} is not valid JSON`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw Errors.invalidToken(`the token ${what} must be a JSON object`);
  return v as Record<string, unknown>;
}

/**
 * The longest token: the request body's limit (a token travels in the body, `{data: <JWT>}`, or in
 * a header, which Node caps at 16 KiB), which fits the largest order the documented limits allow
 * (platform/body-limit.ts).
 */
export const MAX_TOKEN_LENGTH = BODY_LIMIT_BYTES;

/** Reads an untrusted token's header and payload; refuses anything but an HS256 JWT. */
export function peek(token: unknown): Peeked {
  if (typeof token !== 'string' || token.length === 0) throw Errors.invalidToken('a signed token is required');
  if (token.length > MAX_TOKEN_LENGTH) throw Errors.invalidToken(`the token is longer than ${formatBytes(MAX_TOKEN_LENGTH)} (${MAX_TOKEN_LENGTH} characters)`);
  const parts = token.split('.');
  if (parts.length !== 3) throw Errors.invalidToken('the token must have three dot-separated parts');
  const header = decodePart(parts[0], 'header');
  if (header.alg !== 'HS256') throw Errors.invalidToken('header.alg must be HS256');
  if (header.typ !== 'JWT') throw Errors.invalidToken('header.typ must be JWT');
  if (!parts[2]) throw Errors.invalidToken('the token signature is missing');
  return { header, payload: decodePart(parts[1], 'payload') };
}

/** Seconds of clock skew tolerated on exp and nbf. */
const LEEWAY_S = 0;

export interface VerifyOptions {
  /**
   * What a valid signature without `exp` gets: 'refuse' (the default) is the 401 "payload.exp is
   * required"; 'accept' lets it through; an ApiError is thrown as given (a caller's own refusal).
   */
  withoutExp?: 'refuse' | 'accept' | ApiError;
  /** The access key whose secret the token must be signed with, for the 403's message (default: the one the payload names). */
  accessKey?: string;
}

/**
 * Verifies a token already accepted by `peek` (whose payload is passed back in): the signature
 * (403 INVALID_TOKEN when wrong), then `exp` (required unless `withoutExp` says otherwise; 401
 * when past) and `nbf`, then that every claim is text PostgreSQL can store (400 naming it: no
 * NUL, no lone surrogate; platform/text.ts). `secret` may be several (a store key's new and
 * previous secret during a roll's overlap): the signature must match one of them.
 */
export function verify(token: string, secret: string | readonly string[], peeked?: Peeked, opts: VerifyOptions = {}): Claims {
  return verifyWith(token, secret, peeked, opts).claims;
}

/** {@link verify}, also naming the secret the signature matched (a caller may remember the verified token). */
export function verifyWith(token: string, secret: string | readonly string[], peeked?: Peeked, opts: VerifyOptions = {}): { claims: Claims; secret: string } {
  const dot = token.lastIndexOf('.');
  // The signature is compared as text with the one canonical spelling of the HMAC (43 characters of
  // base64url, no `=`, zero padding bits): a re-spelled signature (`=` added, `+`/`/`, other padding
  // bits) is a wrong signature, not another spelling of a right one. Constant-time over equal lengths.
  const given = Buffer.from(token.slice(dot + 1), 'utf8');
  const signed = token.slice(0, dot);
  const matches = (s: string) => {
    const expected = Buffer.from(createHmac('sha256', s).update(signed).digest('base64url'), 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const matched = typeof secret === 'string' ? (matches(secret) ? secret : undefined) : secret.find(matches);
  if (matched === undefined) {
    const named = (peeked ?? peek(token)).payload;
    const key = opts.accessKey ?? [named.accessKey, named.access_key].find((k): k is string => typeof k === 'string' && k.length <= 128) ?? '(none named)';
    throw Errors.invalidSignature(key);
  }
  const payload = (peeked ?? peek(token)).payload;
  checkTimes(payload, opts);
  // The claims are the request: text PostgreSQL cannot store is a 400 naming the claim (payload.x).
  const fault = findTextFault(payload, 'payload');
  if (fault) throw Errors.validation(fault.field, fault.problem);
  return { claims: payload, secret: matched };
}

/**
 * The time claims of a token whose signature is good: `exp` required unless `withoutExp` says
 * otherwise, not past (401), `nbf` reached; all three numbers. Checked again at every use of a
 * token remembered as verified, since time moves on.
 */
export function checkTimes(payload: Claims, opts: Pick<VerifyOptions, 'withoutExp'> = {}): void {
  const now = Math.floor(Date.now() / 1000);
  const { exp, nbf, iat } = payload;
  const noExp = exp === undefined || exp === null;
  if (noExp) {
    const policy = opts.withoutExp ?? 'refuse';
    if (policy === 'refuse') throw Errors.invalidToken('payload.exp is required');
    if (policy instanceof ApiError) throw policy;
  }
  if ((!noExp && typeof exp !== 'number') || (nbf !== undefined && typeof nbf !== 'number') || (iat !== undefined && typeof iat !== 'number')) {
    throw Errors.invalidToken('payload.exp, iat and nbf must be numbers (Unix seconds)');
  }
  if (typeof exp === 'number' && exp + LEEWAY_S <= now) throw Errors.tokenExpired();
  if (typeof nbf === 'number' && nbf - LEEWAY_S > now) throw Errors.invalidToken('the token is not valid yet (nbf)');
}

type Sign = (payload: Claims) => string;
const signers = new Map<string, Sign>();

/** Signs claims with HS256; `exp` is set by the caller, `iat` defaults to now (Unix seconds). */
export function sign(claims: Claims, secret: string): string {
  let s = signers.get(secret);
  if (!s) {
    s = createSigner({ key: secret, algorithm: 'HS256', header: { alg: 'HS256', typ: 'JWT' } }) as Sign;
    if (signers.size > 10_000) signers.clear();
    signers.set(secret, s);
  }
  return s(claims);
}
