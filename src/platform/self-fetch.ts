/**
 * The HTTP client of connectors (Stripe's SDK, the Berlin Group client): `fetch`, except for a
 * request to Kassa's own public origin (the sandbox's simulators), which goes to this very app
 * once it is attached: over loopback HTTP to the port it listens on (a server: the same bytes on
 * a real socket, not through the proxy in front), or through `inject()` while it listens on none
 * (route tests). A worker process without an app reaches the public URL over the network.
 * Production connectors never point at Kassa's origin (connectors/kinds.ts).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export class SelfFetch {
  private app: FastifyInstance | undefined;
  private address: AddressInfo | undefined;
  private readonly origin: string | undefined;

  constructor(
    publicUrl: string,
    private readonly outside: Fetch = (i, init) => fetch(i, init),
  ) {
    try {
      this.origin = new URL(publicUrl).origin;
    } catch {
      this.origin = undefined;
    }
  }

  /** Called by buildApp: requests to the public origin go through this app from now on. */
  attach(app: FastifyInstance): void {
    this.app = app;
  }

  /**
   * A process that serves no app but whose API processes listen at `address` (the first process
   * of several, platform/cluster.ts): requests to the public origin go there over loopback.
   */
  listensAt(address: AddressInfo): void {
    this.address = address;
  }

  readonly fetch: Fetch = async (input, init) => {
    const url = new URL(String(input));
    const app = this.app;
    if ((!app && !this.address) || url.origin !== this.origin) return this.outside(url, init);
    const address = app ? (app.server.listening ? app.server.address() : null) : this.address;
    if (address && typeof address === 'object') {
      const unspecified = address.address === '0.0.0.0' || address.address === '::';
      const host = unspecified ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return this.outside(new URL(`${url.pathname}${url.search}`, `http://${host}:${address.port}`), init);
    }
    if (!app) return this.outside(url, init);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const body = init?.body;
    const payload = body === undefined || body === null ? undefined : typeof body === 'string' ? body : Buffer.from(await new Response(body).arrayBuffer());
    const res = await app.inject({ method: (init?.method ?? 'GET') as 'GET', url: url.pathname + url.search, headers, ...(payload !== undefined ? { payload } : {}) });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [String(v)]) out.append(k, one);
    }
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}
