-- Shipment webhooks: at most 10 per store and environment (enforced by the service under a lock).
CREATE TABLE webhooks (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores(id),
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  url text NOT NULL,
  enabled_events text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_store ON webhooks (store_id, env);

-- Webhook deliveries ride the notifications outbox (kind 'webhook'); which webhook a delivery is for:
ALTER TABLE notifications ADD COLUMN webhook_id uuid;
