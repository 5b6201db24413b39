/**
 * Transpiles src/ to dist/ (one .js per .ts, same layout) so `npm start` runs on plain Node:
 * no TypeScript loader in the server process (tsx's loader thread alone costs ~50 MB of RSS).
 * Type checking is `npm run typecheck`; this only strips types. Only the modules the entry points
 * import are built (see build-files.ts): tests, fixtures, test support and dead modules stay out.
 *
 * The new dist/ is built beside the old one and swapped in by two renames, so a server already
 * running from dist/ (a second `npm start` in the same checkout) never finds its lazily imported
 * modules missing while this builds.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { buildFiles } from './build-files.js';
import { bundleOptions } from '../src/platform/browser-bundle.js';
import { BROWSER_BUNDLES } from '../src/widget/bundles.js';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

/**
 * Builds src/ into `dist` (a folder directly in the checkout, as dist/ is: the built modules find
 * migrations/ and the checkout by the same relative paths as src/'s do). The tests build
 * .dist-test/ this way (test/setup/server-build.ts). Answers how many pickup point data files it copied.
 */
export async function buildDist(dist = path.join(root, 'dist')): Promise<number> {
  const base = path.basename(dist).replace(/^\./, '');
  const next = path.join(root, `.${base}-${process.pid}`);
  fs.rmSync(next, { recursive: true, force: true });
  await build({
    entryPoints: await buildFiles(src),
    outdir: next,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The browser scripts, which the server in dist/ reads instead of running esbuild.
  for (const spec of Object.values(BROWSER_BUNDLES)) {
    await build({ ...bundleOptions(spec), outfile: path.join(next, 'bundles', `${spec.name}.js`), logLevel: 'warning' });
  }
  // The carriers' pickup point data files (catalogue/points-file.ts), beside their modules, where
  // the catalogue looks first (it falls back to src/ for a dist/ built without them).
  const carriersDir = path.join(src, 'shipping', 'carriers');
  let dataFiles = 0;
  for (const entry of fs.readdirSync(carriersDir, { withFileTypes: true })) {
    const file = path.join(carriersDir, entry.name, 'pickup-points.tsv.gz');
    if (!entry.isDirectory() || !fs.existsSync(file)) continue;
    const target = path.join(next, 'shipping', 'carriers', entry.name);
    fs.mkdirSync(target, { recursive: true });
    fs.copyFileSync(file, path.join(target, 'pickup-points.tsv.gz'));
    dataFiles++;
  }
  // Two builds at once (two `npm start`s): the later rename finds the other's dist/ and retries.
  const olds: string[] = [];
  for (let i = 0; ; i++) {
    const old = path.join(root, `.${base}-old-${process.pid}-${i}`);
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
  return dataFiles;
}

// `npm run build` (node --import tsx scripts/build.ts): dist/.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = Date.now();
  const dataFiles = await buildDist();
  console.log(`built dist/ (and ${dataFiles} pickup point data files) in ${Date.now() - started} ms`);
}
