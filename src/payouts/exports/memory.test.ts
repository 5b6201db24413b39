import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, writeExport, type PayoutExportRow } from './index.js';
import { HEADER, sampleRow } from '../../../test/support/exports.js';

const ROWS = 200_000;

/** Counts and drops bytes. */
class DiscardSink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    cb();
  }
}

describe('bounded memory', () => {
  it(`writes ${ROWS} rows of every format with bounded heap`, async () => {
    const report: string[] = [];
    for (const format of EXPORT_FORMATS) {
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      const rows = (async function* (): AsyncGenerator<PayoutExportRow> {
        for (let i = 0; i < ROWS; i++) {
          if (i % 5000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
          yield sampleRow(i);
        }
      })();
      const sink = new DiscardSink();
      const started = performance.now();
      const result = await writeExport(format, HEADER, rows, sink);
      const ms = performance.now() - started;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      expect(result.rows).toBe(ROWS);
      expect(result.bytes).toBe(sink.bytes);
      const growthMb = (peak - baseline) / 1024 / 1024;
      report.push(`${format}: ${ROWS} rows, ${(sink.bytes / 1024 / 1024).toFixed(1)} MB in ${ms.toFixed(0)} ms, heap growth ≤ ${growthMb.toFixed(1)} MB`);
      expect(growthMb).toBeLessThan(50);
    }
    console.log(report.join('\n'));
  }, 60_000);
});
