/**
 * Prints, after vitest's own summary, the slowest ten test files (wall time of each: import and
 * collection, set-up files, then its tests and hooks; with the project that ran it) and one plain
 * closing line, `Tests: N passed, N failed[, N skipped]`: the form CI reads to count what ran.
 * KASSA_TEST_SLOWEST=N prints N files instead of ten (0: none).
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export interface FileTiming {
  project: string;
  file: string;
  /** Import of the file and what it imports, and its suite callbacks. */
  collectMs: number;
  /** Tests and hooks (beforeAll, beforeEach…). */
  testsMs: number;
  totalMs: number;
}

export function fileTiming(m: TestModule, root: string): FileTiming {
  const d = m.diagnostic();
  const collectMs = d.collectDuration;
  const testsMs = d.duration;
  const file = m.moduleId.startsWith(`${root}/`) ? m.moduleId.slice(root.length + 1) : m.moduleId;
  return {
    project: m.project.name,
    file,
    collectMs,
    testsMs,
    totalMs: d.environmentSetupDuration + d.prepareDuration + collectMs + d.setupDuration + testsMs,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The slowest `count` files as lines of a table, slowest first. */
export function slowestFiles(timings: FileTiming[], count: number): string[] {
  const slowest = [...timings].sort((a, b) => b.totalMs - a.totalMs).slice(0, count);
  if (slowest.length === 0) return [];
  const projectWidth = Math.max(...slowest.map((t) => t.project.length));
  const lines = [`Slowest ${slowest.length} test files (total = import + tests; all ${timings.length} files: ${seconds(timings.reduce((s, t) => s + t.totalMs, 0))}):`];
  for (const t of slowest) {
    lines.push(`  ${seconds(t.totalMs).padStart(8)}  ${t.project.padEnd(projectWidth)}  ${t.file}  (import ${seconds(t.collectMs)}, tests ${seconds(t.testsMs)})`);
  }
  return lines;
}

export default class SummaryReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++;
    }
    const count = Number(process.env.KASSA_TEST_SLOWEST ?? 10);
    const slowest = slowestFiles(
      modules.map((m) => fileTiming(m, this.root)),
      Number.isInteger(count) && count >= 0 ? count : 10,
    );
    const line = `Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    // Written as the process ends, so it is the last line whatever vitest prints after this hook.
    process.once('exit', () => process.stdout.write(`\n${slowest.map((l) => `${l}\n`).join('')}\n${line}\n`));
  }
}
