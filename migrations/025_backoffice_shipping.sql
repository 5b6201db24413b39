-- The back office's Shipping area (issue 12).
-- A store's shipments newest first, keyset-paged on (created_at, id) like the orders list: the
-- cost of a page does not grow with how far back it is.
CREATE INDEX shipments_store_env_created ON shipments (store_id, env, created_at DESC, id DESC);
-- A registered webhook's deliveries, newest first (the Webhooks page).
CREATE INDEX notifications_webhook ON notifications (webhook_id, created_at DESC, id DESC) WHERE webhook_id IS NOT NULL;
-- The snake_case API's deliveries to one URL of a store and environment, newest first.
CREATE INDEX notifications_legacy_webhook ON notifications (store_id, env, url, created_at DESC, id DESC) WHERE kind = 'legacy_webhook';
-- The same, filtered by status (a rare status would otherwise walk the store's shipments).
CREATE INDEX shipments_store_env_status ON shipments (store_id, env, status, created_at DESC, id DESC);
