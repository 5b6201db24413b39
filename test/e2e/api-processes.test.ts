/**
 * KASSA_API_PROCESSES=2 on the embedded database, with real processes: the server forks two API
 * processes that both answer (each request's log line names its pid, a child of the server's);
 * /metrics counts the requests of both; a key rolled through one is refused at once by the other;
 * a killed API process is replaced while requests keep succeeding; SIGTERM ends everything (no
 * PostgreSQL left, the data dir's lock released); a start whose API processes cannot listen fails
 * cleanly; a configuration that cannot fit fails before the database starts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dataDirOwner } from '../../src/platform/data-dir-lock.js';
import { removeEmbeddedData, runningPostmaster } from '../../src/platform/embedded-postgres.js';
import { isAlive } from '../../src/platform/processes.js';
import { handSigned } from '../support/jwt.js';
import { ROOT } from '../support/kassa-bin.js';
import { createOrder, demoKeys, freePort, serverArgs, startServer, until, type ServerProcess } from '../support/server.js';

const dirs: string[] = [];
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  for (const d of dirs) {
    const left = runningPostmaster(d); // only when a test failed: do not leave it running
    if (left !== undefined) process.kill(left, 'SIGQUIT');
    await until('the left-over postmaster to exit', async () => (left === undefined || !isAlive(left) ? true : undefined), 10_000).catch(() => undefined);
    removeEmbeddedData(d);
  }
});
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-procs-'));
  dirs.push(d);
  return d;
};

/** The processes whose parent is `pid` and that run its program (node: not its PostgreSQL, not tsx's esbuild), from /proc. */
function nodeChildren(pid: number): number[] {
  const exe = (p: number | string) => {
    try {
      return fs.readlinkSync(`/proc/${p}/exe`);
    } catch {
      return undefined;
    }
  };
  const own = exe(pid);
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === pid && own !== undefined && exe(name) === own) out.push(Number(name));
  }
  return out.sort((a, b) => a - b);
}

/** One request on a connection of its own (the cluster hands each new connection to the next API process). */
function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer in 10 s: ${opts.method ?? 'GET'} ${url}`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The pids in the request log lines ("request completed") of `output` after `from`. */
function answeringPids(output: string, from: number): Set<number> {
  const pids = new Set<number>();
  for (const line of output.slice(from).split('\n')) {
    if (!line.includes('"request completed"')) continue;
    try {
      pids.add((JSON.parse(line) as { pid: number }).pid);
    } catch {
      /* a line cut in two by the pipe */
    }
  }
  return pids;
}

/**
 * Sends `send()` 4 at a time, each on a connection of its own, until both API processes answered
 * (the processes accept from one socket: which one takes a connection is up to the kernel) or 40
 * were sent; answers the statuses and the pids that answered.
 */
async function spread(server: ServerProcess, send: () => Promise<{ status: number }>): Promise<{ statuses: number[]; pids: number[] }> {
  const from = server.output().length;
  const statuses: number[] = [];
  for (let i = 0; i < 10 && answeringPids(server.output(), from).size < 2; i++) {
    statuses.push(...(await Promise.all(Array.from({ length: 4 }, () => send().then((r) => r.status)))));
    await new Promise((r) => setTimeout(r, 100)); // the log lines
  }
  return { statuses, pids: [...answeringPids(server.output(), from)].sort((a, b) => a - b) };
}

/** The pids that answered GET /healthz (all 200). */
async function answeredBy(server: ServerProcess): Promise<number[]> {
  const { statuses, pids } = await spread(server, () => request(`${server.url}/healthz`));
  expect(new Set(statuses)).toEqual(new Set([200]));
  return pids;
}

const embedded = inject('dbTarget') !== 'postgres';

describe.runIf(embedded)('KASSA_API_PROCESSES=2 on the embedded database', { timeout: 120_000 }, () => {
  const dir = dataDir();
  let children: number[] = [];

  it('forks two API processes, and requests are answered by both', async () => {
    server = await startServer({ KASSA_DATA_DIR: dir, KASSA_API_PROCESSES: '2', LOG_LEVEL: 'info' });
    // /readyz answers as soon as one API process listens; Kassa's line comes once both do.
    const out = await until('the listening line', async () => (server!.output().includes('2 API processes)') ? server!.output() : undefined));
    expect(out.match(/listening on/g)).toHaveLength(2); // the database's line and Kassa's, once
    children = nodeChildren(server.child.pid!);
    expect(children).toHaveLength(2);

    expect(await answeredBy(server)).toEqual(children);
  });

  it('/metrics counts the requests of every API process', async () => {
    const token = fs.readFileSync(path.join(dir, 'admin-token'), 'utf8').trim();
    const count = async () => {
      const r = await request(`${server!.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(r.status).toBe(200);
      const m = /kassa_http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*status="200"[^}]*\} (\d+)/.exec(r.body);
      return Number(m?.[1] ?? 0);
    };
    const before = await count();
    const { statuses, pids } = await spread(server!, () => request(`${server!.url}/healthz`));
    expect(pids).toEqual(children); // both answered some: a scrape of one process alone would count fewer
    expect((await count()) - before).toBe(statuses.length);
  });

  it('a key rolled through one API process is refused at once by the other', async () => {
    const keys = demoKeys(server!.output());
    const order = await createOrder(server!.url, keys, 'PROCS-1');
    expect(order.status).toBe(201);
    const old = `Bearer ${handSigned({ accessKey: keys.accessKey, exp: Math.floor(Date.now() / 1000) + 600 }, keys.secretKey)}`;
    const get = () => request(`${server!.url}/sandbox/api/orders/${order.uuid}`, { headers: { authorization: old } });
    // Both processes have the key and this very token cached.
    const warm = await spread(server!, get);
    expect(warm.pids).toEqual(children);
    expect(new Set(warm.statuses)).toEqual(new Set([200]));

    const storeUuid = /store uuid:\s+(\S+)/.exec(server!.output())![1];
    const token = fs.readFileSync(path.join(dir, 'admin-token'), 'utf8').trim();
    const rolled = await request(`${server!.url}/operator/stores/${storeUuid}/keys/roll`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ env: 'sandbox', overlapMinutes: 0 }),
    });
    expect(rolled.status).toBe(200);
    const after = await spread(server!, get);
    expect(after.pids).toEqual(children);
    expect(new Set(after.statuses)).toEqual(new Set([403]));
  });

  it('a killed API process is replaced, and requests keep succeeding meanwhile', async () => {
    const [victim, survivor] = children as [number, number];
    process.kill(victim, 'SIGKILL');
    const statuses: number[] = [];
    const replaced = await until(
      'a new API process',
      async () => {
        statuses.push((await request(`${server!.url}/healthz`)).status);
        const now = nodeChildren(server!.child.pid!);
        const fresh = now.filter((p) => p !== survivor && p !== victim);
        // Listening: the restart was logged and the new process answers.
        return fresh.length === 1 && server!.output().includes('API process started in place of') ? fresh[0] : undefined;
      },
      30_000,
    );
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(server!.output()).toContain(`API process ${victim} exited (SIGKILL)`);

    expect(await answeredBy(server!)).toEqual([replaced, survivor].sort((a, b) => a - b));
    children = [replaced, survivor];
  });

  it('SIGTERM stops every process: no API process, no PostgreSQL, the lock released', async () => {
    const postmaster = runningPostmaster(dir);
    expect(postmaster).toBeDefined();
    await server!.stop('SIGTERM');
    expect(server!.child.exitCode).toBe(0);
    for (const pid of [...children, postmaster!]) expect(isAlive(pid)).toBe(false);
    expect(runningPostmaster(dir)).toBeUndefined();
    expect(dataDirOwner(dir)).toBeUndefined();
    server = undefined;
  });
});

