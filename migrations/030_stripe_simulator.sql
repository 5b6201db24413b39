-- The sandbox's Stripe simulator (issue 19): the sandbox runs Kassa's Stripe connector (the official
-- `stripe` SDK) against a simulator of Stripe's API served by Kassa itself under
-- /simulators/stripe/v1/…. Its state lives here so any API node answers any request (nothing only
-- in one process's memory). Objects keep Stripe's ids (pi_…, pm_…, ch_…, re_…, evt_…) and the
-- fields the simulator answers; card numbers are never stored (a payment method keeps the brand,
-- last four digits, expiry and the test card's outcome).
CREATE TABLE stripe_sim_payment_methods (
  id text PRIMARY KEY,
  -- {brand, last4, exp_month, exp_year, wallet, outcome}
  card jsonb NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE stripe_sim_payment_intents (
  id text PRIMARY KEY,
  client_secret text NOT NULL UNIQUE,
  amount bigint NOT NULL,
  currency text NOT NULL,
  description text,
  metadata jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL,
  payment_method text REFERENCES stripe_sim_payment_methods (id),
  last_payment_error jsonb,
  next_action jsonb,
  -- The successful charge: its id and payment_method_details
  latest_charge text,
  charge_details jsonb,
  amount_refunded bigint NOT NULL DEFAULT 0,
  cancellation_reason text,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE TABLE stripe_sim_refunds (
  id text PRIMARY KEY,
  payment_intent text NOT NULL REFERENCES stripe_sim_payment_intents (id),
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL,
  failure_reason text,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX stripe_sim_refunds_intent ON stripe_sim_refunds (payment_intent);

-- Events in the order they happened (GET /v1/events lists the newest first).
CREATE TABLE stripe_sim_events (
  seq bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  type text NOT NULL,
  object jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX stripe_sim_events_seq ON stripe_sim_events (seq);

-- Idempotency-Key: the first answer of a key (status and body) with the request it answered.
CREATE TABLE stripe_sim_idempotency (
  key text PRIMARY KEY,
  request text NOT NULL,
  status integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL
);

-- The documented outage of a refund of …​.57: the first call of a key fails, the retry succeeds.
CREATE TABLE stripe_sim_outages (
  key text PRIMARY KEY,
  created_at timestamptz NOT NULL
);

-- A draft payment intent's payment at its processor (the Stripe PaymentIntent whose client secret
-- the draft answered as stripeClientSecret); its amount and order are set when the order pays.
ALTER TABLE checkout_sessions ADD COLUMN processor_reference text;
