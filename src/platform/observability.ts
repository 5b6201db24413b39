/**
 * Logs, health and metrics: pino with secrets and card data redacted, /healthz (the process is
 * up), /readyz (the database answers), and Prometheus /metrics.
 */
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Db } from './db.js';
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

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { id: req.id, method: req.method, url: safeUrl(req.url), ip: req.ip };
      },
    },
  };
}

/** What /readyz and /metrics ask of the database, built once in the composition root. */
export class HealthService {
  constructor(private readonly db: Db) {}

  /** True when the database answers. */
  async ready(): Promise<boolean> {
    try {
      await this.db.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  /** Notifications (and webhooks) waiting for delivery. */
  async pendingNotifications(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE status = 'pending'`);
    return rows[0]?.n ?? 0;
  }
}

export function registerObservability(app: FastifyInstance, health: HealthService): void {
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
        summary: 'The database answers (503 while it does not)',
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
      if (await health.ready()) return { status: 'ready' };
      reply.code(503);
      return { status: 'unavailable', reason: 'database unreachable' };
    },
  );
  app.get(
    '/metrics',
    {
      schema: {
        tags,
        summary: 'Prometheus metrics (text exposition format)',
        operationId: 'getMetrics',
        security: Security.none,
        response: { 200: fileResponse('The metrics', 'text/plain'), ...errorResponses(400) },
      },
    },
    async (_req, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    },
  );
}
