-- Stores, their key pairs per environment, and the sandbox clocks.
CREATE TABLE stores (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  legal_name text NOT NULL,
  business_name text NOT NULL,
  country text NOT NULL DEFAULT 'EE',
  enabled_methods text[] NOT NULL,
  bank_refunds_enabled boolean NOT NULL DEFAULT false,
  is_demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE store_keys (
  access_key text PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores(id),
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  secret_sealed text NOT NULL,           -- AES-256-GCM under the master key
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX store_keys_store ON store_keys (store_id, env) WHERE revoked_at IS NULL;

-- A store's sandbox runs on its own clock: real time plus this offset (moved by test helpers).
CREATE TABLE sandbox_clocks (
  store_id uuid PRIMARY KEY REFERENCES stores(id),
  offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0)
);

CREATE FUNCTION store_now(p_store uuid, p_env text) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT now() + CASE WHEN p_env = 'sandbox'
    THEN coalesce((SELECT offset_ms FROM sandbox_clocks WHERE store_id = p_store), 0)
    ELSE 0 END * interval '1 millisecond'
$$;

-- Orders and their payment intents. Money is bigint minor units beside its currency.
-- No foreign keys on the hot tables: a key-share lock on the store row from every concurrent order
-- insert turns into multixact contention under load. Stores are never deleted, and an order and
-- its first intent are written by one statement (see docs/decisions.md).
CREATE TABLE orders (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL,
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  merchant_reference text NOT NULL,
  merchant_reference_display text NOT NULL,
  return_url text NOT NULL,
  notification_url text NOT NULL,
  grand_total bigint NOT NULL CHECK (grand_total >= 0),
  currency text NOT NULL,
  locale text NOT NULL,
  payment_method text NOT NULL,
  method_display text,
  method_options jsonb NOT NULL DEFAULT '{}',
  billing_address jsonb,
  shipping_address jsonb,
  line_items jsonb,
  session_uuid uuid,
  status text NOT NULL,
  expires_in_minutes integer NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  paid_at timestamptz,
  sender_iban text,
  sender_name text,
  provider_name text,
  payment_link_id uuid,
  UNIQUE (store_id, env, merchant_reference)
);
CREATE INDEX orders_pending_expiry ON orders (expires_at) WHERE status = 'PENDING';

CREATE TABLE payment_intents (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL,
  payment_method text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL,
  processor text,
  processor_reference text,
  failure_reason text,
  service_fee bigint,
  service_fee_currency text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX payment_intents_order ON payment_intents (order_id, created_at);

-- The outbox: a notification row is written in the same transaction as the change it announces,
-- and is itself the delivery queue (claimed with FOR UPDATE SKIP LOCKED by any worker).
CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores(id),
  env text NOT NULL,
  kind text NOT NULL,                   -- order | refund
  subject_id uuid NOT NULL,             -- the order or refund announced
  url text NOT NULL,
  claims jsonb NOT NULL,                -- the token's claims, signed afresh (iat, exp) at each attempt
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempt_count integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_due ON notifications (next_attempt_at) WHERE status = 'pending';
CREATE INDEX notifications_subject ON notifications (subject_id, created_at);

CREATE TABLE notification_attempts (
  id uuid PRIMARY KEY,
  notification_id uuid NOT NULL REFERENCES notifications(id),
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  response_status integer,
  error text,
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'retry', 'failed')),
  next_attempt_at timestamptz
);
CREATE INDEX notification_attempts_notification ON notification_attempts (notification_id, attempt);
