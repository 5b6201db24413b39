-- A sandbox that works with no set-up (issue 8).
--
-- How a store's sandbox payments settle: 'instant' (refundable and payable out as soon as they are
-- paid; the default of every store, those that existed before included: a sandbox works at once)
-- or 'realistic' (business days, as in production).
ALTER TABLE stores ADD COLUMN sandbox_settlement text NOT NULL DEFAULT 'instant'
  CHECK (sandbox_settlement IN ('instant', 'realistic'));

-- The settle test helper settles every payment captured up to this store time, without moving the
-- sandbox clock (ledger rows never change, so this is a watermark beside them).
ALTER TABLE sandbox_clocks ADD COLUMN settled_through timestamptz;

CREATE FUNCTION sandbox_settled_through(p_store uuid, p_env text) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_env = 'sandbox' THEN (SELECT settled_through FROM sandbox_clocks WHERE store_id = p_store) END
$$;
