/**
 * Logs, health and metrics: pino with secrets and card data redacted, /healthz (the process is
 * up), /readyz (the database answers), and Prometheus /metrics (Bearer KASSA_METRICS_TOKEN or the
 * operator token).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import client from 'prom-client';
import { databaseFault, databaseFaultReplies, Errors } from './errors.js';
import { safeEqual } from './crypto.js';
import { Type } from 'typebox';
import { errorResponses, fileResponse, Security } from './schemas.js';

/** Paths pino replaces with [Redacted] wherever they appear in a log entry. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'secretKey',
  '*.secretKey',
  '*.*.secretKey',
  'password',
  '*.password',
  'data',
  '*.data',
  'cardNumber',
  '*.cardNumber',
  'cvc',
  '*.cvc',
  'token',
  '*.token',
];

const SECRET_PARAMS = /([?&](?:order-token|refund-token|token|webhook_token|data|sig)=)[^&]*/gi;

/** A request's URL with token-bearing query parameters masked, for logs. */
export function safeUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[Redacted]');
}

/** Query (or fragment) parameters whose value is a credential: tokens, signatures, keys, passwords. */
const SECRET_PARAM_NAME = /token|secret|passw|sig|key|auth|^data$|^code$/i;

/**
 * A URL fit for a log line: the userinfo (user:password@) and the value of every credential-like
 * parameter (`webhook_token`, `order-token`, `token`, `sig`, …) replaced by `[redacted]`, the rest
 * kept as written so the operator can still tell which endpoint failed.
 */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1[redacted]@').replace(/([?&#;])([^=&#;]*)=([^&#;]*)/g, (whole, sep: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // a malformed escape: judge the name as written
    }
    return SECRET_PARAM_NAME.test(decoded) ? `${sep}${name}=[redacted]` : whole;
  });
}

/** Human-readable lines (pino-pretty) for a person at a terminal; JSON lines for everything else (files, pipes, containers). */
export function logFormat(stdoutIsTTY: boolean | undefined): 'human' | 'json' {
  return stdoutIsTTY === true ? 'human' : 'json';
}

/** Fields that hold a duration in milliseconds (Fastify's responseTime, our own durationMs): shown rounded, "12 ms". */
const DURATION_FIELDS = ['responseTime', 'durationMs'] as const;
const roundedMs = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? `${Math.round(v)} ms` : String(v));

/**
 * pino-pretty's formatter (its prettyFactory, run in this thread: no worker, no transport): one line
 * per entry, `[HH:MM:ss.mmm] LEVEL: message {fields}`, local time, pid and hostname left out,
 * durations rounded, an error's stack below its line; colours when `colorize` (a terminal that
 * allows them, NO_COLOR unset).
 */
export function prettyLine(colorize: boolean): (entry: string | Record<string, unknown>) => string {
  return prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    // Only `err` holds an Error (pino's and Fastify's key); `error` is a one-line reason ("answered 500").
    errorLikeObjectKeys: ['err'],
    customPrettifiers: Object.fromEntries(DURATION_FIELDS.map((k) => [k, roundedMs])),
  });
}

/** A stream taking pino's JSON lines and writing them to `out` through pino-pretty (prettyLine), synchronously. */
export function humanLogStream(out: Pick<NodeJS.WritableStream, 'write'>, colorize = false): Writable {
  const pretty = prettyLine(colorize);
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      pending += chunk.toString();
      let nl: number;
      let text = '';
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (line) text += pretty(line);
      }
      if (text) out.write(text);
      cb();
    },
  });
}

/** Colours at a terminal unless NO_COLOR (https://no-color.org) or TERM=dumb says otherwise. */
const wantsColor = (env: NodeJS.ProcessEnv = process.env): boolean => !env.NO_COLOR && env.TERM !== 'dumb';

/**
 * Pino options: secrets redacted, request URLs masked. Given the process's stdout, they also pick
 * the line format (logFormat): a `stream` of human-readable lines at a terminal, none (pino's
 * JSON on stdout) otherwise. Fastify takes `stream` from the options; createLogger passes it to pino.
 */
export function loggerOptions(level: string, stdout?: Pick<NodeJS.WritableStream, 'write'> & { isTTY?: boolean }) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { id: req.id, method: req.method, url: safeUrl(req.url), ip: req.ip };
      },
    },
    ...(stdout && logFormat(stdout.isTTY) === 'human' ? { stream: humanLogStream(stdout, wantsColor()) } : {}),
  };
}

