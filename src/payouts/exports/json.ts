/**
 * JSON: one document `{"payout": {...}, "rows": [...]}` streamed a row at a time (one row per
 * line, so the file is also readable by line-oriented tools). Amounts are decimal strings with
 * two decimals ("-12.50"), times ISO 8601 UTC, a missing refund is null.
 */
import type { ByteTarget } from './output.js';
import { TextChunker } from './output.js';
import { formatMinor, isoTime, type PayoutExportHeader, type PayoutExportRow, type PayoutExportRows } from './row.js';

/** The header as written in the JSON (and XML) export. */
export function headerRecord(h: PayoutExportHeader) {
  return {
    payoutUuid: h.payoutUuid,
    storeUuid: h.storeUuid,
    storeName: h.storeName,
    currency: h.currency,
    settlementType: h.settlementType,
    paymentsAmount: formatMinor(h.paymentsAmountMinor),
    refundsAmount: formatMinor(h.refundsAmountMinor),
    feesAmount: formatMinor(h.feesAmountMinor),
    totalAmount: formatMinor(h.totalAmountMinor),
    createdAt: isoTime(h.createdAt),
  };
}

/** A row as written in the JSON export. */
export function rowRecord(r: PayoutExportRow) {
  return {
    type: r.type,
    orderUuid: r.orderUuid,
    merchantReference: r.merchantReference,
    refundUuid: r.refundUuid,
    paymentMethod: r.paymentMethod,
    amount: formatMinor(r.amountMinor),
    currency: r.currency,
    occurredAt: isoTime(r.occurredAt),
  };
}

export async function writeJsonRows(header: PayoutExportHeader, rows: PayoutExportRows, target: ByteTarget): Promise<number> {
  const out = new TextChunker(target);
  out.write(`{"payout":${JSON.stringify(headerRecord(header))},"rows":[`);
  let count = 0;
  for await (const r of rows) {
    const p = out.write((count === 0 ? '\n' : ',\n') + JSON.stringify(rowRecord(r)));
    if (p) await p;
    count++;
  }
  out.write(count === 0 ? ']}\n' : '\n]}\n');
  await out.flush();
  return count;
}
