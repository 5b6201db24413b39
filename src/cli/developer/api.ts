/**
 * What every developer command shares: the store's keys and the environment's API bases
 * (`context`), and calls signed as a merchant's server signs them (`api`): a Bearer JWT
 * `{accessKey, iat, exp}`, or the `data` token of POST /orders and /refunds. Exported for other
 * commands run with a store's keys (e.g. `kassa labels`).
 */
import { systemClock } from '../../platform/clock.js';
import { CliError, refusedMessage, server as whichServer, unreachable, usageError, type Server } from '../kit.js';

export interface KeyOptions {
  env?: string | undefined;
  json?: boolean | undefined;
  'access-key'?: string | undefined;
  'secret-key'?: string | undefined;
}

export interface StoreContext {
  env: 'sandbox' | 'production';
  accessKey: string;
  secretKey: string;
  /** The payments API of the environment (KASSA_PAYMENTS_PATH / KASSA_PAYMENTS_SANDBOX_PATH). */
  base: string;
  /** The shipping API (v2) of the environment (KASSA_SHIPPING_PATH / KASSA_SHIPPING_SANDBOX_PATH). */
  shippingBase: string;
  /** The server called, and why that one (messages name it). */
  server: Server;
  json: boolean;
  out: (s: string) => void;
  err: (s: string) => void;
}

/** The store's keys (--access-key/--secret-key or KASSA_ACCESS_KEY/KASSA_SECRET_KEY) and --env; a usage error (2) when missing. */
export function storeContext(values: KeyOptions, out: (s: string) => void, err: (s: string) => void): StoreContext {
  const env = values.env ?? 'sandbox';
  if (env !== 'sandbox' && env !== 'production') throw usageError('--env sandbox|production');
  const accessKey = values['access-key'] ?? process.env.KASSA_ACCESS_KEY;
  const secretKey = values['secret-key'] ?? process.env.KASSA_SECRET_KEY;
  if (!accessKey || !secretKey) throw usageError("the store's keys are required: --access-key and --secret-key (or KASSA_ACCESS_KEY, KASSA_SECRET_KEY)");
  const server = whichServer();
  const path = env === 'production' ? process.env.KASSA_PAYMENTS_PATH || '/api' : process.env.KASSA_PAYMENTS_SANDBOX_PATH || '/sandbox/api';
  const shipping = env === 'production' ? process.env.KASSA_SHIPPING_PATH || '/shipping/api/v2' : process.env.KASSA_SHIPPING_SANDBOX_PATH || '/sandbox/shipping/api/v2';
  return { env, accessKey, secretKey, base: server.base + path.replace(/\/+$/, ''), shippingBase: server.base + shipping.replace(/\/+$/, ''), server, json: values.json ?? false, out, err };
}

const nowS = () => Math.floor(systemClock.now().getTime() / 1000);

/**
 * A token of the store's keys: `{accessKey, ...claims, iat, exp}` (10 minutes). The JWT module
 * (fast-jwt) is loaded at the first call, so commands without a store's keys start without it.
 */
export async function storeToken(c: StoreContext, claims: Record<string, unknown> = {}): Promise<string> {
  const { sign } = await import('../../platform/jwt.js');
  return sign({ accessKey: c.accessKey, ...claims, iat: nowS(), exp: nowS() + 600 }, c.secretKey);
}

/** A refused or failed call: the server's status (none when unreachable). */
export class ApiCallError extends CliError {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/**
 * A JSON call with the store's keys. `body` `{data: claims}` is sent signed as POST /orders and
 * /refunds take it; any other body with a Bearer token. Throws ApiCallError naming the route and
 * the server's message.
 */
export async function storeApi(
  c: StoreContext,
  method: string,
  route: string,
  body?: { data: Record<string, unknown> } | Record<string, unknown>,
  opts: { base?: string; signal?: AbortSignal } = {},
): Promise<unknown> {
  const base = opts.base ?? c.base;
  const signed = body !== undefined && 'data' in body;
  const sent = signed ? { data: await storeToken(c, body.data as Record<string, unknown>) } : body;
  const bearer = signed ? undefined : await storeToken(c);
  let res: Response;
  try {
    res = await fetch(base + route, {
      method,
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(sent ? { 'content-type': 'application/json' } : {}) },
      body: sent ? JSON.stringify(sent) : undefined,
      signal: opts.signal,
    });
  } catch (e) {
    throw new ApiCallError(unreachable({ ...c.server, base }, e), undefined);
  }
  const json = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new ApiCallError(refusedMessage(method, route, res.status, json?.message, c.server, `store's ${c.env} keys are ${c.accessKey}`), res.status);
  return json;
}
