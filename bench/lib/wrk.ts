/**
 * A route measured with Debian's wrk (C, event-driven) instead of autocannon: for large responses
 * (a pickup-point list is ~46 KB gzipped) autocannon saturates its core long before the server
 * does, and the latency it reports is its own. Same RouteResult as runRoute; wrk's CPU is the
 * load generator's (monitor.ts counts this process's exited children: wrk exits before stop()).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { LoadOptions, RouteResult, RouteSpec, RunCounts } from './load.js';
import type { Monitor } from './monitor.js';

const run = promisify(execFile);

/** Whether wrk is installed and not turned off (BENCH_LOADGEN=autocannon: every step on autocannon, e.g. to compare the two). */
export function hasWrk(): boolean {
  if (process.env.BENCH_LOADGEN === 'autocannon') return false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version exits 1 after printing its version; only a missing binary is ENOENT.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** "1.78ms" / "850.00us" / "1.02s" → milliseconds. */
export function wrkDurationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`unreadable wrk duration "${text}"`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
  return Math.round(Number(m[1]) * scale * 100) / 100;
}

export interface WrkFigures {
  rps: number;
  requests: number;
  durationS: number;
  latencyMs: RouteResult['latencyMs'];
  non2xx: number;
  socketErrors: number;
  timeouts: number;
}

/** Reads wrk's `--latency` report. */
export function parseWrk(out: string): WrkFigures {
  const pick = (re: RegExp, what: string) => {
    const m = re.exec(out);
    if (!m) throw new Error(`wrk output lacks ${what}:\n${out}`);
    return m;
  };
  const lat = pick(/Latency\s+([\d.]+\w+)\s+([\d.]+\w+)\s+([\d.]+\w+)/, 'the latency line');
  const pct = (p: number) => wrkDurationMs(pick(new RegExp(`^\\s*${p}%\\s+([\\d.]+\\w+)`, 'm'), `the ${p}% line`)[1]!);
  const total = pick(/(\d+) requests in ([\d.]+)(s|m)/, 'the request count');
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Math.round(Number(pick(/Requests\/sec:\s+([\d.]+)/, 'Requests/sec')[1])),
    requests: Number(total[1]),
    durationS: Number(total[2]) * (total[3] === 'm' ? 60 : 1),
    latencyMs: { p50: pct(50), p90: pct(90), p99: pct(99), max: wrkDurationMs(lat[3]!), mean: wrkDurationMs(lat[1]!) },
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: sock ? Number(sock[1]) + Number(sock[2]) + Number(sock[3]) : 0,
    timeouts: sock ? Number(sock[4]) : 0,
  };
}

async function fire(spec: RouteSpec, o: LoadOptions, durationS: number): Promise<WrkFigures> {
  const headers = Object.entries(spec.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const { stdout } = await run('wrk', ['-t1', `-c${o.connections}`, `-d${durationS}s`, '--latency', ...headers, `${spec.origin}${spec.path}`]);
  return parseWrk(stdout);
}

const asCounts = (f: WrkFigures): RunCounts => ({
  requests: f.requests,
  errors: f.socketErrors + f.timeouts,
  timeouts: f.timeouts,
  non2xx: f.non2xx,
  statusCodes: {},
  errorMessages: [],
});

/** A GET route with a fixed path and headers, measured by wrk (warm-up, then the measurement). */
export async function runWrkRoute(spec: RouteSpec, o: LoadOptions, monitor: Monitor): Promise<RouteResult> {
  monitor.watch();
  const warm =
    o.warmupS > 0
      ? asCounts(await fire(spec, o, o.warmupS))
      : asCounts({ rps: 0, requests: 0, durationS: 0, latencyMs: { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 }, non2xx: 0, socketErrors: 0, timeouts: 0 });
  monitor.startCpuWindow();
  const f = await fire(spec, o, o.durationS);
  const mon = monitor.stop();
  return { name: spec.name, method: spec.method, path: spec.path, durationS: f.durationS, rps: f.rps, latencyMs: f.latencyMs, ...asCounts(f), warmup: warm, monitor: mon, loadgen: 'wrk' };
}
