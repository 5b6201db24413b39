/**
 * One catalogue of errors. Every error Kassa answers has a stable code (`KASSA_ERR_*`, in the
 * style of Fastify's `FST_ERR_*`), a status and a message template, in one table
 * ({@link ERROR_CATALOGUE}); the `Errors.*` functions are built from it. On the wire an error keeps
 * the spec's shape `{statusCode, message, error}`: `error` is the HTTP reason phrase and `message`
 * names the problem (and the field, for validation). Two keys are added that clients of the spec
 * ignore (they read statusCode/message/error): `code`, the catalogue's stable code, and `docUrl`,
 * its entry in the reference (`<public URL>/docs/errors#<code>`). The code is logged with every
 * error answer too, so a log line leads back to its entry.
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
  /** The catalogue's stable code (an extra key: the spec's clients ignore it). */
  code: ErrorCode;
  /** The code's entry in the reference, `<public URL>/docs/errors#<code>` (an extra key). */
  docUrl: string;
}

/** One entry of the catalogue: the status it answers and its message (`%s` filled in order). */
export interface ErrorEntry {
  readonly status: number;
  readonly template: string;
  /** What each `%s` of the template stands for, in order, as the reference shows it (`<field>`). */
  readonly params?: readonly string[];
  readonly description: string;
}

/** The path of the error catalogue's page in the reference; each code is an anchor on it. */
export const ERRORS_PAGE_PATH = '/docs/errors';

/** The documentation link of a code: its anchor on the reference's error page. */
export function errorDocUrl(publicUrl: string, code: ErrorCode): string {
  return `${publicUrl.replace(/\/+$/, '')}${ERRORS_PAGE_PATH}#${code}`;
}

/** A template as a reader sees it: each `%s` replaced by what it stands for (`<field> <problem>`). */
export function readableTemplate(entry: ErrorEntry): string {
  let i = 0;
  return entry.template.replace(/%s/g, () => `<${entry.params?.[i++] ?? 'detail'}>`);
}

/** The longest path parameter the router takes (Fastify's default); ids and codes are far shorter. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Every error Kassa answers. Codes are stable: a client or an operator may match on them in logs
 * and docs; a message may gain detail, a code never changes meaning. Add new errors here.
 */
