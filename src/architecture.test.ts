/**
 * Rules of the source tree the compiler does not check: no import cycles between modules, and
 * route files never reach the database (they call the service of their concept).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileGraph, findCycles, relativeImports, roomEdges, roomOf, sourceFiles, type RoomEdge } from '../scripts/lib/import-graph.js';

const SRC = path.dirname(fileURLToPath(import.meta.url));

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
    const graph = fileGraph(SRC);
    const cycles = findCycles(graph).map((c) => c.map((f) => path.relative(SRC, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});

/**
 * Which top-level room of src/ may import which (DESIGN.md §3: `platform` imports no domain,
 * `notifications` (the outbox, below both domains) imports only `platform`, `shipping` never
 * imports `payments`, the composition root at src/'s root knows everything).
 * Routes and a few services import `(root)` for the `Services` and `Config` types the composition
 * root hands them. `npx tsx scripts/import-graph.ts` prints today's graph.
 */
const ALLOWED_IMPORTS: Record<string, readonly string[]> = {
  platform: [],
  notifications: ['platform'],
  connectors: ['platform'],
  reference: ['platform'],
  widget: ['platform'],
  home: ['platform', 'reference', '(root)'],
  stores: ['platform', '(root)'],
  ledger: ['platform', 'stores'],
  payouts: ['platform', 'stores', 'ledger', '(root)'],
  shipping: ['platform', 'stores', 'notifications', '(root)'],
  payments: ['platform', 'notifications', 'stores', 'ledger', 'payouts', 'connectors', 'shipping', 'widget', '(root)'],
  cli: ['platform', 'notifications', 'connectors', 'payments', 'payouts', 'shipping', '(root)'],
  backoffice: ['platform', 'notifications', 'stores', 'ledger', 'payouts', 'payments', 'shipping', '(root)'],
  '(root)': ['platform', 'notifications', 'connectors', 'reference', 'widget', 'home', 'stores', 'ledger', 'payouts', 'shipping', 'payments', 'cli', 'backoffice'],
};

/**
 * Sideways imports that break the table today, each to be removed by moving what it imports to
 * the room it belongs in (issue 22's "clear rooms"). The list may only shrink: an entry that no
 * longer occurs fails the test, so it is deleted once its import is gone.
 */
const KNOWN_BREACHES: readonly string[] = [
  // a payment method's definition is read by stores' settings and the ledger's chart
  'stores/readers.ts → payments/methods/catalogue/methods.ts',
  'stores/routes.ts → payments/methods/catalogue/banks.ts',
  'stores/routes.ts → payments/methods/countries.ts',
  'stores/schema.ts → payments/methods/catalogue/methods.ts',
  'stores/schema.ts → payments/methods/catalogue/banks.ts',
  'stores/schema.ts → payments/methods/countries.ts',
  'stores/service.ts → payments/methods/catalogue/methods.ts',
  'stores/service.ts → payments/methods/catalogue/banks.ts',
  'stores/service.ts → payments/methods/countries.ts',
  'stores/readers.ts → shipping/shipments/schema.ts',
  'ledger/chart.ts → payments/methods/catalogue/methods.ts',
  'ledger/postings.ts → payments/methods/catalogue/methods.ts',
  'payouts/transfer-files/store.ts → payments/refunds/states.ts',
];

/** The imports between rooms that the table does not allow, as `file → imported file`. */
function breaches(edges: readonly RoomEdge[], allowed: Record<string, readonly string[]>): string[] {
  return edges.filter((e) => !(allowed[e.from] ?? []).includes(e.to)).map((e) => `${e.file} → ${e.imports}`);
}

describe('the allowed imports between rooms', () => {
  const edges = roomEdges(SRC, fileGraph(SRC));

  it('catches a forbidden import (the check can fail)', () => {
    const edge = { from: 'platform', to: 'payments', file: 'platform/money.ts', imports: 'payments/orders/service.ts' };
    expect(breaches([edge], ALLOWED_IMPORTS)).toEqual(['platform/money.ts → payments/orders/service.ts']);
    expect(breaches([{ ...edge, from: 'payments', to: 'platform' }], ALLOWED_IMPORTS)).toEqual([]);
  });

  it('names every room of src/ in the table', () => {
    const rooms = new Set(sourceFiles(SRC).map((f) => roomOf(SRC, f)));
    expect([...rooms].filter((r) => !(r in ALLOWED_IMPORTS))).toEqual([]);
  });

  it('holds for every import, but the known breaches being removed', () => {
    expect(breaches(edges, ALLOWED_IMPORTS).filter((b) => !KNOWN_BREACHES.includes(b))).toEqual([]);
  });

  it('lists only breaches that still occur (the list only shrinks)', () => {
    const now = new Set(breaches(edges, ALLOWED_IMPORTS));
    expect(KNOWN_BREACHES.filter((b) => !now.has(b))).toEqual([]);
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
