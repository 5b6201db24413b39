/**
 * The store's balances in the payments API, one environment's (registered at /api and at
 * /sandbox/api beside the orders and refunds). Thin: read the Bearer token, ask the ledger, answer
 * in the spec's shape.
 *   GET /store-balances   the store's balances per settlement channel and currency
 */
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../platform/http-auth.js';
import type { Env } from '../platform/env.js';
import { described, errorResponses, operationId, Security } from '../platform/schemas.js';
import type { KeyResolver } from '../stores/auth.js';
import { StoreBalancesSchema } from './schema.js';
import type { LedgerService } from './service.js';
import { storeBalancesView } from './view.js';

/** The ledger takes only what it needs (its room imports platform and stores, not the composition root). */
export interface BalanceRouteOptions {
  env: Env;
  keys: Pick<KeyResolver, 'authenticateBearer'>;
  ledger: Pick<LedgerService, 'balances'>;
}

export async function balanceRoutes(app: FastifyInstance, opts: BalanceRouteOptions): Promise<void> {
  const { env, keys, ledger } = opts;

  app.get(
    '/store-balances',
    {
      schema: {
        tags: ['payments'],
        summary: "The store's balances per settlement channel and currency",
        operationId: operationId(env, 'getStoreBalances'),
        security: Security.bearer,
        response: { 200: described("The store's balances", StoreBalancesSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { key } = await keys.authenticateBearer(bearerToken(req), env);
      return storeBalancesView(key.store, await ledger.balances(key.store.id, env));
    },
  );
}
