/**
 * The Berlin Group XS2A client of one bank: payment initiation, its status and the payment
 * itself, on the wire as the NextGenPSD2 Implementation Guidelines define them. Production reaches
 * the bank with mutual TLS (the TPP's QWAC, `mtlsFetch`); the sandbox runs this same client through
 * `ctx.fetch` against Kassa's own XS2A simulator. Every call has a timeout; an initiation that
 * timed out or met a 5xx is sent again with the same X-Request-ID, which the bank answers with
 * the same payment.
 */
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../platform/clock.js';
import type { Fetch } from '../../../platform/self-fetch.js';
import { Errors } from '../../../platform/errors.js';
import { parseInitiationAnswer, parsePaymentAnswer, parseStatusAnswer, tppMessageText, type InitiationAnswer, type PaymentAnswer, type PaymentInitiation, type StatusAnswer } from './mapper.js';
import { signRequest } from './signing.js';

export interface BankEndpoint {
  /** e.g. https://psd2.bank.example/xs2a (without /v1). */
  baseUrl: string;
  paymentProduct: string;
  signing: { keyId: string; keyPem: string; certPem: string } | null;
  /** Milliseconds each call may take. */
  timeoutMs: number;
  /** Milliseconds a status or payment read may take, when not `timeoutMs`. */
  readTimeoutMs?: number;
}

/** What one initiation sends besides its body (IG 5.3.1 request headers). */
export interface InitiationHeaders {
  /** The same on every retry of this initiation: Kassa's payment intent id. */
  requestId: string;
  psuIpAddress: string;
  redirectUri: string;
  nokRedirectUri: string;
  /** The shopper's language, forwarded as PSU-Accept-Language. */
  language: string;
}

/** The bank did not answer (timeouts, network, 5xx) after the retries. */
export class BankUnavailableError extends Error {}

/** How many times an initiation or a read is sent in all (the first call and the retries). */
export const CALLS = 3;

class TimedOut extends Error {}

export class Xs2aClient {
  constructor(
    readonly endpoint: BankEndpoint,
    private readonly fetch: Fetch,
    private readonly clock: Clock,
  ) {}

  private url(path: string): string {
    return `${this.endpoint.baseUrl.replace(/\/+$/, '')}/v1/payments/${encodeURIComponent(this.endpoint.paymentProduct)}${path}`;
  }

  /** One HTTP exchange within the timeout (a request through `inject` cannot be aborted, so the wait is raced too). */
  private async exchange(url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; json: unknown }> {
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new TimedOut(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      const res = await Promise.race([this.fetch(url, { ...init, signal: abort.signal }), timeout]);
      const text = await Promise.race([res.text(), timeout]);
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, json };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends until an answer that is not a timeout, network error or 5xx, at most CALLS times. */
  private async withRetries(what: string, send: () => Promise<{ status: number; json: unknown }>): Promise<{ status: number; json: unknown }> {
    let last = '';
    for (let i = 0; i < CALLS; i++) {
      try {
        const r = await send();
        if (r.status < 500) return r;
        last = `HTTP ${r.status} (${tppMessageText(r.json)})`;
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
      }
    }
    throw new BankUnavailableError(`the bank did not answer the ${what} (${last})`);
  }

  private headers(requestId: string, extra: Record<string, string> = {}): Record<string, string> {
    return { accept: 'application/json', 'x-request-id': requestId, date: this.clock.now().toUTCString(), ...extra };
  }

  /** POST /v1/payments/{product} (IG 5.3): 201 with transactionStatus, paymentId and _links.scaRedirect. */
  async initiate(body: PaymentInitiation, h: InitiationHeaders): Promise<InitiationAnswer> {
    const json = JSON.stringify(body);
    const { status, json: answer } = await this.withRetries('payment initiation', () => {
      // Each call is signed afresh (its Date), always with the same X-Request-ID and body.
      const headers = this.headers(h.requestId, {
        'content-type': 'application/json',
        'psu-ip-address': h.psuIpAddress,
        'psu-accept-language': h.language,
        'tpp-redirect-preferred': 'true',
        'tpp-redirect-uri': h.redirectUri,
        'tpp-nok-redirect-uri': h.nokRedirectUri,
      });
      if (this.endpoint.signing) signRequest(headers, json, this.endpoint.signing);
      return this.exchange(this.url(''), { method: 'POST', headers, body: json }, this.endpoint.timeoutMs);
    });
    if (status !== 201 && status !== 200) throw Errors.badRequest(`the bank refused the payment initiation (HTTP ${status}: ${tppMessageText(answer)})`);
    return parseInitiationAnswer(answer);
  }

  private async read(path: string, what: string): Promise<unknown> {
    const { status, json } = await this.withRetries(what, () => {
      const headers = this.headers(randomUUID());
      if (this.endpoint.signing) signRequest(headers, '', this.endpoint.signing);
      return this.exchange(this.url(path), { method: 'GET', headers }, this.endpoint.readTimeoutMs ?? this.endpoint.timeoutMs);
    });
    if (status !== 200) throw Errors.badRequest(`the bank refused the ${what} (HTTP ${status}: ${tppMessageText(json)})`);
    return json;
  }

  /** GET /v1/payments/{product}/{paymentId}/status (IG 5.5). */
  async status(paymentId: string): Promise<StatusAnswer> {
    return parseStatusAnswer(await this.read(`/${encodeURIComponent(paymentId)}/status`, 'status request'));
  }

  /** GET /v1/payments/{product}/{paymentId} (IG 5.4): the payment, with the debtor where the bank gives it. */
  async payment(paymentId: string): Promise<PaymentAnswer> {
    return parsePaymentAnswer(await this.read(`/${encodeURIComponent(paymentId)}`, 'payment request'));
  }
}

/**
 * Production's HTTP client of one bank: `fetch` over node:https with the TPP's QWAC and key for
 * mutual TLS (an https.Agent per bank, keep-alive), so no dependency beyond Node is needed.
 */
export function mtlsFetch(tls: { certPem: string; keyPem: string; caPem?: string }): Fetch {
  const agent = new https.Agent({ cert: tls.certPem, key: tls.keyPem, ...(tls.caPem ? { ca: tls.caPem } : {}), keepAlive: true });
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      if (url.protocol !== 'https:') {
        reject(new Error('a bank is reached over https only'));
        return;
      }
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((v, k) => {
        headers[k] = v;
      });
      const body = typeof init?.body === 'string' ? init.body : undefined;
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const req = https.request(url, { method: init?.method ?? 'GET', headers, agent, ...(init?.signal ? { signal: init.signal } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
          const status = res.statusCode ?? 502;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: out }));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
}
