/**
 * The sandbox test helpers' own rules: settling every captured payment of a store's sandbox at
 * once, and topping up its balances. Time is the store's sandbox clock (`store_now`), as for its
 * orders, refunds and payouts.
 */
import { withTx, type Db } from '../../platform/db.js';
import type { Currency } from '../../platform/money.js';
import type { Channel } from '../../ledger/chart.js';
import { countPaymentsSettlingAfter } from '../../ledger/store.js';
import type { LedgerService } from '../../ledger/service.js';
import { markSandboxSettledThrough, storeNow } from '../../stores/store.js';

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
    return withTx(this.db, async (tx) => {
      const now = await storeNow(tx, storeId, 'sandbox');
      const settledPayments = await countPaymentsSettlingAfter(tx, storeId, 'sandbox', now);
      await markSandboxSettledThrough(tx, storeId, now);
      return { now, settledPayments };
    });
  }

  /** Adds money to one of the store's sandbox balances; refunds waiting for funds are tried again. */
  topUp(storeId: string, channel: Channel, currency: Currency, amountMinor: number): Promise<void> {
    return this.ledger.topUp({ storeId, env: 'sandbox', channel, currency, amountMinor });
  }
}
