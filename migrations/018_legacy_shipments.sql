-- The snake_case shipping API's (shipping-legacy.md) fields a v2 shipment has no place for: the
-- order's billing party, totals, currency, payment method, second street lines and the
-- shipping_method identifier as sent. One row per shipment created through that API; the
-- shipment itself is the ordinary v2 row (one shipment, two views).
CREATE TABLE legacy_shipments (
  shipment_id uuid PRIMARY KEY REFERENCES shipments(id) ON DELETE CASCADE,
  identifier text,
  billing jsonb NOT NULL,
  street2 jsonb NOT NULL,
  currency text,
  shipping_total_minor bigint,
  total_minor bigint,
  payment_method text
);
