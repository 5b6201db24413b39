-- The earlier (snake_case) shipping API's webhooks (shipping-legacy.md, PATCH /stores/store-webhook):
-- one tracking webhook URL per store and environment, and the per-shipment `webhook_url` the
-- WooCommerce plugin sends with each shipment. Deliveries ride the notifications outbox.
CREATE TABLE legacy_webhooks (
  store_id uuid NOT NULL REFERENCES stores(id),
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  url text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, env)
);
ALTER TABLE shipments ADD COLUMN legacy_webhook_url text;
