/**
 * The Kassa server the tests spawn (test/support/server.ts), compiled as `npm start` runs it: src/
 * built by scripts/build.ts. Loading src/ through tsx instead cost every server start about 1.3 s
 * more CPU (2.6 s against 1.3 s to /readyz), and the suite starts dozens.
 *
 * Never stale: each build records the size and mtime of every file it could have read (all of src/
 * but its tests, the build scripts, tsconfig.json, package.json and node_modules/.package-lock.json,
 * which npm rewrites at every install), each taken before the build read it. `compiledServer()`
 * checks them (a stat each, ~10 ms) before every start and builds again when one differs: a source
 * edited while tests run is served by the next start. The database projects' global setup builds
 * once before any file runs, so in CI (nothing edited) the workers never build.
 *
 * Where: each build is a folder of its own directly in the checkout, `.dist-test-<time>-<pid>/`
 * (beside dist/, so the built modules find migrations/ by the same relative paths as src/'s; git
 * ignores it as it does dist/'s temporary folders), never changed once written: a server starting
 * from one never sees another build's files (two workers, or two test runs, may build at once).
 * `.dist-test/current.json` names the newest and its inputs, replaced by a rename. A build removes
 * the others once they are 10 minutes old, except the current one and the one it replaced.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Input, pruneOldBuilds, sameInputs, statInput } from '../../scripts/lib/builds.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const POINTER_DIR = '.dist-test';
const POINTER = 'current.json';
const BUILD_PREFIX = '.dist-test-';
const FORMAT = 2;

export type Inputs = Input[];
interface Pointer {
  format: number;
  /** The build's folder, relative to the checkout. */
  build: string;
  inputs: Inputs;
}

/** Every file the build of the checkout `root` could read (that exist or not), relative to it, sorted. */
function inputFiles(root: string): string[] {
  const files = ['scripts/build.ts', 'scripts/build-files.ts', 'tsconfig.json', 'package.json', 'node_modules/.package-lock.json'];
  for (const entry of fs.readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue;
    files.push(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
  return files.sort();
}

/** Every file the build of the checkout `root` could read, with its size and mtime now. */
export function currentInputs(root = ROOT): Inputs {
  return inputFiles(root)
    .map((file) => statInput(root, file))
    .filter((input) => input !== undefined);
}

function readPointer(root: string): Pointer | undefined {
  try {
    const p = JSON.parse(fs.readFileSync(path.join(root, POINTER_DIR, POINTER), 'utf8')) as Pointer;
    return p.format === FORMAT && typeof p.build === 'string' && Array.isArray(p.inputs) ? p : undefined;
  } catch {
    return undefined;
  }
}

/** Makes `build` (a folder in `root`) the current build, made from `inputs` (replaced whole: a reader never sees half). */
export function recordBuild(build: string, inputs: Inputs, root = ROOT): void {
  fs.mkdirSync(path.join(root, POINTER_DIR), { recursive: true });
  const tmp = path.join(root, POINTER_DIR, `${POINTER}.${process.pid}`);
  fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, build, inputs } satisfies Pointer));
  fs.renameSync(tmp, path.join(root, POINTER_DIR, POINTER));
}

/**
 * The current build's folder (absolute) when it was made from exactly the files there are now (none
 * added, removed or changed) and is still there; otherwise undefined.
 */
export function freshBuild(root = ROOT): string | undefined {
  const recorded = readPointer(root);
  if (!recorded || !sameInputs(recorded.inputs, currentInputs(root))) return undefined;
  const dir = path.join(root, recorded.build);
  return fs.existsSync(path.join(dir, 'main.js')) ? dir : undefined;
}

/** This process's build under way, so that servers started at once share it. */
let building: Promise<string> | undefined;

/** The compiled server's entry (an absolute path to its main.js), built first when missing or stale. */
export async function compiledServer(): Promise<string> {
  for (;;) {
    const fresh = freshBuild(ROOT);
    if (fresh) return path.join(fresh, 'main.js');
    if (building) {
      await building.catch(() => undefined);
      continue; // built from what the files were then: checked again
    }
    building = (async () => {
      const before = currentInputs();
      const { buildDist } = await import('../../scripts/build.js');
      const name = `${BUILD_PREFIX}${Date.now().toString(36)}-${process.pid}`;
      await buildDist(path.join(ROOT, name));
      const previous = readPointer(ROOT)?.build;
      // Recorded as they were before the build read them: a file changed meanwhile fails the next check.
      recordBuild(name, before);
      pruneOldBuilds(ROOT, new Set([name, previous ?? name]), (entry) => entry.startsWith(BUILD_PREFIX));
      return path.join(ROOT, name, 'main.js');
    })();
    try {
      return await building;
    } finally {
      building = undefined;
    }
  }
}

/** Vitest global setup: builds the server once, before any test file of the project runs. */
export default async function setup(): Promise<void> {
  await compiledServer();
}
