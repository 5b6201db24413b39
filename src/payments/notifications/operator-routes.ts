/**
 * The operator's view of the outbox (/operator/notifications, admin token): what is waiting or
 * has failed, with its last attempt, and re-sending one (say, after the merchant fixed its
 * receiver, once a notification ran out of retries). A re-send is one more attempt, due now,
 * signed afresh; every attempt stays recorded.
 */
import type { FastifyInstance } from 'fastify';
import { requireAdminToken } from '../../platform/admin-auth.js';
import { Errors } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { Problems, Reader, isObject } from '../../platform/validate.js';
import type { Services } from '../../services.js';
import { NOTIFICATION_KINDS as KINDS, NOTIFICATION_STATUSES as STATUSES } from './service.js';

export async function notificationOperatorRoutes(app: FastifyInstance, opts: { services: Services; adminToken: string }): Promise<void> {
  const { outbox } = opts.services;
  requireAdminToken(app, opts.adminToken);

  app.get('/notifications', { schema: { tags: ['operator'], summary: 'Notifications by status (newest first), with their last attempt' } }, async (req) => {
    const p = new Problems();
    const r = new Reader(p, isObject(req.query) ? req.query : {});
    const status = r.oneOf('status', STATUSES) ?? 'failed';
    const kind = r.oneOf('kind', KINDS);
    const storeUuid = r.string('storeUuid');
    if (storeUuid !== undefined && !isUuid(storeUuid)) p.add('storeUuid', 'must be a UUID');
    const limit = r.integer('limit', { min: 1, max: 500 }) ?? 50;
    p.throwIfAny();
    return { notifications: await outbox.list({ status, kind, storeUuid, limit }) };
  });

  app.post<{ Params: { id: string } }>(
    '/notifications/:id/resend',
    { schema: { tags: ['operator'], summary: 'Send a failed (or delivered) notification once more, now' } },
    async (req, reply) => {
      if (!isUuid(req.params.id)) throw Errors.validation('id', 'must be a UUID');
      const entry = await outbox.resend(req.params.id);
      reply.code(202);
      return entry;
    },
  );
}
