-- A notification's token is signed once and sent again, byte for byte, on every later attempt while
-- it stays good (the store's current secret, at least half its lifetime left), so that a merchant
-- can recognise a repeated delivery (src/notifications/delivery.ts). Saved before it is
-- first sent: a worker killed mid-delivery leaves it for the next worker to send again. NULL until
-- the first attempt, and again after an operator's re-send (which signs afresh).
ALTER TABLE notifications ADD COLUMN token text;
