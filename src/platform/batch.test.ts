import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Batcher } from './batch.js';

describe('Batcher', () => {
  it('gives every caller its own result, in batches no larger than maxSize', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer(), { maxLength: 300 }), fc.integer({ min: 1, max: 50 }), async (xs, max) => {
        const sizes: number[] = [];
        const b = new Batcher<number, number>(async (items) => {
          sizes.push(items.length);
          return items.map((x) => x * 2);
        }, max);
        const out = await Promise.all(xs.map((x) => b.submit(x)));
        expect(out).toEqual(xs.map((x) => x * 2));
        expect(sizes.every((s) => s <= max)).toBe(true);
        expect(sizes.reduce((a, s) => a + s, 0)).toBe(xs.length);
      }),
    );
  });

  it('coalesces calls made in the same turn into one run', async () => {
    let runs = 0;
    const b = new Batcher<number, number>(async (items) => {
      runs++;
      return items;
    });
    await Promise.all([1, 2, 3, 4].map((x) => b.submit(x)));
    expect(runs).toBe(1);
  });

  it('a failing batch is retried item by item, so only the bad item fails', async () => {
    const b = new Batcher<number, number>(async (items) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items;
    });
    const results = await Promise.allSettled([1, 13, 2].map((x) => b.submit(x)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
