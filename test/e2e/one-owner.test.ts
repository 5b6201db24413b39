/**
 * One data dir, one owner: a second server started on the data dir of a running one (another
 * PORT, as a second `npm start` in the same checkout) exits with a message naming the owner, and
 * the first keeps serving. Two started at the same instant: one runs, the other exits. A server
 * left by a killed Kassa is still stopped and replaced; a reused pid is not taken for it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { clusterDir, removeEmbeddedData } from '../../src/platform/embedded-postgres.js';
import { isAlive } from '../../src/platform/processes.js';
import { createOrder, demoKeys, freePort, startServer, type ServerProcess } from '../support/server.js';

const servers: ServerProcess[] = [];
const dirs: string[] = [];
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-owner-'));
  dirs.push(d);
  return d;
};
const start = async (env: Record<string, string>) => {
  const s = await startServer({ PORT: String(await freePort()), ...env });
  servers.push(s);
  return s;
};
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const d of dirs) removeEmbeddedData(d);
});

/** Starts a server that is expected to refuse; answers what it printed as it exited. */
async function refused(env: Record<string, string>): Promise<string> {
  try {
    servers.push(await startServer({ PORT: String(await freePort()), ...env }));
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the second server started');
}

describe.skipIf(inject('dbTarget') === 'postgres')('the embedded database has one owner', () => {
  it('a second server on the same data dir exits naming the owner; the first keeps serving', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const first = await start({ KASSA_DATA_DIR: dir });
    const port = new URL(first.url).port;
    const keys = demoKeys(first.output());

    const message = await refused({ KASSA_DATA_DIR: dir });
    expect(message).toMatch(/^server exited \(1\)/);
    expect(message).toContain(`The data dir ${dir} is in use by Kassa pid ${first.child.pid} (serving HTTP on port ${port}`);
    expect(message).toMatch(/KASSA_DATA_DIR=.*DATABASE_URL/);

    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect((await createOrder(first.url, keys)).status).toBe(201);
  });

  it('of two started at the same instant on a new data dir, one serves and the other exits', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const [a, b] = await Promise.allSettled([start({ KASSA_DATA_DIR: dir }), start({ KASSA_DATA_DIR: dir })]);
    const up = [a, b].filter((r) => r.status === 'fulfilled');
    const down = [a, b].filter((r) => r.status === 'rejected');
    expect(up).toHaveLength(1);
    expect(down).toHaveLength(1);
    expect(String(down[0]!.reason)).toMatch(/is in use by (Kassa pid \d+|another Kassa process)/);
    const winner = up[0]!.value;
    expect((await createOrder(winner.url, demoKeys(winner.output()))).status).toBe(201);
  });

  it('a server left by a killed Kassa is stopped and replaced', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const first = await start({ KASSA_DATA_DIR: dir });
    const keys = demoKeys(first.output());
    const postgresPid = Number(fs.readFileSync(path.join(clusterDir(dir), 'postmaster.pid'), 'utf8').split('\n')[0]);
    await first.stop('SIGKILL');
    expect(isAlive(postgresPid)).toBe(true); // the killed owner's database is still running

    const next = await start({ KASSA_DATA_DIR: dir, LOG_LEVEL: 'info' });
    expect(next.output()).toContain(`stopping a server left over from an earlier, killed run (pid ${postgresPid})`);
    expect(isAlive(postgresPid)).toBe(false);
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
    expect((await createOrder(next.url, keys, 'ORDER-2')).status).toBe(201);
  });

  it('a pid in postmaster.pid now used by another process (even one named like a postgres) is left alone', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    await (await start({ KASSA_DATA_DIR: dir })).stop();
    const pgdata = clusterDir(dir);
    // Its command line says postgres and names the folder, but it does not work in it.
    const decoy = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)', 'postgres', '-D', pgdata], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(pgdata, 'postmaster.pid'), `${decoy.pid}\n${pgdata}\n`);
      const next = await start({ KASSA_DATA_DIR: dir });
      expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
      expect(isAlive(decoy.pid!)).toBe(true);
    } finally {
      decoy.kill();
    }
  });
});
