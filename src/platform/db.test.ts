/**
 * What keeps Kassa's SQL safe behind PgBouncer in transaction pooling mode, checked over the source
 * (the behaviour itself runs through PgBouncer in CI's db:postgres project).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statement } from './db.js';

const SRC = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('SQL behind a transaction pooler', () => {
  const files = sources(SRC).map((f) => ({ file: path.relative(SRC, f), text: fs.readFileSync(f, 'utf8') }));

  it('names a prepared statement only through statement(), which a pool without preparedStatements sends unnamed (a name prepared on one server connection is missing or taken on the next)', () => {
    // A query config with a name of its own: { name: '…', text: … } in either order.
    const named = files.filter(({ text }) => /\{\s*name:\s*['`][^'`]+['`],\s*(text|values):/.test(text) || /\btext:[^{}]*,\s*name:\s*['`]/.test(text));
    expect(named.map((f) => f.file)).toEqual([]);
  });

  it('takes a statement name once', () => {
    statement('db_test_once', 'SELECT 1');
    expect(() => statement('db_test_once', 'SELECT 2')).toThrow('statement "db_test_once" is named twice');
  });

  it('keeps no session state: no session advisory lock, no session SET, no LISTEN on the pool', () => {
    const offenders = files.filter(({ text }) => {
      if (/pg_advisory_lock\(|pg_try_advisory_lock\(/.test(text)) return true;
      if (/query\(\s*['`]SET (?!LOCAL)/i.test(text)) return true;
      // LISTEN only on a dedicated direct connection (the wake-ups), never through a pool.
      return /query\(\s*['`]LISTEN /.test(text) && !/new pg\.Client\(/.test(text);
    });
    expect(offenders.map((f) => f.file)).toEqual([]);
  });
});
