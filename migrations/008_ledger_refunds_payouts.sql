-- The money after a payment: refunds, the double-entry ledger, store balances and payouts.

-- Refunds of an order. The idempotency key is unique per order: a retry finds its refund.
CREATE TABLE refunds (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL,
  store_id uuid NOT NULL,
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  type text NOT NULL CHECK (type IN ('PARTIAL_REFUND', 'FULL_REFUND')),
  status text NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'SUCCESSFUL', 'REJECTED', 'CANCELED')),
  status_description text,
  idempotency_key text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,          -- due for processing (PENDING only)
  locked_until timestamptz,             -- a worker's lease
  processor_reference text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX refunds_order ON refunds (order_id, created_at);
CREATE INDEX refunds_due ON refunds (next_attempt_at) WHERE status = 'PENDING';

-- Double-entry ledger per store, environment, settlement channel and currency. A transaction's
-- entries sum to zero (debits positive, credits negative). Neither table is ever updated or
-- deleted from (triggers below); balances are kept beside them, changed in the same transaction.
CREATE TABLE ledger_transactions (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL,
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  channel text NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('payment', 'fee', 'refund', 'refundReversal', 'payout', 'topUp')),
  order_id uuid,
  refund_id uuid,
  payout_id uuid,
  occurred_at timestamptz NOT NULL,     -- on the store's clock (the sandbox clock for sandbox)
  settles_at timestamptz NOT NULL,      -- when it may be paid out
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transactions_order ON ledger_transactions (order_id) WHERE order_id IS NOT NULL;
-- What a payout run looks for: the store's merchant-side transactions not yet paid out.
CREATE INDEX ledger_transactions_payable ON ledger_transactions (store_id, env, channel, currency, settles_at)
  WHERE kind IN ('payment', 'fee', 'refund', 'refundReversal');

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES ledger_transactions (id),
  account text NOT NULL CHECK (account IN ('merchant', 'processor', 'fees', 'bank')),
  amount bigint NOT NULL CHECK (amount <> 0)
);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);

CREATE TABLE ledger_balances (
  store_id uuid NOT NULL,
  env text NOT NULL,
  channel text NOT NULL,
  currency text NOT NULL,
  account text NOT NULL,
  balance bigint NOT NULL,              -- sum of the account's entries (debit-positive)
  entries bigint NOT NULL,
  PRIMARY KEY (store_id, env, channel, currency, account)
);

CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger % rows never change', TG_TABLE_NAME;
END $$;
CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();

-- Where payouts go.
ALTER TABLE stores ADD COLUMN payout_iban text, ADD COLUMN payout_account_name text;

CREATE TABLE payouts (
  id uuid PRIMARY KEY,
  store_id uuid NOT NULL,
  env text NOT NULL CHECK (env IN ('sandbox', 'production')),
  channel text NOT NULL,                -- the spec's settlementType
  currency text NOT NULL,
  iban text NOT NULL,
  account_name text NOT NULL,
  status text NOT NULL,
  payments_amount bigint NOT NULL,
  refunds_amount bigint NOT NULL,
  fees_amount bigint NOT NULL,
  total_amount bigint NOT NULL CHECK (total_amount > 0),
  transactions integer NOT NULL,
  expected_arrival_date date,
  created_at timestamptz NOT NULL
);
CREATE INDEX payouts_store ON payouts (store_id, env, created_at);

-- Which payout paid a ledger transaction out: each at most once (the primary key).
CREATE TABLE payout_transactions (
  transaction_id uuid PRIMARY KEY,
  payout_id uuid NOT NULL
);
CREATE INDEX payout_transactions_payout ON payout_transactions (payout_id);

-- One payout run per schedule slot, whichever worker gets there first.
CREATE TABLE payout_runs (
  slot timestamptz PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  payouts integer
);
