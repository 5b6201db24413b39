/**
 * The `cli` step (issue 22: "one CLI command, start to answer ≤ 1 s"): the `kassa` command run as a
 * user runs it, one process after the other against the bench's Kassa, timed from spawn to exit
 * (the answer is complete then). The same-run ceiling is `node -e 0`, a Node process that does
 * nothing; every row prints its median's ratio to it. Rows:
 *   - `kassa --help` and `kassa stores list --json` through bin/kassa.js (the compiled CLI,
 *     scripts/cli-build.js), the answer checked;
 *   - `npm run kassa -- stores list --json`: the same plus npm's own start-up;
 *   - `node --import tsx src/cli/main.ts stores list --json`: the TypeScript loaded at every call (tsx's
 *     own cache warm), as bin/kassa.js still runs it where its build cannot be written.
 * One call of bin/kassa.js runs first and is reported alone: it builds the CLI when it is missing or
 * stale, as the first call after a source change does.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './children.js';

export interface CliRow {
  name: string;
  runs: number;
  medianMs: number;
  maxMs: number;
  /** median / the ceiling's median. */
  ratio: number;
}

export interface CliStepResult {
  /** The first bin/kassa.js call (builds the CLI when missing or stale). */
  firstCallMs: number;
  ceiling: CliRow;
  rows: CliRow[];
  /** `kassa stores list --json` through bin/kassa.js: the issue's figure. */
  storesList: CliRow;
  loadavg: number[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Runs `cmd args` once from the checkout; its wall time in ms. Throws when it fails or `check` rejects its stdout. */
function timed(cmd: string, args: string[], env: NodeJS.ProcessEnv, check?: (stdout: string) => boolean): number {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: REPO_ROOT, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0 || (check && !check(r.stdout))) {
    throw new Error(`cli: \`${[cmd, ...args].join(' ')}\` failed (exit ${r.status}${r.error ? `, ${r.error.message}` : ''}): ${(r.stderr || r.stdout).slice(0, 500)}`);
  }
  return ms;
}

export function runCliStep(opts: { origin: string; adminToken: string; storeName: string; runs: number; log: (m: string) => void }): CliStepResult {
  // Only the bench server's address and token: none of the caller's KASSA_* settings.
  const env: NodeJS.ProcessEnv = { ...process.env, KASSA_URL: opts.origin, KASSA_ADMIN_TOKEN: opts.adminToken, KASSA_DATA_DIR: '', npm_config_update_notifier: 'false' };
  const bin = path.join(REPO_ROOT, 'bin', 'kassa.js');
  const node = process.execPath;
  const listsStore = (out: string) => (JSON.parse(out) as { name: string }[]).some((s) => s.name === opts.storeName);
  const usage = (out: string) => out.startsWith('usage:\n');
  const firstCallMs = timed(node, [bin, 'stores', 'list', '--json'], env, listsStore);
  const cases: { name: string; cmd: string; args: string[]; check?: (out: string) => boolean }[] = [
    { name: 'node -e 0 (ceiling)', cmd: node, args: ['-e', '0'] },
    { name: 'kassa --help', cmd: node, args: [bin, '--help'], check: usage },
    { name: 'kassa stores list --json', cmd: node, args: [bin, 'stores', 'list', '--json'], check: listsStore },
    { name: 'npm run kassa -- stores list --json', cmd: 'npm', args: ['run', 'kassa', '--', 'stores', 'list', '--json'], check: listsStore },
    { name: 'node --import tsx src/cli/main.ts stores list --json (the fallback)', cmd: node, args: ['--import', 'tsx', 'src/cli/main.ts', 'stores', 'list', '--json'], check: listsStore },
  ];
  // Interleaved (one run of each, then again), so a burst of other load on the machine hits all rows alike.
  const times = cases.map(() => [] as number[]);
  for (let i = 0; i < opts.runs; i++) cases.forEach((c, j) => times[j]!.push(timed(c.cmd, c.args, env, c.check)));
  const ceilingMs = median(times[0]!);
  const rows = cases.map((c, j) => ({ name: c.name, runs: opts.runs, medianMs: median(times[j]!), maxMs: Math.max(...times[j]!), ratio: median(times[j]!) / ceilingMs }));
  const storesList = rows[2]!;
  opts.log(
    `cli: kassa stores list --json median ${storesList.medianMs.toFixed(0)} ms (${storesList.ratio.toFixed(1)} × node -e 0, ${ceilingMs.toFixed(0)} ms); first call ${firstCallMs.toFixed(0)} ms`,
  );
  return { firstCallMs, ceiling: rows[0]!, rows, storesList, loadavg: os.loadavg() };
}

export function cliTable(r: CliStepResult): string {
  const head = ['command', 'median ms', 'max ms', '× node -e 0'];
  const cells = r.rows.map((x) => [x.name, x.medianMs.toFixed(0), x.maxMs.toFixed(0), x.ratio.toFixed(1)]);
  const w = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i ? v.padStart(w[i]!) : v.padEnd(w[i]!))).join(' | ')} |`;
  return [
    `CLI start to answer (${r.ceiling.runs} runs each, interleaved; load average ${r.loadavg.map((l) => l.toFixed(2)).join(' ')}); first bin/kassa.js call ${r.firstCallMs.toFixed(0)} ms (builds the CLI when stale)`,
    line(head),
    `|${w.map((n, i) => (i ? '-'.repeat(n + 1) + ':' : '-'.repeat(n + 2))).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}
