/** The printed tables and the targets. */
import type { BalanceStepResult } from './balances.js';
import type { ExportStepResult } from './exports.js';
import type { LabelStepResult } from './labels.js';
import type { RouteResult } from './load.js';

export interface Target {
  name: string;
  /** null: the route it needs was not run (BENCH_ROUTES). */
  actual: number | null;
  op: '>=' | '<=';
  limit: number;
  unit: string;
  result: 'PASS' | 'MISS' | 'SKIP';
}

export function target(name: string, actual: number | undefined, op: '>=' | '<=', limit: number, unit: string): Target {
  const result = actual === undefined ? 'SKIP' : (op === '>=' ? actual >= limit : actual <= limit) ? 'PASS' : 'MISS';
  return { name, actual: actual ?? null, op, limit, unit, result };
}

function table(head: string[], rows: string[][], rightAlign: boolean[]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (rightAlign[i] ? c.padStart(w[i]!) : c.padEnd(w[i]!))).join(' | ') + ' |';
  const sep = '|' + w.map((n, i) => (rightAlign[i] ? '-'.repeat(n + 1) + ':' : '-'.repeat(n + 2))).join('|') + '|';
  return [line(head), sep, ...rows.map(line)].join('\n');
}

const num = (n: number) => n.toLocaleString('en-US');
const mb = (n: number | null) => (n === null ? '-' : n.toFixed(1));

/**
 * The routes' rows. `bareRps`: the bare route's rate, a number when one load generator measured
 * it, or per load generator; a row's "vs bare" is against the bare rate under its own load
 * generator ('-' when there is none).
 */
export function resultsTable(rows: RouteResult[], bareRps: number | undefined | Partial<Record<NonNullable<RouteResult['loadgen']>, number>>): string {
  const ceilingOf = (r: RouteResult) => (typeof bareRps === 'object' ? bareRps[r.loadgen ?? 'autocannon'] : bareRps);
  return table(
    ['route', 'load', 'rps (mean)', 'p50 ms', 'p99 ms', 'errors / non-2xx', 'max server RSS MB', 'db RSS MB', 'CPU % srv / db / loadgen / other', 'srv CPU µs / req', 'vs bare'],
    rows.map((r) => {
      const isBare = r.name.startsWith('bare');
      const c = r.monitor.cpu;
      const ceiling = ceilingOf(r);
      return [
        r.name,
        r.loadgen ?? '-',
        num(r.rps),
        r.latencyMs.p50.toFixed(2),
        r.latencyMs.p99.toFixed(2),
        `${r.errors + r.warmup.errors} / ${r.non2xx + r.warmup.non2xx}`,
        mb(r.monitor.serverRssMaxMB),
        mb(r.monitor.dbRssMaxMB),
        `${c.serverPct.toFixed(0)} / ${isBare ? '-' : c.dbPct.toFixed(0)} / ${c.loadgenPct.toFixed(0)} / ${c.otherPct.toFixed(0)}`,
        cpuPerRequestUs(r),
        isBare ? '1.00 (ceiling)' : ceiling ? (r.rps / ceiling).toFixed(2) : '-',
      ];
    }),
    [false, false, true, true, true, true, true, true, true, true, true],
  );
}

/** The server's CPU time per request in µs (its CPU share of the window over the requests served): comparable across loads, unlike rps. */
export function cpuPerRequestUs(r: Pick<RouteResult, 'rps' | 'monitor'>): string {
  return r.rps > 0 ? (((r.monitor.cpu.serverPct / 100) * 1e6) / r.rps).toFixed(0) : '-';
}

export function targetsTable(targets: Target[]): string {
  return table(
    ['target', 'actual', 'required', 'result'],
    targets.map((t) => [
      t.name,
      t.actual === null
        ? '-'
        : `${t.unit === 's' || t.unit === 'x' ? t.actual.toFixed(2) : t.unit === '%' || t.unit === 'ms' || t.unit === 'MB' ? t.actual.toFixed(1) : num(Math.round(t.actual))} ${t.unit}`,
      `${t.op} ${num(t.limit)} ${t.unit}`,
      t.result,
    ]),
    [false, true, true, false],
  );
}

/**
 * The labels step: one row per label file, for the Kassa process that did the set-up and (when the
 * step restarted it) for a fresh one; RSS and CPU columns cover the two files of a process.
 */
