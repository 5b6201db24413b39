/**
 * One catalogue of errors. Every error Kassa answers has a stable code (`KASSA_ERR_*`, in the
 * style of Fastify's `FST_ERR_*`), a status and a message template, in one table
 * ({@link ERROR_CATALOGUE}); the `Errors.*` functions are built from it. On the wire an error keeps
 * the spec's shape `{statusCode, message, error}` (the code is not added to the body): `error` is
 * the HTTP reason phrase and `message` names the problem (and the field, for validation). The code
 * is logged with every error answer, so a log line leads back to its entry.
 */
import { format } from 'node:util';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT_BYTES, formatBytes } from './body-limit.js';

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

/** One entry of the catalogue: the status it answers and its message (`%s` filled in order). */
export interface ErrorEntry {
  readonly status: number;
  readonly template: string;
  readonly description: string;
}

/** The longest path parameter the router takes (Fastify's default); ids and codes are far shorter. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Every error Kassa answers. Codes are stable: a client or an operator may match on them in logs
 * and docs; a message may gain detail, a code never changes meaning. Add new errors here.
 */
export const ERROR_CATALOGUE = {
  KASSA_ERR_VALIDATION: { status: 400, template: '%s %s', description: 'A field of the request is missing or malformed: `<field> <problem>`; several problems are joined with `; `' },
  KASSA_ERR_BAD_REQUEST: { status: 400, template: '%s', description: 'The request as a whole cannot be served (e.g. a rule between fields)' },
  KASSA_ERR_SCHEMA: { status: 400, template: '%s %s', description: "The request failed the route's schema: `<part>.<field> <problem>`" },
  KASSA_ERR_STORE_NOT_FOUND: { status: 401, template: 'STORE_NOT_FOUND', description: 'No store has the access key of the token' },
  KASSA_ERR_INVALID_TOKEN: { status: 401, template: 'INVALID_TOKEN: %s', description: 'The token is missing or malformed, or its claims are not acceptable' },
  KASSA_ERR_TOKEN_EXPIRED: { status: 401, template: 'TOKEN_EXPIRED: the token exp is in the past', description: "The token's exp is in the past" },
  KASSA_ERR_UNAUTHORIZED: { status: 401, template: '%s', description: 'Credentials are missing or wrong (the operator token, a signed link)' },
  KASSA_ERR_INVALID_SIGNATURE: { status: 403, template: 'INVALID_TOKEN', description: "The token's signature does not match the store's secret key (payments API)" },
  KASSA_ERR_FORBIDDEN: { status: 403, template: '%s', description: 'The credentials are valid but may not do this' },
  KASSA_ERR_NOT_FOUND: { status: 404, template: '%s not found', description: 'The thing named does not exist, or belongs to another store' },
  KASSA_ERR_ROUTE_NOT_FOUND: { status: 404, template: 'Route %s %s not found', description: 'No route has this method and path' },
  KASSA_ERR_CONFLICT: { status: 409, template: '%s', description: 'The thing is not in a state that allows this' },
  KASSA_ERR_NOTIFICATION_PENDING: { status: 409, template: 'Notification %s is already pending; it is sent when due', description: 'A re-send was asked for a notification that is still waiting to be sent' },
  KASSA_ERR_PARAM_TOO_LONG: { status: 414, template: `path has a parameter longer than ${MAX_PARAM_LENGTH} characters`, description: 'A path parameter is longer than the router takes' },
  KASSA_ERR_BAD_URL: { status: 400, template: 'path is not valid percent-encoded UTF-8', description: 'The path is not valid percent-encoded UTF-8' },
  KASSA_ERR_UNROUTABLE: { status: 400, template: 'the request could not be routed', description: 'The router refused the request before choosing a route' },
  KASSA_ERR_BODY_TOO_LARGE: { status: 413, template: 'request body is larger than %s', description: `The request body is larger than the limit named (${formatBytes(BODY_LIMIT_BYTES)}; platform/body-limit.ts); the connection closes after the answer` },
  KASSA_ERR_HTTP: { status: 400, template: '%s', description: "Fastify's own 4xx refusals (unsupported media type, malformed JSON), with Fastify's status and message" },
  KASSA_ERR_TOO_MANY_LISTENERS: { status: 429, template: '%s', description: "Too many long-polls of `kassa listen`'s feed wait for one store's events on this server" },
  KASSA_ERR_LISTEN_BUSY: { status: 503, template: '%s', description: "The server holds its most waiting long-polls of `kassa listen`'s feed, or is shutting down" },
  KASSA_ERR_NOT_CONFIGURED: { status: 409, template: '%s', description: 'A setting the request needs is missing or invalid on the server (e.g. KASSA_SETTLEMENT_IBAN for production pain.001 files): the installation is not in a state that allows this until the operator sets it; the message names it' },
  KASSA_ERR_DATABASE_UNAVAILABLE: { status: 503, template: 'the database cannot be reached now; try again in a few seconds', description: 'The database is down, restarting, failing over or out of connections: nothing was changed; the answer carries Retry-After' },
  KASSA_ERR_DATABASE_BUSY: { status: 503, template: 'the database did not answer in time (%s); try again in a few seconds', description: 'A statement or lock wait passed its time limit, or no database connection came free in time: nothing was changed; the answer carries Retry-After' },
  KASSA_ERR_INTERNAL: { status: 500, template: 'Internal server error', description: 'An unexpected fault; the details are logged, never answered' },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class ApiError extends Error {
  /** The catalogue code; a bare `new ApiError(status, message)` gets the generic code of its status. */
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? genericCode(statusCode);
  }

  body(): ErrorBody {
    return { statusCode: this.statusCode, message: this.message, error: REASONS[this.statusCode] ?? 'Error' };
  }
}

