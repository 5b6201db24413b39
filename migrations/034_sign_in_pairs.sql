-- The back-office sign-in limit counts failures per (email, address) pair, per address and per
-- account (issue 21: five failures from anywhere no longer lock the real owner out). `ip` of
-- backoffice_login_failures now holds the address key: an IPv4 address, or an IPv6 /64 prefix.
-- The pair's count uses this index; the per-email and per-address ones keep those of 021.
CREATE INDEX backoffice_login_failures_email_ip ON backoffice_login_failures (email, ip, at);

-- Where each user last signed in successfully (the same address key), kept 30 days: such an address
-- is not held by the per-account ceiling, so failures from elsewhere never lock the owner out there.
CREATE TABLE backoffice_login_known (
  user_id uuid NOT NULL REFERENCES backoffice_users (id) ON DELETE CASCADE,
  ip text NOT NULL,
  last_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, ip)
);
CREATE INDEX backoffice_login_known_at ON backoffice_login_known (last_at);
