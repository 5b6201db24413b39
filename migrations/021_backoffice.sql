-- The back office (issue 12): people who sign in to /dashboard, which stores they see and as what,
-- their sessions, and sign-in attempts (rate limit shared by every node).
CREATE TABLE backoffice_users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  -- scrypt$N$r$p$salt(base64)$hash(base64): the parameters travel with the hash.
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE backoffice_memberships (
  user_id uuid NOT NULL REFERENCES backoffice_users (id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores (id),
  role text NOT NULL CHECK (role IN ('owner', 'viewer')),
  PRIMARY KEY (user_id, store_id)
);

-- The cookie carries a random 256-bit id; only its SHA-256 is stored, so a leaked table signs no one in.
CREATE TABLE backoffice_sessions (
  id_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES backoffice_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  csrf_secret text NOT NULL
);
CREATE INDEX backoffice_sessions_expiry ON backoffice_sessions (expires_at);

-- One row per failed sign-in; the limit counts rows of the last window per email and per IP.
CREATE TABLE backoffice_login_failures (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX backoffice_login_failures_email ON backoffice_login_failures (email, at);
CREATE INDEX backoffice_login_failures_ip ON backoffice_login_failures (ip, at);

-- The orders list: newest first per store and environment, keyset-paged on (created_at, id).
CREATE INDEX orders_store_env_created ON orders (store_id, env, created_at DESC, id DESC);
-- Search by reference uses the UNIQUE (store_id, env, merchant_reference) index of 001.
