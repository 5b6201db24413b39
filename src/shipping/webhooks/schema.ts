/** Wire schemas of POST, GET and DELETE /webhooks (spec: shipping-v2.md "Webhook registration"). */
import { Type } from 'typebox';
import { stringEnum } from '../../platform/schemas.js';
import { WEBHOOK_EVENTS } from './events.js';

export const WebhookInputSchema = Type.Object(
  {
    url: Type.String({ format: 'uri', description: 'Absolute http(s) URL notified with POST {payload: <JWT>}' }),
    enabledEvents: Type.Optional(Type.Array(stringEnum(WEBHOOK_EVENTS), { maxItems: WEBHOOK_EVENTS.length, description: 'Default: every event' })),
  },
  { additionalProperties: true, title: 'WebhookInput' },
);

export const WebhookSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    createdAt: Type.String({ format: 'date-time' }),
    url: Type.String(),
    enabledEvents: Type.Array(stringEnum(WEBHOOK_EVENTS)),
  },
  { title: 'Webhook' },
);

export const WebhookList = Type.Object({ data: Type.Array(WebhookSchema) }, { title: 'Webhooks' });

export const WebhookParams = Type.Object({ id: Type.String({ description: 'The webhook id (a UUID; anything else is a 400 naming id)' }) });
