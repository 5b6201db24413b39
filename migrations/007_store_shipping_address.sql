-- A store's default shipping address: the sender of shipments created without one, and the
-- `source` country of filter-by-parcels and rates. Null until the operator sets it.
ALTER TABLE stores ADD COLUMN shipping_address jsonb;
