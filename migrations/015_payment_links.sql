-- Payment links (spec payments.md "Payment link request token payload", POST /payment-links):
-- a shareable page that creates orders. `order_id` is the one order a one_time link ever
-- creates: claimed by a conditional UPDATE (… WHERE order_id IS NULL), so two payers submitting
-- at the same instant cannot both create one (the second waits on the row lock, then sees it taken).
CREATE TABLE payment_links (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores(id),
  env text NOT NULL,
  short_code text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('reusable', 'one_time')),
  description text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  locale text NOT NULL,
  ask_additional_info boolean NOT NULL,
  show_shipping_options boolean NOT NULL,
  customer_country text,
  expires_at timestamptz NOT NULL,
  merchant_reference text,
  notification_url text,
  return_url text,
  preferred_provider text,
  preferred_country text,
  payment_reference text,
  order_id uuid,
  created_at timestamptz NOT NULL,
  CHECK (type = 'one_time' OR (merchant_reference IS NULL AND order_id IS NULL))
);
-- merchantReference: only one_time links carry one, unique in the store and environment.
CREATE UNIQUE INDEX payment_links_reference ON payment_links (store_id, env, merchant_reference) WHERE merchant_reference IS NOT NULL;
CREATE INDEX orders_payment_link ON orders (payment_link_id) WHERE payment_link_id IS NOT NULL;

-- The payer's shipping choice of a link order, kept until the order is paid; the v2 shipment is
-- created from it in the transaction that marks the order PAID (shipment_id then set).
CREATE TABLE payment_link_shipping (
  order_id uuid PRIMARY KEY REFERENCES orders(id),
  method_type text NOT NULL CHECK (method_type IN ('pickupPoint', 'courier')),
  method_id text NOT NULL,
  receiver jsonb NOT NULL,
  shipment_id uuid,
  -- Why no shipment could be made when the order was paid (the payment is never refused for it).
  error text
);

-- A link without notificationUrl creates orders nobody is notified about.
ALTER TABLE orders ALTER COLUMN notification_url DROP NOT NULL;
