/**
 * Rules of the source tree the compiler does not check: no import cycles between modules, and
 * route files never reach the database (they call the service of their concept).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
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

/** Every cycle found by a depth-first walk, each as the list of files in it. */
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

describe('the import graph of src/', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(g)).toEqual([['a', 'b', 'c', 'a']]);
    const text = "import { b } from './b.js';\nimport type {\n  C,\n} from './c.js';\nexport { e } from '../e.js';\nimport fs from 'node:fs';\nimport './f.js';";
    expect(relativeImports('/x/a.ts', text)).toEqual(['/x/b.ts', '/x/c.ts', '/e.ts', '/x/f.ts']);
  });

  it('has no cycles, type-only imports included', () => {
    const graph = new Map<string, string[]>();
    for (const f of sourceFiles(SRC)) graph.set(f, relativeImports(f, fs.readFileSync(f, 'utf8')));
    const cycles = findCycles(graph).map((c) => c.map((f) => path.relative(SRC, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});

describe('route files', () => {
  const routeFiles = sourceFiles(SRC).filter((f) => /^(.+-)?routes\.ts$/.test(path.basename(f)));

  it('are found', () => {
    expect(routeFiles.map((f) => path.relative(SRC, f))).toContain('payments/sandbox/routes.ts');
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it('never import the database nor reach for services.db', () => {
    const offenders: string[] = [];
    for (const f of routeFiles) {
      const text = fs.readFileSync(f, 'utf8');
      const rel = path.relative(SRC, f);
      if (/from\s+'[^']*platform\/db\.js'/.test(text)) offenders.push(`${rel}: imports platform/db`);
      if (/\bservices\.db\b|\bdb\s*[,}]\s*=\s*opts\.services|\{[^}]*\bdb\b[^}]*\}\s*=\s*(opts\.)?services\b/.test(text)) offenders.push(`${rel}: uses services.db`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('time', () => {
  // The infrastructure platform/clock.ts names as reading the real clock itself.
  const INFRASTRUCTURE = ['platform/clock.ts', 'platform/data-dir-lock.ts', 'platform/embedded-postgres.ts', 'platform/ids.ts', 'platform/jwt.ts'];

  it('is read through the injected Clock everywhere else (no Date.now(), no new Date())', () => {
    const readers = sourceFiles(SRC)
      .filter((f) => /\bDate\.now\(\)|\bnew Date\(\)/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f))
      .sort();
    expect(readers).toEqual(INFRASTRUCTURE);
  });
});

describe('errors', () => {
  it('come from the catalogue (platform/errors.ts): no ApiError is made elsewhere without its code', () => {
    const uncatalogued = sourceFiles(SRC)
      .filter((f) => path.relative(SRC, f) !== 'platform/errors.ts')
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(SRC, f)}:${i + 1}` }))
          .filter(({ line }) => /new ApiError\(/.test(line) && !/,\s*[\w.]*\bcode\)/.test(line)),
      )
      .map(({ at }) => at);
    expect(uncatalogued).toEqual([]);
  });
});
