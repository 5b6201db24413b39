import { describe, expect, it } from 'vitest';
import { ClaimLoop, type ClaimLoopOptions } from './claim-loop.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A queue of `items` (each claimed once) whose attempts last `workMs[item]`; renewals are recorded. */
function queue(items: string[], workMs: Record<string, number>, over: Partial<ClaimLoopOptions<string>> = {}) {
  const due = [...items];
  const renewals: { at: number; items: string[] }[] = [];
  const ended: Record<string, number> = {};
  const errors: string[] = [];
  const t0 = performance.now();
  const loop = new ClaimLoop<string>({
    name: 'test worker',
    concurrency: 4,
    pollMs: 10,
    claim: async (limit) => due.splice(0, limit),
    work: async (item) => {
      await sleep(workMs[item] ?? 0);
      ended[item] = performance.now() - t0;
    },
    heartbeat: {
      everyMs: 40,
      renew: async (held) => void renewals.push({ at: performance.now() - t0, items: [...held].sort() }),
    },
    log: () => ({ error: (_o, msg) => void errors.push(msg) }),
    ...over,
  });
  return { loop, renewals, ended, errors };
}

describe('ClaimLoop heartbeat', () => {
  it('renews every item in flight in one call per beat while its attempt runs, and stops when none is', async () => {
    const { loop, renewals, ended } = queue(['a', 'b'], { a: 150, b: 330 });
    expect(await loop.drain()).toBe(2);
    // Both in the same call while both run; each only until its attempt ends.
    expect(renewals.length).toBeGreaterThanOrEqual(4);
    expect(renewals[0]!.items).toEqual(['a', 'b']);
    expect(renewals.at(-1)!.items).toEqual(['b']);
    for (const item of ['a', 'b']) expect(renewals.filter((r) => r.items.includes(item)).every((r) => r.at <= ended[item]!)).toBe(true);
    const after = renewals.length;
    await sleep(150);
    expect(renewals.length).toBe(after); // nothing held: no beat
  });

  it("renews the running loop's items and an item claimed outside it (workClaimed)", async () => {
    const { loop, renewals } = queue(['x'], { x: 200, sync: 200 });
    loop.start();
    await loop.workClaimed('sync');
    await loop.stop();
    expect(renewals.some((r) => r.items.includes('x'))).toBe(true);
    expect(renewals.some((r) => r.items.includes('sync'))).toBe(true);
  });

  it('does not overlap renewals, logs one that fails and keeps beating', async () => {
    let calls = 0;
    let running = 0;
    let overlapped = false;
    const { loop, errors } = queue(
      ['slow'],
      { slow: 400 },
      {
        heartbeat: {
          everyMs: 20,
          renew: async () => {
            calls++;
            if (running++) overlapped = true;
            await sleep(70);
            running--;
            if (calls === 1) throw new Error('connection lost');
          },
        },
      },
    );
    await loop.drain();
    expect(overlapped).toBe(false);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(calls).toBeLessThanOrEqual(7); // one at a time: at most one per 70 ms over 400 ms
    expect(errors).toEqual(['test worker could not renew its leases']);
  });

  it('stops renewing an attempt that outlives maxHoldMs, saying so once', async () => {
    const seen: { at: number; items: string[] }[] = [];
    const t0 = performance.now();
    const { loop, errors } = queue(
      ['hung'],
      { hung: 450 },
      {
        heartbeat: { everyMs: 30, maxHoldMs: 200, renew: async (held) => void seen.push({ at: performance.now() - t0, items: [...held] }) },
      },
    );
    await loop.drain();
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((r) => r.at < 260)).toBe(true); // held 200 ms at most (+ one beat's lateness)
    expect(errors).toEqual(['test worker: an attempt outlived 200 ms; its lease is no longer renewed']);
  });

  it('without a heartbeat, works as before', async () => {
    const { loop, renewals } = queue(['a'], { a: 100 }, { heartbeat: undefined });
    expect(await loop.drain()).toBe(1);
    expect(renewals).toHaveLength(0);
  });
});
