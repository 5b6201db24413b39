-- Settings and API keys (issue 12).
--
-- Rolling a key's secret with an overlap window: the access key stays, `secret_sealed` becomes the
-- new secret and the one it replaced stays valid until `previous_valid_until`, judged by the
-- store's clock (store_now: the database's now() in production, the sandbox clock in the sandbox).
-- One overlap at a time: a roll is refused while a previous secret is still valid.
ALTER TABLE store_keys
  ADD COLUMN previous_secret_sealed text,
  ADD COLUMN previous_valid_until timestamptz,
  ADD COLUMN rolled_at timestamptz,
  ADD CONSTRAINT store_keys_previous_pair CHECK ((previous_secret_sealed IS NULL) = (previous_valid_until IS NULL));

-- Payment methods turned off per country, per environment:
-- {"sandbox": {"paymentInitiation": ["LV"]}, "production": {...}}. Kept on the store row so every
-- request that already loads the store (the key resolver's join) has it with no extra query.
ALTER TABLE stores ADD COLUMN methods_off_by_country jsonb NOT NULL DEFAULT '{}'::jsonb;
