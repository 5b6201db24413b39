/**
 * A merchant's developer talking to a real Kassa server with a store's sandbox keys, tokens signed
 * with node:crypto alone: signed `data` POSTs and Bearer GETs on the payments API, the sandbox
 * test helpers, and the shipping v2 API.
 *
 * Built on openapi-fetch's client typed by Kassa's own OpenAPI document (test/support/api/openapi.d.ts,
 * `npm run api:client`): a route that is not in the document, or a method it does not have there,
 * does not compile. Concrete paths (`/orders/<uuid>`, with a query string) are checked against the
 * document's templates (`/orders/{orderUuid}`); `api` is the typed client itself.
 */
import createClient from 'openapi-fetch';
import type { paths } from './api/openapi.js';
import { handSigned } from './jwt.js';

export interface Keys {
  accessKey: string;
  secretKey: string;
}

export interface Answer {
  status: number;
  json: Record<string, any>;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The document's paths that have `method`. */
type PathsWith<M extends Method> = { [P in keyof paths]: [paths[P][M]] extends [undefined] ? never : P }[keyof paths];
/** The paths under `prefix` that have `method`, without the prefix. */
type Under<Prefix extends string, M extends Method> = PathsWith<M> extends infer P ? (P extends `${Prefix}${infer R}` ? R : never) : never;
/** A template `/a/{b}/c` as the concrete paths it matches (`/a/${string}/c`), with an optional query string. */
type Concrete<P extends string> = P extends `${infer A}{${string}}${infer B}` ? `${A}${string}${Concrete<B>}` : P;
type Route<T extends string> = Concrete<T> | `${Concrete<T>}?${string}`;

const PAYMENTS = '/sandbox/api';
const HELPERS = '/sandbox/api/test-helpers/';
const SHIPPING = '/sandbox/shipping/api/v2';

/** The payments POSTs whose body is `{data: <signed token>}`. */
type TokenRoute = {
  [R in Under<typeof PAYMENTS, 'post'>]: paths[`${typeof PAYMENTS}${R}`]['post'] extends { requestBody: { content: { 'application/json': { data: string } } } } ? R : never;
}[Under<typeof PAYMENTS, 'post'>];

const nowS = () => Math.floor(Date.now() / 1000);

export function merchant(base: string, k: Keys) {
  const api = createClient<paths>({ baseUrl: base });
  const bearer = () => ({ authorization: `Bearer ${handSigned({ accessKey: k.accessKey, exp: nowS() + 600 }, k.secretKey)}` });
  /**
   * One call through the typed client. `url` has been checked against the document's templates
   * by the caller's parameter type; openapi-fetch sends a path without `{…}` as it is.
   */
  const send = async <M extends Method>(method: M, url: string, init: { headers?: Record<string, string>; body?: unknown }): Promise<Answer> => {
    const path = url as PathsWith<M>;
    const res = (await api.request(method, path as never, { ...init, parseAs: 'text' } as never)) as { response: Response; data?: unknown; error?: unknown };
    // A success is parsed as text (then JSON here); openapi-fetch parses an error body as JSON itself.
    const body = res.response.ok ? res.data : res.error;
    const json = typeof body === 'string' ? (body ? JSON.parse(body) : {}) : (body ?? {});
    return { status: res.response.status, json: json as Record<string, any> };
  };
  return {
    /** The typed openapi-fetch client of the whole document (base URL set, no credentials). */
    api,
    /** POST to the payments API with the payload as a signed `data` token. */
    post: (route: TokenRoute, payload: Record<string, unknown>) =>
      send('post', `${PAYMENTS}${route}`, {
        body: { data: handSigned({ ...payload, accessKey: k.accessKey, iat: nowS(), exp: nowS() + 600 }, k.secretKey) },
      }),
    get: (route: Route<Under<typeof PAYMENTS, 'get'>>) => send('get', `${PAYMENTS}${route}`, { headers: bearer() }),
    /** A sandbox test helper: POST /sandbox/api/test-helpers/{route}. */
    helper: async (route: Route<Under<typeof HELPERS, 'post'>>, body: unknown = {}) => (await send('post', `${HELPERS}${route}`, { headers: bearer(), body })).json,
    /** The shipping v2 API (Bearer token, JSON body when given). */
    shipping: <U extends Uppercase<Method>>(method: U, route: Route<Under<typeof SHIPPING, Lowercase<U>>>, body?: unknown) =>
      send(method.toLowerCase() as Lowercase<U>, `${SHIPPING}${route}`, body === undefined ? { headers: bearer() } : { headers: bearer(), body }),
  };
}

export type Merchant = ReturnType<typeof merchant>;
