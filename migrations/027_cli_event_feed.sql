-- The developer CLI, second pass (docs/decisions.md "The developer CLI, second pass").
-- 1. The feed's gap: a notification whose transaction took its feed_seq and committed after a
--    later seq had been read was skipped. Each row now records the transaction that inserted it;
--    the feed answers only rows of transactions older than the oldest still running
--    (pg_snapshot_xmin), ordered by (xact_id, feed_seq), so no row can appear behind the cursor.
--    No default on the ADD (no table rewrite): rows from before this migration keep NULL and are
--    never in the feed (a listener starts from "now").
ALTER TABLE notifications ADD COLUMN xact_id xid8;
ALTER TABLE notifications ALTER COLUMN xact_id SET DEFAULT pg_current_xact_id();
DROP INDEX notifications_feed;
CREATE INDEX notifications_feed ON notifications (store_id, env, xact_id, feed_seq) WHERE xact_id IS NOT NULL;
-- 2. Push, not poll: every insert announces its store and environment on the channel
--    kassa_cli_events, whatever module wrote it (payments outbox, shipping webhooks, legacy
--    webhooks). NOTIFY is delivered at commit and folds identical payloads of one transaction.
--    Each API node LISTENs once and wakes only the long-polls waiting for that store.
CREATE FUNCTION kassa_cli_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kassa_cli_events', NEW.store_id::text || ' ' || NEW.env);
  RETURN NULL;
END $$;
CREATE TRIGGER notifications_cli_events AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION kassa_cli_events_notify();
