/** The spec's payout object (items of GET /stores/:storeUuid/payouts). */
import { formatAmount } from '../platform/money.js';
import type { Store } from '../stores/service.js';
import type { PayoutRow } from './store.js';

export interface PayoutView {
  uuid: string;
  storeUuid: string;
  storeName: string;
  storeLegalName: string;
  iban: string;
  accountName: string;
  status: string;
  settlementType: string;
  paymentsAmount: string;
  refundsAmount: string;
  totalAmount: string;
  currency: string;
  expectedArrivalDate: string | null;
  createdAt: string;
}

export function payoutView(p: PayoutRow, store: Pick<Store, 'name' | 'legalName'>): PayoutView {
  return {
    uuid: p.id,
    storeUuid: p.store_id,
    storeName: store.name,
    storeLegalName: store.legalName,
    iban: p.iban,
    accountName: p.account_name,
    status: p.status,
    settlementType: p.channel,
    paymentsAmount: formatAmount(p.payments_amount),
    refundsAmount: formatAmount(p.refunds_amount),
    totalAmount: formatAmount(p.total_amount),
    currency: p.currency,
    expectedArrivalDate: p.expected_arrival_date,
    createdAt: new Date(p.created_at).toISOString(),
  };
}
