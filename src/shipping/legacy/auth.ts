/**
 * Authentication of the earlier snake_case shipping API (shipping-legacy.md, Authentication):
 * `Authorization: Bearer` HS256 JWT whose payload names the store by `access_key` (snake_case;
 * clients also send `iat`) and carries `exp`. The key lookup and JWT checks are the shared ones
 * (src/stores/auth.ts); as on the v2 shipping API, every token fault is a 401.
 */
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/http-auth.js';
import type { Env } from '../../platform/env.js';
import type { KeyResolver } from '../../stores/auth.js';
import type { Store } from '../../stores/service.js';
import { asShippingTokenFault } from '../auth.js';

/** `(req) => the store of the request's Bearer token in env`, named by its `access_key`; every token fault is a 401. */
export function legacyAuth(keys: Pick<KeyResolver, 'authenticate'>, env: Env): (req: FastifyRequest) => Promise<Store> {
  return async (req) => (await asShippingTokenFault(keys.authenticate(bearerToken(req), env, 'access_key'))).key.store;
}
