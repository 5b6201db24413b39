/**
 * The operator's view of the outbox (/operator/notifications, admin token): what is waiting or
 * has failed, with its last attempt, one notification with every attempt, and re-sending one (say, after the merchant fixed its
 * receiver, once a notification ran out of retries). A re-send is one more attempt, due now,
 * signed afresh; every attempt stays recorded.
 */
import type { FastifyInstance } from 'fastify';
import { requireAdminToken } from '../platform/admin-auth.js';
import { Errors } from '../platform/errors.js';
import { described, errorResponses, noBody, Security } from '../platform/schemas.js';
import { isUuid } from '../platform/ids.js';
import { Problems, Reader, isObject } from '../platform/validate.js';
import type { OutboxService } from './service.js';
import {
  NOTIFICATION_KINDS as KINDS,
  NOTIFICATION_STATUSES as STATUSES,
  NotificationListQuery,
  NotificationDetailSchema,
  NotificationListSchema,
  NotificationParams,
  NotificationSchema,
} from './schema.js';

export async function notificationOperatorRoutes(app: FastifyInstance, opts: { outbox: OutboxService; adminToken: string }): Promise<void> {
  const { outbox } = opts;
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
      return { notifications: await outbox.list({ status, kind, storeUuid, limit }) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'One notification with every delivery attempt (status, duration, response status and excerpt, error, time)',
        operationId: 'operatorShowNotification',
        security,
        params: NotificationParams,
        response: { 200: described('The notification and its attempts, oldest first', NotificationDetailSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw Errors.validation('id', 'must be a UUID');
      return outbox.show(req.params.id.toLowerCase());
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
      const entry = await outbox.resend(req.params.id);
      reply.code(202);
      return entry;
    },
  );
}
