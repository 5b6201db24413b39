/**
 * What a 1,000-label file costs the process that renders it, in a process of its own
 * (vitest.config.ts: *.memory.test.ts files are projects of their own).
 *
 * A label file's memory is mostly garbage: Buffers and objects that live through two scavenges
 * and then wait in the old generation for a full collection. Both pile up between two full
 * collections and lift the RSS for good (the allocator keeps what it got), so the bounds are on
 * the peak of what is outside the heap (arrayBuffers), on the RSS's growth from the moment the
 * file starts, and on what outlives the young generation. Before PageContent and LayoutCaches
 * (render.ts), the same file made ~38–43 MB of Buffers and grew RSS by ~105–125 MB; before
 * PageContent let go of each page's zlib output buffer, its arrayBuffers peaked at ~12 MB.
 */
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { renderLabels, writeLabels, type RenderLabelsOptions } from './render.js';
import { sampleLabel } from '../../../test/support/labels/samples.js';

const MB = 1024 * 1024;

/** 1,000 labels, each with a QR code (a tracking link), as the bench's label files. */
const labels = Array.from({ length: 1000 }, (_, i) => {
  const l = sampleLabel(i);
  return { ...l, trackingUrl: l.trackingUrl ?? `https://track.kassa.example/p/${l.trackingNumber}` };
});

/** Reads the file as an HTTP response would, sampling the process's memory meanwhile. */
async function measure(opts: RenderLabelsOptions): Promise<{ bytes: number; rssGrowthMB: number; arrayBuffersPeakMB: number }> {
  // Warm-up: fonts, modules, compiled code (what every file after the first finds in place).
  await writeLabels(labels.slice(0, 50), opts, new Writable({ write: (_c, _e, cb) => cb() }));
  await new Promise((r) => setTimeout(r, 50));
  const before = process.memoryUsage();
  let rss = before.rss;
  let arrayBuffers = before.arrayBuffers;
  const sample = (): void => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    arrayBuffers = Math.max(arrayBuffers, m.arrayBuffers);
  };
  const timer = setInterval(sample, 5);
  let bytes = 0;
  try {
    for await (const chunk of renderLabels(labels, opts)) {
      bytes += (chunk as Buffer).length;
      sample();
    }
  } finally {
    clearInterval(timer);
  }
  sample();
  return { bytes, rssGrowthMB: (rss - before.rss) / MB, arrayBuffersPeakMB: arrayBuffers / MB };
}

describe('a 1,000-label file', () => {
  it('A6: Buffers outside the heap stay under 8 MB and the RSS grows by under 80 MB', { timeout: 120_000 }, async () => {
    const m = await measure({ pageSize: 'A6' });
    console.log(`[labels memory] A6: ${(m.bytes / MB).toFixed(1)} MB PDF, arrayBuffers peak ${m.arrayBuffersPeakMB.toFixed(1)} MB, RSS growth ${m.rssGrowthMB.toFixed(1)} MB`);
    expect(m.bytes).toBeGreaterThan(1_000_000);
    expect(m.arrayBuffersPeakMB, 'arrayBuffers peak (MB)').toBeLessThan(8);
    expect(m.rssGrowthMB, 'RSS growth (MB)').toBeLessThan(80);
  });
});

describe('what outlives young-generation collections', () => {
  // A scavenge frees the Buffers of a file as it goes; what survives two waits in the old
  // generation for a full collection, and a label file alone never triggers one (V8 lets the old
  // generation grow up to 4× its live size first). Each page's zlib engine used to survive with
  // the 4 KiB output buffer it allocated: ~10 KiB outside the heap per label, ~3 MB for 300.
  it('A6: 300 labels leave under 1 MB of ArrayBuffers behind once the young generation is collected', { timeout: 60_000 }, async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (o?: { type: 'minor' | 'major' }) => void;
    const discard = () => new Writable({ write: (_c, _e, cb) => setImmediate(cb) });
    await writeLabels(labels.slice(0, 50), { pageSize: 'A6' }, discard());
    // No full collection during the file (it would free the garbage this measures): the next one
    // is due only once the old generation has grown elevenfold.
    setFlagsFromString('--heap-growing-percent=1000');
    try {
      gc();
      const settle = async (): Promise<number> => {
        gc({ type: 'minor' });
        gc({ type: 'minor' });
        // Freed ArrayBuffers are swept concurrently.
        await new Promise((r) => setTimeout(r, 100));
        return process.memoryUsage().arrayBuffers;
      };
      const before = await settle();
      await writeLabels(labels.slice(0, 300), { pageSize: 'A6' }, discard());
      const leftMB = ((await settle()) - before) / MB;
      console.log(`[labels memory] A6, 300 labels: ${leftMB.toFixed(2)} MB of ArrayBuffers left after young-generation collections`);
      expect(leftMB, 'ArrayBuffers left (MB)').toBeLessThan(1);
    } finally {
      setFlagsFromString('--heap-growing-percent=0');
    }
  });
});
