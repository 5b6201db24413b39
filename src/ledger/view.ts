/** GET /store-balances: the spec's store balances object. */
import { toNumber } from '../platform/money.js';
import type { Store } from '../stores/service.js';
import { CHANNELS, type Channel } from './chart.js';
import type { ChannelBalance } from './store.js';

/** The channels the spec names for balances: shown always, empty until money moves there. */
export const ALWAYS_SHOWN: readonly Channel[] = ['bankPayments', 'cardPayments', 'blik'];

export interface StoreBalancesView {
  store: { uuid: string; name: string; legalName: string };
  balances: Partial<Record<Channel, { currency: string; balance: number }[]>>;
}

export function storeBalancesView(store: Pick<Store, 'id' | 'name' | 'legalName'>, rows: readonly ChannelBalance[]): StoreBalancesView {
  const balances: StoreBalancesView['balances'] = {};
  for (const c of CHANNELS) {
    const mine = rows.filter((r) => r.channel === c);
    if (mine.length || ALWAYS_SHOWN.includes(c)) balances[c] = mine.map((r) => ({ currency: r.currency, balance: toNumber(r.owedMinor) }));
  }
  return { store: { uuid: store.id, name: store.name, legalName: store.legalName }, balances };
}
