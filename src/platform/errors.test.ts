import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  DATABASE_RETRY_AFTER_S,
  ERROR_CATALOGUE,
  ERRORS_CODES,
  Errors,
  REASONS,
  databaseFault,
  errorDocUrl,
  installErrorHandler,
  isDatabaseUnavailable,
  kassaError,
  otherEnvironmentUrl,
  readableTemplate,
  type ErrorCode,
  type ErrorEntry,
} from './errors.js';

const PUBLIC = 'https://kassa.example';

const entries = Object.entries(ERROR_CATALOGUE) as [ErrorCode, (typeof ERROR_CATALOGUE)[ErrorCode]][];

/** One sample call of each Errors.* function (arguments are placeholders). */
const calls: { [K in keyof typeof Errors]: () => ApiError } = {
  storeNotFound: () => Errors.storeNotFound(),
  invalidSignature: () => Errors.invalidSignature('sk_test_x'),
  wrongEnvironment: () => Errors.wrongEnvironment('production'),
  invalidToken: () => Errors.invalidToken('why'),
  tokenExpired: () => Errors.tokenExpired(),
  validation: () => Errors.validation('field', 'must be a number'),
  badRequest: () => Errors.badRequest('message'),
  notFound: () => Errors.notFound('Order x'),
  conflict: () => Errors.conflict('message'),
  unauthorized: () => Errors.unauthorized('message'),
  forbidden: () => Errors.forbidden('message'),
  problems: () => Errors.problems(['a must be a number', 'b is required']),
  notificationPending: () => Errors.notificationPending('n1'),
  notConfigured: () => Errors.notConfigured('SETTING is not set'),
};

describe('the error catalogue', () => {
  it('gives every entry a unique KASSA_ERR_ code, a status of at least 400 with a reason phrase, and a template', () => {
    expect(entries.length).toBeGreaterThan(10);
    expect(new Set(entries.map(([code]) => code.toUpperCase())).size).toBe(entries.length);
    for (const [code, e] of entries) {
      expect(code, code).toMatch(/^KASSA_ERR_[A-Z0-9_]+$/);
      expect(e.status, code).toBeGreaterThanOrEqual(400);
      expect(e.status, code).toBeLessThan(600);
      expect(REASONS[e.status], code).toBeDefined();
      expect(e.template.length, code).toBeGreaterThan(0);
      expect(e.description.length, code).toBeGreaterThan(0);
    }
  });

  it("each Errors.* function yields its entry's code and status, in the spec's body shape", () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(Errors).sort());
    for (const [name, call] of Object.entries(calls) as [keyof typeof Errors, () => ApiError][]) {
      const err = call();
      const code = ERRORS_CODES[name];
      expect(err, name).toBeInstanceOf(ApiError);
      expect(err.code, name).toBe(code);
      expect(err.statusCode, name).toBe(ERROR_CATALOGUE[code].status);
      expect(Object.keys(err.body(PUBLIC)).sort(), name).toEqual(['code', 'docUrl', 'error', 'message', 'statusCode']);
      expect(err.body(PUBLIC).error, name).toBe(REASONS[err.statusCode]);
      expect(err.body(PUBLIC).code, name).toBe(code);
      expect(err.body(PUBLIC).docUrl, name).toBe(`${PUBLIC}/docs/errors#${code}`);
    }
  });

  it('keeps the messages the spec and the tests know', () => {
    expect(Errors.storeNotFound().message).toBe('STORE_NOT_FOUND');
    expect(Errors.invalidSignature('sk_test_x').message).toBe('INVALID_TOKEN: the signature does not match the secret key of access key sk_test_x');
    expect(Errors.wrongEnvironment('sandbox').message).toMatch(/^STORE_NOT_FOUND: this access key belongs to the sandbox environment/);
    expect(Errors.invalidToken('no exp').message).toBe('INVALID_TOKEN: no exp');
    expect(Errors.validation('grandTotal', 'must be a number').message).toBe('grandTotal must be a number');
    expect(Errors.notFound('Order 1').message).toBe('Order 1 not found');
    expect(Errors.problems(['a x', 'b y']).message).toBe('a x; b y');
    expect(Errors.badRequest('50% off').message).toBe('50% off');
  });

  it('fills templates in order and lets only KASSA_ERR_HTTP take its status from Fastify', () => {
    expect(kassaError('KASSA_ERR_ROUTE_NOT_FOUND', ['GET', '/x']).message).toBe('Route GET /x not found');
    expect(kassaError('KASSA_ERR_HTTP', ['Request body is too large'], 413).statusCode).toBe(413);
    expect(new ApiError(409, 'raw').code).toBe('KASSA_ERR_CONFLICT');
  });
});

