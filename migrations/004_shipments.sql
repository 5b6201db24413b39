-- Shipments (shipping v2) and their parcels. Units: grams and millimetres; COD in minor units
-- (inside additional_services). A shipment is registered with the carrier by the registration
-- worker (claimed with FOR UPDATE SKIP LOCKED and a lease, like notifications).
CREATE TABLE shipments (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores(id),
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  merchant_reference text,
  service_order_uuid uuid,
  status text NOT NULL CHECK (status IN ('pending', 'registered', 'registrationFailed', 'labelsCreated', 'inTransit',
                                         'awaitingCollection', 'delivered', 'returned')),
  method_type text NOT NULL CHECK (method_type IN ('courier', 'pickupPoint')),
  method_id text NOT NULL,
  carrier_code text NOT NULL,
  country_code text NOT NULL,
  additional_services jsonb NOT NULL DEFAULT '[]',
  parcel_handover_method text,
  locker_size text,
  receiver jsonb NOT NULL,
  sender jsonb NOT NULL,
  products jsonb,
  order_comment text,
  carrier_shipment_id text,
  errors jsonb,
  registration_attempts integer NOT NULL DEFAULT 0,
  next_registration_at timestamptz,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- 409 identity: one live shipment per store, environment and merchantReference (a failed one
-- does not block a new one).
CREATE UNIQUE INDEX shipments_live_reference ON shipments (store_id, env, merchant_reference)
  WHERE merchant_reference IS NOT NULL AND status <> 'registrationFailed';
CREATE INDEX shipments_due ON shipments (next_registration_at) WHERE status = 'pending';

CREATE TABLE shipment_parcels (
  id uuid PRIMARY KEY,
  shipment_id uuid NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
  position integer NOT NULL,
  weight_g integer NOT NULL,
  length_mm integer,
  width_mm integer,
  height_mm integer,
  carrier_parcel_id text,
  tracking_link text,
  drop_off_pin text,
  UNIQUE (shipment_id, position)
);
