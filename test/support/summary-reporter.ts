/**
 * Prints, after vitest's own summary, each project's span (projects run one after another; from its
 * first test's start to its last test's end, with its file count and the sum of its files' times:
 * the sum over the span tells how well its workers overlapped), the slowest ten test files (wall
 * time of each: import and collection, set-up files, then its tests and hooks; with the project
 * that ran it) and one plain closing line, `Tests: N passed, N failed[, N skipped]`: the form CI
 * reads to count what ran. KASSA_TEST_SLOWEST=N prints N files instead of ten (0: none).
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

export interface ProjectSpan {
  project: string;
  files: number;
  /** First test's start to last test's end (epoch ms); undefined when none ran. */
  start?: number;
  end?: number;
  /** The sum of its files' totalMs. */
  filesMs: number;
}

/** Each project's span, in the order they started, as lines of a table. */
export function projectSpans(spans: ProjectSpan[]): string[] {
  const ran = spans.filter((p) => p.start !== undefined && p.end !== undefined).sort((a, b) => a.start! - b.start!);
  if (ran.length === 0) return [];
  const width = Math.max(...ran.map((p) => p.project.length));
  const lines = ['Projects (one after another; wall = first test started to last test ended):'];
  for (const p of ran) {
    lines.push(`  ${p.project.padEnd(width)}  ${String(p.files).padStart(3)} files  ${seconds(p.end! - p.start!).padStart(8)} wall  ${seconds(p.filesMs).padStart(8)} in files`);
  }
  return lines;
}

/** The spans of the projects of `modules` (see ProjectSpan). */
export function spansOf(modules: ReadonlyArray<TestModule>, root: string): ProjectSpan[] {
  const byProject = new Map<string, ProjectSpan>();
  for (const m of modules) {
    const name = m.project.name;
    const p = byProject.get(name) ?? { project: name, files: 0, filesMs: 0 };
    byProject.set(name, p);
    p.files++;
    p.filesMs += fileTiming(m, root).totalMs;
    for (const t of m.children.allTests()) {
      const d = t.diagnostic();
      if (!d) continue;
      p.start = Math.min(p.start ?? d.startTime, d.startTime);
      p.end = Math.max(p.end ?? 0, d.startTime + d.duration);
    }
  }
  return [...byProject.values()];
}

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
    const projects = projectSpans(spansOf(modules, this.root));
    const line = `Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    const block = (lines: string[]) => (lines.length ? `\n${lines.map((l) => `${l}\n`).join('')}` : '');
    // Written as the process ends, so it is the last line whatever vitest prints after this hook.
    process.once('exit', () => process.stdout.write(`${block(projects)}${block(slowest)}\n${line}\n`));
  }
}