export const ERROR_CATALOGUE = {
  KASSA_ERR_VALIDATION: {
    status: 400,
    template: '%s %s',
    params: ['field', 'problem'],
    description: 'A field of the request is missing or malformed: `<field> <problem>`; several problems are joined with `; `',
  },
  KASSA_ERR_BAD_REQUEST: { status: 400, template: '%s', params: ['what is wrong'], description: 'The request as a whole cannot be served (e.g. a rule between fields)' },
  KASSA_ERR_SCHEMA: { status: 400, template: '%s %s', params: ['part.field', 'problem'], description: "The request failed the route's schema: `<part>.<field> <problem>`" },
  KASSA_ERR_STORE_NOT_FOUND: { status: 401, template: 'STORE_NOT_FOUND', description: 'No store has the access key of the token' },
  KASSA_ERR_WRONG_ENVIRONMENT: {
    status: 401,
    template: 'STORE_NOT_FOUND: this access key belongs to the %s environment; use %s',
    params: ['environment', 'its URL'],
    description:
      "The access key is a store's key of the other environment (a production key on a sandbox URL, or the reverse): the spec's 401 STORE_NOT_FOUND, naming the environment and the URL to use",
  },
  KASSA_ERR_INVALID_TOKEN: { status: 401, template: 'INVALID_TOKEN: %s', params: ['what is wrong with the token'], description: 'The token is missing or malformed, or its claims are not acceptable' },
  KASSA_ERR_TOKEN_EXPIRED: { status: 401, template: 'TOKEN_EXPIRED: the token exp is in the past', description: "The token's exp is in the past" },
  KASSA_ERR_UNAUTHORIZED: { status: 401, template: '%s', params: ['which credentials'], description: 'Credentials are missing or wrong (the operator token, a signed link)' },
  KASSA_ERR_INVALID_SIGNATURE: {
    status: 403,
    template: 'INVALID_TOKEN: the signature does not match the secret key of access key %s',
    params: ['accessKey'],
    description: "The token's signature does not match the secret key of the access key it names (payments API): signed with another key's secret, another environment's, or a secret rolled since",
  },
  KASSA_ERR_FORBIDDEN: { status: 403, template: '%s', params: ['what may not be done'], description: 'The credentials are valid but may not do this' },
  KASSA_ERR_NOT_FOUND: { status: 404, template: '%s not found', params: ['thing and id'], description: 'The thing named does not exist, or belongs to another store' },
  KASSA_ERR_ROUTE_NOT_FOUND: { status: 404, template: 'Route %s %s not found', params: ['method', 'path'], description: 'No route has this method and path' },
  KASSA_ERR_CONFLICT: { status: 409, template: '%s', params: ['the state that refuses this'], description: 'The thing is not in a state that allows this' },
  KASSA_ERR_NOTIFICATION_PENDING: {
    status: 409,
    template: 'Notification %s is already pending; it is sent when due',
    params: ['notification id'],
    description: 'A re-send was asked for a notification that is still waiting to be sent',
  },
  KASSA_ERR_PARAM_TOO_LONG: { status: 414, template: `path has a parameter longer than ${MAX_PARAM_LENGTH} characters`, description: 'A path parameter is longer than the router takes' },
  KASSA_ERR_BAD_URL: { status: 400, template: 'path is not valid percent-encoded UTF-8', description: 'The path is not valid percent-encoded UTF-8' },
  KASSA_ERR_UNROUTABLE: { status: 400, template: 'the request could not be routed', description: 'The router refused the request before choosing a route' },
  KASSA_ERR_BODY_TOO_LARGE: {
    status: 413,
    template: 'request body is larger than %s',
    params: ['limit'],
    description: `The request body is larger than the limit named (${formatBytes(BODY_LIMIT_BYTES)}; platform/body-limit.ts); the connection closes after the answer`,
  },
  KASSA_ERR_HTTP: { status: 400, template: '%s', params: ["Fastify's message"], description: "Fastify's own 4xx refusals (unsupported media type, malformed JSON), with Fastify's status and message" },
  KASSA_ERR_TOO_MANY_LISTENERS: { status: 429, template: '%s', params: ['the limit reached'], description: "Too many long-polls of `kassa listen`'s feed wait for one store's events on this server" },
  KASSA_ERR_LISTEN_BUSY: { status: 503, template: '%s', params: ['why'], description: "The server holds its most waiting long-polls of `kassa listen`'s feed, or is shutting down" },
  KASSA_ERR_NOT_CONFIGURED: {
    status: 409,
    template: '%s',
    params: ['the missing setting'],
    description:
      'A setting the request needs is missing or invalid on the server (e.g. KASSA_SETTLEMENT_IBAN for production pain.001 files): the installation is not in a state that allows this until the operator sets it; the message names it',
  },
  KASSA_ERR_DATABASE_UNAVAILABLE: {
    status: 503,
    template: 'the database cannot be reached now; try again in a few seconds',
    description: 'The database is down, restarting, failing over or out of connections: nothing was changed; the answer carries Retry-After',
  },
  KASSA_ERR_DATABASE_BUSY: {
    status: 503,
    template: 'the database did not answer in time (%s); try again in a few seconds',
    params: ['which time limit'],
    description: 'A statement or lock wait passed its time limit, or no database connection came free in time: nothing was changed; the answer carries Retry-After',
  },
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

  /** The body on the wire: the spec's three keys, then `code` and `docUrl` (its entry under `publicUrl`). */
  body(publicUrl: string): ErrorBody {
    return { statusCode: this.statusCode, message: this.message, error: REASONS[this.statusCode] ?? 'Error', code: this.code, docUrl: errorDocUrl(publicUrl, this.code) };
  }
}

/**
 * A known access key sent to the other environment's URL (a production key on a sandbox URL, or
 * the reverse): the spec's 401 STORE_NOT_FOUND, whose message names the key's environment and,
 * once the request is known (the error handler, {@link ErrorAnswers.environments}), the URL it
 * belongs at.
 */
export class WrongEnvironmentError extends ApiError {
  constructor(readonly keyEnv: 'production' | 'sandbox') {
    super(401, format(ERROR_CATALOGUE.KASSA_ERR_WRONG_ENVIRONMENT.template, keyEnv, `the ${keyEnv} URL`), 'KASSA_ERR_WRONG_ENVIRONMENT');
  }

  /** The same error naming the URL: `path` moved from one environment's base path to the other's. */
  at(url: string): ApiError {
    return kassaError('KASSA_ERR_WRONG_ENVIRONMENT', [this.keyEnv, url]);
  }
}

/** What the error handler needs to know of the installation. */
export interface ErrorAnswers {
  /** KASSA_PUBLIC_URL: the base of each error's `docUrl` and of the URLs a message names. */
  publicUrl: string;
  /** Each API's base paths `[production, sandbox]`, to name the right URL for a key of the other environment. */
  environments?: readonly (readonly [production: string, sandbox: string])[];
}

