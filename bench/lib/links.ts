/**
 * The `links` step: a payment link with shipping options (the store's carriers in EE, their
 * pickup points and the shipping cost from the rate tables on the page), and the first-byte
 * latency of its page measured one request at a time before the load run.
 */
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

export interface FirstByte {
  p50: number;
  p99: number;
  bytes: number;
}

/** `n` sequential GETs of the page: time to the response headers (ms), and the page size. */
export async function firstByteLatency(url: string, n: number): Promise<FirstByte> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(url);
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`GET ${url}: HTTP ${res.status}`);
    bytes = (await res.arrayBuffer()).byteLength;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 100) / 100;
  return { p50: at(0.5), p99: at(0.99), bytes };
}
