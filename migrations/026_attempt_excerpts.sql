-- The first bytes of the merchant's answer to each delivery attempt (issue 12: the back office and
-- `kassa notifications show` show them). At most RESPONSE_EXCERPT_BYTES (1024) bytes are read from
-- the socket, decoded as UTF-8 (invalid bytes become U+FFFD, an incomplete last character is
-- dropped) and cleaned of NUL and control characters (tab and newlines kept): so 1024 characters at
-- most. NULL when no answer came (refused, timed out, unreachable).
ALTER TABLE notification_attempts
  ADD COLUMN response_excerpt text CHECK (response_excerpt IS NULL OR char_length(response_excerpt) <= 1024);

-- Old sign-in failures are deleted on each sign-in (src/backoffice/service.ts): by time, whatever the email.
CREATE INDEX backoffice_login_failures_at ON backoffice_login_failures (at);
