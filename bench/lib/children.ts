/**
 * Child processes of the benchmark and their clean-up. Servers run as separate processes (their
 * memory is measurable and they do not share the load generator's event loop), in their own
 * process group so a Ctrl-C reaches only the benchmark, which then shuts them down in order.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, isAlive } from '../../src/platform/processes.js';
import { runningPostmaster } from '../../src/platform/embedded-postgres.js';
import { cleanup as runCleanups, onCleanup } from '../../scripts/lib/cleanups.js';

export { freePort, isAlive };

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The project's own Node (node_modules/.bin/node), or the one running the benchmark. */
export function nodeBinary(): string {
  const local = path.join(REPO_ROOT, 'node_modules/.bin/node');
  return fs.existsSync(local) ? local : process.execPath;
}

// Clean-up: run last-registered first, once, on normal exit, error or signal (scripts/lib/cleanups.ts).
export { onCleanup };
export const cleanup = (): Promise<void> => runCleanups((m) => console.error(`bench: ${m}`));

export interface Child {
  name: string;
  pid: number;
  proc: ChildProcess;
  exited: boolean;
  exitCode: number | null;
  /** The last few KB of the child's stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export function spawnServer(name: string, args: string[], env: Record<string, string>): Child {
  const proc = spawn(nodeBinary(), args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: the terminal's Ctrl-C goes to the benchmark only
  });
  if (proc.pid === undefined) throw new Error(`could not start ${name}`);
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString('utf8')).slice(-8000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const child: Child = {
    name,
    pid: proc.pid,
    proc,
    exited: false,
    exitCode: null,
    output: () => out,
    async stop(graceMs = 20_000) {
      if (child.exited) return;
      const gone = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGTERM');
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
      if ((await Promise.race([gone, timer])) === 'timeout') {
        console.error(`bench: ${name} did not stop within ${graceMs} ms; killing it`);
        proc.kill('SIGKILL');
        await gone;
      }
    },
  };
  proc.on('exit', (code, signal) => {
    child.exited = true;
    child.exitCode = code ?? (signal ? 128 : null);
  });
  onCleanup(
    name,
    () => child.stop(),
    () => {
      if (!child.exited) proc.kill('SIGKILL');
    },
  );
  return child;
}

/** Polls `url` until it answers 200; fails early when the child exits. */
export async function waitReady(child: Child, url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exited) {
      throw new Error(`${child.name} exited (code ${child.exitCode}) before it was ready:\n${child.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`${child.name} was not ready at ${url} after ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Stops an embedded PostgreSQL left running under `dataDir` (its Kassa process was killed before
 * it could stop it), found through postmaster.pid.
 */
export function stopLeftoverPostgres(dataDir: string): void {
  const pid = runningPostmaster(dataDir);
  if (pid === undefined) return;
  console.error(`bench: stopping the embedded PostgreSQL left running (pid ${pid})`);
  process.kill(pid, 'SIGQUIT');
}
