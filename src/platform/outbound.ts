/**
 * Calls Kassa makes to merchants' URLs (notifications, webhooks): one POST, its status, nothing
 * followed. Production callbacks may only reach public addresses: the URL's host is resolved
 * here and every private, loopback, link-local or otherwise special address is refused (blind
 * SSRF: a merchant's notificationUrl must not reach the operator's metadata service or database).
 * The check runs on the address actually connected to, so DNS cannot swap it after a check.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Env } from './env.js';
import { Errors } from './errors.js';
import type { Problems } from './validate.js';

const SPECIAL = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) SPECIAL.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) SPECIAL.addSubnet(prefix, bits, 'ipv6');

/** True for an address a production callback may connect to. IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = net.isIP(ip);
  if (family === 0) return false;
  return !SPECIAL.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A callback URL that can only be private whatever DNS says (localhost, a private literal IP):
 * refused when it is given, not only when it is called. Other host names are checked at each call.
 */
export function isObviouslyPrivate(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return net.isIP(host) !== 0 && !isPublicAddress(host);
}

/** The 400's wording for a callback URL production cannot call. */
export const PRIVATE_CALLBACK_PROBLEM = 'must be reachable from the internet: production callbacks go to public addresses only';

/**
 * The one rule for a callback URL a merchant gives (payment notificationUrl, webhook url, shipment
 * notificationUrl) and for the workers that call it. Built once, in the composition root, from
 * KASSA_ALLOW_PRIVATE_CALLBACKS. The sandbox may call the merchant's own machine; production goes to
 * public addresses only, unless the deployment allows private callbacks.
 */
export class CallbackPolicy {
  constructor(readonly allowPrivateCallbacks: boolean) {}

  /** Whether a callback of this environment may connect to a private or special address. */
  allowsPrivateAddress(env: Env): boolean {
    return env === 'sandbox' || this.allowPrivateCallbacks;
  }

  /** Refused where it is given: a production URL that is obviously private (a name is judged when called). */
  refuses(url: string, env: Env): boolean {
    return !this.allowsPrivateAddress(env) && isObviouslyPrivate(url);
  }

  /** Adds the problem of `field` when `url` is refused. */
  check(url: string | undefined, env: Env, field: string, p: Problems): void {
    if (url !== undefined && this.refuses(url, env)) p.add(field, PRIVATE_CALLBACK_PROBLEM);
  }

  /** Throws the 400 naming `field` when `url` is refused. */
  assert(url: string, env: Env, field: string): void {
    if (this.refuses(url, env)) throw Errors.validation(field, PRIVATE_CALLBACK_PROBLEM);
  }
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATE';
  constructor(host: string, address: string) {
    super(`refused: ${host} is a private or special address (${address}); production callbacks go to public addresses only`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that hands back only public addresses (or fails with PrivateAddressError). */
function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const ok = addresses.filter((a) => isPublicAddress(a.address));
    if (ok.length === 0) return callback(new PrivateAddressError(hostname, addresses[0]?.address ?? 'none') as NodeJS.ErrnoException, '');
    if (options.all) return callback(null, ok);
    callback(null, ok[0]!.address, ok[0]!.family);
  });
}

export interface PostOptions {
  timeoutMs: number;
  /** Allow private and loopback addresses (the sandbox, or an operator's private network). */
  allowPrivate: boolean;
  headers?: Record<string, string>;
}

export class CallbackTimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

/**
 * Kept-alive connections per policy: a socket opened where private addresses are allowed (the
 * sandbox) must never carry a production callback to the same host name.
 */
const AGENTS = {
  private: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
  public: {
    http: new http.Agent({ keepAlive: true, lookup: publicLookup as unknown as typeof dns.lookup }),
    https: new https.Agent({ keepAlive: true, lookup: publicLookup as unknown as typeof dns.lookup }),
  },
};

/** How much of a receiver's answer is read (and kept, as its excerpt): the rest is never read from the socket. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** What a receiver answered: its status and the first RESPONSE_EXCERPT_BYTES of its body, as clean text. */
export interface CallbackAnswer {
  status: number;
  excerpt: string;
}

/** C0 and C1 control characters (NUL included) but tab, newline and carriage return; DEL. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * The text of a body's first bytes: UTF-8 decoded without throwing (an invalid byte becomes U+FFFD;
 * an incomplete character at the cut is dropped, not shown as garbage), control characters removed.
 * Never longer than the bytes given (each byte yields at most one character).
 */
export function responseExcerpt(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes, { stream: true }).replace(CONTROL, '');
}

/**
 * POSTs `body` as JSON; resolves with the status and the excerpt of the answer. Reading stops at
 * RESPONSE_EXCERPT_BYTES: the response is destroyed there (the connection with it), so a receiver
 * that answers megabytes costs at most one socket read past the limit, never the whole body.
 */
export function postJson(target: string, body: string, opts: PostOptions): Promise<CallbackAnswer> {
  return new Promise<CallbackAnswer>((resolve, reject) => {
    const url = new URL(target);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && net.isIP(host) && !isPublicAddress(host)) return reject(new PrivateAddressError(host, host));
    const secure = url.protocol === 'https:';
    const agents = opts.allowPrivate ? AGENTS.private : AGENTS.public;
    const req = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...opts.headers },
        agent: secure ? agents.https : agents.http, // the public agents resolve through publicLookup
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        const kept = Buffer.alloc(RESPONSE_EXCERPT_BYTES);
        let length = 0;
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          resolve({ status: res.statusCode ?? 0, excerpt: responseExcerpt(kept.subarray(0, length)) });
        };
        res.on('data', (chunk: Buffer) => {
          length += chunk.copy(kept, length, 0, Math.min(chunk.length, RESPONSE_EXCERPT_BYTES - length));
          if (length >= RESPONSE_EXCERPT_BYTES) {
            finish();
            res.destroy(); // read no further: the rest of the body is not ours to buffer
          }
        });
        res.on('end', finish);
        res.on('close', finish); // destroyed above, or the receiver closed mid-body: what came is the excerpt
        res.on('error', (err) => (settled ? undefined : ((settled = true), reject(err))));
      },
    );
    req.on('error', (err: Error & { name?: string }) => reject(err.name === 'AbortError' || err.name === 'TimeoutError' ? new CallbackTimeoutError(opts.timeoutMs) : err));
    req.end(body);
  });
}
