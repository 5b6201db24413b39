/**
 * Transpiles src/ to dist/ (one .js per .ts, same layout) so `npm start` runs on plain Node:
 * no TypeScript loader in the server process (tsx's loader thread alone costs ~50 MB of RSS).
 * Type checking is `npm run typecheck`; this only strips types.
 *
 * The new dist/ is built beside the old one and swapped in by two renames, so a server already
 * running from dist/ (a second `npm start` in the same checkout) never finds its lazily imported
 * modules missing while this builds.
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
const dist = path.join(root, 'dist');
const next = path.join(root, `.dist-${process.pid}`);
fs.rmSync(next, { recursive: true, force: true });
await build({
  entryPoints: entries(src),
  outdir: next,
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
});
// Two builds at once (two `npm start`s): the later rename finds the other's dist/ and retries.
const olds: string[] = [];
for (let i = 0; ; i++) {
  const old = path.join(root, `.dist-old-${process.pid}-${i}`);
  try {
    fs.renameSync(dist, old);
    olds.push(old);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    fs.renameSync(next, dist);
    break;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || i >= 10) throw err;
  }
}
for (const old of olds) fs.rmSync(old, { recursive: true, force: true });
console.log(`built dist/ in ${Date.now() - started} ms`);
