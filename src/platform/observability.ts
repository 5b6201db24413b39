/**
 * Logs, health and metrics: pino with secrets and card data redacted, /healthz (the process is
 * up), /readyz (the database answers), and Prometheus /metrics (Bearer KASSA_METRICS_TOKEN or the
 * operator token).
 */
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import pino from 'pino';
import client from 'prom-client';
import type { Db } from './db.js';
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
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1[redacted]@')
    .replace(/([?&#;])([^=&#;]*)=([^&#;]*)/g, (whole, sep: string, name: string) => {
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as written
      }
      return SECRET_PARAM_NAME.test(decoded) ? `${sep}${name}=[redacted]` : whole;
    });
}

/** Human-readable lines for a person at a terminal; JSON lines for everything else (files, pipes, containers). */
export function logFormat(stdoutIsTTY: boolean | undefined): 'human' | 'json' {
  return stdoutIsTTY === true ? 'human' : 'json';
}

const LEVEL_NAMES: Readonly<Record<number, string>> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every pino line carries that the human line shows in its own way, or not at all. */
const FRAME_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

function humanValue(v: unknown): string {
  if (typeof v === 'string') return /^[^\s="]+$/.test(v) ? v : JSON.stringify(v);
  return JSON.stringify(v) ?? String(v);
}

/** One pino JSON entry as `HH:MM:SS.mmm LEVEL message key=value …` (UTC), and an error's stack below it. */
export function humanLine(entry: Record<string, unknown>): string {
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '--:--:--.---';
  const level = (LEVEL_NAMES[entry.level as number] ?? String(entry.level)).padEnd(5);
  const fields: string[] = [];
  let stack = '';
  for (const [k, v] of Object.entries(entry)) {
    if (FRAME_FIELDS.has(k) || v === undefined) continue;
    if (k === 'err' && v && typeof v === 'object' && typeof (v as { stack?: unknown }).stack === 'string') {
      const err = v as { type?: string; message?: string; stack: string };
      fields.push(`err=${humanValue(err.message ?? err.type ?? 'error')}`);
      stack = '\n    ' + err.stack.split('\n').join('\n    ');
      continue;
    }
    fields.push(`${k}=${humanValue(v)}`);
  }
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  return `${time} ${level} ${msg}${fields.length ? ' ' + fields.join(' ') : ''}${stack}\n`;
}

/** A stream taking pino's JSON lines and writing them to `out` as human-readable lines. */
export function humanLogStream(out: Pick<NodeJS.WritableStream, 'write'>): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      pending += chunk.toString();
      let nl: number;
      let text = '';
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (!line) continue;
        try {
          text += humanLine(JSON.parse(line) as Record<string, unknown>);
        } catch {
          text += line + '\n';
        }
      }
      if (text) out.write(text);
      cb();
    },
  });
}

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
    ...(stdout && logFormat(stdout.isTTY) === 'human' ? { stream: humanLogStream(stdout) } : {}),
  };
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

  constructor(private readonly db: Db) {}

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
      // query_timeout: pg's client-side deadline (not in its QueryConfig type).
      await this.db.query({ text: 'SELECT 1 FROM store_keys LIMIT 1', query_timeout: READY_PROBE_MS } as { text: string });
      return { ready: true };
    } catch (err) {
      const fault = databaseFault(err);
      return { ready: false, reason: fault?.kind === 'busy' ? `database did not answer in time (${fault.what})` : 'database unreachable' };
    }
  }

  /** Notifications (and webhooks) waiting for delivery. */
  async pendingNotifications(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE status = 'pending'`);
    return rows[0]?.n ?? 0;
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

export function registerObservability(app: FastifyInstance, health: HealthService, access: MetricsAccess): void {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
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
      return registry.metrics();
    },
  );
}
