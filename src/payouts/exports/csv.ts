/**
 * CSV (RFC 4180): CRLF line ends, a header row, a field quoted when it contains a comma, a
 * double quote, CR or LF (quotes doubled inside). UTF-8; an optional BOM helps old Excel versions
 * detect the encoding.
 *
 * Formula injection guard (OWASP "CSV injection"): a spreadsheet opening the file treats a cell
 * starting with = + - @ (and tab or CR) as a formula, so a merchant reference such as
 * `=HYPERLINK(...)` could run in the merchant's spreadsheet. Text fields starting with one of
 * those characters are prefixed with a single quote `'`, which spreadsheets show as text. The
 * numeric amount column is never prefixed (a negative amount must stay a number), nor is the
 * ISO timestamp, which we generate ourselves.
 */
import type { ByteTarget } from './output.js';
import { TextChunker } from './output.js';
import { formatMinor, isoTime, ROW_COLUMNS, type PayoutExportRows } from './row.js';

export interface CsvOptions {
  /** Start the file with a UTF-8 byte order mark (default false). */
  bom?: boolean;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One RFC 4180 field: quoted only when needed. */
export function csvField(s: string): string {
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A text field: the formula-injection guard, then RFC 4180 quoting. */
export function csvTextField(s: string): string {
  if (s.length > 0) {
    const c = s.charCodeAt(0);
    // = + - @ tab CR
    if (c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40 || c === 0x09 || c === 0x0d) s = `'${s}`;
  }
  return csvField(s);
}

export async function writeCsvRows(rows: PayoutExportRows, target: ByteTarget, options: CsvOptions = {}): Promise<number> {
  const out = new TextChunker(target);
  out.write(`${options.bom ? '\uFEFF' : ''}${ROW_COLUMNS.join(',')}\r\n`);
  let count = 0;
  for await (const r of rows) {
    const p = out.write(
      `${csvTextField(r.type)},${csvTextField(r.orderUuid)},${csvTextField(r.merchantReference)},` +
        `${r.refundUuid === null ? '' : csvTextField(r.refundUuid)},${csvTextField(r.paymentMethod)},` +
        `${formatMinor(r.amountMinor)},${csvTextField(r.currency)},${isoTime(r.occurredAt)}\r\n`,
    );
    if (p) await p;
    count++;
  }
  await out.flush();
  return count;
}
