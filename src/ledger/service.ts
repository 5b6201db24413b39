/**
 * The ledger operations the API calls: a store's balances, and a top-up (money added to a
 * balance, at the store's clock of its environment). Postings of payments and refunds stay with
 * the services that make them, in their own transactions (postings.ts).
 */
import { withTx, type Db, type Queryable } from '../platform/db.js';
import type { Env } from '../platform/env.js';
import type { Currency } from '../platform/money.js';
import type { Channel } from './chart.js';
import { storeNow } from '../stores/store.js';
import { postTopUp } from './postings.js';
import { storeBalances, type ChannelBalance } from './store.js';

export interface TopUp {
  storeId: string;
  env: Env;
  channel: Channel;
  currency: Currency;
  amountMinor: number;
}

export class LedgerService {
  constructor(
    private readonly db: Db,
    /** Runs in the top-up's transaction once the money is there (the composition root wakes refunds waiting for funds). */
    private readonly onFunded: (tx: Queryable, storeId: string, env: Env) => Promise<void> = async () => {},
  ) {}

  balances(storeId: string, env: Env): Promise<ChannelBalance[]> {
    return storeBalances(this.db, storeId, env);
  }

  async topUp(t: TopUp): Promise<void> {
    await withTx(this.db, async (tx) => {
      await postTopUp(tx, { ...t, at: await storeNow(tx, t.storeId, t.env) });
      await this.onFunded(tx, t.storeId, t.env);
    });
  }
}
