/**
 * Sending a ready JSON answer (bytes rendered once, with a strong ETag and a gzip copy): gzip when
 * the client accepts it, 304 when `If-None-Match` names the current representation. The gzipped
 * representation has its own ETag (`"…-gzip"`), as a strong validator must change with the
 * content coding; a conditional request naming either one gets 304.
 *
 * A streamed JSON answer (`sendStreamedJson`: lists too large to hold rendered) follows the same
 * rules, its ETag known before any byte is rendered; its chunks are pulled one at a time as the
 * socket (through gzip, when accepted) drains, so at most a few chunks are in memory.
 */
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ReadyJson {
  readonly body: Buffer;
  /** Strong ETag, quoted. */
  readonly etag: string;
  gzip(): Buffer;
}

/**
 * acceptsGzip's answers by header value: clients send a few distinct values (each browser its
 * own), so a value is parsed once. Only short values are kept, and at most ACCEPT_KEPT of them.
 */
const ACCEPTS = new Map<string, boolean>();
const ACCEPT_KEPT = 256;
const ACCEPT_KEPT_LENGTH = 200;

/** Whether an Accept-Encoding header accepts gzip (`gzip`, `x-gzip` or `*`, with q > 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  const known = ACCEPTS.get(value);
  if (known !== undefined) return known;
  const answer = parseAcceptsGzip(value);
  if (value.length <= ACCEPT_KEPT_LENGTH) {
    if (ACCEPTS.size >= ACCEPT_KEPT) ACCEPTS.clear();
    ACCEPTS.set(value, answer);
  }
  return answer;
}

function parseAcceptsGzip(value: string): boolean {
  for (const part of value.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== 'x-gzip' && coding.trim() !== '*') continue;
    const q = params.map((s) => s.trim()).find((s) => s.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

export function gzipEtag(etag: string): string {
  return `${etag.slice(0, -1)}-gzip"`;
}

/** Whether If-None-Match names one of the ETags (weak comparison, as RFC 9110 asks for it). */
export function ifNoneMatch(header: string | undefined, etags: readonly string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const wanted = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return etags.some((e) => wanted.includes(e));
}

/** A JSON answer produced in chunks as it is sent (see sendStreamedJson). */
export interface StreamedJson {
  /** Strong ETag, quoted: known without rendering the body. */
  readonly etag: string;
  /** The body's text, in chunks, produced lazily (one pass; call again for a new pass). */
  chunks(): Iterable<string>;
}

/**
 * zlib level of streamed answers: zlib's default. On InPost's 7.8 MB v3 list, level 6 gives
 * 508 KB in 78 ms of CPU, level 4 560 KB in 59 ms, level 1 679 KB in 49 ms (docs/decisions.md);
 * rendering the points costs 17 ms.
 */
export const STREAM_GZIP_LEVEL = 6;

/**
 * Sends a StreamedJson: 304 as sendReadyJson does; else the chunks, gzipped when the client
 * accepts it, with backpressure (a chunk is rendered when the previous one has drained: the
 * Readable's buffer is one chunk, zlib's ~16 KB, then the socket's).
 */
export function sendStreamedJson(req: FastifyRequest, reply: FastifyReply, answer: StreamedJson): FastifyReply {
  const gzip = negotiate(req, reply, answer.etag);
  if (gzip === 'notModified') return reply.code(304).send();
  reply.type(JSON_TYPE);
  const body = Readable.from(answer.chunks(), { objectMode: true, highWaterMark: 1 });
  if (!gzip) return reply.send(body);
  const gz = createGzip({ level: STREAM_GZIP_LEVEL });
  // Errors end both streams (a client gone mid-answer destroys gz, which ends the source).
  pipeline(body, gz, () => undefined);
  return reply.header('content-encoding', 'gzip').send(gz);
}

/**
 * Vary, and the ETag of the representation sent when the answer has one (`etag`: the identity
 * one; gzip's is derived), and whether to gzip it.
 */
export function representationHeaders(req: FastifyRequest, reply: FastifyReply, etag: string | undefined): boolean {
  const gzip = acceptsGzip(req.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (etag !== undefined) reply.header('etag', gzip ? gzipEtag(etag) : etag);
  return gzip;
}

/**
 * The headers every answer of a known version gets (representationHeaders, and `private,
 * no-cache`), and whether to gzip it; `notModified` when If-None-Match names either
 * representation's ETag. The JSON answers here and the assembled pages (assembled-reply.ts).
 */
export function negotiate(req: FastifyRequest, reply: FastifyReply, etag: string): boolean | 'notModified' {
  const gzip = representationHeaders(req, reply, etag);
  reply.header('cache-control', 'private, no-cache');
  const inm = req.headers['if-none-match'];
  if (inm && ifNoneMatch(inm, [etag, gzipEtag(etag)])) return 'notModified';
  return gzip;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function sendReadyJson(req: FastifyRequest, reply: FastifyReply, answer: ReadyJson): FastifyReply {
  const gzip = negotiate(req, reply, answer.etag);
  if (gzip === 'notModified') return reply.code(304).send();
  reply.type(JSON_TYPE);
  // A Buffer with an explicit type is sent as it is (no re-serialisation).
  if (gzip) return reply.header('content-encoding', 'gzip').send(answer.gzip());
  return reply.send(answer.body);
}

/** A ready answer (sendReadyJson) or a streamed one (sendStreamedJson). */
export function sendJson(req: FastifyRequest, reply: FastifyReply, answer: ReadyJson | StreamedJson): FastifyReply {
  return 'body' in answer ? sendReadyJson(req, reply, answer) : sendStreamedJson(req, reply, answer);
}
