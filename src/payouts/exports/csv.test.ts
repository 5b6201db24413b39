import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvField, csvTextField } from './csv.js';
import { writeExport } from './index.js';
import type { PayoutExportRow } from './row.js';
import { HEADER, MemorySink, parseCsv, sampleRow, sampleRows } from '../../../test/support/exports.js';

async function csv(rows: Iterable<PayoutExportRow> | AsyncIterable<PayoutExportRow>, bom = false): Promise<string> {
  const sink = new MemorySink();
  await writeExport('csv', HEADER, rows, sink, { csvBom: bom });
  return sink.text;
}

const COLUMNS = 'type,orderUuid,merchantReference,refundUuid,paymentMethod,amount,currency,occurredAt';

describe('CSV export', () => {
  it('writes a header row and CRLF line ends, nothing else for 0 rows', async () => {
    expect(await csv([])).toBe(`${COLUMNS}\r\n`);
    expect(await csv([], true)).toBe(`\uFEFF${COLUMNS}\r\n`);
  });

  it('writes one record per row', async () => {
    const text = await csv([sampleRow(0), sampleRow(1)]);
    expect(text).toBe(
      `${COLUMNS}\r\n` +
        'payment,0190a1b2-c3d4-7e5f-8a9b-000000000000,ORDER-0,,cardPayments,10.00,EUR,2025-03-01T00:00:00.000Z\r\n' +
        'refund,0190a1b2-c3d4-7e5f-8a9b-000000000001,ORDER-1,0190a1b2-ffff-7e5f-8a9b-000000000001,cardPayments,-0.02,EUR,2025-03-01T00:00:01.000Z\r\n',
    );
  });

  it('quotes fields holding a comma, quote, CR or LF and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('')).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('"')).toBe('""""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('crlf\r\n')).toBe('"crlf\r\n"');
    expect(csvField(' spaced ')).toBe(' spaced ');
    expect(csvField('zażółć 😀')).toBe('zażółć 😀');
  });

  it('guards text fields against formula injection, never the amount', async () => {
    expect(csvTextField('=1+1')).toBe("'=1+1");
    expect(csvTextField('+48 123')).toBe("'+48 123");
    expect(csvTextField('-2')).toBe("'-2");
    expect(csvTextField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvTextField('\tx')).toBe("'\tx");
    expect(csvTextField('\rx')).toBe('"\'\rx"');
    expect(csvTextField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvTextField('a=b')).toBe('a=b');
    expect(csvTextField("'quoted")).toBe("'quoted");

    const row: PayoutExportRow = { ...sampleRow(2), merchantReference: '=cmd|/C calc!A0', amountMinor: -1250 };
    const [, record] = parseCsv(await csv([row]));
    expect(record?.[2]).toBe("'=cmd|/C calc!A0");
    expect(record?.[5]).toBe('-12.50');
  });

  it('round-trips awkward values through an RFC 4180 parser', async () => {
    const rows: PayoutExportRow[] = [
      { ...sampleRow(0), merchantReference: 'a,b "c"\r\nd\ne\rf' },
      { ...sampleRow(1), merchantReference: '' },
      { ...sampleRow(2), merchantReference: '""' },
      { ...sampleRow(3), merchantReference: 'żółw 😀 日本' },
    ];
    const records = parseCsv(await csv(rows));
    expect(records.map((r) => r[2])).toEqual(['merchantReference', 'a,b "c"\r\nd\ne\rf', '', '""', 'żółw 😀 日本']);
    expect(records.every((r) => r.length === 8)).toBe(true);
  });

  it('round-trips arbitrary strings (property)', async () => {
    const awkward = fc.string({ unit: fc.constantFrom(',', '"', '\r', '\n', '=', '+', '-', '@', "'", 'a', ' ', 'ł', '😀', '\t') });
    const text = fc.oneof(awkward, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(text, text, fc.option(text), fc.integer({ min: -1e9, max: 1e9 })), { maxLength: 8 }), async (specs) => {
        const rows = specs.map(
          ([ref, method, refund, amount], i): PayoutExportRow => ({
            ...sampleRow(i),
            merchantReference: ref,
            paymentMethod: method,
            refundUuid: refund,
            amountMinor: amount,
          }),
        );
        const records = parseCsv(await csv(rows));
        const guard = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
        expect(records).toEqual([
          COLUMNS.split(','),
          ...rows.map((r) => [
            r.type,
            r.orderUuid,
            guard(r.merchantReference),
            r.refundUuid === null ? '' : guard(r.refundUuid),
            guard(r.paymentMethod),
            (r.amountMinor < 0 ? '-' : '') + (Math.abs(r.amountMinor) / 100).toFixed(2),
            r.currency,
            r.occurredAt.toISOString(),
          ]),
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('streams many rows into many chunks with the right record count', async () => {
    const sink = new MemorySink();
    const result = await writeExport('csv', HEADER, sampleRows(20_000), sink);
    expect(result.rows).toBe(20_000);
    expect(sink.chunks.length).toBeGreaterThan(10);
    expect(Math.max(...sink.chunks.map((c) => c.length))).toBeLessThan(70 * 1024);
    const text = sink.text;
    expect(result.bytes).toBe(Buffer.byteLength(text));
    expect(text.split('\r\n')).toHaveLength(20_002);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});
