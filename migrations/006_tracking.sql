-- The public tracking page finds a parcel by its carrier's tracking number.
CREATE INDEX shipment_parcels_tracking ON shipment_parcels (carrier_parcel_id) WHERE carrier_parcel_id IS NOT NULL;
