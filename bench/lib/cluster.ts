/**
 * The `cluster` step: POST and GET /orders with 1 and with N API processes (KASSA_API_PROCESSES;
 * N = BENCH_PROCESSES, default the machine's cores), each beside the bare route run the same way
 * (bench/bare-server.ts with BENCH_PROCESSES: a primary forking that many processes that share the
 * port through node:cluster, as Kassa's does). Every figure is printed with the ceiling of its own
 * process count, measured right before it, and the N-process figures with their gain over 1.
 *
 * Kassa is restarted for each count on the same data dir and store, and once more with one process
 * at the end, so the steps after this one measure what they always did.
 */
import { BARE_READY } from './bare-ready.js';
import type { Child } from './children.js';
import { runRoute, type LoadOptions, type RouteResult, type RouteSpec } from './load.js';
import { Monitor } from './monitor.js';
import { cpuPerRequestUs, resultsTable } from './report.js';

export interface ClusterRun {
  processes: number;
  bare: RouteResult;
  kassa: RouteResult[];
}

export interface ClusterStepResult {
  processes: number;
  runs: ClusterRun[];
}

export interface ClusterStepOptions {
  /** N: the API processes compared with one. */
  processes: number;
  load: LoadOptions;
  embedded: boolean;
  /** Starts the bare server with this many processes; resolves when it answers. */
  bare(processes: number): Promise<{ child: Child; origin: string }>;
  /** Restarts Kassa with KASSA_API_PROCESSES = this; resolves when every API process listens. */
  kassa(processes: number): Promise<Child>;
  /** The Kassa routes to measure at each count (POST and GET /orders). */
  routes: (processes: number) => RouteSpec[];
  say(r: RouteResult): void;
  checkAlive(c: Child): void;
  log(m: string): void;
}

/** Waits until the bare server prints that all its processes listen (BENCH_PROCESSES > 1). */
export async function bareReady(child: Child, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!child.output().includes(BARE_READY)) {
    if (child.exited) throw new Error(`${child.name} exited (code ${child.exitCode}):\n${child.output()}`);
    if (Date.now() > until) throw new Error(`${child.name}: not all processes listened after ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runClusterStep(o: ClusterStepOptions): Promise<ClusterStepResult> {
  const runs: ClusterRun[] = [];
  for (const n of [1, o.processes]) {
    const label = `${n} process${n === 1 ? '' : 'es'}`;
    const bare = await o.bare(n);
    const bareR = await runRoute({ name: `bare GET /bare (${label})`, origin: bare.origin, method: 'GET', path: '/bare', setup: (r) => r }, o.load, new Monitor(bare.child.pid, undefined, false));
    o.say(bareR);
    o.checkAlive(bare.child);
    await bare.child.stop();
    const kassa = await o.kassa(n);
    const kassaR: RouteResult[] = [];
    for (const spec of o.routes(n)) {
      const r = await runRoute({ ...spec, name: `${spec.name} (${label})` }, o.load, new Monitor(kassa.pid, kassa.pid, o.embedded));
      o.say(r);
      o.checkAlive(kassa);
      kassaR.push(r);
    }
    runs.push({ processes: n, bare: bareR, kassa: kassaR });
  }
  await o.kassa(1);
  const [one, many] = runs as [ClusterRun, ClusterRun];
  o.log(`cluster: ${o.processes} processes / 1: ${gains(one, many).join(', ')}`);
  return { processes: o.processes, runs };
}

/** Each route's rps with N processes over its rps with one. */
function gains(one: ClusterRun, many: ClusterRun): string[] {
  const pairs: [RouteResult, RouteResult][] = [[one.bare, many.bare], ...one.kassa.map((r, i) => [r, many.kassa[i]!] as [RouteResult, RouteResult])];
  return pairs.map(([a, b]) => `${a.name.replace(/ \(\d+ process(es)?\)$/, '')} ×${(b.rps / a.rps).toFixed(2)}`);
}

/** One table per process count (ratios to that count's bare route), then the N / 1 gains. */
export function clusterTable(r: ClusterStepResult): string {
  const [one, many] = r.runs as [ClusterRun, ClusterRun];
  return [
    `API processes (KASSA_API_PROCESSES): 1 and ${r.processes}, each beside the bare route with as many processes; server RSS and CPU summed over the processes`,
    ...r.runs.map((run) => resultsTable([run.bare, ...run.kassa], run.bare.rps)),
    `${r.processes} processes / 1 process (rps): ${gains(one, many).join('; ')}; srv CPU µs/req ${[one.bare, ...one.kassa].map((x, i) => `${cpuPerRequestUs(x)} → ${cpuPerRequestUs([many.bare, ...many.kassa][i]!)}`).join(', ')}`,
  ].join('\n');
}
