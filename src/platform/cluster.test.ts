import cluster from 'node:cluster';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiProcesses, ApiProcessFailed, MAX_RESTARTS } from './cluster.js';
import { isAlive } from './processes.js';

const FIXTURE = path.join(import.meta.dirname, 'cluster.fixture.mjs');
const shared = { databaseUrl: 'postgres://nowhere', masterKey: 'k', adminToken: 't' };

function logs() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) } };
}

/** Forks the fixture (not this test file) in `mode`. */
function fixture(mode: string): void {
  process.env.KASSA_FIXTURE = mode;
  cluster.setupPrimary({ exec: FIXTURE, execArgv: [], silent: true });
}

let procs: ApiProcesses | undefined;
afterEach(async () => {
  await procs?.stop(1000);
  procs = undefined;
  delete process.env.KASSA_FIXTURE;
});

describe('ApiProcesses', () => {
  it('starts the processes, hands each the secrets, and stops them all', async () => {
    fixture('serve');
    procs = await ApiProcesses.start({ count: 2, shared, log: logs().log, onGiveUp: () => undefined });
    const pids = procs.pids;
    expect(pids).toHaveLength(2);
    expect(procs.address).toEqual({ address: '127.0.0.1', family: 'IPv4', port: 1 });
    await procs.stop();
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  });

  it('fails the start with the reason of a process that could not start, and leaves none running', async () => {
    fixture('fail');
    const { log } = logs();
    const err = await ApiProcesses.start({ count: 2, shared, log, onGiveUp: () => undefined }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiProcessFailed);
    expect((err as Error).message).toMatch(/^An API process \(pid \d+\) could not start: no app for you$/);
    // Every process has exited (cluster drops its entry on the 'exit' it emits just after the process's own).
    for (let i = 0; i < 100 && Object.keys(cluster.workers ?? {}).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(Object.keys(cluster.workers ?? {})).toHaveLength(0);
  });

  it('restarts a process that exits, with a growing backoff, and gives up past the limit', { timeout: 30_000 }, async () => {
    fixture('crash');
    const { lines, log } = logs();
    let gaveUp: string | undefined;
    procs = await ApiProcesses.start({ count: 2, shared, log, onGiveUp: (why) => (gaveUp = why) });
    const until = performance.now() + 25_000;
    while (gaveUp === undefined && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(gaveUp).toMatch(new RegExp(`^API processes exited ${MAX_RESTARTS + 1} times within 60 s \\(the last, pid \\d+: code 1\\); giving up$`));
    const delays = lines.flatMap((l) => /starting another in (\d+) ms/.exec(l)?.[1] ?? []).map(Number);
    expect(delays).toEqual([250, 500, 1000, 2000, 4000]);
    expect(lines.at(-1)).toBe(gaveUp);
  });
});
