/**
 * Which files of src/ the build transpiles into dist/: the modules the app's entry points reach
 * through their imports (esbuild reads the graph, so a module nothing imports, such as a
 * generator script, never ships), and never test-only code. Test support lives in test/support/;
 * a product module importing test-only code is a build error here, not a file in dist/.
 */
import { build } from 'esbuild';
import path from 'node:path';

/**
 * What runs on its own: `npm start` (`dist/main.js`), the CLI, and the payout export worker (started
 * by URL in export-runner.ts, so no import reaches it). A module loaded any other way than by a
 * static or literal dynamic import must be listed here.
 */
export const ENTRY_POINTS: readonly string[] = ['main.ts', 'cli/main.ts', 'payouts/export-worker.ts'];

/** Paths (relative to src/, with `/`) that are test-only whatever imports them. */
const TEST_ONLY: readonly RegExp[] = [/\.test\.ts$/, /\.d\.ts$/, /(^|\/)fixtures\//, /(^|\/)test\//];

export function isTestOnly(relative: string): boolean {
  return TEST_ONLY.some((re) => re.test(relative));
}

/** Absolute paths of the src/ modules to build, sorted. Throws when product code reaches test-only code. */
export async function buildFiles(src: string): Promise<string[]> {
  const root = path.dirname(src);
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRY_POINTS.map((e) => path.join(src, e)),
    bundle: true,
    write: false,
    outdir: 'graph', // required with two entry points; nothing is written
    metafile: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    logLevel: 'silent',
  });
  const files = Object.keys(result.metafile.inputs)
    .map((p) => path.resolve(root, p))
    .filter((p) => p.startsWith(src + path.sep) && p.endsWith('.ts'));
  const outside = Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules/') && !path.resolve(root, p).startsWith(src + path.sep));
  const testOnly = files.filter((p) => isTestOnly(path.relative(src, p).split(path.sep).join('/')));
  if (outside.length || testOnly.length) throw new Error(`the app imports test-only or outside code: ${[...outside, ...testOnly].join(', ')}`);
  return files.sort();
}

/**
 * Absolute paths of the src/ modules the browser scripts (src/widget/bundles.ts) are bundled
 * from: not transpiled one by one into dist/, but built into dist/bundles/ by build.ts.
 */
export async function browserBundleFiles(src: string): Promise<string[]> {
  const root = path.dirname(src);
  const { BROWSER_BUNDLES } = await import('../src/widget/bundles.js');
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.values(BROWSER_BUNDLES).map((b) => path.join(src, b.entry)),
    bundle: true,
    write: false,
    outdir: 'graph',
    metafile: true,
    format: 'iife',
    platform: 'browser',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs)
    .map((p) => path.resolve(root, p))
    .filter((p) => p.startsWith(src + path.sep) && p.endsWith('.ts'))
    .sort();
}
