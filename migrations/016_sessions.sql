-- Embedded card payments (issue 10): sessions (POST /sessions) and draft payment intents
-- (POST /payment-intents/draft) in one table, told apart by `kind`. Each is made for one store and
-- environment, may be bound to one order (order_id, set once, in the order's own transaction) and,
-- while unbound, expires at expires_at (the store's clock: store_now, so the sandbox clock moves it).
CREATE TABLE checkout_sessions (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores (id),
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  kind text NOT NULL CHECK (kind IN ('session', 'draft')),
  -- The payment method a draft intent was made for (cardPayments, blik); null for a session.
  payment_method text,
  order_id uuid REFERENCES orders (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
-- One session per order at most (a re-sent order keeps its own).
CREATE UNIQUE INDEX checkout_sessions_order ON checkout_sessions (order_id) WHERE order_id IS NOT NULL;
