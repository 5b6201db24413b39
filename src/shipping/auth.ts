/**
 * Authentication of the shipping APIs (v2, and the v3 catalogue beside it). The shipping spec's
 * error table has one status for every token fault, "401 JWT validation failed", where the
 * payments API answers a wrong signature with 403 INVALID_TOKEN. The key lookup and the JWT
 * checks are shared (src/stores/auth.ts); this is where the shipping status is decided: every
 * fault of the Bearer token is a 401 in the spec's error shape, its message kept.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../platform/errors.js';
import { bearerToken } from '../platform/http-auth.js';
import type { KeyResolver } from '../stores/auth.js';
import type { Store } from '../stores/service.js';
import type { Env } from '../platform/env.js';

/** The status a token fault gets on the shipping APIs. */
export const SHIPPING_TOKEN_FAULT_STATUS = 401;

/** The shared token checks answer a wrong signature with 403 (the payments table); the shipping APIs answer every token fault with 401, its message kept. */
export async function asShippingTokenFault<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 403) throw new ApiError(SHIPPING_TOKEN_FAULT_STATUS, err.message, err.code);
    throw err;
  }
}

/** `(req) => the store of the request's Bearer token in env`; every token fault is a 401. */
export function shippingAuth(keys: Pick<KeyResolver, 'authenticateBearer'>, env: Env): (req: FastifyRequest) => Promise<Store> {
  return async (req) => (await asShippingTokenFault(keys.authenticateBearer(bearerToken(req), env))).key.store;
}
