-- Label files (shipping v2): a request to print the labels of some shipments. The PDF itself is
-- never stored; GET …/label-files/:id/download renders it from the shipments on every request.
-- Made ready by the label-file worker (claimed with FOR UPDATE SKIP LOCKED and a lease).
CREATE TABLE label_files (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores(id),
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  shipment_ids uuid[] NOT NULL,
  page_size text NOT NULL CHECK (page_size IN ('A4', 'A6')),
  labels_per_page integer NOT NULL CHECK (labels_per_page IN (1, 2, 4)),
  order_labels_by text NOT NULL CHECK (order_labels_by IN ('shipmentIds', 'trackingNumber', 'merchantReference')),
  status text NOT NULL CHECK (status IN ('pending', 'ready', 'failed')),
  errors jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  locked_until timestamptz
);

CREATE INDEX label_files_store ON label_files (store_id, env, created_at);
CREATE INDEX label_files_due ON label_files (next_attempt_at) WHERE status = 'pending';