/** The catalogue's general code for a status (for errors made without one). */
function genericCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'KASSA_ERR_BAD_REQUEST';
    case 401:
      return 'KASSA_ERR_UNAUTHORIZED';
    case 403:
      return 'KASSA_ERR_FORBIDDEN';
    case 404:
      return 'KASSA_ERR_NOT_FOUND';
    case 409:
      return 'KASSA_ERR_CONFLICT';
    default:
      return status >= 500 ? 'KASSA_ERR_INTERNAL' : 'KASSA_ERR_HTTP';
  }
}

/** The error of a catalogue entry, its template filled with `args` in order (`status` only for KASSA_ERR_HTTP). */
export function kassaError(code: ErrorCode, args: readonly (string | number)[] = [], status?: number): ApiError {
  const entry: ErrorEntry = ERROR_CATALOGUE[code];
  const message = args.length ? format(entry.template, ...args) : entry.template;
  return new ApiError(status ?? entry.status, message, code);
}

/** The stable errors; messages that carry data are built by the functions. */
export const Errors = {
  storeNotFound: () => kassaError('KASSA_ERR_STORE_NOT_FOUND'),
  invalidSignature: () => kassaError('KASSA_ERR_INVALID_SIGNATURE'),
  invalidToken: (why: string) => kassaError('KASSA_ERR_INVALID_TOKEN', [why]),
  tokenExpired: () => kassaError('KASSA_ERR_TOKEN_EXPIRED'),
  validation: (field: string, problem: string) => kassaError('KASSA_ERR_VALIDATION', [field, problem]),
  badRequest: (message: string) => kassaError('KASSA_ERR_BAD_REQUEST', [message]),
  notFound: (what: string) => kassaError('KASSA_ERR_NOT_FOUND', [what]),
  conflict: (message: string) => kassaError('KASSA_ERR_CONFLICT', [message]),
  unauthorized: (message: string) => kassaError('KASSA_ERR_UNAUTHORIZED', [message]),
  forbidden: (message: string) => kassaError('KASSA_ERR_FORBIDDEN', [message]),
  /** Several validation problems at once (`Problems.throwIfAny`), each already `<field> <problem>`. */
  problems: (list: readonly string[]) => new ApiError(400, list.join('; '), 'KASSA_ERR_VALIDATION'),
  notificationPending: (id: string) => kassaError('KASSA_ERR_NOTIFICATION_PENDING', [id]),
  /** The server lacks a setting (named in the message) the request needs: 503. */
  notConfigured: (message: string) => kassaError('KASSA_ERR_NOT_CONFIGURED', [message]),
};

/** Which catalogue entry each `Errors.*` function yields (checked by errors.test.ts). */
export const ERRORS_CODES: Record<keyof typeof Errors, ErrorCode> = {
  storeNotFound: 'KASSA_ERR_STORE_NOT_FOUND',
  invalidSignature: 'KASSA_ERR_INVALID_SIGNATURE',
  invalidToken: 'KASSA_ERR_INVALID_TOKEN',
  tokenExpired: 'KASSA_ERR_TOKEN_EXPIRED',
  validation: 'KASSA_ERR_VALIDATION',
  badRequest: 'KASSA_ERR_BAD_REQUEST',
  notFound: 'KASSA_ERR_NOT_FOUND',
  conflict: 'KASSA_ERR_CONFLICT',
  unauthorized: 'KASSA_ERR_UNAUTHORIZED',
  forbidden: 'KASSA_ERR_FORBIDDEN',
  problems: 'KASSA_ERR_VALIDATION',
  notificationPending: 'KASSA_ERR_NOTIFICATION_PENDING',
  notConfigured: 'KASSA_ERR_NOT_CONFIGURED',
};

/** Sends an error in the spec's shape and logs its code (4xx at info, 5xx at error). */
function answer(req: FastifyRequest, reply: FastifyReply, e: ApiError, cause?: unknown): FastifyReply {
  if (e.statusCode >= 500) req.log.error({ err: cause ?? e, code: e.code, statusCode: e.statusCode }, 'unhandled error');
  else req.log.info({ code: e.code, statusCode: e.statusCode, reason: e.message }, 'request refused');
  return reply.code(e.statusCode).send(e.body());
}

