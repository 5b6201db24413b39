/**
 * The README's two commands as root in a private folder (mode 700, like a clone in /root): the
 * PostgreSQL user can reach neither the programs in node_modules nor ./data there. A clean copy of
 * this checkout (its tracked and new files, node_modules hard-linked) is made in such a folder;
 * `npm start` must serve there as written, and a database test file must pass there under vitest
 * (the embedded test database of `npm test`). Runs only as root, as CI does.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { removeEmbeddedData } from '../../src/platform/embedded-postgres.js';
import { createOrder, demoKeys, freePort, until } from '../support/server.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let privateDir: string | undefined;
let checkout: string | undefined;
afterAll(() => {
  if (checkout) removeEmbeddedData(path.join(checkout, 'data'));
  if (privateDir) fs.rmSync(privateDir, { recursive: true, force: true });
});

/** The environment of a shell that just cloned Kassa: none of this run's variables. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('VITEST') || k.startsWith('KASSA_') || k === 'TEST' || k === 'DATABASE_URL' || k === 'PORT') continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** This checkout's files as a fresh clone has them (plus new, not ignored ones), without the network. */
function copyCheckout(to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) {
    const from = path.join(ROOT, f);
    if (!fs.existsSync(from)) continue; // deleted in the work tree
    fs.mkdirSync(path.dirname(path.join(to, f)), { recursive: true });
    fs.cpSync(from, path.join(to, f), { verbatimSymlinks: true });
  }
  // node_modules hard-linked: no network install, nothing in the original changes.
  const linked = spawnSync('cp', ['-al', path.join(ROOT, 'node_modules'), to]);
  if (linked.status !== 0) execFileSync('cp', ['-a', path.join(ROOT, 'node_modules'), to]); // another filesystem
}

it('as root in a mode-700 folder, `npm start` serves and the embedded test database works', { timeout: 240_000 }, async (ctx) => {
  if (!isRoot) ctx.skip("runs only as root (as CI does): the trap is root's PostgreSQL user not reaching a private folder");
  if (inject('dbTarget') === 'postgres') ctx.skip('about the embedded database; runs in the db:embedded project');

  let t = Date.now();
  privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-r700-'));
  fs.chmodSync(privateDir, 0o700);
  checkout = path.join(privateDir, 'kassa');
  copyCheckout(checkout);
  const copied = Date.now() - t;
  // The trap is there: PostgreSQL's user cannot reach into the folder.
  const pgUser = ['postgres', 'nobody'].find((u) => spawnSync('id', ['-u', u]).status === 0)!;
  const uid = Number(execFileSync('id', ['-u', pgUser], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', pgUser], { encoding: 'utf8' }));
  expect(spawnSync('test', ['-x', checkout], { uid, gid }).status).not.toBe(0);

  // npm start, as the README says (only another port, to share the machine).
  t = Date.now();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn('npm', ['start'], {
    cwd: checkout,
    env: cleanEnv({ PORT: String(port), LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: npm and the server it runs stop together
  });
  let out = '';
  server.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  let stopped = false;
  try {
    await until(
      '/readyz of npm start in the private folder',
      async () => {
        if (server.exitCode !== null) throw new Error(`npm start exited (${server.exitCode}):\n${out}`);
        return (await fetch(`${url}/readyz`).catch(() => undefined))?.status === 200 ? true : undefined;
      },
      120_000,
    );
    const started = Date.now() - t;
    expect(out).toMatch(/cannot reach .*node_modules.*(copied the programs to|running the copy in) \/var\/cache\/kassa\/postgres-/);
    expect(out).toContain(`the database goes to /var/lib/kassa/clusters/`);
    expect(fs.readFileSync(path.join(checkout, 'data', 'pg-location'), 'utf8')).toMatch(/^\/var\/lib\/kassa\/clusters\/.+\/pg\n$/);
    // Secrets stay root's.
    for (const f of ['master.key', 'admin-token', 'pg-password']) {
      const st = fs.statSync(path.join(checkout, 'data', f));
      expect({ f, uid: st.uid, mode: st.mode & 0o777 }).toEqual({ f, uid: 0, mode: 0o600 });
    }

    // A real request with the printed demo keys, and an operator call with the generated token.
    expect((await createOrder(url, demoKeys(out))).status).toBe(201);
    const token = fs.readFileSync(path.join(checkout, 'data', 'admin-token'), 'utf8').trim();
    const stores = await fetch(`${url}/operator/stores`, { headers: { authorization: `Bearer ${token}` } });
    expect(stores.status).toBe(200);
    console.log(`root in a 700 folder: copy ${copied} ms, npm start ready in ${started} ms`);
  } finally {
    // SIGTERM to npm alone, as a supervisor (or `kill <pid>`) stops what it started: npm passes it
    // to its script, which is the server itself (`exec node …`), so the server stops its API
    // processes and PostgreSQL. With `sh -c "… && node …"` the shell took it and the server ran on.
    if (server.exitCode === null) process.kill(server.pid!, 'SIGTERM');
    await exited;
    stopped = await until('the server and its database to stop', async () => (groupAlive(server.pid!) ? undefined : true), 30_000).then(
      () => true,
      () => false,
    );
    if (!stopped) process.kill(-server.pid!, 'SIGKILL'); // leave nothing behind for the next test
  }
  expect(stopped, 'the server and its database stop on a SIGTERM to npm alone').toBe(true);
  expect(fs.existsSync(path.join(checkout, 'data', 'kassa.lock'))).toBe(false); // shut down cleanly

  // npm test's embedded database there: one database test file under vitest.
  t = Date.now();
  const vitest = spawnSync('npx', ['vitest', 'run', 'test/payments/balances.test.ts', '--project', 'db:embedded'], {
    cwd: checkout,
    env: cleanEnv({}),
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(vitest.stdout + vitest.stderr).toMatch(/Tests: [1-9]\d* passed, 0 failed/);
  expect(vitest.status).toBe(0);
  console.log(`root in a 700 folder: vitest on one database file ${Date.now() - t} ms`);
});
