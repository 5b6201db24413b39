/**
 * bin/kassa.js runs the CLI compiled by scripts/cli-build.js, and never stale code. Each test works
 * in a copy of the checkout (src/, bin/, the builder, package.json, tsconfig.json; node_modules
 * linked entry by entry, so the copy has a build cache of its own): the first call builds, a source
 * changed after a build is rebuilt before the next answer, four calls at once all answer, and where
 * the cache cannot be written the CLI answers from the changed source through tsx without a word.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliCacheDir, type CliManifest } from './cli-build.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const copies: string[] = [];
afterAll(() => {
  for (const c of copies) fs.rmSync(c, { recursive: true, force: true });
});

/** A checkout with this one's sources and its own node_modules folder (each package a symlink to ours). */
function copyCheckout(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-cli-build-'));
  copies.push(dir);
  fs.chmodSync(dir, 0o755); // readable by another user (the read-only test)
  for (const f of ['src', 'bin', 'scripts/cli-build.js', 'scripts/cli-build.d.ts', 'scripts/lib/builds.js', 'package.json', 'tsconfig.json']) {
    fs.cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
  }
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const e of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (e !== '.cache') fs.symlinkSync(path.join(ROOT, 'node_modules', e), path.join(dir, 'node_modules', e));
  }
  return dir;
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}
/** `node bin/kassa.js ARGS` in `checkout`, optionally as another user. */
function kassa(checkout: string, args: string[], as?: { uid: number; gid: number }): Promise<Ran> {
  return new Promise((resolve) => {
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: os.tmpdir(), HOME: os.tmpdir() };
    const child = spawn(process.execPath, [path.join(checkout, 'bin', 'kassa.js'), ...args], { cwd: checkout, env, ...as });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const manifestOf = (checkout: string): CliManifest | undefined => {
  try {
    return JSON.parse(fs.readFileSync(path.join(cliCacheDir(checkout), 'manifest.json'), 'utf8')) as CliManifest;
  } catch {
    return undefined;
  }
};
const builds = (checkout: string) =>
  fs
    .readdirSync(cliCacheDir(checkout))
    .filter((e) => e.startsWith('b-'))
    .sort();

/** Rewrites a usage line of src/cli/stores.ts to one of the same length: only the mtime tells the change. */
function changeStoresUsage(checkout: string, from: string, to: string): void {
  expect(to.length).toBe(from.length);
  const file = path.join(checkout, 'src/cli/stores.ts');
  const before = fs.statSync(file);
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(file, text.replaceAll(from, to));
  const after = fs.statSync(file);
  expect(after.size).toBe(before.size);
  if (after.mtimeMs === before.mtimeMs) fs.utimesSync(file, after.atime, new Date(after.mtimeMs + 1000)); // a coarse clock
}

describe('bin/kassa.js runs the compiled CLI', () => {
  it('builds on the first call, rebuilds after a source changes (same size, new mtime) before answering, and reuses a fresh build', { timeout: 90_000 }, async () => {
    const c = copyCheckout();
    const first = await kassa(c, ['--help']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^usage:\n/);
    expect(first.stdout).toContain('kassa stores list [--json]');
    const m1 = manifestOf(c);
    expect(m1, 'the first call leaves a build and its manifest').toBeDefined();
    expect(m1!.inputs.map(([f]) => f)).toEqual(expect.arrayContaining(['src/cli/main.ts', 'src/cli/stores.ts', 'src/cli/kit.ts']));
    expect(fs.existsSync(path.join(cliCacheDir(c), m1!.build, 'main.mjs'))).toBe(true);

    changeStoresUsage(c, 'kassa stores list [--json]', 'kassa stores LIST [--json]');
    const second = await kassa(c, ['--help']);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('kassa stores LIST [--json]');
    expect(second.stdout).not.toContain('kassa stores list [--json]');
    const m2 = manifestOf(c)!;
    expect(m2.build).not.toBe(m1!.build);

    const third = await kassa(c, ['--help']);
    expect(third.stdout).toBe(second.stdout);
    expect(manifestOf(c)!.build, 'a fresh build is used as it is').toBe(m2.build);
  });

  it('the build loads no npm package up front: pg, the logger and fast-jwt come with the commands that need them', { timeout: 60_000 }, async () => {
    const c = copyCheckout();
    expect((await kassa(c, ['--help'])).code).toBe(0);
    const dir = path.join(cliCacheDir(c), manifestOf(c)!.build);
    // What main.mjs imports statically, and what those chunks import, transitively (not `import()`).
    const eager = new Set<string>();
    const visit = (file: string) => {
      for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/^import\s(?:[^;]*?\sfrom\s*)?"([^"]+)";/gm)) {
        const spec = m[1]!;
        if (eager.has(spec)) continue;
        eager.add(spec);
        if (spec.startsWith('./')) visit(spec.slice(2));
      }
    };
    visit('main.mjs');
    expect([...eager].filter((s) => !s.startsWith('node:') && !s.startsWith('./'))).toEqual([]);
    // They are there, lazily: `kassa listen` (pg, through the notification requests) and signing (fast-jwt).
    const all = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    expect(all).toContain('from "pg"');
    expect(all).toContain('from "fast-jwt"');
  });

  it('four calls at once on a fresh checkout, and again after a change, all answer from whole builds', { timeout: 90_000 }, async () => {
    const c = copyCheckout();
    const fresh = await Promise.all([1, 2, 3, 4].map(() => kassa(c, ['--help'])));
    for (const r of fresh) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('kassa stores list [--json]');
    }
    changeStoresUsage(c, 'kassa stores list [--json]', 'kassa stores list [--JSON]');
    const changed = await Promise.all([1, 2, 3, 4].map(() => kassa(c, ['--help'])));
    for (const r of changed) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('kassa stores list [--JSON]');
    }
    const m = manifestOf(c)!;
    expect(builds(c)).toContain(m.build);
    expect(fs.existsSync(path.join(cliCacheDir(c), m.build, 'main.mjs'))).toBe(true);
  });

  it('root’s call in an ordinary user’s checkout leaves a build that user can replace after a change', { timeout: 90_000 }, async (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip('runs only as root (as CI does): the trap is a build only root can replace');
    const c = copyCheckout();
    const user = { uid: 65534, gid: 65534 };
    expect(spawnSync('chown', ['-hR', `${user.uid}:${user.gid}`, c]).status).toBe(0);
    if (spawnSync('test', ['-w', path.join(c, 'node_modules')], user).status !== 0) {
      if (process.env.CI) throw new Error(`nobody (65534) cannot reach ${c}: TMPDIR must be reachable by other users under CI`);
      ctx.skip(`nobody cannot reach ${c} (a private TMPDIR)`);
    }
    expect((await kassa(c, ['--help'])).code).toBe(0); // root, e.g. `sudo npx kassa …`
    const m1 = manifestOf(c)!;
    expect(fs.statSync(path.join(cliCacheDir(c), m1.build, 'main.mjs')).uid).toBe(user.uid);

    changeStoresUsage(c, 'kassa stores list [--json]', 'kassa stores list [--JSON]');
    const r = await kassa(c, ['--help'], user);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('kassa stores list [--JSON]');
    expect(manifestOf(c)!.build, 'the user rebuilt it (not tsx at every call from now on)').not.toBe(m1.build);
  });

  it('where the build cannot be written (another user’s checkout), a changed source runs through tsx without a word', { timeout: 120_000 }, async (ctx) => {
    const c = copyCheckout();
    const built = await kassa(c, ['--help']);
    expect(built.code).toBe(0);
    const m1 = manifestOf(c);
    expect(m1, 'the owner’s call leaves a build').toBeDefined();
    const before = builds(c);

    // Root writes anywhere: the reader is then an ordinary user, who can read the checkout but not write it.
    let as: { uid: number; gid: number } | undefined;
    if (process.getuid?.() === 0) {
      as = { uid: 65534, gid: 65534 };
      if (spawnSync('test', ['-r', path.join(c, 'src/cli/main.ts')], as).status !== 0) {
        if (process.env.CI) throw new Error(`nobody (65534) cannot read ${c}: TMPDIR must be reachable by other users under CI`);
        ctx.skip(`nobody cannot reach ${c} (a private TMPDIR)`);
      }
    } else {
      fs.chmodSync(cliCacheDir(c), 0o555);
    }
    try {
      // Unchanged sources: the reader uses the owner's build as it is.
      const same = await kassa(c, ['--help'], as);
      expect(same.stderr).toBe('');
      expect(same.stdout).toBe(built.stdout);

      changeStoresUsage(c, 'kassa stores list [--json]', 'kassa stores list [--JsOn]');
      const r = await kassa(c, ['--help'], as);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('kassa stores list [--JsOn]');
      // Not from a build: the cache is as the owner left it.
      expect(manifestOf(c)!.build).toBe(m1!.build);
      expect(builds(c)).toEqual(before);
    } finally {
      if (!as) fs.chmodSync(cliCacheDir(c), 0o755);
    }
  });
});
