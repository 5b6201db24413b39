import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { writeExport } from './index.js';
import type { PayoutExportRow } from './row.js';
import { HEADER, HEADER_FIELDS, MemorySink, sampleRow, sampleRows } from '../../../test/support/exports.js';

async function json(rows: Iterable<PayoutExportRow> | AsyncIterable<PayoutExportRow>): Promise<string> {
  const sink = new MemorySink();
  await writeExport('json', HEADER, rows, sink);
  return sink.text;
}

describe('JSON export', () => {
  it('is a valid document for 0 rows', async () => {
    expect(JSON.parse(await json([]))).toEqual({ payout: HEADER_FIELDS, rows: [] });
  });

  it('writes 1 row', async () => {
    expect(JSON.parse(await json([sampleRow(1)]))).toEqual({
      payout: HEADER_FIELDS,
      rows: [
        {
          type: 'refund',
          orderUuid: '0190a1b2-c3d4-7e5f-8a9b-000000000001',
          merchantReference: 'ORDER-1',
          refundUuid: '0190a1b2-ffff-7e5f-8a9b-000000000001',
          paymentMethod: 'cardPayments',
          amount: '-0.02',
          currency: 'EUR',
          occurredAt: '2025-03-01T00:00:01.000Z',
        },
      ],
    });
  });

  it('writes many rows in order', async () => {
    const doc = JSON.parse(await json(sampleRows(5000))) as { rows: { orderUuid: string; refundUuid: string | null; amount: string }[] };
    expect(doc.rows).toHaveLength(5000);
    doc.rows.forEach((r, i) => {
      const row = sampleRow(i);
      expect(r.orderUuid).toBe(row.orderUuid);
      expect(r.refundUuid).toBe(row.refundUuid);
    });
    expect(doc.rows[2]?.amount).toBe('-0.03');
  });

  it('round-trips arbitrary strings, lone surrogates included (property)', async () => {
    const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
    const text = fc.oneof(utf16, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.tuple(text, fc.option(text)), { maxLength: 6 }), async (storeName, specs) => {
        const rows = specs.map(([ref, refund], i) => ({ ...sampleRow(i), merchantReference: ref, refundUuid: refund }));
        const doc = JSON.parse(await json(rows)) as { payout: { storeName: string }; rows: { merchantReference: string; refundUuid: string | null }[] };
        // storeName goes through the header: rewrite via a fresh header to test it too.
        expect(doc.rows.map((r) => [r.merchantReference, r.refundUuid])).toEqual(specs);
        const sink = new MemorySink();
        await writeExport('json', { ...HEADER, storeName }, [], sink);
        expect((JSON.parse(sink.text) as { payout: { storeName: string } }).payout.storeName).toBe(storeName);
      }),
      { numRuns: 300 },
    );
  });
});
