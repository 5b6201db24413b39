/** A real Kassa server process (src/main.ts), as an operator would start it. */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/platform/processes.js';
import { clusterDir } from '../../src/platform/embedded-postgres.js';

export { freePort };

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: port, KASSA_PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`server did not become ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Runs the operator CLI (npm run kassa -- …) and returns its standard output. */
export async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  return stdout;
}

/** The connection URL of the embedded PostgreSQL a server runs under dataDir. */
export function embeddedDbUrl(dataDir: string): string {
  const pw = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const port = fs.readFileSync(path.join(clusterDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
  return `postgres://kassa:${pw}@127.0.0.1:${port}/postgres`;
}

/** Polls `probe` every 100 ms until it gives a value (not undefined); throws after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
