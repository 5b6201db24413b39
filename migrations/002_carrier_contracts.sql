-- A store's carrier contracts per environment: which carriers it ships with, in which country,
-- and the account settings used when registering shipments. The carrier account password is
-- sealed with the master key (AES-256-GCM, like store secrets) and never leaves the server.
CREATE TABLE carrier_contracts (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores(id),
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  carrier_code text NOT NULL,
  country text NOT NULL,
  is_direct_contract boolean NOT NULL,
  returns_allowed boolean NOT NULL DEFAULT false,
  days_allowed_for_returns integer,
  parcel_handover_method text CHECK (parcel_handover_method IN ('COURIER', 'LOCKER')),
  default_locker_size text CHECK (default_locker_size IN ('XS', 'S', 'M', 'L', 'XL')),
  logistics_contract_number text,
  username text,
  password_sealed text,
  drop_off_pin_service boolean NOT NULL DEFAULT false,
  last_used_parcel_number bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, env, carrier_code, country)
);
