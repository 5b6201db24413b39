-- The real parties production pays and ships through (issue 19): one row per configured
-- connector (Stripe, one Berlin Group bank, …). Settings are plain JSON (endpoints, bank codes,
-- key ids); the secrets (API keys, webhook secrets, TLS private keys) are one JSON object sealed
-- with the master key (AES-256-GCM, like store secrets and carrier passwords) and never leave
-- the server. The sandbox needs no rows: its connectors point at Kassa's own simulators.
CREATE TABLE connectors (
  kind text NOT NULL,
  name text NOT NULL DEFAULT '',
  settings jsonb NOT NULL,
  secrets_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, name)
);

-- Attempts still waiting for their processor's answer, by processor: the status pollers (a bank
-- that never sent the shopper back) read the oldest first.
CREATE INDEX payment_intents_waiting ON payment_intents (processor, updated_at)
  WHERE status = 'PENDING' AND processor_reference IS NOT NULL;
