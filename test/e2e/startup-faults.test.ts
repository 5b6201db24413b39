/**
 * Start-up faults, with real server processes on the embedded database: a killed server that its
 * parent has not reaped yet (a zombie) does not block the next start; a start that fails (busy
 * port, bad configuration, a signal while it starts) exits with a message and leaves no
 * PostgreSQL running and no lock behind.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LOCK_FILE, dataDirOwner } from '../../src/platform/data-dir-lock.js';
import { clusterDir, removeEmbeddedData, runningPostmaster } from '../../src/platform/embedded-postgres.js';
import { isAlive } from '../../src/platform/processes.js';
import { ROOT } from '../support/kassa-bin.js';
import { createOrder, demoKeys, freePort, serverArgs, startServer, until, type ServerProcess } from '../support/server.js';
import { waitForZombie, zombie } from '../support/zombie.js';

const servers: ServerProcess[] = [];
const children: ChildProcess[] = [];
const dirs: string[] = [];
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-startup-'));
  dirs.push(d);
  return d;
};
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) {
    const left = runningPostmaster(d); // only when a test failed: do not leave it running
    if (left !== undefined) {
      process.kill(left, 'SIGQUIT');
      await until('the left-over postmaster to exit', async () => (isAlive(left) ? undefined : true), 10_000).catch(() => undefined);
    }
    removeEmbeddedData(d);
  }
});

const serverEnv = (env: Record<string, string>) => ({
  ...process.env,
  LOG_LEVEL: 'warn',
  ...env,
  KASSA_PUBLIC_URL: `http://127.0.0.1:${env.PORT}`,
});

interface Ended {
  code: number | null;
  output: string;
}

/** Runs a server expected to exit by itself; `watch` sees its output as it comes (with the process). */
async function run(env: Record<string, string>, watch: (output: string, child: ChildProcess) => void = () => undefined): Promise<Ended> {
  const child = spawn(process.execPath, await serverArgs(), { cwd: ROOT, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const seen = (d: Buffer) => {
    output += d.toString();
    watch(output, child);
  };
  child.stdout.on('data', seen);
  child.stderr.on('data', seen);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** Nothing of the data dir's is left running: no postmaster (pid file, process list) and no lock. */
function expectNothingLeft(dir: string): void {
  const pgdata = clusterDir(dir);
  expect(runningPostmaster(dir)).toBeUndefined();
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (fs.existsSync(pidFile)) expect(isAlive(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]))).toBe(false);
  const ps = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  expect(ps.split('\n').filter((l) => l.includes(`-D ${pgdata}`))).toEqual([]);
  expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
}

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '0.0.0.0', () => resolve(srv));
  });
}

