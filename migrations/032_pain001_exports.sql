-- Money out as ISO 20022 pain.001 files (src/payouts/transfer-files/). A file of bank-payment
-- refunds "not yet exported" is recorded with its bytes, so the operator can fetch the same file
-- again, and every refund it pays is an item of at most one such file (the primary key): two
-- exports at once never pay a refund twice.
CREATE TABLE pain001_files (
  id uuid PRIMARY KEY,
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  kind text NOT NULL CHECK (kind IN ('refunds')),
  message_id text NOT NULL UNIQUE,
  transactions integer NOT NULL,
  control_sum bigint NOT NULL,         -- minor units (EUR cents)
  xml text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX pain001_files_env ON pain001_files (env, created_at);

CREATE TABLE pain001_file_items (
  kind text NOT NULL CHECK (kind IN ('refund')),
  item_id uuid NOT NULL,               -- refunds.id
  file_id uuid NOT NULL REFERENCES pain001_files (id),
  PRIMARY KEY (kind, item_id)
);
CREATE INDEX pain001_file_items_file ON pain001_file_items (file_id);

-- A payout batch is the payouts of one environment made on one date, across stores.
CREATE INDEX payouts_env_created ON payouts (env, created_at);

-- The refunds a file of bank-payment refunds looks for: successful ones of an environment, by the
-- time they succeeded (a final status: the row no longer changes).
CREATE INDEX refunds_successful ON refunds (env, updated_at) WHERE status = 'SUCCESSFUL';