describe('error answers', () => {
  it("keep the spec's body, add the code and its link, and log the code with the error", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) } } });
    installErrorHandler(app, { publicUrl: PUBLIC });
    app.get('/thing', async () => {
      throw Errors.notFound('Thing 1');
    });
    app.get('/boom', async () => {
      throw new Error('secret detail');
    });
    const notFound = await app.inject({ method: 'GET', url: '/thing' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ statusCode: 404, message: 'Thing 1 not found', error: 'Not Found', code: 'KASSA_ERR_NOT_FOUND', docUrl: `${PUBLIC}/docs/errors#KASSA_ERR_NOT_FOUND` });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.json()).toEqual({ statusCode: 500, message: 'Internal server error', error: 'Internal Server Error', code: 'KASSA_ERR_INTERNAL', docUrl: `${PUBLIC}/docs/errors#KASSA_ERR_INTERNAL` });
    const noRoute = await app.inject({ method: 'GET', url: '/nowhere?x=1' });
    expect(noRoute.json()).toEqual({
      statusCode: 404,
      message: 'Route GET /nowhere not found',
      error: 'Not Found',
      code: 'KASSA_ERR_ROUTE_NOT_FOUND',
      docUrl: `${PUBLIC}/docs/errors#KASSA_ERR_ROUTE_NOT_FOUND`,
    });
    await app.close();
    const codes = lines.filter((l) => typeof l.code === 'string').map((l) => [l.code, l.statusCode, l.level]);
    expect(codes).toEqual([
      ['KASSA_ERR_NOT_FOUND', 404, 30],
      ['KASSA_ERR_INTERNAL', 500, 50],
      ['KASSA_ERR_ROUTE_NOT_FOUND', 404, 30],
    ]);
  });
});

describe('the reference of each code', () => {
  it('shows every template readably: each %s as what it stands for, never a raw %s', () => {
    for (const [code, e] of entries) {
      const shown = readableTemplate(e);
      expect(shown, code).not.toContain('%s');
      expect((e.template.match(/%s/g) ?? []).length, `${code}: one name per %s`).toBe((e as ErrorEntry).params?.length ?? 0);
    }
    expect(readableTemplate(ERROR_CATALOGUE.KASSA_ERR_VALIDATION)).toBe('<field> <problem>');
    expect(errorDocUrl('https://k.example/', 'KASSA_ERR_CONFLICT')).toBe('https://k.example/docs/errors#KASSA_ERR_CONFLICT');
  });

  it('a key of the other environment names the URL it belongs at, for each API', async () => {
    const opts = {
      publicUrl: PUBLIC,
      environments: [
        ['/api', '/sandbox/api'],
        ['/shipping/api/v2', '/sandbox/shipping/api/v2'],
      ] as const,
    };
    expect(otherEnvironmentUrl(opts, '/sandbox/api/orders', 'production')).toBe(`${PUBLIC}/api/orders`);
    expect(otherEnvironmentUrl(opts, '/api/orders', 'sandbox')).toBe(`${PUBLIC}/sandbox/api/orders`);
    expect(otherEnvironmentUrl(opts, '/shipping/api/v2/shipments', 'sandbox')).toBe(`${PUBLIC}/sandbox/shipping/api/v2/shipments`);
    expect(otherEnvironmentUrl(opts, '/elsewhere', 'sandbox')).toBeUndefined();
    const app = Fastify({ logger: false });
    installErrorHandler(app, opts);
    app.post('/sandbox/api/orders', async () => {
      throw Errors.wrongEnvironment('production');
    });
    const res = await app.inject({ method: 'POST', url: '/sandbox/api/orders?x=1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: `STORE_NOT_FOUND: this access key belongs to the production environment; use ${PUBLIC}/api/orders`,
      code: 'KASSA_ERR_WRONG_ENVIRONMENT',
      docUrl: `${PUBLIC}/docs/errors#KASSA_ERR_WRONG_ENVIRONMENT`,
    });
    await app.close();
  });
});

describe('a database that cannot be reached', () => {
  it('is told apart from faults: network errors, SQLSTATEs of a server that cannot serve, pg pool timeouts, nested causes', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: refused }))).toBe(true);
    // PgBouncer's refusals while the server behind it is down or its clients wait too long.
    expect(isDatabaseUnavailable(Object.assign(new Error('server login has been failing, try again later (server_login_retry)'), { code: '08P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('query_wait_timeout'), { code: '08P01' }))).toBe(true);
    // Faults of a request or of Kassa stay faults.
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('tells a time limit (busy) from an outage: statement and lock timeouts, the client-side deadline, a pool with no connection free', () => {
    expect(databaseFault(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toEqual({ kind: 'busy', what: 'statement timeout' });
    expect(databaseFault(Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }))).toEqual({ kind: 'busy', what: 'lock timeout' });
    expect(databaseFault(new Error('Query read timeout'))).toEqual({ kind: 'busy', what: 'statement timeout' });
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toEqual({ kind: 'busy', what: 'no connection free' });
    expect(databaseFault(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toEqual({ kind: 'unavailable' });
    // A cancel for another reason (pg_cancel_backend by an operator) is not a time limit.
    expect(databaseFault(Object.assign(new Error('canceling statement due to user request'), { code: '57014' }))).toBeUndefined();
  });

  it('answers 503 in the spec shape with Retry-After, never 500', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app, { publicUrl: PUBLIC });
    app.get('/down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const res = await app.inject({ method: 'GET', url: '/down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(res.json()).toEqual({
      statusCode: 503,
      message: 'the database cannot be reached now; try again in a few seconds',
      error: 'Service Unavailable',
      code: 'KASSA_ERR_DATABASE_UNAVAILABLE',
      docUrl: `${PUBLIC}/docs/errors#KASSA_ERR_DATABASE_UNAVAILABLE`,
    });
    await app.close();
  });
});