/**
 * The router's own refusals, before any route is chosen (Fastify's `frameworkErrors` option): a
 * path that is not valid percent-encoded UTF-8 (`%zz`, `%C0%80`, a lone surrogate as `%ED%A0%80`)
 * and a path parameter longer than the router's limit. Without this they leave in Fastify's shape,
 * with a `code` and the whole URL echoed back.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const e =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? kassaError('KASSA_ERR_PARAM_TOO_LONG')
      : err.code === 'FST_ERR_BAD_URL'
        ? kassaError('KASSA_ERR_BAD_URL')
        : kassaError('KASSA_ERR_UNROUTABLE', [], err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400);
  answer(req, reply, e);
}

/** Replies that answered a database fault (unavailable or busy): /readyz counts them (observability.ts). */
export const databaseFaultReplies = new WeakSet<FastifyReply>();

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Network errors of a connection to the database, and PostgreSQL's SQLSTATEs of a server that cannot serve now. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN',
  '08000', '08001', '08003', '08004', '08006', // connection exceptions
  '57P01', '57P02', '57P03', // admin shutdown, crash shutdown, cannot connect now (starting, recovering)
  '53300', // too many connections
  '25006', // read-only transaction: a standby answered while the primary fails over
]);
/** What pg's pool and client say when a connection cannot be had or was lost (they carry no code), and PgBouncer's refusals. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|connection is insecure|the database system is (starting up|shutting down|in recovery mode)|server login has been failing|pgbouncer cannot connect to server|query_wait_timeout|no more connections allowed/i;
/**
 * Time limits (platform/db.ts): PostgreSQL's statement and lock timeouts (57014 says why it
 * cancelled; a cancel for another reason is not a time limit), pg's client-side deadline, and a
 * pool with no connection free in time.
 */
const BUSY: readonly { code?: string; message: RegExp; what: string }[] = [
  { code: '57014', message: /statement timeout/i, what: 'statement timeout' },
  { code: '55P03', message: /./, what: 'lock timeout' },
  { message: /^Query read timeout$/, what: 'statement timeout' },
  { message: /timeout exceeded when trying to connect/i, what: 'no connection free' },
];

export type DatabaseFault = { kind: 'unavailable' } | { kind: 'busy'; what: string };

/**
 * Whether an error means the database cannot serve now rather than a fault of the request or of
 * Kassa: unavailable (down, restarting, failing over, out of connections) or busy (a time limit
 * passed). Such a request answers 503 with Retry-After. Looks through `cause` and AggregateError's
 * errors (a host with several addresses).
 */
export function databaseFault(err: unknown, depth = 0): DatabaseFault | undefined {
  if (!err || typeof err !== 'object' || depth > 4) return undefined;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  const busy = BUSY.find((b) => (b.code === undefined || b.code === code) && b.message.test(message));
  if (busy && (busy.code !== undefined || code === undefined)) return { kind: 'busy', what: busy.what };
  // Class 08 is a connection exception; PgBouncer sends its own refusals as 08P01.
  if (code && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return { kind: 'unavailable' };
  if (UNAVAILABLE_MESSAGES.test(message)) return { kind: 'unavailable' };
  if (Array.isArray(e.errors)) {
    for (const x of e.errors) {
      const f = databaseFault(x, depth + 1);
      if (f) return f;
    }
  }
  return databaseFault(e.cause, depth + 1);
}

/** Whether the database cannot serve now (unavailable or busy): databaseFault, as a yes or no. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return databaseFault(err) !== undefined;
}

/** Maps Fastify's own errors (schema validation, body parsing, 404) into the same shape. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) return answer(req, reply, err);
    if (err.validation) {
      const v = err.validation[0];
      const where = err.validationContext ?? 'body';
      const field = v
        ? [where, ...v.instancePath.split('/').filter(Boolean)].join('.') +
          (v.keyword === 'required' ? `.${(v.params as { missingProperty: string }).missingProperty}` : '')
        : where;
      const problem = v?.keyword === 'required' ? 'is required' : (v?.message ?? 'is invalid');
      return answer(req, reply, kassaError('KASSA_ERR_SCHEMA', [field, problem]));
    }
    const fault = databaseFault(err);
    if (fault) {
      // Not a fault of this request nor of Kassa's code: the client may try again shortly.
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      databaseFaultReplies.add(reply);
      const e = fault.kind === 'busy' ? kassaError('KASSA_ERR_DATABASE_BUSY', [fault.what]) : kassaError('KASSA_ERR_DATABASE_UNAVAILABLE');
      return answer(req, reply, e, err);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify's message names no limit; the route's (or the server's) does.
      return answer(req, reply, kassaError('KASSA_ERR_BODY_TOO_LARGE', [formatBytes(req.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES)]));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    const e = status === 500 ? kassaError('KASSA_ERR_INTERNAL') : kassaError('KASSA_ERR_HTTP', [err.message], status);
    return answer(req, reply, e, err);
  });
  app.setNotFoundHandler((req, reply) => {
    answer(req, reply, kassaError('KASSA_ERR_ROUTE_NOT_FOUND', [req.method, req.url.split('?')[0] ?? '']));
  });
}
