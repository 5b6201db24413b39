-- Every shipment of a store and environment by merchant reference, whatever its status: the
-- snake_case API answers duplicate_shipment_sort_order (how many earlier shipments carry the same
-- reference, registrationFailed ones included), which the partial live-reference index cannot
-- serve; without this each answer scanned the whole shipments table.
CREATE INDEX shipments_reference ON shipments (store_id, env, merchant_reference, created_at, id) WHERE merchant_reference IS NOT NULL;
