/**
 * A merchant's developer talking to a real Kassa server with a store's sandbox keys, tokens signed
 * with node:crypto alone: signed `data` POSTs and Bearer GETs on the payments API, the sandbox
 * test helpers, and the shipping v2 API.
 */
import { handSigned } from './jwt.js';

export interface Keys {
  accessKey: string;
  secretKey: string;
}

export interface Answer {
  status: number;
  json: Record<string, any>;
}

const nowS = () => Math.floor(Date.now() / 1000);

export function merchant(base: string, k: Keys) {
  const bearer = () => ({ authorization: `Bearer ${handSigned({ accessKey: k.accessKey, exp: nowS() + 600 }, k.secretKey)}` });
  const send = async (url: string, init: RequestInit): Promise<Answer> => {
    const res = await fetch(url, init);
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
  const json = (body: unknown) => ({ headers: { ...bearer(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return {
    /** POST to the payments API with the payload as a signed `data` token. */
    post: (route: string, payload: Record<string, unknown>) =>
      send(`${base}/sandbox/api${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: handSigned({ ...payload, accessKey: k.accessKey, iat: nowS(), exp: nowS() + 600 }, k.secretKey) }),
      }),
    get: (route: string) => send(`${base}/sandbox/api${route}`, { headers: bearer() }),
    /** A sandbox test helper: POST /sandbox/api/test-helpers/{route}. */
    helper: async (route: string, body: unknown = {}) => (await send(`${base}/sandbox/api/test-helpers/${route}`, { method: 'POST', ...json(body) })).json,
    /** The shipping v2 API (Bearer token, JSON body when given). */
    shipping: (method: string, route: string, body?: unknown) =>
      send(`${base}/sandbox/shipping/api/v2${route}`, body === undefined ? { method, headers: bearer() } : { method, ...json(body) }),
  };
}

export type Merchant = ReturnType<typeof merchant>;
