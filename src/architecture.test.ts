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
  // a payment method's definition is read by stores' settings
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

/**
 * Which store owns each table (migrations/ create them; DESIGN.md §2: `store.ts` holds a concept's
 * SQL). Every statement naming a table sits in its owner's file; other concepts call the owner's
 * functions (a read model of theirs is a function in the owner's store, or an SQL fragment it
 * exports, as ledger/store.ts effectiveSettlesAt). A table a new migration creates must be given
 * an owner here.
 */
const TABLE_OWNERS: Record<string, string> = {
  stores: 'stores/store.ts',
  store_keys: 'stores/store.ts',
  sandbox_clocks: 'stores/store.ts',
  orders: 'payments/orders/store.ts',
  payment_intents: 'payments/orders/store.ts',
  refunds: 'payments/refunds/store.ts',
  payment_links: 'payments/links/store.ts',
  payment_link_shipping: 'payments/links/store.ts',
  checkout_sessions: 'payments/sessions/store.ts',
  stripe_sim_payment_methods: 'payments/processors/stripe/sim-store.ts',
  stripe_sim_payment_intents: 'payments/processors/stripe/sim-store.ts',
  stripe_sim_refunds: 'payments/processors/stripe/sim-store.ts',
  stripe_sim_events: 'payments/processors/stripe/sim-store.ts',
  stripe_sim_idempotency: 'payments/processors/stripe/sim-store.ts',
  stripe_sim_outages: 'payments/processors/stripe/sim-store.ts',
  xs2a_sim_payments: 'payments/processors/xs2a/sim-store.ts',
  notifications: 'notifications/store.ts',
  notification_attempts: 'notifications/store.ts',
  ledger_transactions: 'ledger/store.ts',
  ledger_entries: 'ledger/store.ts',
  ledger_balances: 'ledger/store.ts',
  payouts: 'payouts/store.ts',
  payout_transactions: 'payouts/store.ts',
  payout_runs: 'payouts/store.ts',
  pain001_files: 'payouts/transfer-files/store.ts',
  pain001_file_items: 'payouts/transfer-files/store.ts',
  connectors: 'connectors/store.ts',
  carrier_contracts: 'shipping/contracts/store.ts',
  shipments: 'shipping/shipments/store.ts',
  shipment_parcels: 'shipping/shipments/store.ts',
  // written by migration 023's trigger on shipments: a shipment's status history
  shipment_events: 'shipping/shipments/store.ts',
  label_files: 'shipping/label-files/store.ts',
  webhooks: 'shipping/webhooks/store.ts',
  legacy_shipments: 'shipping/legacy/store.ts',
  legacy_webhooks: 'shipping/legacy/webhooks/store.ts',
  backoffice_users: 'backoffice/store.ts',
  backoffice_memberships: 'backoffice/store.ts',
  backoffice_sessions: 'backoffice/store.ts',
  backoffice_login_failures: 'backoffice/store.ts',
  backoffice_login_known: 'backoffice/store.ts',
};

/**
 * SQL that names a table outside its owner's store, as `file → table`. Each is a read model
 * (or an outbox fan-out) joining another concept's table in one statement; to be removed by
 * moving the statement to the owner's store (or by the owner exporting the fragment). The list
 * may only shrink: an entry that no longer occurs fails the test, so it is deleted once it is gone.
 */
const KNOWN_SQL_BREACHES: readonly string[] = [
  // a back-office user's memberships with their stores' names
  'backoffice/store.ts → stores',
  // an order read with its refunds and settlement time in one statement; expiry by the sandbox clocks
  'payments/orders/store.ts → ledger_transactions',
  'payments/orders/store.ts → refunds',
  'payments/orders/store.ts → sandbox_clocks',
  // a payout gathers ledger transactions and reports their orders; a pain.001 file its refunds' payers
  'payouts/store.ts → ledger_entries',
  'payouts/store.ts → ledger_transactions',
  'payouts/store.ts → orders',
  'payouts/transfer-files/store.ts → orders',
  'payouts/transfer-files/store.ts → payment_intents',
  'payouts/transfer-files/store.ts → payouts',
  'payouts/transfer-files/store.ts → refunds',
  'payouts/transfer-files/store.ts → stores',
  // a store's contracts with its creation time in one round trip
  'shipping/contracts/store.ts → stores',
  // a snake_case shipment's extras with the count of earlier shipments of its reference
  'shipping/legacy/store.ts → shipments',
  // outbox fan-outs: one statement writes the deliveries of many events in their order
  'shipping/legacy/webhooks/store.ts → notifications',
  'shipping/legacy/webhooks/store.ts → shipments',
  'shipping/webhooks/store.ts → notifications',
  'shipping/webhooks/store.ts → shipments',
];

