/**
 * What the pickup point catalogue costs the process when a label file (or a shipment) first
 * needs a point, in a process of its own (vitest.config.ts: *.memory.test.ts files are projects
 * of their own). Before the points were held as their data files' text (points-table.ts), the
 * first lookup decoded every carrier's 87,000 points into frozen objects: +30.5 MB of live heap,
 * the RSS +79 MB at its peak (and +75 MB for good), ~450 ms of CPU. Now it reads the id's
 * carrier alone: InPost's 3.4 MB of text outside the heap.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { ShippingCatalogue } from './service.js';

const MB = 1024 * 1024;
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('the pickup point catalogue', () => {
  it('finds the points of a label file (InPost PL, Omniva EE) for under 2 MB of heap, 8 MB outside it and 30 MB of RSS', () => {
    gc();
    gc();
    const before = process.memoryUsage();
    let rss = before.rss;
    const catalogue = ShippingCatalogue.fromFiles();
    for (let i = 1; i <= 1000; i++) {
      const id = i % 2 === 0 ? `inpost-pl-pm-${(i % 2000) + 1}` : `omniva-ee-pm-${(i % 300) + 1}`;
      expect(catalogue.findPickupPoint(id)?.id).toBe(id);
      if (i % 100 === 0) rss = Math.max(rss, process.memoryUsage().rss);
    }
    rss = Math.max(rss, process.memoryUsage().rss);
    gc();
    gc();
    const after = process.memoryUsage();
    const heapMB = (after.heapUsed - before.heapUsed) / MB;
    const outsideMB = (after.arrayBuffers - before.arrayBuffers) / MB;
    const rssMB = (rss - before.rss) / MB;
    console.log(`[catalogue memory] live heap +${heapMB.toFixed(1)} MB, arrayBuffers +${outsideMB.toFixed(1)} MB, RSS peak +${rssMB.toFixed(1)} MB`);
    expect(heapMB, 'live heap growth (MB)').toBeLessThan(2);
    expect(outsideMB, 'arrayBuffers growth (MB)').toBeLessThan(8);
    expect(rssMB, 'RSS peak growth (MB)').toBeLessThan(30);
    // Kept alive until measured.
    expect(catalogue.findPickupPoint('inpost-pl-pm-1')).toBeDefined();
  });
});
