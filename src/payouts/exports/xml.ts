/**
 * XML 1.0, UTF-8:
 * <payoutExport><payout payoutUuid=".." .../><rows><row><type>..</type>...</row></rows></payoutExport>
 * The header is attributes of <payout/>; each row is child elements in column order. A missing
 * refund omits <refundUuid>. Text is escaped and stripped of characters XML 1.0 cannot hold
 * (see xml-text.ts).
 */
import type { ByteTarget } from './output.js';
import { TextChunker } from './output.js';
import { headerRecord } from './json.js';
import { formatMinor, isoTime, type PayoutExportHeader, type PayoutExportRows } from './row.js';
import { xmlAttr, xmlText } from './xml-text.js';

export async function writeXmlRows(header: PayoutExportHeader, rows: PayoutExportRows, target: ByteTarget): Promise<number> {
  const out = new TextChunker(target);
  let attrs = '';
  for (const [name, value] of Object.entries(headerRecord(header))) attrs += ` ${name}="${xmlAttr(value)}"`;
  out.write(`<?xml version="1.0" encoding="UTF-8"?>\n<payoutExport>\n<payout${attrs}/>\n<rows>\n`);
  let count = 0;
  for await (const r of rows) {
    const p = out.write(
      `<row><type>${xmlText(r.type)}</type><orderUuid>${xmlText(r.orderUuid)}</orderUuid>` +
        `<merchantReference>${xmlText(r.merchantReference)}</merchantReference>` +
        (r.refundUuid === null ? '' : `<refundUuid>${xmlText(r.refundUuid)}</refundUuid>`) +
        `<paymentMethod>${xmlText(r.paymentMethod)}</paymentMethod><amount>${formatMinor(r.amountMinor)}</amount>` +
        `<currency>${xmlText(r.currency)}</currency><occurredAt>${isoTime(r.occurredAt)}</occurredAt></row>\n`,
    );
    if (p) await p;
    count++;
  }
  out.write('</rows>\n</payoutExport>\n');
  await out.flush();
  return count;
}
