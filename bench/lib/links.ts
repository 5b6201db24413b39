/**
 * The `links` step: a payment link with shipping options (the store's carriers in EE, their
 * pickup points and the shipping cost from the rate tables on the page), and the first-byte
 * latency of its page measured one request at a time before the load run, as a browser asks for
 * it (Accept-Encoding: gzip, deflate, br, zstd), with its size on the wire and unzipped.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sign } from '../../src/platform/jwt.js';
import type { Keys } from './orders.js';

const nowS = () => Math.floor(Date.now() / 1000);

/** Gives the store a sender (needed for shipping options), creates the link; returns its page path. */
export async function createLinkPage(o: { origin: string; adminToken: string; storeUuid: string; keys: Keys; sandboxPath: string }): Promise<string> {
  const address = { name: 'Bench shop OÜ', streetAddress: 'Pärnu mnt 10', locality: 'Tallinn', postalCode: '10148', country: 'EE', phoneCountryCode: '+372', phoneNumber: '6001234' };
  const patched = await fetch(`${o.origin}/operator/stores/${o.storeUuid}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${o.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ shippingAddress: address }),
  });
  if (patched.status !== 200) throw new Error(`PATCH /operator/stores: HTTP ${patched.status}: ${await patched.text()}`);
  const claims = {
    accessKey: o.keys.accessKey,
    exp: nowS() + 600,
    description: 'Bench ticket',
    amount: 25,
    currency: 'EUR',
    locale: 'en',
    askAdditionalInfo: true,
    showShippingOptions: true,
    customerCountry: 'EE',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  const res = await fetch(`${o.origin}${o.sandboxPath}/payment-links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: sign(claims, o.keys.secretKey) }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /payment-links: HTTP ${res.status}: ${text}`);
  return new URL((JSON.parse(text) as { url: string }).url).pathname;
}

/** What a browser sends: the page is measured as browsers receive it (gzip; Kassa has no brotli for it). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface FirstByte {
  p50: number;
  p99: number;
  /** Bytes on the wire with BROWSER_ACCEPT_ENCODING, and its Content-Encoding. */
  wireBytes: number;
  encoding: string;
  /** The page's bytes (an identity GET). */
  bytes: number;
}

/** One GET with node:http (no decoding): status, headers, the bytes as sent, time to the headers (ms). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; headersMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers, agent }, (res) => {
        const headersMs = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), headersMs }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** `n` sequential GETs of the page as a browser asks for it: time to the response headers (ms), and the page size. */
export async function firstByteLatency(url: string, n: number): Promise<FirstByte> {
  const times: number[] = [];
  let wireBytes = 0;
  let encoding = 'identity';
  for (let i = 0; i < n; i++) {
    const res = await rawGet(url, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    times.push(res.headersMs);
    if (res.status !== 200) throw new Error(`GET ${url}: HTTP ${res.status}`);
    wireBytes = res.body.length;
    encoding = String(res.headers['content-encoding'] ?? 'identity');
  }
  const plain = await rawGet(url, {});
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 100) / 100;
  return { p50: at(0.5), p99: at(0.99), wireBytes, encoding, bytes: plain.body.length };
}
