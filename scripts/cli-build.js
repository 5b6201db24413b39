// @ts-check
/**
 * The `kassa` CLI as compiled JavaScript (issue 22: a command answers in well under a second, where
 * loading TypeScript through tsx at every call took 1.5-5 s). bin/kassa.js asks `compiledCli()` for
 * the CLI's entry: a bundle of src/cli/main.ts and the src/ modules it imports (npm packages stay
 * imports), built by esbuild in this process when it is missing or older than any file it was built
 * from, so a checkout never runs stale code and needs no build step. Plain JavaScript, because it
 * runs before anything can load TypeScript; its types are in cli-build.d.ts.
 *
 * Where: node_modules/.cache/kassa-cli/ in the checkout (npm's cache convention: ignored by git,
 * gone with `npm ci`, never shared between checkouts or users as /tmp would be). Each build is a
 * folder of its own (`b-<time>-<pid>/main.mjs` and the chunks of lazily imported modules);
 * `manifest.json` names the current one and lists its inputs with their size and mtime. So:
 * - fresh: one small JSON read and one stat per input (~125 files, ~2 ms), then an import;
 * - two commands building at once each write their own folder, and the manifest is replaced by a
 *   rename, so a reader always finds a whole build; a build removes the other folders once they are
 *   10 minutes old, except the current one and the one it replaced (a process started from it may
 *   still import its lazy chunks);
 * - a file changed while the build read it keeps the old mtime in the manifest: the next call
 *   rebuilds (each input is stat'ed just before esbuild reads it);
 * - a folder that cannot be written (a read-only checkout, another user's node_modules) or a build
 *   that fails: `compiledCli()` returns null and the caller runs the TypeScript through tsx, as before,
 *   without a word (tsx then reports a source's own error, if that is why the build failed);
 * - root building in an ordinary user's checkout hands the build to that user (`giveToOwner`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pruneOldBuilds, sameInputs, statInput } from './lib/builds.js';

const FORMAT = 1;

/** The checkout this file belongs to. */
export const CHECKOUT = path.resolve(import.meta.dirname, '..');

/**
 * Where the compiled CLI of `root` lives.
 * @param {string} root
 */
export function cliCacheDir(root) {
  return path.join(root, 'node_modules', '.cache', 'kassa-cli');
}

/**
 * The manifest of the current build when every input still has the size and mtime it was built
 * from; otherwise (none, unreadable, another format, an input changed or gone) undefined.
 * @param {string} root
 * @returns {import('./cli-build.d.ts').CliManifest | undefined}
 */
