-- A shipment's own notificationUrl (sent by the WooCommerce plugin in every create body instead of
-- registering a webhook): every event of that shipment is delivered there too, through the same
-- outbox as registered webhooks (kind 'webhook', webhook_id NULL). Null when not given.
ALTER TABLE shipments ADD COLUMN notification_url text;
