/**
 * XLSX (Office Open XML SpreadsheetML), streamed: a ZIP (zip.ts) with the minimal parts Excel
 * and LibreOffice need, and the rows sheet written row by row with inline strings, so no shared
 * string table has to be held in memory.
 *
 * Sheet "Rows" (xl/worksheets/sheet1.xml): row 1 = column headers (bold, frozen); text cells
 * t="inlineStr"; the amount a numeric cell whose value is the exact decimal string with the
 * number format 0.00; occurredAt an Excel serial date (days since 1899-12-30, UTC) with a
 * date-time format. Sheet "Payout" (sheet2.xml): the header fields, one per line.
 */
import type { ByteTarget } from './output.js';
import { TextChunker } from './output.js';
import { formatMinor, ROW_COLUMNS, type PayoutExportHeader, type PayoutExportRows } from './row.js';
import { xmlText } from './xml-text.js';
import { ZipWriter, type ZipOptions } from './zip.js';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell style indexes into cellXfs below. */
const STYLE_AMOUNT = 1; // built-in number format 2 = "0.00"
const STYLE_DATE = 2; // custom number format 164
const STYLE_HEADER = 3; // bold

/** Excel refuses (asks to "repair") cells longer than this. */
const MAX_CELL_CHARS = 32_767;
const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel serial day (1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569;

export const XLSX_PARTS = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml'] as const;

const CONTENT_TYPES =
  `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS = `${DECL}<Relationships xmlns="${PKG_REL_NS}">` + `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` + '</Relationships>';

const WORKBOOK =
  `${DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
  '<bookViews><workbookView activeTab="0"/></bookViews>' +
  '<sheets><sheet name="Rows" sheetId="1" r:id="rId1"/><sheet name="Payout" sheetId="2" r:id="rId2"/></sheets>' +
  '</workbook>';

const WORKBOOK_RELS =
  `${DECL}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/worksheet" Target="worksheets/sheet2.xml"/>` +
  `<Relationship Id="rId3" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const STYLES =
  `${DECL}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd hh:mm:ss"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const COLUMN_WIDTHS = [10, 38, 24, 38, 16, 12, 9, 20];

/** A Date as an Excel serial date-time (1900 system, UTC). */
export function excelSerial(date: Date): number {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('invalid date');
  return ms / MS_PER_DAY + UNIX_EPOCH_SERIAL;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** An inline-string cell, or '' for an empty value (the cell is left out). */
function textCell(ref: string, value: string, style = 0): string {
  if (value.length === 0) return '';
  if (value.length > MAX_CELL_CHARS) value = value.slice(0, MAX_CELL_CHARS);
  const text = xmlText(value);
  const preserve = text.length > 0 && (isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1)));
  return `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t${preserve ? ' xml:space="preserve"' : ''}>${text}</t></is></c>`;
}

function sheetStart(widths: readonly number[], frozenHeader: boolean): string {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  const view = frozenHeader ? '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView>' : '<sheetView workbookViewId="0"/>';
  return `${DECL}<worksheet xmlns="${MAIN_NS}"><sheetViews>${view}</sheetViews><cols>${cols}</cols><sheetData>`;
}

const SHEET_END = '</sheetData></worksheet>';

function headerSheet(h: PayoutExportHeader): string {
  const fields: [string, string | null, number | null, number][] = [
    ['payoutUuid', h.payoutUuid, null, 0],
    ['storeUuid', h.storeUuid, null, 0],
    ['storeName', h.storeName, null, 0],
    ['currency', h.currency, null, 0],
    ['settlementType', h.settlementType, null, 0],
    ['paymentsAmount', null, null, STYLE_AMOUNT],
    ['refundsAmount', null, null, STYLE_AMOUNT],
    ['feesAmount', null, null, STYLE_AMOUNT],
    ['totalAmount', null, null, STYLE_AMOUNT],
    ['createdAt', null, excelSerial(h.createdAt), STYLE_DATE],
  ];
  const amounts: Record<string, number> = {
    paymentsAmount: h.paymentsAmountMinor,
    refundsAmount: h.refundsAmountMinor,
    feesAmount: h.feesAmountMinor,
    totalAmount: h.totalAmountMinor,
  };
  let xml = sheetStart([18, 40], false);
  fields.forEach(([label, text, serial, style], i) => {
    const n = i + 1;
    let value: string;
    if (text !== null) value = textCell(`B${n}`, text);
    else if (serial !== null) value = `<c r="B${n}" s="${style}"><v>${serial}</v></c>`;
    else value = `<c r="B${n}" s="${style}"><v>${formatMinor(amounts[label] ?? 0)}</v></c>`;
    xml += `<row r="${n}">${textCell(`A${n}`, label, STYLE_HEADER)}${value}</row>`;
  });
  return xml + SHEET_END;
}

export async function writeXlsxRows(header: PayoutExportHeader, rows: PayoutExportRows, target: ByteTarget, options: ZipOptions = {}): Promise<number> {
  // Level 3: ~35% less CPU than zlib's default 6 for ~10% larger files (measured on the rows sheet).
  const zip = new ZipWriter(target, { modifiedAt: header.createdAt, level: 3, ...options });
  await zip.addEntry('[Content_Types].xml', CONTENT_TYPES);
  await zip.addEntry('_rels/.rels', ROOT_RELS);
  await zip.addEntry('xl/workbook.xml', WORKBOOK);
  await zip.addEntry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  await zip.addEntry('xl/styles.xml', STYLES);

  const entry = await zip.openEntry('xl/worksheets/sheet1.xml');
  const out = new TextChunker(entry);
  const letters = 'ABCDEFGH';
  let headRow = '<row r="1">';
  ROW_COLUMNS.forEach((name, i) => (headRow += textCell(`${letters[i]}1`, name, STYLE_HEADER)));
  out.write(sheetStart(COLUMN_WIDTHS, true) + headRow + '</row>');
  let n = 1;
  for await (const r of rows) {
    n++;
    if (n > 1_048_576) throw new RangeError('xlsx: more rows than a worksheet can hold (1,048,576)');
    const p = out.write(
      `<row r="${n}">${textCell(`A${n}`, r.type)}${textCell(`B${n}`, r.orderUuid)}` +
        `${textCell(`C${n}`, r.merchantReference)}${r.refundUuid === null ? '' : textCell(`D${n}`, r.refundUuid)}` +
        `${textCell(`E${n}`, r.paymentMethod)}<c r="F${n}" s="${STYLE_AMOUNT}"><v>${formatMinor(r.amountMinor)}</v></c>` +
        `${textCell(`G${n}`, r.currency)}<c r="H${n}" s="${STYLE_DATE}"><v>${excelSerial(r.occurredAt)}</v></c></row>`,
    );
    if (p) await p;
  }
  out.write(SHEET_END);
  const last = out.flush();
  if (last) await last;
  await entry.close();

  await zip.addEntry('xl/worksheets/sheet2.xml', headerSheet(header));
  await zip.finish();
  return n - 1;
}