const REQUEST_LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type RequestLogLevel = (typeof REQUEST_LOG_LEVELS)[number];

/**
 * A request's logger that becomes pino's child logger (with the request id) only when a line is
 * logged at an enabled level. Fastify makes a child per request; pino builds it by serialising and
 * redacting its bindings (~13 µs a request, measured under `npm run bench`), although at `warn`
 * a request that succeeds logs nothing. Lines that are logged come out exactly as from the child:
 * `reqId`, redaction and serializers included.
 */
class RequestLogger {
  private real: FastifyBaseLogger | undefined;
  declare fatal: FastifyBaseLogger['fatal'];
  declare error: FastifyBaseLogger['error'];
  declare warn: FastifyBaseLogger['warn'];
  declare info: FastifyBaseLogger['info'];
  declare debug: FastifyBaseLogger['debug'];
  declare trace: FastifyBaseLogger['trace'];

  constructor(
    private readonly parent: FastifyBaseLogger & Pick<pino.Logger, 'isLevelEnabled'>,
    private readonly bindings: pino.Bindings,
  ) {}

  /** pino's child for this request, made on first use. */
  logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return this.real ? this.real.level : this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return this.real ? (this.real as unknown as pino.Logger).isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

for (const level of REQUEST_LOG_LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      if (!this.isLevelEnabled(level)) return;
      (this.logger()[level as RequestLogLevel] as (...a: unknown[]) => void)(...args);
    },
  });
}

/**
 * Fastify's `childLoggerFactory`: a RequestLogger (lazy) for the usual request, pino's own child
 * when the route sets its own level or serializers (made at once, as Fastify would).
 */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: pino.Bindings, opts: pino.ChildLoggerOptions): FastifyBaseLogger {
  if (opts.level !== undefined || opts.serializers !== undefined || typeof (logger as Partial<pino.Logger>).isLevelEnabled !== 'function') return logger.child(bindings, opts);
  return new RequestLogger(logger as FastifyBaseLogger & Pick<pino.Logger, 'isLevelEnabled'>, bindings) as unknown as FastifyBaseLogger;
}

/** The process's logger outside Fastify (main.ts): human lines at a terminal, JSON otherwise. */
export function createLogger(level: string, stdout: Pick<NodeJS.WritableStream, 'write'> & { isTTY?: boolean } = process.stdout): pino.Logger {
  const { stream, ...options } = loggerOptions(level, stdout);
  return pino(options, stream ?? pino.destination(1));
}

/** Readiness fails while at least this many requests met a database fault within the window. */
export const READY_FAULTS = 3;
export const READY_FAULT_WINDOW_MS = 10_000;
/** How long the readiness probe may take. */
export const READY_PROBE_MS = 2_000;

export type Readiness = { ready: true } | { ready: false; reason: string };

/** What /readyz and /metrics ask of the database, built once in the composition root. */
export class HealthService {
  /** When this node's recent requests met a database fault (performance.now(), a stopwatch). */
  private faults: number[] = [];

  constructor(
    private readonly reads: {
      /**
       * Reads what every API request reads (a store key), failing past `timeoutMs`: the owning
       * store's query (stores/store.ts probeKeys), handed in by the composition root.
       */
      probe: (timeoutMs: number) => Promise<void>;
      /** Notifications (and webhooks) waiting for delivery (notifications/store.ts countPending). */
      pendingNotifications: () => Promise<number>;
    },
  ) {}

  /** A request answered 503 for a database fault (an outage, a statement or lock timeout, no free connection). */
  noteFault(now = performance.now()): void {
    this.faults = this.faults.filter((t) => now - t < READY_FAULT_WINDOW_MS);
    this.faults.push(now);
  }

  /**
   * Ready when this node's requests are not failing on the database and the probe answers in
   * time: it reads what every API request reads (a store key), so a lock on that table, an
   * outage, or a pool with no connection free all say not ready.
   */
  async ready(now = performance.now()): Promise<Readiness> {
    const recent = this.faults.filter((t) => now - t < READY_FAULT_WINDOW_MS).length;
    if (recent >= READY_FAULTS) return { ready: false, reason: `${recent} requests met a database fault in the last ${READY_FAULT_WINDOW_MS / 1000} s` };
    try {
      await this.reads.probe(READY_PROBE_MS);
      return { ready: true };
    } catch (err) {
      const fault = databaseFault(err);
      return { ready: false, reason: fault?.kind === 'busy' ? `database did not answer in time (${fault.what})` : 'database unreachable' };
    }
  }

