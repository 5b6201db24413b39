-- The developer CLI (docs/decisions.md "The developer CLI").
-- A store's orders of an environment, newest first (ids are uuidv7: time-ordered), for `kassa
-- orders list` (GET <payments base>/cli/orders): without it each listing scanned the orders table.
CREATE INDEX orders_store_recent ON orders (store_id, env, id DESC);
-- The event feed of `kassa listen` (GET <payments base>/cli/events) pages the outbox by this
-- sequence: notification ids do not order rows (shipping webhooks' are random uuids, payments'
-- uuidv7 are only millisecond-ordered).
ALTER TABLE notifications ADD COLUMN feed_seq bigserial;
CREATE INDEX notifications_feed ON notifications (store_id, env, feed_seq);
