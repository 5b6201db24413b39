/** The operator API's guard: `Authorization: Bearer <admin token>`, compared in constant time. */
import type { FastifyInstance } from 'fastify';
import { safeEqual } from './crypto.js';
import { Errors } from './errors.js';
import { bearerToken } from './http-auth.js';

/** Adds the admin-token check to every route of the plugin `app` (hooks stay inside the plugin). */
export function requireAdminToken(app: FastifyInstance, adminToken: string): void {
  app.addHook('onRequest', async (req) => {
    if (!safeEqual(bearerToken(req), adminToken)) throw Errors.unauthorized('invalid operator token');
  });
}
