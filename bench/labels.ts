/**
 * Label PDF rendering benchmark, the renderer alone (in-process, no server, no database):
 *
 *   npx tsx bench/labels.ts
 *   BENCH_LABELS=5000 BENCH_LABEL_FONT=builtin BENCH_LABEL_RUNS=5 npx tsx bench/labels.ts
 *
 * Renders BENCH_LABELS (default 1,000) labels into one PDF, as A6 (one 100 × 150 mm label per
 * page) and as A4 (4 labels per sheet), into a sink that discards the bytes (like /dev/null).
 * Every label carries a tracking link, so every label encodes a Code 128 and a QR code.
 *
 * Each layout runs in a fresh child process (same node, same tsx flags): a 50-label warm-up,
 * then BENCH_LABEL_RUNS files (default 3); the time is the median file. RSS is reported twice:
 * the peak while the first file renders (what rendering "a 1,000-label file" costs; the target)
 * and the peak after all runs. They differ because V8 grows its young generation while a process
 * stays busy, up to a maximum that scales with the machine's memory (Node 24 on a 24 GB machine:
 * 2 × 64 MB semi-spaces, against ~35 MB of live heap for the renderer). A third, informational
 * run shows the same with `--max-semi-space-size=16`, a flag for the worker process if its
 * sustained RSS matters.
 *
 * Targets (from the issue): ≥ 300 label pages rendered per second; a 1,000-label file in ≤ 4 s
 * with RSS ≤ 300 MB. Exits 1 when a target is missed.
 *
 * `npm run bench` measures the same targets end to end through a running Kassa server (the
 * `labels` step, bench/lib/labels.ts: POST /label-files, then the download, with the server's
 * RSS). This file stays for working on the renderer itself: no HTTP, no database, repeatable runs.
 */
import { execFileSync } from 'node:child_process';
import { totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import v8 from 'node:v8';
import { writeLabels, type RenderLabelsOptions } from '../src/shipping/labels/render.js';
import { sampleLabel } from '../test/support/labels/samples.js';
import { intEnv } from './lib/env.js';
import { MB } from './lib/proc.js';
import { target, targetsTable, type Target } from './lib/report.js';

const COUNT = intEnv('BENCH_LABELS', 1000, 1);
const RUNS = intEnv('BENCH_LABEL_RUNS', 3, 1);
const FONT = process.env.BENCH_LABEL_FONT ?? 'auto';
if (FONT !== 'auto' && FONT !== 'builtin') throw new Error('BENCH_LABEL_FONT must be auto or builtin');

interface ChildResult {
  fileMs: number[];
  pages: number;
  bytes: number;
  font: string;
  firstFileRssMB: number;
  peakRssMB: number;
  newSpaceMB: number;
}

// ── Child: render and report one JSON line ──────────────────────────────────────────────────
class Discard extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    cb();
  }
}

async function child(layout: 'A6' | 'A4'): Promise<void> {
  const labels = Array.from({ length: COUNT }, (_, i) => {
    const l = sampleLabel(i);
    return { ...l, trackingUrl: l.trackingUrl ?? `https://track.kassa.example/p/${l.trackingNumber}` };
  });
  const opts: RenderLabelsOptions = layout === 'A6' ? { pageSize: 'A6', font: FONT as 'auto' } : { pageSize: 'A4', labelsPerPage: 4, font: FONT as 'auto' };
  let peak = 0;
  let newSpace = 0;
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage().rss);
    const ns = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    newSpace = Math.max(newSpace, ns?.space_size ?? 0);
  };
  const timer = setInterval(sample, 5);
  await writeLabels(labels.slice(0, 50), opts, new Discard()); // warm-up: font files, JIT, encoders
  const result: ChildResult = { fileMs: [], pages: 0, bytes: 0, font: '', firstFileRssMB: 0, peakRssMB: 0, newSpaceMB: 0 };
  for (let i = 0; i < RUNS; i++) {
    const sink = new Discard();
    const t0 = performance.now();
    const stats = await writeLabels(labels, opts, sink);
    result.fileMs.push(performance.now() - t0);
    sample();
    if (sink.bytes !== stats.bytes) throw new Error('the sink saw a different byte count than the renderer');
    if (i === 0) result.firstFileRssMB = Math.max(peak, process.resourceUsage().maxRSS * 1024) / MB;
    Object.assign(result, { pages: stats.pages, bytes: stats.bytes, font: stats.font });
  }
  clearInterval(timer);
  result.peakRssMB = Math.max(peak, process.resourceUsage().maxRSS * 1024) / MB;
  result.newSpaceMB = newSpace / MB;
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

// ── Parent: one child per layout, then the table ────────────────────────────────────────────
function spawnChild(layout: 'A6' | 'A4', nodeFlags: string[] = []): ChildResult {
  const out = execFileSync(process.execPath, [...nodeFlags, ...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_LABELS_CHILD: layout },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1024 * 1024,
  });
  const line = out.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as ChildResult;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function parent(): Promise<void> {
  console.log(`Label rendering: ${COUNT} labels per file, every label with Code 128 + QR; ${RUNS} files per layout in a fresh process (median)`);
  console.log(`node ${process.version} (${process.execPath}), ${Math.round(totalmem() / 1024 ** 3)} GB RAM`);
  const runs: Array<{ name: string; layout: 'A6' | 'A4'; flags: string[]; judged: boolean }> = [
    { name: 'A6 (1 label/page)', layout: 'A6', flags: [], judged: true },
    { name: 'A4 (4 labels/sheet)', layout: 'A4', flags: [], judged: true },
    { name: 'A6, --max-semi-space-size=16', layout: 'A6', flags: ['--max-semi-space-size=16'], judged: false },
  ];
  const targets: Target[] = [];
  const rows: string[] = [];
  let font = '';
  for (const r of runs) {
    const res = spawnChild(r.layout, r.flags);
    font = res.font;
    const ms = median(res.fileMs);
    const labelsPerS = (COUNT / ms) * 1000;
    const pagesPerS = (res.pages / ms) * 1000;
    rows.push(
      `${r.name.padEnd(30)} ${ms.toFixed(0).padStart(6)} ms/file (${res.fileMs.map((x) => x.toFixed(0)).join(', ')})  ` +
        `${labelsPerS.toFixed(0).padStart(4)} label pages/s  ${pagesPerS.toFixed(0).padStart(4)} PDF pages/s  ${res.pages} pages ${(res.bytes / MB).toFixed(2)} MB  ` +
        `RSS: first file ${res.firstFileRssMB.toFixed(0)} MB, after ${RUNS} files ${res.peakRssMB.toFixed(0)} MB (V8 young gen ${res.newSpaceMB.toFixed(0)} MB)`,
    );
    if (!r.judged) continue;
    targets.push(target(`${r.name}: label pages rendered per second`, labelsPerS, '>=', 300, 'labels/s'));
    if (COUNT === 1000) {
      targets.push(target(`${r.name}: time for a 1,000-label file`, ms, '<=', 4000, 'ms'));
      targets.push(target(`${r.name}: peak RSS rendering a 1,000-label file`, res.firstFileRssMB, '<=', 300, 'MB'));
    }
  }
  for (const row of rows) console.log(row);
  console.log(`font: ${font}`);
  console.log('');
  console.log(targetsTable(targets));
  if (targets.some((t) => t.result === 'MISS')) process.exitCode = 1;
}

const role = process.env.BENCH_LABELS_CHILD;
if (role === 'A6' || role === 'A4') await child(role);
else await parent();