export function freshManifest(root) {
  const dir = cliCacheDir(root);
  /** @type {import('./cli-build.d.ts').CliManifest} */
  let m;
  try {
    m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
  // `root` too: a node_modules shared by two checkouts (a symlink) must not serve one the other's build.
  if (m?.format !== FORMAT || m.root !== path.resolve(root) || typeof m.build !== 'string' || !Array.isArray(m.inputs)) return undefined;
  const now = m.inputs.map(([file]) => statInput(root, file));
  return sameInputs(m.inputs, now) ? m : undefined;
}

/**
 * The URL of the compiled CLI's entry (src/cli/main.ts as JavaScript), building it first when it is
 * missing or stale; null when it cannot be built here (the caller falls back to tsx).
 * @param {string} [root]
 * @returns {Promise<string | null>}
 */
export async function compiledCli(root = CHECKOUT) {
  const fresh = freshManifest(root);
  if (fresh) return entryUrl(root, fresh);
  try {
    return entryUrl(root, await buildCli(root));
  } catch {
    return null;
  } finally {
    // esbuild's service process is not needed any more (`kassa listen` may run for hours).
    await import('esbuild').then((e) => e.stop()).catch(() => undefined);
  }
}

/**
 * @param {string} root
 * @param {import('./cli-build.d.ts').CliManifest} m
 */
function entryUrl(root, m) {
  return pathToFileURL(path.join(cliCacheDir(root), m.build, 'main.mjs')).href;
}

/**
 * Builds the CLI into a new folder of the cache and makes it the current one. Throws when the cache
 * cannot be written or esbuild fails.
 * @param {string} [root]
 * @returns {Promise<import('./cli-build.d.ts').CliManifest>}
 */
export async function buildCli(root = CHECKOUT) {
  const { build } = await import('esbuild');
  const dir = cliCacheDir(root);
  const created = fs.mkdirSync(dir, { recursive: true });
  const name = `b-${Date.now().toString(36)}-${process.pid}`;
  /** Each input's size and mtime, taken before it was read: a later change makes the build stale. */
  /** @type {Map<string, [string, number, number]>} */
  const seen = new Map();
  const statOf = (/** @type {string} */ file) => {
    const input = statInput(root, file);
    if (input) seen.set(file, input);
  };
  // What shapes the output besides the sources: this file (the options), tsconfig.json, esbuild's version.
  for (const f of [import.meta.filename, path.join(root, 'tsconfig.json'), path.join(root, 'node_modules', 'esbuild', 'package.json')]) statOf(f);
  await build({
    absWorkingDir: root,
    entryPoints: { main: path.join(root, 'src', 'cli', 'main.ts') },
    outdir: path.join(dir, name),
    bundle: true,
    splitting: true, // modules the CLI imports lazily (`kassa listen`'s) stay lazy: chunks of their own
    packages: 'external', // resolved from the checkout's node_modules at run time, as tsx does
    format: 'esm',
    // .mjs: no package.json above node_modules/.cache says "type": "module" (Node stops looking at node_modules).
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked', // `node --enable-source-maps bin/kassa.js …` points at src/
    sourcesContent: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'inputs',
        setup(b) {
          b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
            statOf(args.path);
            const ext = path.extname(args.path);
            const loader = ext === '.tsx' ? 'tsx' : ext === '.jsx' ? 'jsx' : ext.endsWith('ts') ? 'ts' : 'js';
            return { contents: fs.readFileSync(args.path), loader };
          });
        },
      },
    ],
  });
  /** @type {import('./cli-build.d.ts').CliManifest} */
  const manifest = {
    format: FORMAT,
    root: path.resolve(root),
    build: name,
    builtAt: new Date().toISOString(),
    inputs: [...seen.values()],
  };
  const previous = readManifestBuild(dir);
  const tmp = path.join(dir, `manifest-${process.pid}.json`);
  fs.writeFileSync(tmp, JSON.stringify(manifest));
  giveToOwner(root, [created ?? path.join(dir, name), tmp]); // a folder mkdir made holds this build
  fs.renameSync(tmp, path.join(dir, 'manifest.json'));
  // Build folders and temp manifests, but the current build and the one it replaced (its lazy chunks may still be imported).
  pruneOldBuilds(dir, new Set([name, previous]), (entry) => /^(b-|manifest-)/.test(entry));
  return manifest;
}

/**
 * Root building in an ordinary user's checkout (`sudo npx kassa …`) hands what it wrote to the owner
 * of the checkout's node_modules, as npm does with its cache: that user's next call after a change
 * can then rebuild, rather than fall back to tsx for good.
 * @param {string} root
 * @param {string[]} paths folders (their contents too) and files
 */
function giveToOwner(root, paths) {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = fs.statSync(path.join(root, 'node_modules'));
  if (uid === 0) return;
  const chown = (/** @type {string} */ p) => {
    fs.lchownSync(p, uid, gid);
    if (fs.lstatSync(p).isDirectory()) for (const e of fs.readdirSync(p)) chown(path.join(p, e));
  };
  for (const p of paths) chown(p);
}

/** @param {string} dir */
function readManifestBuild(dir) {
  try {
    return String(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')).build);
  } catch {
    return '';
  }
}