/** A server expected to exit by itself; `watch` sees its output as it comes. */
async function run(env: Record<string, string>, watch: (output: string) => void = () => undefined): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, await serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env, KASSA_PUBLIC_URL: `http://127.0.0.1:${env.PORT}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const seen = (d: Buffer) => {
    output += d.toString();
    watch(output);
  };
  child.stdout.on('data', seen);
  child.stderr.on('data', seen);
  const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    }),
  );
}

describe.runIf(embedded)('KASSA_API_PROCESSES: starts that fail', { timeout: 120_000 }, () => {
  it('API processes that cannot listen fail the start: nothing left running, the lock released', async () => {
    const dir = dataDir();
    const port = await freePort();
    let taker: net.Server | undefined;
    // The port is free at the checks before the database starts, and taken before the API processes listen.
    const ended = await run({ KASSA_DATA_DIR: dir, PORT: String(port), KASSA_API_PROCESSES: '2' }, (output) => {
      if (!taker && output.includes('embedded PostgreSQL: listening on')) {
        taker = net.createServer();
        taker.listen(port, '0.0.0.0');
      }
    });
    taker?.close();
    expect(ended.code).toBe(1);
    expect(ended.output).toMatch(/An API process \(pid \d+\) could not start: Cannot listen on 0\.0\.0\.0:\d+: the port is in use/);
    expect(runningPostmaster(dir)).toBeUndefined();
    expect(dataDirOwner(dir)).toBeUndefined();
  });

  it('a KASSA_API_PROCESSES the embedded database cannot take fails before the database starts', async () => {
    const dir = dataDir();
    for (const [env, message] of [
      [{ KASSA_API_PROCESSES: '0' }, 'configuration error: KASSA_API_PROCESSES must be an integer from 1 to 64, got "0"'],
      [{ KASSA_API_PROCESSES: '40', KASSA_DB_POOL_SIZE: '100' }, 'configuration error: KASSA_API_PROCESSES=40 with KASSA_DB_POOL_SIZE=100 needs 4264 database connections'],
    ] as [Record<string, string>, string][]) {
      const ended = await run({ KASSA_DATA_DIR: dir, PORT: String(await freePort()), ...env });
      expect(ended.code).toBe(1);
      expect(ended.output).toContain(message);
      expect(fs.existsSync(path.join(dir, 'pg'))).toBe(false);
    }
  });
});
