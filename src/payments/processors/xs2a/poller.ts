/**
 * The XS2A status poller: attempts still waiting for their bank (the shopper never came back,
 * or the bank was still settling when they did) are asked about again, and final statuses are
 * recorded. Runs in the worker role (one loop per worker process, runtime.ts). Recording is
 * idempotent (`attempts.complete` answers false when the order no longer waits for the attempt),
 * so two workers asking about the same payment record it once. An attempt of an order past its
 * expiry is left to the expiry job (`complete` refuses it).
 */
import type { AttemptOutcome } from '../../orders/service.js';
import type { Env } from '../../../platform/env.js';
import type { AttemptSink, AttemptWaiting } from '../contract.js';

export interface PollOptions {
  olderThanSeconds: number;
  limit: number;
  /** How many banks are asked at once. */
  concurrency?: number;
}

/** Runs `fn` over `items` with at most `n` at once. */
async function eachLimited<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/** One pass; returns how many attempts it recorded. */
export async function pollOnce(
  processor: string,
  attempts: AttemptSink,
  resolverOf: (env: Env) => ((ref: string) => Promise<AttemptOutcome | AttemptWaiting>) | undefined,
  opts: PollOptions,
): Promise<number> {
  const pending = await attempts.pending(processor, opts.olderThanSeconds, opts.limit);
  let recorded = 0;
  await eachLimited(pending, opts.concurrency ?? 4, async (p) => {
    const resolve = resolverOf(p.env);
    if (!resolve) return;
    let outcome: AttemptOutcome | AttemptWaiting;
    try {
      outcome = await resolve(p.processorReference);
    } catch {
      return; // The bank did not answer, or not sensibly: asked again on the next pass.
    }
    if (outcome.kind === 'waiting') return;
    if (await attempts.complete(p.orderId, outcome, p.processorReference)) recorded++;
  });
  return recorded;
}
