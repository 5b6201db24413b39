/** Wire schemas of PATCH /stores/store-webhook (shipping-legacy.md). */
import { Type } from 'typebox';
import { nullable } from '../../../platform/schemas.js';

export const StoreWebhookInputSchema = Type.Object(
  {
    tracking_webhook_url: Type.String({
      description: 'Absolute http(s) URL called with shipment_created and label_created (token in ?webhook_token=); an empty string removes it',
    }),
  },
  { additionalProperties: true, title: 'LegacyStoreWebhookInput' },
);

export const StoreWebhookSchema = Type.Object({ tracking_webhook_url: nullable(Type.String(), { description: 'The URL now registered; null when removed' }) }, { title: 'LegacyStoreWebhook' });
