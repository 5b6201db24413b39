/**
 * Transpiles src/ to dist/ (one .js per .ts, same layout) so `npm start` runs on plain Node:
 * no TypeScript loader in the server process (tsx's loader thread alone costs ~50 MB of RSS).
 * Type checking is `npm run typecheck`; this only strips types.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

function entries(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return entries(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const started = Date.now();
fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: entries(src),
  outdir: path.join(root, 'dist'),
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`built dist/ in ${Date.now() - started} ms`);
