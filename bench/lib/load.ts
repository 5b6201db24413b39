/**
 * One measured route: a warm-up, then the measurement, with autocannon in this process and the
 * server watched from outside (bench/lib/monitor.ts). Latency percentiles come from our own
 * microsecond histogram (autocannon's own one has whole-millisecond resolution).
 */
import { createHistogram } from 'node:perf_hooks';
import autocannon, { type Instance, type RawRequest, type RequestSpec, type Result } from 'autocannon';
import type { Monitor, MonitorResult } from './monitor.js';

export interface LoadOptions {
  connections: number;
  pipelining: number;
  durationS: number;
  warmupS: number;
  /** A fixed rate in requests per second over all connections (the steady step); unset: as fast as the server answers. */
  overallRate?: number;
}

export interface RouteSpec {
  name: string;
  /** Origin, e.g. http://127.0.0.1:8080 */
  origin: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Per-request mutation (a fresh body or path); runs in the load generator, so keep it cheap. */
  setup: (req: RawRequest) => RawRequest;
  /** Response hook for the warm-up only (e.g. to collect created uuids); not active while measuring. */
  onWarmupResponse?: (status: number, body: string) => void;
}

export interface RunCounts {
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errorMessages: string[];
}

export interface RouteResult extends RunCounts {
  name: string;
  method: string;
  path: string;
  durationS: number;
  /** Mean of autocannon's per-second samples of completed requests. */
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  warmup: RunCounts;
  monitor: MonitorResult;
  /** What generated the load (printed beside each row: a ratio compares rows of the same one). */
  loadgen?: 'autocannon' | 'wrk' | 'pgbench';
}

let current: Instance | undefined;
let stopped = false;

/** Stops the load run in progress and refuses new ones (Ctrl-C). */
export function stopCurrentLoad(): void {
  stopped = true;
  current?.stop();
}

function fire(spec: RouteSpec, o: LoadOptions, durationS: number, onResponse: RequestSpec['onResponse'], onLatency: (ms: number) => void): Promise<{ result: Result; errorMessages: string[] }> {
  const errorMessages: string[] = [];
  return new Promise((resolve, reject) => {
    if (stopped) return reject(new Error('interrupted'));
    const request: RequestSpec = {
      method: spec.method,
      path: spec.path,
      headers: spec.headers ?? {},
      setupRequest: spec.setup,
    };
    if (onResponse) request.onResponse = onResponse;
    const inst = autocannon(
      {
        url: spec.origin,
        connections: o.connections,
        pipelining: o.pipelining,
        ...(o.overallRate ? { overallRate: o.overallRate } : {}),
        duration: durationS,
        timeout: 10,
        requests: [request],
      },
      (err, result) => {
        current = undefined;
        if (err) reject(err);
        else resolve({ result, errorMessages });
      },
    );
    current = inst;
    inst.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => onLatency(responseTime));
    inst.on('reqError', (e: Error) => {
      if (errorMessages.length < 5 && !errorMessages.includes(e.message)) errorMessages.push(e.message);
    });
  });
}

function counts(r: Result, errorMessages: string[]): RunCounts {
  const statusCodes: Record<string, number> = {};
  for (const [code, v] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = Number(v.count);
  return {
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx + r.mismatches,
    statusCodes,
    errorMessages,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export async function runRoute(spec: RouteSpec, o: LoadOptions, monitor: Monitor): Promise<RouteResult> {
  monitor.watch();
  let warm: RunCounts = { requests: 0, errors: 0, timeouts: 0, non2xx: 0, statusCodes: {}, errorMessages: [] };
  if (o.warmupS > 0) {
    const w = await fire(spec, o, o.warmupS, spec.onWarmupResponse && ((s, b) => spec.onWarmupResponse!(s, b)), () => undefined);
    warm = counts(w.result, w.errorMessages);
  }
  const hist = createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 });
  monitor.startCpuWindow();
  const m = await fire(spec, o, o.durationS, undefined, (ms) => hist.record(Math.max(1, Math.round(ms * 1000))));
  const mon = monitor.stop();
  const r = m.result;
  const us = (p: number) => round2(hist.percentile(p) / 1000);
  return {
    name: spec.name,
    method: spec.method,
    path: spec.path,
    durationS: r.duration,
    rps: Math.round(r.requests.average),
    latencyMs: { p50: us(50), p90: us(90), p99: us(99), max: round2(hist.max / 1000), mean: round2(hist.mean / 1000) },
    ...counts(r, m.errorMessages),
    warmup: warm,
    monitor: mon,
    loadgen: 'autocannon',
  };
}
