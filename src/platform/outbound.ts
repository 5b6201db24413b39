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
import { ipv6Groups } from './ip.js';
import type { Env } from './env.js';
import { Errors } from './errors.js';
import type { Problems } from './validate.js';

/**
 * IPv4 special-purpose ranges that are not globally reachable (RFC 6890 and the IANA IPv4
 * Special-Purpose Address Registry), plus multicast and the reserved 240.0.0.0/4.
 */
const SPECIAL_V4 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  SPECIAL_V4.addSubnet(prefix, bits, 'ipv4');

/**
 * A public IPv6 address is global unicast (2000::/3, the only space IANA allocates for it: RFC 4291
 * §2.4), outside these special-purpose ranges (IANA IPv6 Special-Purpose Address Registry, RFC 6890):
 * IETF protocol assignments (2001::/23, Teredo 2001::/32 and benchmarking 2001:2::/48 among them,
 * refused whole: RFC 4380 Teredo tunnels to an IPv4 address), documentation (2001:db8::/32, 3fff::/20).
 * Everything outside 2000::/3 is refused: ::, ::1, 100::/64, ULA fc00::/7, link-local fe80::/10,
 * site-local fec0::/10, multicast ff00::/8, the NAT64 local-use 64:ff9b:1::/48 (RFC 8215) and
 * SRv6 5f00::/16; only the IPv4-mapped and NAT64 well-known forms there are judged by their IPv4.
 */
const GLOBAL_UNICAST_V6 = new net.BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');
const SPECIAL_V6 = new net.BlockList();
for (const [prefix, bits] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const)
  SPECIAL_V6.addSubnet(prefix, bits, 'ipv6');

/** The 16 bytes of an IPv6 address (`::` expanded, a dotted-quad tail read as IPv4), or null if it is not one. */
function ipv6Bytes(ip: string): Uint8Array | null {
  const words = ipv6Groups(ip);
  if (!words) return null;
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 0xff;
  });
  return bytes;
}

const ipv4At = (b: Uint8Array, i: number) => `${b[i]}.${b[i + 1]}.${b[i + 2]}.${b[i + 3]}`;
const zeros = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);

/**
 * The IPv4 address a connection to this IPv6 address reaches in the end, for the forms that are an
 * IPv4 address in IPv6 clothing: IPv4-mapped ::ffff:a.b.c.d (RFC 4291 §2.5.5.2: the socket talks
 * IPv4 to a.b.c.d) and the NAT64 well-known prefix 64:ff9b::/96 (RFC 6052 §2.1: a translator
 * forwards to a.b.c.d). Null for every other address.
 */
function translatedIPv4(b: Uint8Array): string | null {
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return ipv4At(b, 12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return ipv4At(b, 12);
  return null;
}

/**
 * IPv4 addresses embedded in a global unicast IPv6 address that a tunnelling host would send to:
 * 6to4 2002:AABB:CCDD::/48 (RFC 3056 §2: the IPv4 is bits 16–47) and an ISATAP interface id
 * ::0:5efe:a.b.c.d or ::200:5efe:a.b.c.d (RFC 5214 §6.1). The address is public only if each is.
 */
function tunnelledIPv4s(b: Uint8Array): string[] {
  const found: string[] = [];
  if (b[0] === 0x20 && b[1] === 0x02) found.push(ipv4At(b, 2));
  if ((b[8]! & 0xfc) === 0 && b[9] === 0 && b[10] === 0x5e && b[11] === 0xfe) found.push(ipv4At(b, 12));
  return found;
}

const hex = (b: Uint8Array) => Array.from({ length: 8 }, (_, i) => ((b[2 * i]! << 8) | b[2 * i + 1]!).toString(16)).join(':');

/**
 * True for an address a production callback may connect to. An IPv6 address that carries an IPv4
 * address (mapped, NAT64, 6to4, ISATAP) is judged by that IPv4 too; the deprecated IPv4-compatible
 * ::a.b.c.d (RFC 4291 §2.5.5.1) and IPv4-translated ::ffff:0:a.b.c.d (RFC 2765, dropped by RFC 6145)
 * forms, Teredo and scoped (`%zone`) addresses are never public.
 */
export function isPublicAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return !SPECIAL_V4.check(ip, 'ipv4');
  const bytes = ipv6Bytes(ip);
  if (!bytes) return false; // not an address, or a scoped one
  const v4 = translatedIPv4(bytes);
  if (v4 !== null) return isPublicAddress(v4);
  const canonical = hex(bytes);
  if (!GLOBAL_UNICAST_V6.check(canonical, 'ipv6') || SPECIAL_V6.check(canonical, 'ipv6')) return false;
  return tunnelledIPv4s(bytes).every(isPublicAddress);
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
