-- A payout's export reads its transactions in booking order (UUIDv7 ids are time-ordered) from
-- this index, so the file starts streaming at once instead of after sorting the whole payout.
DROP INDEX payout_transactions_payout;
CREATE INDEX payout_transactions_payout ON payout_transactions (payout_id, transaction_id);
