/**
 * The sandbox test helpers' own rules: settling every captured payment of a store's sandbox at
 * once, and topping up its balances. Time is the store's sandbox clock (`store_now`), as for its
 * orders, refunds and payouts.
 */
import type { Db } from '../../platform/db.js';
import type { Currency } from '../../platform/money.js';
import type { Channel } from '../../ledger/chart.js';
import { effectiveSettlesAt } from '../../ledger/postings.js';
import type { LedgerService } from '../../ledger/service.js';

export class SandboxService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * Settles every payment captured so far, without moving the clock. Ledger rows never change: a
   * watermark (sandbox_clocks.settled_through) settles everything that occurred up to now.
   */
  async settle(storeId: string): Promise<{ now: Date; settledPayments: number }> {
    const { rows } = await this.db.query<{ now: Date; settled: number }>(
      `WITH clock AS (SELECT store_now($1, 'sandbox') AS now),
       due AS (
         SELECT count(*)::int AS n FROM ledger_transactions t
          WHERE t.store_id = $1 AND t.env = 'sandbox' AND t.kind = 'payment'
            AND ${effectiveSettlesAt('t')} > (SELECT now FROM clock)
       ), mark AS (
         INSERT INTO sandbox_clocks (store_id, settled_through) SELECT $1, now FROM clock
         ON CONFLICT (store_id) DO UPDATE SET settled_through = greatest(sandbox_clocks.settled_through, excluded.settled_through)
       )
       SELECT (SELECT now FROM clock) AS now, (SELECT n FROM due) AS settled`,
      [storeId],
    );
    return { now: rows[0]!.now, settledPayments: rows[0]!.settled };
  }

  /** Adds money to one of the store's sandbox balances; refunds waiting for funds are tried again. */
  topUp(storeId: string, channel: Channel, currency: Currency, amountMinor: number): Promise<void> {
    return this.ledger.topUp({ storeId, env: 'sandbox', channel, currency, amountMinor });
  }
}
