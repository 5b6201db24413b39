/**
 * The operator's view of the outbox (/operator/notifications, admin token): what is waiting or
 * has failed, with its last attempt, and re-sending one (say, after the merchant fixed its
 * receiver, once a notification ran out of retries). A re-send is one more attempt, due now,
 * signed afresh; every attempt stays recorded.
 */
import type { FastifyInstance } from 'fastify';
import { requireAdminToken } from '../../platform/admin-auth.js';
import { Errors } from '../../platform/errors.js';
import { described, errorResponses, noBody, Security } from '../../platform/schemas.js';
import { isUuid } from '../../platform/ids.js';
import { Problems, Reader, isObject } from '../../platform/validate.js';
import type { Services } from '../../services.js';
import { WAKE_CHANNEL } from './outbox.js';
import {
  NOTIFICATION_KINDS as KINDS,
  NOTIFICATION_STATUSES as STATUSES,
  NotificationListQuery,
  NotificationListSchema,
  NotificationParams,
  NotificationSchema,
} from './schema.js';

interface Row {
  id: string;
  store_id: string;
  env: string;
  kind: string;
  subject_id: string;
  url: string;
  status: string;
  attempt_count: number;
  next_attempt_at: Date;
  created_at: Date;
  last_at: Date | null;
  last_status: number | null;
  last_error: string | null;
}

function view(r: Row) {
  return {
    id: r.id,
    storeUuid: r.store_id,
    env: r.env,
    kind: r.kind,
    subjectId: r.subject_id,
    url: r.url,
    status: r.status,
    attempts: r.attempt_count,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
    lastAttempt: r.last_at ? { at: r.last_at.toISOString(), responseStatus: r.last_status, error: r.last_error } : null,
    createdAt: r.created_at.toISOString(),
  };
}

const SELECT = `SELECT n.id, n.store_id, n.env, n.kind, n.subject_id, n.url, n.status, n.attempt_count, n.next_attempt_at, n.created_at,
       a.started_at AS last_at, a.response_status AS last_status, a.error AS last_error
  FROM notifications n
  LEFT JOIN LATERAL (SELECT * FROM notification_attempts x WHERE x.notification_id = n.id ORDER BY x.attempt DESC LIMIT 1) a ON true`;

export async function notificationOperatorRoutes(app: FastifyInstance, opts: { services: Services; adminToken: string }): Promise<void> {
  const { db } = opts.services;
  requireAdminToken(app, opts.adminToken);

  const tags = ['operator'];
  const security = Security.operator;
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Notifications by status (newest first), with their last attempt',
        operationId: 'operatorListNotifications',
        security,
        querystring: NotificationListQuery,
        response: { 200: described('The notifications, newest first', NotificationListSchema), ...errorResponses(400, 401) },
      },
    },
    async (req) => {
    const p = new Problems();
    const r = new Reader(p, isObject(req.query) ? req.query : {});
    const status = r.oneOf('status', STATUSES) ?? 'failed';
    const kind = r.oneOf('kind', KINDS);
    const storeUuid = r.string('storeUuid');
    if (storeUuid !== undefined && !isUuid(storeUuid)) p.add('storeUuid', 'must be a UUID');
    const limit = r.integer('limit', { min: 1, max: 500 }) ?? 50;
    p.throwIfAny();
    const { rows } = await db.query<Row>(
      `${SELECT} WHERE n.status = $1 AND ($2::text IS NULL OR n.kind = $2) AND ($3::uuid IS NULL OR n.store_id = $3)
        ORDER BY n.created_at DESC, n.id DESC LIMIT $4`,
      [status, kind ?? null, storeUuid ?? null, limit],
    );
    return { notifications: rows.map(view) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/notifications/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send a failed (or delivered) notification once more, now',
        operationId: 'operatorResendNotification',
        body: noBody(),
        security,
        params: NotificationParams,
        response: { 202: described('The notification, pending again and due now', NotificationSchema), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      if (!isUuid(req.params.id)) throw Errors.validation('id', 'must be a UUID');
      const { rows } = await db.query<{ status: string }>(
        `WITH target AS (SELECT id, status FROM notifications WHERE id = $1 FOR UPDATE),
         moved AS (
           UPDATE notifications n SET status = 'pending', next_attempt_at = now(), locked_until = NULL, delivered_at = NULL
             FROM target WHERE n.id = target.id AND target.status <> 'pending' RETURNING n.id
         )
         SELECT target.status, (SELECT count(*) FROM moved)::int AS moved, pg_notify('${WAKE_CHANNEL}', '') FROM target`,
        [req.params.id],
      );
      if (!rows[0]) throw Errors.notFound(`Notification ${req.params.id}`);
      if (rows[0].status === 'pending') throw Errors.notificationPending(req.params.id);
      const { rows: after } = await db.query<Row>(`${SELECT} WHERE n.id = $1`, [req.params.id]);
      reply.code(202);
      return view(after[0]!);
    },
  );
}
