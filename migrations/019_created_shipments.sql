-- Shipments created without a shipping method (the snake_case API's POST /shipments and
-- create-async without `shipping_method`, shipping-legacy.md): stored in status `created`
-- ("created in Kassa, not registered with a carrier"), with no method, carrier or country.
-- Never claimed by the registration worker (it takes `pending` only); a v2 PATCH with a
-- shippingMethod moves one to pending (docs/decisions.md, The snake_case shipping API).
ALTER TABLE shipments ALTER COLUMN method_type DROP NOT NULL;
ALTER TABLE shipments ALTER COLUMN method_id DROP NOT NULL;
ALTER TABLE shipments ALTER COLUMN carrier_code DROP NOT NULL;
ALTER TABLE shipments ALTER COLUMN country_code DROP NOT NULL;
ALTER TABLE shipments DROP CONSTRAINT shipments_status_check;
ALTER TABLE shipments ADD CONSTRAINT shipments_status_check
  CHECK (status IN ('created', 'pending', 'registered', 'registrationFailed', 'labelsCreated', 'inTransit',
                    'awaitingCollection', 'delivered', 'returned'));
-- Only a `created` shipment may lack its method; once it has one it keeps one.
ALTER TABLE shipments ADD CONSTRAINT shipments_method_unless_created
  CHECK (status = 'created' OR (method_type IS NOT NULL AND method_id IS NOT NULL AND carrier_code IS NOT NULL AND country_code IS NOT NULL));
