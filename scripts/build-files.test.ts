import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserBundleFiles, buildFiles, isTestOnly } from './build-files.js';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

function allTs(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? allTs(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('the build’s file selection', async () => {
  const files = await buildFiles(src);
  const rel = files.map((f) => path.relative(src, f).split(path.sep).join('/'));
  const browser = (await browserBundleFiles(src)).map((f) => path.relative(src, f).split(path.sep).join('/'));

  it('holds the entry points and the modules they import', () => {
    for (const f of ['main.ts', 'cli/main.ts', 'payouts/export-worker.ts', 'shipping/carriers/registry.ts', 'shipping/carriers/omniva/rates.ts', 'shipping/labels/render.ts']) {
      expect(rel).toContain(f);
    }
  });

  it('holds no test, no fixture and no test-support module', () => {
    expect(rel.filter((f) => f.endsWith('.test.ts') || f.endsWith('.d.ts'))).toEqual([]);
    expect(rel.filter((f) => /(^|\/)fixtures(\/|\.ts$)/.test(f))).toEqual([]);
    expect(rel.filter((f) => /golden|samples|carriers\/legacy/.test(f))).toEqual([]);
    expect(files.every((f) => f.startsWith(src + path.sep))).toBe(true);
  });

  it('leaves out modules nothing imports (the catalogue generator is a tool, not the product)', () => {
    expect(rel).not.toContain('shipping/catalogue/generate-points.ts');
    expect(rel).not.toContain('shipping/catalogue/places.ts');
  });

  it('test-only paths are recognised', () => {
    for (const f of ['a/b.test.ts', 'x.d.ts', 'shipping/carriers/omniva/fixtures/x.ts', 'test/support/app.ts']) expect(isTestOnly(f), f).toBe(true);
    for (const f of ['main.ts', 'shipping/carriers/kit/adapter.ts']) expect(isTestOnly(f), f).toBe(false);
  });

  it('the browser scripts are bundled from src/widget/, apart from the server modules', () => {
    for (const f of ['widget/bundle.ts', 'widget/checkout.ts', 'widget/bank-selection/index.ts', 'widget/embedded/payments.ts']) expect(browser).toContain(f);
    expect(browser.filter((f) => !f.startsWith('widget/'))).toEqual([]);
    expect(rel.filter((f) => browser.includes(f))).toEqual([]);
  });

  it('src/ holds no test support any more: every other module is built, bundled for browsers, imported for its types by a built one, or a documented tool', () => {
    const tools = new Set(['shipping/catalogue/generate-points.ts', 'shipping/catalogue/places.ts', 'platform/seeded-random.ts']);
    // Modules imported for types only vanish when transpiled (nothing imports them at run time).
    const typesOf = new Set<string>();
    for (const f of files) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/from\s+'(\.{1,2}\/[^']+)\.js'/g)) {
        typesOf.add(
          path
            .relative(src, path.resolve(path.dirname(f), `${m[1]}.ts`))
            .split(path.sep)
            .join('/'),
        );
      }
    }
    const left = allTs(src)
      .map((f) => path.relative(src, f).split(path.sep).join('/'))
      .filter((f) => !isTestOnly(f) && !rel.includes(f) && !browser.includes(f) && !typesOf.has(f) && !tools.has(f));
    expect(left).toEqual([]);
  });
});
