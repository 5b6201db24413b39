/** The spec's refund object and the claims of a refund token. */
import { toNumber } from '../../platform/money.js';
import type { RefundRow } from './store.js';

export interface RefundView {
  uuid: string;
  amount: number;
  status: string;
  currency: string;
  createdAt: string;
  type: string;
}

const iso = (d: Date | string): string => new Date(d).toISOString();

export function refundView(r: { id: string; amount: number | string; status: string; currency: string; created_at: Date | string; type: string }): RefundView {
  return { uuid: r.id, amount: toNumber(Number(r.amount)), status: r.status, currency: r.currency, createdAt: iso(r.created_at), type: r.type };
}

/** The refund token's claims; accessKey, iat and exp are added when each delivery is signed. */
export interface RefundTokenClaims {
  [k: string]: unknown;
  refundUuid: string;
  refundStatus: string;
  refundStatusDescription: string | null;
  refundAmount: number;
  orderUuid: string;
}

export function refundTokenClaims(r: RefundRow): RefundTokenClaims {
  return {
    refundUuid: r.id,
    refundStatus: r.status,
    refundStatusDescription: r.status_description,
    refundAmount: toNumber(r.amount),
    orderUuid: r.order_id,
  };
}
