// @ts-check
/**
 * What the two cached builds of a checkout share (scripts/cli-build.js, the CLI; test/setup/server-build.ts,
 * the server the tests spawn): each build is a folder of its own, never changed once written, and
 * the folders the current one replaced are removed once no process can still be loading from them.
 * Plain JavaScript: cli-build.js runs before anything can load TypeScript.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Build folders this old, other than those kept, are removed by the next build. */
export const KEEP_BUILDS_MS = 10 * 60_000;

/**
 * Removes the entries of `dir` that `isBuild` names, other than `keep`, once they are
 * KEEP_BUILDS_MS old: a process started from one of them has long loaded what it needs.
 * @param {string} dir
 * @param {Set<string>} keep
 * @param {(entry: string) => boolean} isBuild
 */
export function pruneOldBuilds(dir, keep, isBuild) {
  const now = Date.now();
  for (const entry of fs.readdirSync(dir)) {
    if (keep.has(entry) || !isBuild(entry)) continue;
    const p = path.join(dir, entry);
    try {
      if (now - fs.statSync(p).mtimeMs > KEEP_BUILDS_MS) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // another build removed it first
    }
  }
}
