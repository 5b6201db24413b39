/** Reading credentials off a request: the Bearer token of GET endpoints, `{data}` of POST ones. */
import type { FastifyRequest } from 'fastify';
import { Errors } from './errors.js';
import { isObject } from './validate.js';

export function bearerToken(req: FastifyRequest): string {
  const h = req.headers.authorization;
  if (!h) throw Errors.unauthorized('Authorization header is required: Bearer <JWT>');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  if (!m) throw Errors.unauthorized('Authorization header must be: Bearer <JWT>');
  return m[1]!;
}

export function dataToken(req: FastifyRequest): string {
  const body = req.body;
  if (!isObject(body)) throw Errors.validation('body', 'must be a JSON object {"data": "<signed token>"}');
  if (body.data === undefined || body.data === null) throw Errors.validation('data', 'is required (the signed token)');
  if (typeof body.data !== 'string') throw Errors.validation('data', 'must be a string (the signed token)');
  return body.data;
}