describe.skipIf(inject('dbTarget') === 'postgres')('start-up faults', () => {
  it('a killed server its parent has not reaped yet (a zombie) does not block the next start', { timeout: 90_000 }, async () => {
    const dir = dataDir();
    const port = String(await freePort());
    const log = path.join(dir, 'first.log');
    const out = fs.openSync(log, 'w');
    // Kassa under a parent that never waits for it: sh starts it in the background and becomes `sleep`.
    const parent = spawn('sh', ['-c', '"$0" "$@" & exec sleep 120', process.execPath, ...(await serverArgs())], {
      cwd: ROOT,
      env: serverEnv({ KASSA_DATA_DIR: dir, PORT: port }),
      stdio: ['ignore', out, out],
    });
    children.push(parent);
    fs.closeSync(out);
    await until('the first server to serve', async () => ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.ok ? true : undefined), 60_000);
    const owner = dataDirOwner(dir)!;
    const postgresPid = runningPostmaster(dir)!;
    expect(postgresPid).toBeDefined();
    process.kill(owner.pid, 'SIGKILL');
    await waitForZombie(owner.pid);

    const next = await startServer({ KASSA_DATA_DIR: dir, PORT: String(await freePort()), LOG_LEVEL: 'info' });
    servers.push(next);
    expect(next.output()).toContain(`stopping a server left over from an earlier, killed run (pid ${postgresPid})`);
    expect(isAlive(postgresPid)).toBe(false);
    expect((await createOrder(next.url, demoKeys(fs.readFileSync(log, 'utf8')))).status).toBe(201);
  });

  it('a postmaster.pid naming a killed server its parent has not reaped yet does not block the next start', { timeout: 60_000 }, async () => {
    const dir = dataDir();
    await (await startServer({ KASSA_DATA_DIR: dir, PORT: String(await freePort()) })).stop();
    const pgdata = clusterDir(dir);
    // A zombie of the user PostgreSQL runs as (as root: not root): to PostgreSQL, whose `kill -0` succeeds on it, a live postmaster.
    const st = fs.statSync(pgdata);
    const z = await zombie(process.getuid?.() === 0 ? { uid: st.uid, gid: st.gid } : undefined);
    children.push(z.parent);
    fs.writeFileSync(path.join(pgdata, 'postmaster.pid'), `${z.pid}\n${pgdata}\n`);
    const next = await startServer({ KASSA_DATA_DIR: dir, PORT: String(await freePort()) });
    servers.push(next);
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
  });

  it('a start on a busy port exits with a message before it starts the database', { timeout: 60_000 }, async () => {
    const dir = dataDir();
    const busy = await listen(0);
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const ended = await run({ KASSA_DATA_DIR: dir, PORT: String(port) });
      expect(ended.code).toBe(1);
      expectNothingLeft(dir);
      expect(ended.output).toContain(`Cannot listen on 0.0.0.0:${port}: the port is in use`);
      expect(ended.output).not.toContain('embedded PostgreSQL: listening');
    } finally {
      busy.close();
    }
  });

  it('a port taken while the database starts: listening fails, the database is stopped, the lock released', { timeout: 60_000 }, async () => {
    const dir = dataDir();
    const port = await freePort();
    let taking: Promise<net.Server> | undefined;
    const ended = await run({ KASSA_DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'info' }, (output) => {
      // The database is up; migrations, the demo store and the app are still to come.
      if (!taking && output.includes('embedded PostgreSQL: listening on')) taking = listen(port);
    });
    (await taking!).close();
    expect(ended.code).toBe(1);
    expectNothingLeft(dir);
    expect(ended.output).toContain(`Cannot listen on 0.0.0.0:${port}: the port is in use`);
  });

  it('a configuration that fails once the database runs (a master.key that is no key) leaves no database running', { timeout: 60_000 }, async () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'master.key'), 'not-a-key\n', { mode: 0o600 });
    const ended = await run({ KASSA_DATA_DIR: dir, PORT: String(await freePort()), LOG_LEVEL: 'info' });
    expect(ended.output).toContain('embedded PostgreSQL: listening on'); // it did start
    expect(ended.code).toBe(1);
    expectNothingLeft(dir);
    expect(ended.output).toContain('KASSA_MASTER_KEY must be 32 bytes');
  });

  it('a configuration that can be checked first (KASSA_MASTER_KEY, KASSA_ROLE) fails before the database starts', { timeout: 60_000 }, async () => {
    for (const bad of [{ KASSA_MASTER_KEY: 'too-short' }, { KASSA_ROLE: 'everything' }] as Record<string, string>[]) {
      const dir = dataDir();
      const ended = await run({ KASSA_DATA_DIR: dir, PORT: String(await freePort()), LOG_LEVEL: 'info', ...bad });
      expect(ended.code).toBe(1);
      expectNothingLeft(dir);
      expect(fs.existsSync(path.join(clusterDir(dir), 'PG_VERSION'))).toBe(false); // not even created
      expect(ended.output).toMatch(new RegExp(`^configuration error: ${Object.keys(bad)[0]} must`, 'm'));
    }
  });

  it('a SIGTERM while it starts stops the start: the database is stopped, the lock released', { timeout: 60_000 }, async () => {
    const dir = dataDir();
    let sent = false;
    const ended = await run({ KASSA_DATA_DIR: dir, PORT: String(await freePort()), LOG_LEVEL: 'info' }, (output, child) => {
      if (!sent && output.includes('embedded PostgreSQL: listening on')) sent = child.kill('SIGTERM');
    });
    expect(sent).toBe(true);
    expectNothingLeft(dir);
    expect(ended.output).toContain('SIGTERM: stopping the start-up');
  });
});
