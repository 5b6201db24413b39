import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeExport } from './index.js';
import { formatMinor, type PayoutExportRow } from './row.js';
import { child, HEADER, MemorySink, parseXml, readZip, sampleRow, sampleRows, type XmlElement } from '../../../test/support/exports.js';
import { excelSerial, XLSX_PARTS } from './xlsx.js';

const UNZIP = '/usr/bin/unzip';
const XMLLINT = '/usr/bin/xmllint';
const LIBREOFFICE = ['/usr/bin/libreoffice', '/usr/bin/soffice'].find((p) => fs.existsSync(p));

async function xlsx(rows: Iterable<PayoutExportRow> | AsyncIterable<PayoutExportRow>): Promise<Buffer> {
  const sink = new MemorySink();
  const result = await writeExport('excel', HEADER, rows, sink);
  expect(result.bytes).toBe(sink.buffer.length);
  return sink.buffer;
}

function withTempFile<T>(name: string, data: Buffer | string, fn: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-xlsx-'));
  try {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return fn(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface Cell {
  ref: string;
  style: string | undefined;
  type: string | undefined;
  value: string;
}

function cells(row: XmlElement): Cell[] {
  return row.children.map((c) => ({
    ref: c.attrs.r ?? '',
    style: c.attrs.s,
    type: c.attrs.t,
    value: c.attrs.t === 'inlineStr' ? (child(child(c, 'is') ?? c, 't')?.text ?? '') : (child(c, 'v')?.text ?? ''),
  }));
}

function sheetRows(xml: Buffer | undefined): XmlElement[] {
  const root = parseXml(xml?.toString('utf8') ?? '');
  expect(root.name).toBe('worksheet');
  return child(root, 'sheetData')?.children ?? [];
}

describe('XLSX export', () => {
  it('holds every part, each well-formed XML, in a valid ZIP', async () => {
    const entries = readZip(await xlsx(sampleRows(10)));
    expect(entries.map((e) => e.name)).toEqual([...XLSX_PARTS]);
    for (const e of entries) {
      const text = e.data.toString('utf8');
      expect(text.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>')).toBe(true);
      parseXml(text);
      if (fs.existsSync(XMLLINT)) withTempFile('part.xml', e.data, (file) => execFileSync(XMLLINT, ['--noout', file], { stdio: 'pipe' }));
    }
    const types = entries[0]?.data.toString() ?? '';
    for (const part of XLSX_PARTS.slice(2)) {
      if (!part.includes('_rels')) expect(types).toContain(`PartName="/${part}"`);
    }
  });

  it('writes the column headers and one row per export row with typed cells', async () => {
    const rows: PayoutExportRow[] = [sampleRow(0), sampleRow(1), { ...sampleRow(2), merchantReference: ' <&> "x" \u0001 😀 ', amountMinor: -1250 }];
    const entries = readZip(await xlsx(rows));
    const sheet = sheetRows(entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')?.data);
    expect(sheet).toHaveLength(4);
    expect(cells(sheet[0]!).map((c) => [c.ref, c.type, c.value])).toEqual(
      ['type', 'orderUuid', 'merchantReference', 'refundUuid', 'paymentMethod', 'amount', 'currency', 'occurredAt'].map((v, i) => [`${'ABCDEFGH'[i]}1`, 'inlineStr', v]),
    );
    expect(cells(sheet[1]!)).toEqual([
      { ref: 'A2', style: undefined, type: 'inlineStr', value: 'payment' },
      { ref: 'B2', style: undefined, type: 'inlineStr', value: rows[0]!.orderUuid },
      { ref: 'C2', style: undefined, type: 'inlineStr', value: 'ORDER-0' },
      { ref: 'E2', style: undefined, type: 'inlineStr', value: 'cardPayments' },
      { ref: 'F2', style: '1', type: undefined, value: '10.00' },
      { ref: 'G2', style: undefined, type: 'inlineStr', value: 'EUR' },
      { ref: 'H2', style: '2', type: undefined, value: String(excelSerial(rows[0]!.occurredAt)) },
    ]);
    expect(cells(sheet[2]!).find((c) => c.ref === 'D3')?.value).toBe(rows[1]!.refundUuid);
    const third = cells(sheet[3]!);
    expect(third.find((c) => c.ref === 'C4')?.value).toBe(' <&> "x"  😀 ');
    expect(third.find((c) => c.ref === 'F4')?.value).toBe('-12.50');
    const sheetXml = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')?.data.toString() ?? '';
    expect(sheetXml).toContain('<t xml:space="preserve"> &lt;&amp;&gt;');
  });

  it('converts dates to Excel serial numbers (1900 system, UTC)', () => {
    expect(excelSerial(new Date('1970-01-01T00:00:00Z'))).toBe(25569);
    expect(excelSerial(new Date('2025-03-01T12:00:00Z'))).toBe(45717.5);
    expect(() => excelSerial(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('writes the Payout sheet and styles with 0.00 and a date-time format', async () => {
    const entries = readZip(await xlsx([]));
    const payout = sheetRows(entries.find((e) => e.name === 'xl/worksheets/sheet2.xml')?.data).map((r) => cells(r).map((c) => c.value));
    expect(payout).toEqual([
      ['payoutUuid', HEADER.payoutUuid],
      ['storeUuid', HEADER.storeUuid],
      ['storeName', HEADER.storeName],
      ['currency', 'EUR'],
      ['settlementType', 'daily'],
      ['paymentsAmount', '1234.56'],
      ['refundsAmount', '-25.00'],
      ['feesAmount', '-0.05'],
      ['totalAmount', '1209.51'],
      ['createdAt', String(excelSerial(HEADER.createdAt))],
    ]);
    expect(sheetRows(entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')?.data)).toHaveLength(1);
    const styles = parseXml(entries.find((e) => e.name === 'xl/styles.xml')?.data.toString() ?? '');
    const xfs = child(styles, 'cellXfs')?.children ?? [];
    expect(xfs[1]?.attrs.numFmtId).toBe('2'); // built-in "0.00"
    const dateFmt = child(styles, 'numFmts')?.children.find((f) => f.attrs.numFmtId === xfs[2]?.attrs.numFmtId);
    expect(dateFmt?.attrs.formatCode).toBe('yyyy\\-mm\\-dd hh:mm:ss');
    const workbook = entries.find((e) => e.name === 'xl/workbook.xml')?.data.toString() ?? '';
    expect(workbook).toContain('name="Rows"');
    expect(workbook).toContain('name="Payout"');
  });

  it('streams many rows with every row in the sheet', async () => {
    const zip = await xlsx(sampleRows(20_000));
    const sheet = sheetRows(readZip(zip).find((e) => e.name === 'xl/worksheets/sheet1.xml')?.data);
    expect(sheet).toHaveLength(20_001);
    const last = cells(sheet[20_000]!);
    expect(last[0]?.ref).toBe('A20001');
    expect(last.find((c) => c.ref === 'F20001')?.value).toBe(formatMinor(sampleRow(19_999).amountMinor));
    if (fs.existsSync(UNZIP)) {
      withTempFile('a.xlsx', zip, (file) => expect(execFileSync(UNZIP, ['-t', file], { encoding: 'utf8' })).toContain('No errors detected'));
    }
  });

  it.skipIf(!LIBREOFFICE)(
    'opens in LibreOffice (converted to CSV)',
    async () => {
      const zip = await xlsx([sampleRow(0), sampleRow(1)]);
      withTempFile('payout.xlsx', zip, (file, dir) => {
        // Filter options: comma, double quote, UTF-8, from line 1, …, token 9 true = cells "as shown" (their number formats).
        const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true';
        execFileSync(LIBREOFFICE!, ['--headless', '--convert-to', filter, '--outdir', dir, file], { stdio: 'pipe', timeout: 60_000 });
        const csv = fs.readFileSync(path.join(dir, 'payout.csv'), 'utf8');
        expect(csv).toContain('type,orderUuid,merchantReference');
        expect(csv).toContain(`payment,${sampleRow(0).orderUuid},ORDER-0,,cardPayments,10.00,EUR`);
        expect(csv).toContain('-0.02');
      });
    },
    90_000,
  );
});
