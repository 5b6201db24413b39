-- Every status a shipment has been in, and since when: the event history of the public tracking
-- page (issue 12). Recorded by triggers, so no path that moves a shipment (registration worker,
-- PATCH, label files, sandbox helpers, the snake_case API) can forget to.
CREATE TABLE shipment_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shipment_id uuid NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
  status text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipment_events_history ON shipment_events (shipment_id, at DESC, id DESC);

CREATE FUNCTION shipment_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shipment_events (shipment_id, status, at) VALUES (NEW.id, NEW.status, NEW.updated_at);
  RETURN NULL;
END $$;

CREATE TRIGGER shipment_created_event AFTER INSERT ON shipments
  FOR EACH ROW EXECUTE FUNCTION shipment_event();
CREATE TRIGGER shipment_status_event AFTER UPDATE OF status ON shipments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION shipment_event();

-- Shipments made before this migration: their current status, since their last change (what is known).
INSERT INTO shipment_events (shipment_id, status, at) SELECT id, status, updated_at FROM shipments;