  /** Notifications (and webhooks) waiting for delivery. */
  pendingNotifications(): Promise<number> {
    return this.reads.pendingNotifications();
  }
}

/** Who may read /metrics: `Authorization: Bearer <token>` with the metrics token (when set) or the operator token. */
export interface MetricsAccess {
  adminToken: string;
  metricsToken?: string | undefined;
}

/**
 * Whether a request may read /metrics: its Bearer token equals one of the tokens, compared in
 * constant time (each compared, whatever the first gave). Metrics name routes, error rates and
 * queue lengths: not for anyone who can reach the API port.
 */
export function metricsAllowed(authorization: string | undefined, access: MetricsAccess): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) return false;
  const given = m[1]!;
  const admin = safeEqual(given, access.adminToken);
  const metrics = access.metricsToken !== undefined && safeEqual(given, access.metricsToken);
  return admin || metrics;
}

/**
 * Where /metrics reads: this process's registry (the default), or, with several API processes,
 * every one's and the first process's, summed (platform/cluster.ts).
 */
export interface MetricsScope {
  /** Called once with this process's registry. */
  register(local: client.Registry): void;
  /** The exposition text of a scrape. */
  scrape(): Promise<string>;
}

/** This process's metrics alone. */
function processScope(): MetricsScope {
  let local: client.Registry | undefined;
  return {
    register: (r) => {
      local = r;
    },
    scrape: async () => (local ? local.metrics() : ''),
  };
}

export function registerObservability(app: FastifyInstance, health: HealthService, access: MetricsAccess, scope: MetricsScope = processScope()): void {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  scope.register(registry);
  const duration = new client.Histogram({
    name: 'kassa_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const pending = new client.Gauge({
    name: 'kassa_notifications_pending',
    help: 'Notifications waiting for delivery',
    registers: [registry],
    // The same count in every API process: a scrape of several (platform/cluster.ts) takes one, not the sum.
    aggregator: 'max',
    async collect() {
      this.set(await health.pendingNotifications());
    },
  });
  void pending;

  app.addHook('onResponse', async (req, reply) => {
    if (databaseFaultReplies.has(reply)) health.noteFault();
    duration.observe({ method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const tags = ['observability'];
  const Status = (description: string) => Type.Object({ status: Type.String({ description }) }, { description: `The status: ${description}` });
  app.get(
    '/healthz',
    {
      schema: {
        tags,
        summary: 'The process is up',
        operationId: 'getHealth',
        security: Security.none,
        response: { 200: Status('ok'), ...errorResponses(400) },
      },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'The database answers in time and requests are not failing on it (503 while they are)',
        operationId: 'getReadiness',
        security: Security.none,
        response: {
          200: Status('ready'),
          503: Type.Object({ status: Type.String({ description: 'unavailable' }), reason: Type.String() }, { description: 'The database does not answer' }),
          ...errorResponses(400),
        },
      },
    },
    async (_req, reply) => {
      const r = await health.ready();
      if (r.ready) return { status: 'ready' };
      reply.code(503);
      return { status: 'unavailable', reason: r.reason };
    },
  );
  app.get(
    '/metrics',
    {
      schema: {
        tags,
        summary: 'Prometheus metrics (text exposition format); Bearer KASSA_METRICS_TOKEN or the operator token',
        description:
          'For a Prometheus scrape: `authorization: {type: Bearer, credentials_file: …}` in its scrape_config, with the token of KASSA_METRICS_TOKEN (read-only: it opens nothing else) or the operator token. Without either, a 401.',
        operationId: 'getMetrics',
        security: Security.metrics,
        response: { 200: fileResponse('The metrics', 'text/plain'), ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => {
      if (!metricsAllowed(req.headers.authorization, access)) {
        reply.header('www-authenticate', 'Bearer realm="kassa-metrics"');
        throw Errors.unauthorized('metrics need Authorization: Bearer <KASSA_METRICS_TOKEN or the operator token>');
      }
      reply.header('content-type', registry.contentType);
      return scope.scrape();
    },
  );
}
