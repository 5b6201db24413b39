// @ts-check
/**
 * What the two cached builds of a checkout share (scripts/cli-build.js, the CLI; test/setup/server-build.ts,
 * the server the tests spawn): each build is a folder of its own, never changed once written, and
 * the folders the current one replaced are removed once no process can still be loading from them;
 * and each records its inputs as [file, size, mtime], taken before the build read them, so that a
 * later change to any of them makes the build stale.
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

/**
 * An input as a build records it: its path relative to `root` (with /), size and mtime now;
 * undefined when it does not exist.
 * @param {string} root
 * @param {string} file absolute, or relative to root
 * @returns {[string, number, number] | undefined}
 */
export function statInput(root, file) {
  const st = fs.statSync(path.resolve(root, file), { throwIfNoEntry: false });
  return st && [path.relative(root, path.resolve(root, file)).split(path.sep).join('/'), st.size, st.mtimeMs];
}

/**
 * Whether two records of a build's inputs name the same files with the same sizes and mtimes
 * (an undefined entry in `now`: a file that is gone).
 * @param {readonly (readonly [string, number, number])[]} recorded
 * @param {readonly ((readonly [string, number, number]) | undefined)[]} now
 */
export function sameInputs(recorded, now) {
  return recorded.length === now.length && recorded.every(([file, size, mtimeMs], i) => now[i]?.[0] === file && now[i]?.[1] === size && now[i]?.[2] === mtimeMs);
}
