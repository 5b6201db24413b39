/**
 * One catalogue of errors. Every error leaves the API in the spec's shape
 * `{statusCode, message, error}`, where `error` is the HTTP reason phrase and `message` names the
 * problem (and the field, for validation).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { statusCode: this.statusCode, message: this.message, error: REASONS[this.statusCode] ?? 'Error' };
  }
}

/** The stable errors; messages that carry data are built by the functions. */
export const Errors = {
  storeNotFound: () => new ApiError(401, 'STORE_NOT_FOUND'),
  invalidSignature: () => new ApiError(403, 'INVALID_TOKEN'),
  invalidToken: (why: string) => new ApiError(401, `INVALID_TOKEN: ${why}`),
  tokenExpired: () => new ApiError(401, 'TOKEN_EXPIRED: the token exp is in the past'),
  validation: (field: string, problem: string) => new ApiError(400, `${field} ${problem}`),
  badRequest: (message: string) => new ApiError(400, message),
  notFound: (what: string) => new ApiError(404, `${what} not found`),
  conflict: (message: string) => new ApiError(409, message),
  unauthorized: (message: string) => new ApiError(401, message),
  forbidden: (message: string) => new ApiError(403, message),
};

/** The longest path parameter the router takes (Fastify's default); ids and codes are far shorter. */
export const MAX_PARAM_LENGTH = 100;

/**
 * The router's own refusals, before any route is chosen (Fastify's `frameworkErrors` option): a
 * path that is not valid percent-encoded UTF-8 (`%zz`, `%C0%80`, a lone surrogate as `%ED%A0%80`)
 * and a path parameter longer than the router's limit. Without this they leave in Fastify's shape,
 * with a `code` and the whole URL echoed back.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const e =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, `path has a parameter longer than ${MAX_PARAM_LENGTH} characters`)
      : err.code === 'FST_ERR_BAD_URL'
        ? new ApiError(400, 'path is not valid percent-encoded UTF-8')
        : new ApiError(err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400, 'the request could not be routed');
  reply.code(e.statusCode).send(e.body());
}

/** Maps Fastify's own errors (schema validation, body parsing, 404) into the same shape. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.statusCode).send(err.body());
    if (err.validation) {
      const v = err.validation[0];
      const where = err.validationContext ?? 'body';
      const field = v
        ? [where, ...v.instancePath.split('/').filter(Boolean)].join('.') +
          (v.keyword === 'required' ? `.${(v.params as { missingProperty: string }).missingProperty}` : '')
        : where;
      const problem = v?.keyword === 'required' ? 'is required' : (v?.message ?? 'is invalid');
      return reply.code(400).send(new ApiError(400, `${field} ${problem}`).body());
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'unhandled error');
    const message = status === 500 ? 'Internal server error' : err.message;
    return reply.code(status).send(new ApiError(status, message).body());
  });
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(new ApiError(404, `Route ${req.method} ${req.url.split('?')[0]} not found`).body());
  });
}