/** The text of a file's string and template literals (comments and code left out; `${…}` of a template is code). */
function literalTexts(text: string): string[] {
  const out: string[] = [];
  // Each open template literal: the braces opened inside its current `${…}` (none while in its text).
  const templates: number[] = [];
  let i = 0;
  let inTemplateText = false;
  let current = '';
  while (i < text.length) {
    const c = text[i]!;
    if (inTemplateText) {
      if (c === '\\') {
        current += text.slice(i, i + 2);
        i += 2;
      } else if (c === '`') {
        out.push(current);
        current = '';
        templates.pop();
        inTemplateText = false;
        i++;
      } else if (c === '$' && text[i + 1] === '{') {
        current += ' ';
        templates[templates.length - 1] = 0;
        inTemplateText = false;
        i += 2;
      } else {
        current += c;
        i++;
      }
      continue;
    }
    if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) === -1 ? text.length : text.indexOf('*/', i + 2) + 2;
    else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i + 1, j));
      i = j + 1;
    } else if (c === '`') {
      if (current) out.push(current);
      current = '';
      templates.push(0);
      inTemplateText = true;
      i++;
    } else {
      if (templates.length && c === '{') templates[templates.length - 1]!++;
      else if (templates.length && c === '}') {
        if (templates[templates.length - 1] === 0) inTemplateText = true;
        else templates[templates.length - 1]!--;
      }
      i++;
    }
  }
  if (current) out.push(current);
  return out;
}

/** The tables of `owners` that SQL in the literals of `text` names (FROM, JOIN, INTO, UPDATE, DELETE FROM, TABLE, TRUNCATE). */
function tablesNamed(text: string, owners: Record<string, string>): string[] {
  const sql = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE)\\s+(?:ONLY\\s+)?(${Object.keys(owners).join('|')})\\b`, 'g');
  const found = new Set<string>();
  for (const literal of literalTexts(text)) for (const m of literal.matchAll(sql)) found.add(m[1]!);
  return [...found].sort();
}

/** `file → table` for each table the file's SQL names that another file owns. */
function sqlBreaches(files: readonly { file: string; text: string }[], owners: Record<string, string>): string[] {
  return files.flatMap(({ file, text }) =>
    tablesNamed(text, owners)
      .filter((t) => owners[t] !== file)
      .map((t) => `${file} → ${t}`),
  );
}

describe('tables and their stores', () => {
  const found = sqlBreaches(
    sourceFiles(SRC).map((f) => ({ file: path.relative(SRC, f), text: fs.readFileSync(f, 'utf8') })),
    TABLE_OWNERS,
  );

  it('catches SQL on a table outside its store (the check can fail)', () => {
    const text = [
      "const a = await q.query('SELECT id FROM orders WHERE id = $1');",
      'const b = `WITH x AS (UPDATE notifications SET status = ${s}) INSERT INTO\n  refunds (id) SELECT 1 FROM x JOIN ${t} ON true`;',
      '// read FROM stores in a comment; a DELETE FROM ledger_balances in prose',
      "const c = 'orders'; const d = `FROM ${`JOIN payouts`} x`;",
    ].join('\n');
    expect(sqlBreaches([{ file: 'shipping/tracking/service.ts', text }], TABLE_OWNERS)).toEqual([
      'shipping/tracking/service.ts → notifications',
      'shipping/tracking/service.ts → orders',
      'shipping/tracking/service.ts → payouts',
      'shipping/tracking/service.ts → refunds',
    ]);
    expect(sqlBreaches([{ file: 'payments/orders/store.ts', text: "q.query('SELECT 1 FROM orders JOIN payment_intents i ON true')" }], TABLE_OWNERS)).toEqual([]);
  });

  it('gives every table of migrations/ an owner that exists', () => {
    const migrations = path.resolve(SRC, '../migrations');
    const created = fs
      .readdirSync(migrations)
      .flatMap((f) => [...fs.readFileSync(path.join(migrations, f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gi)].map((m) => m[1]!.toLowerCase()));
    expect(created.filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((t) => !created.includes(t))).toEqual([]);
    expect([...new Set(Object.values(TABLE_OWNERS))].filter((f) => !fs.existsSync(path.join(SRC, f)))).toEqual([]);
  });

  it('runs SQL on a table only in its owner store, but the known breaches being removed', () => {
    expect(found.filter((b) => !KNOWN_SQL_BREACHES.includes(b))).toEqual([]);
  });

  it('lists only SQL breaches that still occur (the list only shrinks)', () => {
    expect(KNOWN_SQL_BREACHES.filter((b) => !found.includes(b))).toEqual([]);
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
