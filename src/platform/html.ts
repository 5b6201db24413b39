/**
 * Server-rendered HTML, escaped by default: `html` is a tagged template whose interpolations are
 * escaped unless they are already `Html` (the result of another `html` template). Pages are sent
 * with a strict Content-Security-Policy: no external resources, inline style and script only
 * with the response's nonce.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type Interpolation = Html | string | number | boolean | null | undefined | readonly Interpolation[];

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The same five characters make text safe in XML and SVG character data and attributes. */
export const escapeXml = escapeHtml;

function render(v: Interpolation): string {
  if (v instanceof Html) return v.value;
  if (v === null || v === undefined || v === false || v === true) return '';
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

/** The template helper: every interpolation is escaped unless it is Html. */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new Html(out);
}

/** Trusted markup or CSS written by us (never shopper or merchant input). */
export function trusted(text: string): Html {
  return new Html(text);
}

const NONCE_BYTES = 16;
/** Random bytes drawn at once for this many nonces (one call instead of one per page; randomUUID keeps a cache the same way). */
const NONCES_PER_DRAW = 256;
let nonceBytes = Buffer.alloc(0);
let nonceAt = 0;

/** A fresh per-response nonce for the inline stylesheet and script (each bytes of the CSPRNG used once). */
export function newNonce(): string {
  if (nonceAt + NONCE_BYTES > nonceBytes.length) {
    nonceBytes = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nonceAt = 0;
  }
  const nonce = nonceBytes.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

export interface Document {
  lang: string;
  title: string;
  nonce: string;
  css: string;
  body: Html;
  /** Inline script (progressive enhancement only; every page works without it). */
  script?: string;
}

export function renderDocument(d: Document): string {
  return html`<!doctype html>
<html lang="${d.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${d.title}</title>
<link rel="icon" href="data:,">
<style nonce="${d.nonce}">${trusted(d.css)}</style>
</head>
<body>
${d.body}
${d.script ? html`<script nonce="${d.nonce}">${trusted(d.script)}</script>` : ''}
</body>
</html>
`.value;
}

export interface SecurityPolicy {
  nonce: string;
  /** Origins a form on the page may submit to, or be redirected to after submitting (besides 'self'). */
  formOrigins: readonly string[];
  /** Origins images load from (besides 'self'). */
  imageOrigins: readonly string[];
}

/** The policy's text before, between and after its two nonces, for the origin lists it was made for. */
interface PolicyFrame {
  imageOrigins: readonly string[];
  formOrigins: readonly string[];
  text: readonly [string, string, string];
}

/** The last policy's frame: a route that keeps its origin lists (the link page's) reuses it; other lists make a new one. */
let lastFrame: PolicyFrame | undefined;

function policyFrame(imageOrigins: readonly string[], formOrigins: readonly string[]): PolicyFrame {
  const list = (xs: readonly string[]) => [...new Set(xs)].map((x) => ` ${x}`).join('');
  return {
    imageOrigins,
    formOrigins,
    text: [
      "default-src 'none'; style-src 'nonce-",
      "'; script-src 'nonce-",
      `'; img-src 'self' data:${list(imageOrigins)}; form-action 'self'${list(formOrigins)}; base-uri 'none'; frame-ancestors 'none'`,
    ],
  };
}

/** The policy header's value. Origin lists are read once per list (they are readonly: never changed after use). */
export function contentSecurityPolicy(p: SecurityPolicy): string {
  let f = lastFrame;
  if (f?.imageOrigins !== p.imageOrigins || f.formOrigins !== p.formOrigins) f = lastFrame = policyFrame(p.imageOrigins, p.formOrigins);
  return `${f.text[0]}${p.nonce}${f.text[1]}${p.nonce}${f.text[2]}`;
}

/** The origin of an absolute URL, or undefined when it is not one. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The headers every page is sent with (its type, policy, no-store unless told otherwise, and the framing and referrer rules). */
export function pageHeaders(reply: FastifyReply, policy: SecurityPolicy, cacheControl = 'no-store'): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(policy))
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer');
}

export function sendHtml(reply: FastifyReply, status: number, document: string, policy: SecurityPolicy): FastifyReply {
  return pageHeaders(reply.code(status), policy).send(document);
}
