/**
 * The `steady` step (issue 22): latency at a fixed, moderate rate, as a shop's normal traffic
 * looks, rather than at saturation. BENCH_STEADY_RPS (500) requests per second over 10
 * connections, for POST /orders and GET /orders/:uuid, twice: on a fresh server before any
 * saturation run (after the usual warm-up), and right after the saturation runs of post and get
 * (no warm-up: what a server that was just flooded answers). The bare route runs at the same rate
 * and connections in the same run, as the ceiling of each p99.
 */
import { intEnv } from './env.js';
import type { LoadOptions, RouteResult } from './load.js';
import { cpuPerRequestUs } from './report.js';

export const STEADY_RPS = intEnv('BENCH_STEADY_RPS', 500, 1);
export const STEADY_CONNECTIONS = 10;

/** The load of a steady run: the route options' duration, the fixed rate, 10 connections. */
export function steadyLoad(load: LoadOptions, warmupS: number): LoadOptions {
  return { ...load, connections: STEADY_CONNECTIONS, overallRate: STEADY_RPS, warmupS };
}

export interface SteadyRow {
  /** 'fresh' or 'after saturation' (the bare route: 'ceiling'). */
  phase: string;
  result: RouteResult;
}

/** The steady runs with the bare route's p99 at the same rate beside each. */
export function steadyTable(rows: SteadyRow[], bare: RouteResult | undefined): string {
  const head = ['steady run', 'phase', 'rps (mean)', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'bare p99 ms (same rate)', 'srv CPU µs / req'];
  const body = rows.map(({ phase, result: r }) => [
    r.name,
    phase,
    r.rps.toLocaleString('en-US'),
    r.latencyMs.p50.toFixed(2),
    r.latencyMs.p90.toFixed(2),
    r.latencyMs.p99.toFixed(2),
    r.latencyMs.max.toFixed(2),
    bare ? bare.latencyMs.p99.toFixed(2) : '-',
    cpuPerRequestUs(r),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join(' | ')} |`;
  const sep = `|${w.map((n, i) => (i < 2 ? '-'.repeat(n + 2) : `${'-'.repeat(n + 1)}:`)).join('|')}|`;
  return [`steady: ${STEADY_RPS} rps over ${STEADY_CONNECTIONS} connections`, line(head), sep, ...body.map(line)].join('\n');
}