export function labelsTable(l: LabelStepResult): string {
  const rounds = [{ server: 'after set-up', a6: l.a6, a4: l.a4, rssBeforeMB: l.rssBeforeMB, monitor: l.monitor }, ...(l.fresh ? [l.fresh] : [])];
  return (
    table(
      ['label file', 'Kassa', 'labels', 'pages', 'MB', 'create ms', 'download ms', 'total s', 'labels/s', 'server RSS MB before / max', 'db RSS MB', 'CPU % srv / db / loadgen / other'],
      rounds.flatMap((r) => {
        const c = r.monitor.cpu;
        const cpu = `${c.serverPct.toFixed(0)} / ${c.dbPct.toFixed(0)} / ${c.loadgenPct.toFixed(0)} / ${c.otherPct.toFixed(0)}`;
        return [r.a6, r.a4].map((f) => [
          `${f.pageSize}, ${f.labelsPerPage} per page`,
          r.server,
          num(f.labels),
          num(f.pages),
          (f.bytes / (1024 * 1024)).toFixed(1),
          num(f.createMs),
          num(f.downloadMs),
          (f.totalMs / 1000).toFixed(2),
          num(Math.round((f.labels * 1000) / f.totalMs)),
          `${r.rssBeforeMB.toFixed(1)} / ${mb(r.monitor.serverRssMaxMB)}`,
          mb(r.monitor.dbRssMaxMB),
          cpu,
        ]);
      }),
      [false, false, true, true, true, true, true, true, true, true, true, true],
    ) +
    `\nshipments: ${num(l.shipments)} (${Object.entries(l.mix)
      .map(([k, n]) => `${num(n)} ${k}`)
      .join(', ')}), one parcel each, ` +
    `created and registered in ${(l.setupMs / 1000).toFixed(1)} s (${l.setupConcurrency} in flight). "after set-up": the Kassa process that created them; ` +
    `"fresh": one started after the set-up (same database), whose first A6 POST moves no shipment. "before": RSS right before its first file; RSS and CPU cover its two files.`
  );
}

/** The exports step: one row per format, each downloaded while Kassa's RSS and CPU were sampled. */
export function exportsTable(r: ExportStepResult): string {
  const name = { csv: 'csv', json: 'json', xml: 'xml', excel: 'xlsx' } as const;
  return (
    table(
      ['export file', 'rows', 'MB', 'link ms', 'first byte ms', 'to last byte s', 'rows/s', 'max server RSS MB', 'heap used / old MB after', 'db RSS MB', 'CPU % srv / db / loadgen / other', 'check'],
      r.files.map((f) => {
        const c = f.monitor.cpu;
        return [
          name[f.format],
          num(f.rows),
          (f.bytes / (1024 * 1024)).toFixed(1),
          num(f.linkMs),
          num(f.firstByteMs),
          (f.downloadMs / 1000).toFixed(2),
          num(Math.round((f.rows * 1000) / Math.max(1, f.downloadMs))),
          mb(f.monitor.serverRssMaxMB),
          f.heapAfter ? `${f.heapAfter.usedMB.toFixed(0)} / ${f.heapAfter.oldSpaceUsedMB.toFixed(0)}` : '-',
          mb(f.monitor.dbRssMaxMB),
          `${c.serverPct.toFixed(0)} / ${c.dbPct.toFixed(0)} / ${c.loadgenPct.toFixed(0)} / ${c.otherPct.toFixed(0)}`,
          f.check,
        ];
      }),
      [false, true, true, true, true, true, true, true, true, true, true, false],
    ) +
    `\npayout ${r.payoutUuid}: ${num(r.orders)} paid orders (a payment and a fee each) and ${num(r.refunds)} refunds = ${num(r.ledgerTransactions)} ledger transactions, ` +
    `inserted by SQL in ${(r.seedMs / 1000).toFixed(1)} s; POST test-helpers/payouts/run ${(r.payoutRunMs / 1000).toFixed(2)} s → ${num(r.payoutTransactions)} transactions. ` +
    `Kassa RSS before the exports: ${r.rssBeforeMB.toFixed(1)} MB` +
    (r.heapBefore ? ` (heap used ${r.heapBefore.usedMB.toFixed(0)} MB, old space ${r.heapBefore.oldSpaceUsedMB.toFixed(0)} MB)` : '') +
    '. xml has no target.'
  );
}

/** The balances step: the two stores side by side. */
export function balancesTable(r: BalanceStepResult, maxRatio: number): string {
  return (
    table(
      ['GET /store-balances', 'ledger entries', 'set-up s', 'rps (mean)', 'p50 ms', 'p99 ms', 'errors / non-2xx', 'max server RSS MB'],
      [r.small, r.large].map((s) => [
        s === r.small ? 'small ledger' : 'large ledger',
        num(s.entries),
        (s.seedMs / 1000).toFixed(2),
        num(s.route.rps),
        s.route.latencyMs.p50.toFixed(2),
        s.route.latencyMs.p99.toFixed(2),
        `${s.route.errors + s.route.warmup.errors} / ${s.route.non2xx + s.route.warmup.non2xx}`,
        mb(s.route.monitor.serverRssMaxMB),
      ]),
      [false, true, true, true, true, true, true, true],
    ) +
    `\np99 large / small: ${r.p99Ratio.toFixed(2)} (target <= ${maxRatio})` +
    (r.bothTiny ? '; both p99 are <= 2 ms, where the ratio is noise: counted as a pass.' : '.')
  );
}
