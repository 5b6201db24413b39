/**
 * Payout export files: one entry point over the four formats. Rows stream in (a database cursor,
 * an array), bytes stream out to a Writable with backpressure, so memory stays bounded whatever
 * the row count. No database or HTTP here: routes pick the format, set the content type and file
 * name from EXPORT_FORMAT_INFO, and pass the sink (see ../export-worker.ts).
 */
import type { Writable } from 'node:stream';
import { writeCsvRows, type CsvOptions } from './csv.js';
import { writeJsonRows } from './json.js';
import { WritableTarget } from './output.js';
import type { PayoutExportHeader, PayoutExportRows } from './row.js';
import { writeXlsxRows } from './xlsx.js';
import { writeXmlRows } from './xml.js';

export type { PayoutExportHeader, PayoutExportRow, PayoutExportRows } from './row.js';
export { formatMinor } from './row.js';

export const EXPORT_FORMATS = ['excel', 'xml', 'json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportFormatInfo {
  contentType: string;
  extension: string;
}

export const EXPORT_FORMAT_INFO: Readonly<Record<ExportFormat, ExportFormatInfo>> = {
  excel: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  xml: { contentType: 'application/xml; charset=utf-8', extension: 'xml' },
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  csv: { contentType: 'text/csv; charset=utf-8; header=present', extension: 'csv' },
};

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** e.g. `payout-0190…-…​.xlsx` (a UUID is safe in a Content-Disposition filename as is). */
export function exportFileName(payoutUuid: string, format: ExportFormat): string {
  return `payout-${payoutUuid.replace(/[^0-9A-Za-z-]/g, '')}.${EXPORT_FORMAT_INFO[format].extension}`;
}

export interface WriteExportOptions {
  /** End the sink (and wait for its 'finish') when done; default true. */
  end?: boolean;
  /** CSV only: start with a UTF-8 BOM (default false). */
  csvBom?: boolean;
}

export interface ExportResult {
  rows: number;
  bytes: number;
}

/**
 * Writes the whole export to `sink`, awaiting 'drain' whenever the sink asks. Rejects if the
 * rows iterable throws or the sink errors/closes; the sink is not destroyed here (callers decide).
 */
export async function writeExport(format: ExportFormat, header: PayoutExportHeader, rows: PayoutExportRows, sink: Writable, options: WriteExportOptions = {}): Promise<ExportResult> {
  const target = new WritableTarget(sink);
  try {
    let count: number;
    switch (format) {
      case 'csv': {
        const csv: CsvOptions = { bom: options.csvBom ?? false };
        count = await writeCsvRows(rows, target, csv);
        break;
      }
      case 'json':
        count = await writeJsonRows(header, rows, target);
        break;
      case 'xml':
        count = await writeXmlRows(header, rows, target);
        break;
      case 'excel':
        count = await writeXlsxRows(header, rows, target);
        break;
      default: {
        const never: never = format;
        throw new Error(`unknown export format ${String(never)}`);
      }
    }
    if (options.end ?? true) await target.end();
    return { rows: count, bytes: target.bytes };
  } finally {
    target.release();
  }
}
