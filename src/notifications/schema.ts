/** Wire schemas of the operator's notification routes (/operator/notifications). */
import { Type } from 'typebox';
import { documentedOnly, idParam, nullable } from '../platform/schemas.js';

export const NOTIFICATION_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const NOTIFICATION_KINDS = ['order', 'refund', 'webhook', 'legacy_webhook'] as const;

export const NotificationSchema = Type.Object(
  {
    id: Type.String(),
    storeUuid: Type.String(),
    env: Type.Enum(['production', 'sandbox']),
    kind: Type.Enum([...NOTIFICATION_KINDS]),
    subjectId: Type.String({ description: 'The order, refund or shipment the notification is about' }),
    url: Type.String({ description: 'Where it is POSTed' }),
    status: Type.Enum([...NOTIFICATION_STATUSES]),
    attempts: Type.Integer(),
    nextAttemptAt: nullable(Type.String(), { description: 'When pending: the next attempt (ISO 8601)' }),
    lastAttempt: nullable(
      Type.Object({
        at: Type.String(),
        responseStatus: nullable(Type.Integer(), { description: "The receiver's HTTP status" }),
        error: nullable(Type.String(), { description: 'Why the attempt failed, when it did' }),
      }),
    ),
    createdAt: Type.String(),
  },
  { title: 'Notification' },
);

export const NotificationListQuery = documentedOnly(
  Type.Object(
    {
      status: Type.Optional(Type.Enum([...NOTIFICATION_STATUSES], { description: 'Default failed' })),
      kind: Type.Optional(Type.Enum([...NOTIFICATION_KINDS])),
      storeUuid: Type.Optional(Type.String({ format: 'uuid' })),
      limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: '1 to 500, default 50' })),
    },
    { additionalProperties: true },
  ),
);

export const NotificationListSchema = Type.Object({ notifications: Type.Array(NotificationSchema) });

export const NotificationParams = Type.Object({ id: idParam('Notification id (a malformed one is a 400)') });

export const NotificationAttemptSchema = Type.Object(
  {
    attempt: Type.Integer({ description: '1 for the first try' }),
    startedAt: Type.String(),
    durationMs: Type.Integer(),
    outcome: Type.Enum(['delivered', 'retry', 'failed']),
    responseStatus: nullable(Type.Integer(), { description: "The receiver's HTTP status" }),
    responseExcerpt: nullable(Type.String(), { description: "The first bytes (at most 1 KiB) of the receiver's answer, as text without control characters" }),
    error: nullable(Type.String(), { description: 'Why the attempt failed, when it did' }),
    nextAttemptAt: nullable(Type.String(), { description: 'When a retry was scheduled' }),
  },
  { title: 'NotificationAttempt' },
);

export const NotificationDetailSchema = Type.Object(
  { ...NotificationSchema.properties, deliveryAttempts: Type.Array(NotificationAttemptSchema, { description: 'Every attempt, oldest first' }) },
  { title: 'NotificationDetail' },
);
