/**
 * The app's `application/json` body parser. Fastify's own refuses an empty body sent with
 * `Content-Type: application/json` ("Body cannot be empty"); PHP clients (curl, Guzzle, WordPress
 * HTTP) and fetch-based ones send that header on every call, DELETEs and body-less POSTs included.
 * Here an empty (or whitespace-only) body is no body at all (`undefined`), exactly as if the header
 * were absent: routes that take no body answer normally, and routes that need one refuse it with
 * their own 400 naming the body or the missing field. Anything else goes to Fastify's parser, with
 * its prototype-poisoning protection and its errors for malformed JSON.
 */
import type { FastifyInstance } from 'fastify';

export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(req, text, done);
  });
}
