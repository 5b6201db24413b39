-- Registrations a PATCH replaced, still to be withdrawn at their carrier: [{carrierCode, carrierShipmentId}].
-- The registration job cancels them before it registers the shipment again.
ALTER TABLE shipments ADD COLUMN superseded jsonb NOT NULL DEFAULT '[]';
