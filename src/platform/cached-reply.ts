/**
 * Sending a ready JSON answer (bytes rendered once, with a strong ETag and a gzip copy): gzip when
 * the client accepts it, 304 when `If-None-Match` names the current representation. The gzipped
 * representation has its own ETag (`"…-gzip"`), as a strong validator must change with the
 * content coding; a conditional request naming either one gets 304.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ReadyJson {
  readonly body: Buffer;
  /** Strong ETag, quoted. */
  readonly etag: string;
  gzip(): Buffer;
}

/** Whether an Accept-Encoding header accepts gzip (`gzip`, `x-gzip` or `*`, with q > 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
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

export function sendReadyJson(req: FastifyRequest, reply: FastifyReply, answer: ReadyJson): FastifyReply {
  const gzip = acceptsGzip(req.headers['accept-encoding']);
  const etag = gzip ? gzipEtag(answer.etag) : answer.etag;
  reply.header('vary', 'accept-encoding').header('etag', etag).header('cache-control', 'private, no-cache');
  if (ifNoneMatch(req.headers['if-none-match'], [answer.etag, gzipEtag(answer.etag)])) return reply.code(304).send();
  // A Buffer with an explicit type is sent as it is (no re-serialisation).
  reply.type('application/json; charset=utf-8');
  if (gzip) return reply.header('content-encoding', 'gzip').send(answer.gzip());
  return reply.send(answer.body);
}