/** Where a request to `path` should have gone for a key of `keyEnv` (undefined when no API's base path matches). */
export function otherEnvironmentUrl(opts: ErrorAnswers, path: string, keyEnv: 'production' | 'sandbox'): string | undefined {
  // The longest base path first: /sandbox/shipping/api/v2 before /sandbox/api would matter if they nested.
  const pairs = [...(opts.environments ?? [])].sort((a, b) => b[keyEnv === 'production' ? 1 : 0].length - a[keyEnv === 'production' ? 1 : 0].length);
  for (const [production, sandbox] of pairs) {
    const [from, to] = keyEnv === 'production' ? [sandbox, production] : [production, sandbox];
    if (path === from || path.startsWith(`${from}/`)) return `${opts.publicUrl.replace(/\/+$/, '')}${to}${path.slice(from.length)}`;
  }
  return undefined;
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
  /** The signature does not match the secret of `accessKey` (the key the token names). */
  invalidSignature: (accessKey: string) => kassaError('KASSA_ERR_INVALID_SIGNATURE', [accessKey]),
  /** A known access key of the other environment: `keyEnv` is the key's, `url` where it belongs (filled in when answered). */
  wrongEnvironment: (keyEnv: 'production' | 'sandbox') => new WrongEnvironmentError(keyEnv),
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
  wrongEnvironment: 'KASSA_ERR_WRONG_ENVIRONMENT',
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

/** Sends an error in the spec's shape (with its code and link) and logs its code (4xx at info, 5xx at error). */
function answer(opts: ErrorAnswers, req: FastifyRequest, reply: FastifyReply, given: ApiError, cause?: unknown): FastifyReply {
  let e = given;
  if (e instanceof WrongEnvironmentError) {
    const url = otherEnvironmentUrl(opts, req.url.split('?')[0] ?? '', e.keyEnv);
    if (url) e = e.at(url);
  }
  if (e.statusCode >= 500) req.log.error({ err: cause ?? e, code: e.code, statusCode: e.statusCode }, 'unhandled error');
  else req.log.info({ code: e.code, statusCode: e.statusCode, reason: e.message }, 'request refused');
  return reply.code(e.statusCode).send(e.body(opts.publicUrl));
}

/**
 * The router's own refusals, before any route is chosen (Fastify's `frameworkErrors` option): a
 * path that is not valid percent-encoded UTF-8 (`%zz`, `%C0%80`, a lone surrogate as `%ED%A0%80`)
 * and a path parameter longer than the router's limit. Without this they leave in Fastify's shape,
 * with a `code` and the whole URL echoed back.
 */
export function frameworkErrors(opts: ErrorAnswers): (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => void {
  return (err, req, reply) => {
    const e =
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? kassaError('KASSA_ERR_PARAM_TOO_LONG')
        : err.code === 'FST_ERR_BAD_URL'
          ? kassaError('KASSA_ERR_BAD_URL')
          : kassaError('KASSA_ERR_UNROUTABLE', [], err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400);
    answer(opts, req, reply, e);
  };
}

/** Replies that answered a database fault (unavailable or busy): /readyz counts them (observability.ts). */
export const databaseFaultReplies = new WeakSet<FastifyReply>();

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Network errors of a connection to the database, and PostgreSQL's SQLSTATEs of a server that cannot serve now. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  '57P01',
  '57P02',
  '57P03', // admin shutdown, crash shutdown, cannot connect now (starting, recovering)
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
export function installErrorHandler(app: FastifyInstance, opts: ErrorAnswers): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) return answer(opts, req, reply, err);
    if (err.validation) {
      const v = err.validation[0];
      const where = err.validationContext ?? 'body';
      const field = v ? [where, ...v.instancePath.split('/').filter(Boolean)].join('.') + (v.keyword === 'required' ? `.${(v.params as { missingProperty: string }).missingProperty}` : '') : where;
      const problem = v?.keyword === 'required' ? 'is required' : (v?.message ?? 'is invalid');
      return answer(opts, req, reply, kassaError('KASSA_ERR_SCHEMA', [field, problem]));
    }
    const fault = databaseFault(err);
    if (fault) {
      // Not a fault of this request nor of Kassa's code: the client may try again shortly.
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      databaseFaultReplies.add(reply);
      const e = fault.kind === 'busy' ? kassaError('KASSA_ERR_DATABASE_BUSY', [fault.what]) : kassaError('KASSA_ERR_DATABASE_UNAVAILABLE');
      return answer(opts, req, reply, e, err);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify's message names no limit; the route's (or the server's) does.
      return answer(opts, req, reply, kassaError('KASSA_ERR_BODY_TOO_LARGE', [formatBytes(req.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES)]));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    const e = status === 500 ? kassaError('KASSA_ERR_INTERNAL') : kassaError('KASSA_ERR_HTTP', [err.message], status);
    return answer(opts, req, reply, e, err);
  });
  app.setNotFoundHandler((req, reply) => {
    answer(opts, req, reply, kassaError('KASSA_ERR_ROUTE_NOT_FOUND', [req.method, req.url.split('?')[0] ?? '']));
  });
}
