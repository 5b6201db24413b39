/**
 * The rows of a payout export and the few pure helpers every file format shares.
 * Writers in this folder do no database or HTTP work: rows come in as an (async) iterable,
 * bytes go out to a Node Writable, a bounded chunk at a time.
 */

export type PayoutExportRowType = 'payment' | 'refund' | 'fee';

export interface PayoutExportRow {
  type: PayoutExportRowType;
  orderUuid: string;
  merchantReference: string;
  refundUuid: string | null;
  /** Payment method code, e.g. `cardPayments`. */
  paymentMethod: string;
  /** Integer minor units; negative for refunds and fees. */
  amountMinor: number;
  /** 'EUR' | 'PLN'. */
  currency: string;
  /** When the order was paid or the refund was made. */
  occurredAt: Date;
}

export interface PayoutExportHeader {
  payoutUuid: string;
  storeUuid: string;
  storeName: string;
  currency: string;
  settlementType: string;
  paymentsAmountMinor: number;
  refundsAmountMinor: number;
  feesAmountMinor: number;
  totalAmountMinor: number;
  createdAt: Date;
}

/** Rows may come from a cursor (async) or an array (tests, small exports). */
export type PayoutExportRows = AsyncIterable<PayoutExportRow> | Iterable<PayoutExportRow>;

/** The row columns, in file order, shared by every tabular format. */
export const ROW_COLUMNS = ['type', 'orderUuid', 'merchantReference', 'refundUuid', 'paymentMethod', 'amount', 'currency', 'occurredAt'] as const;

/**
 * Minor units to a decimal string with exactly 2 decimals, by string surgery on the integer
 * (no float division): 1250 → "12.50", -5 → "-0.05", 0 → "0.00".
 */
export function formatMinor(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount must be a safe integer of minor units, got ${minor}`);
  const negative = minor < 0;
  let digits = String(negative ? -minor : minor);
  if (digits.length < 3) digits = (digits.length === 1 ? '00' : '0') + digits;
  const text = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return negative ? `-${text}` : text;
}

/** ISO 8601 in UTC with milliseconds; throws RangeError on an invalid Date. */
export function isoTime(date: Date): string {
  return date.toISOString();
}
