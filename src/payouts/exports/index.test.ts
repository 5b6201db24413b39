import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, exportFileName, isExportFormat, writeExport, type PayoutExportRow } from './index.js';
import { CountingSink, HEADER, MemorySink, sampleRow, sampleRows } from '../../../test/support/exports.js';

async function* failingRows(after: number): AsyncGenerator<PayoutExportRow> {
  for (let i = 0; i < after; i++) yield sampleRow(i);
  throw new Error('cursor broke');
}

describe('payout export dispatcher', () => {
  it('lists the formats with content type and extension', () => {
    expect(EXPORT_FORMATS).toEqual(['excel', 'xml', 'json', 'csv']);
    expect(EXPORT_FORMAT_INFO.excel).toEqual({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      extension: 'xlsx',
    });
    expect(EXPORT_FORMAT_INFO.xml.contentType).toBe('application/xml; charset=utf-8');
    expect(EXPORT_FORMAT_INFO.json.contentType).toBe('application/json; charset=utf-8');
    expect(EXPORT_FORMAT_INFO.csv.contentType.startsWith('text/csv; charset=utf-8')).toBe(true);
    expect(isExportFormat('csv')).toBe(true);
    expect(isExportFormat('pdf')).toBe(false);
    expect(isExportFormat(undefined)).toBe(false);
    expect(exportFileName(HEADER.payoutUuid, 'excel')).toBe(`payout-${HEADER.payoutUuid}.xlsx`);
    expect(exportFileName('../"x"', 'csv')).toBe('payout-x.csv');
  });

  it.each(EXPORT_FORMATS)('%s: ends the sink by default, or leaves it open', async (format) => {
    const ended = new MemorySink();
    const result = await writeExport(format, HEADER, [sampleRow(0)], ended);
    expect(ended.writableFinished).toBe(true);
    expect(result).toEqual({ rows: 1, bytes: ended.buffer.length });
    const open = new MemorySink();
    await writeExport(format, HEADER, [sampleRow(0)], open, { end: false });
    expect(open.writableEnded).toBe(false);
    expect(open.buffer.equals(ended.buffer)).toBe(true);
  });

  it.each(EXPORT_FORMATS)('%s: rejects when the rows fail, and when the sink fails', async (format) => {
    await expect(writeExport(format, HEADER, failingRows(3000), new MemorySink())).rejects.toThrow('cursor broke');
    const broken = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, cb) {
        setImmediate(() => cb(new Error('disk full')));
      },
    });
    broken.on('error', () => {});
    await expect(writeExport(format, HEADER, sampleRows(50_000), broken)).rejects.toThrow('disk full');
  });

  it.each(EXPORT_FORMATS)('%s: respects backpressure of a slow sink', async (format) => {
    const sink = new CountingSink();
    let maxBuffered = 0;
    const rows = (async function* () {
      for await (const r of sampleRows(30_000)) {
        maxBuffered = Math.max(maxBuffered, sink.writableLength);
        yield r;
      }
    })();
    const result = await writeExport(format, HEADER, rows, sink);
    expect(result.bytes).toBe(sink.bytes);
    expect(maxBuffered).toBeLessThan(512 * 1024);
  });
});
