/**
 * The import graph of src/: every source file's relative imports (type-only ones included), and
 * the same graph folded onto the tree's top-level rooms (`payments`, `shipping`, `platform`, …;
 * the loose files at src/'s root are the composition root, `(root)`). src/architecture.test.ts
 * checks it against the allowed-imports table; `scripts/import-graph.ts` prints it.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The source files under dir: .ts, without tests and declarations. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

// `import … from './x.js'` and `export … from './x.js'`, across lines. Type-only imports count
// too: they vanish at run time, but a cycle of types is still two modules that cannot be read
// (or moved) apart, like services.ts ↔ payments/processors/index.ts once was.
const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?[^;]*?\s+from\s+'(\.[^']+)'/gms;
const SIDE_EFFECT = /^\s*import\s+'(\.[^']+)'/gm;

/** Relative imports of a file (type-only ones included), resolved to files of the tree. */
export function relativeImports(file: string, text: string): string[] {
  const resolve = (spec: string) => path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts'));
  return [...text.matchAll(IMPORT), ...text.matchAll(SIDE_EFFECT)].map((m) => resolve(m[1]!));
}

/** file → the files it imports, for every source file under src. */
export function fileGraph(src: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of sourceFiles(src)) graph.set(f, relativeImports(f, fs.readFileSync(f, 'utf8')));
  return graph;
}

/** The room of a file: its first folder under src, or `(root)` for src's loose files. */
export function roomOf(src: string, file: string): string {
  const rel = path.relative(src, file).split(path.sep);
  return rel.length > 1 ? rel[0]! : '(root)';
}

/** One import between two rooms, with the file that makes it (for messages). */
export interface RoomEdge {
  from: string;
  to: string;
  file: string;
  imports: string;
}

/** Every import that crosses from one room into another. */
export function roomEdges(src: string, graph: ReadonlyMap<string, readonly string[]>): RoomEdge[] {
  const edges: RoomEdge[] = [];
  for (const [file, imports] of graph) {
    const from = roomOf(src, file);
    for (const target of imports) {
      const to = roomOf(src, target);
      if (to !== from) edges.push({ from, to, file: path.relative(src, file), imports: path.relative(src, target) });
    }
  }
  return edges;
}

/** Every cycle found by a depth-first walk, each as the list of nodes in it. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const next of graph.get(n) ?? []) {
      if (!graph.has(next)) continue;
      const s = state.get(next);
      if (s === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of [...graph.keys()].sort()) if (!state.has(n)) visit(n);
  return cycles;
}
