-- Kassa's Berlin Group NextGenPSD2 XS2A simulator (the sandbox's banks, issue 19): one row per
-- payment a sandbox bank received. The simulator keeps nothing in a process's memory, so any API
-- node answers the status of a payment another node initiated, and the SCA page of any node can
-- approve it.
CREATE TABLE xs2a_sim_payments (
  payment_id uuid PRIMARY KEY,
  -- The simulated bank: `{country}-{bankCode}`, e.g. `LV-HABALV22`.
  bank text NOT NULL,
  product text NOT NULL,
  -- The TPP's X-Request-ID: a repeated initiation with the same id answers this payment.
  x_request_id uuid NOT NULL,
  -- SHA-256 of the initiation's JSON body: the same X-Request-ID with another body is refused.
  body_sha256 text NOT NULL,
  body jsonb NOT NULL,
  order_id uuid NOT NULL,
  redirect_uri text NOT NULL,
  nok_redirect_uri text,
  psu_language text NOT NULL DEFAULT 'en',
  -- ISO 20022 status as the Berlin Group answers it: RCVD, ACSP, ACSC, RJCT, CANC, …
  transaction_status text NOT NULL DEFAULT 'RCVD',
  debtor_iban text,
  debtor_name text,
  -- ACSP answered this many times more before it settles (the "settles later" magic amount).
  settle_after_reads integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bank, x_request_id)
);
