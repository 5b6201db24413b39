/**
 * HS256 JSON Web Tokens, and nothing else: the header must say exactly `alg: HS256` and
 * `typ: JWT`, `exp` is required, and the signature is checked in constant time (fast-jwt).
 *
 * Verification is two-step because the key depends on the token: `peek` reads the header and
 * payload without trusting them (to find the store by its access key), then `verify` checks the
 * signature with that store's secret and the expiry against the real clock.
 */
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { Errors } from './errors.js';

export type Claims = Record<string, unknown>;

export interface Peeked {
  header: Record<string, unknown>;
  payload: Claims;
}

function decodePart(part: string | undefined, what: string): Record<string, unknown> {
  if (!part || !/^[A-Za-z0-9_-]+$/.test(part)) throw Errors.invalidToken(`the token ${what} is malformed`);
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw Errors.invalidToken(`the token ${what} is not valid JSON`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw Errors.invalidToken(`the token ${what} must be a JSON object`);
  return v as Record<string, unknown>;
}

/** Reads an untrusted token's header and payload; refuses anything but an HS256 JWT. */
export function peek(token: unknown): Peeked {
  if (typeof token !== 'string' || token.length === 0) throw Errors.invalidToken('a signed token is required');
  if (token.length > 64 * 1024) throw Errors.invalidToken('the token is too large');
  const parts = token.split('.');
  if (parts.length !== 3) throw Errors.invalidToken('the token must have three dot-separated parts');
  const header = decodePart(parts[0], 'header');
  if (header.alg !== 'HS256') throw Errors.invalidToken('header.alg must be HS256');
  if (header.typ !== 'JWT') throw Errors.invalidToken('header.typ must be JWT');
  if (!parts[2]) throw Errors.invalidToken('the token signature is missing');
  return { header, payload: decodePart(parts[1], 'payload') };
}

type Verify = (token: string) => Claims;
const verifiers = new Map<string, Verify>();

function verifierFor(secret: string): Verify {
  let v = verifiers.get(secret);
  if (!v) {
    v = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp'], cache: false }) as Verify;
    if (verifiers.size > 10_000) verifiers.clear();
    verifiers.set(secret, v);
  }
  return v;
}

/** Verifies signature (403 INVALID_TOKEN when wrong) and expiry (401). Call `peek` first. */
export function verify(token: string, secret: string): Claims {
  try {
    return verifierFor(secret)(token);
  } catch (err) {
    const code = err instanceof TokenError ? err.code : '';
    if (code === TokenError.codes.invalidSignature) throw Errors.invalidSignature();
    if (code === TokenError.codes.expired) throw Errors.tokenExpired();
    if (code === TokenError.codes.missingRequiredClaim) throw Errors.invalidToken('payload.exp is required');
    if (code === TokenError.codes.invalidClaimType || code === TokenError.codes.invalidClaimValue) {
      throw Errors.invalidToken('payload.exp, iat and nbf must be numbers (Unix seconds)');
    }
    if (code === TokenError.codes.inactive) throw Errors.invalidToken('the token is not valid yet (nbf)');
    throw Errors.invalidToken((err as Error).message);
  }
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
