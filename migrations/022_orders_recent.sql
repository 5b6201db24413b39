-- A store's orders of an environment, newest first (ids are uuidv7: time-ordered), for `kassa
-- orders list` (GET <payments base>/cli/orders): without it each listing scanned the orders table.
CREATE INDEX orders_store_recent ON orders (store_id, env, id DESC);
