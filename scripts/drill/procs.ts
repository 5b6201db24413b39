/**
 * The drill's child processes and its clean-up: every process runs in its own process group (so the
 * terminal's Ctrl-C reaches the drill only, which then stops them in reverse order), keeps the last
 * few KB of its output for the report, and may run as another user (PostgreSQL and PgBouncer refuse
 * to run as root: as root they run as `postgres`).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { isAlive } from '../../src/platform/processes.js';
import { cleanup as runCleanups, onCleanup } from '../lib/cleanups.js';

export const log = (m: string): void => {
  process.stderr.write(`drill ${new Date().toISOString().slice(11, 23)} ${m}\n`);
};

// Clean-up: last registered runs first, once; on exit, error or signal (scripts/lib/cleanups.ts).
export { onCleanup };
export const cleanup = (): Promise<void> => runCleanups(log);

/** The uid/gid to run PostgreSQL, Patroni and PgBouncer as: `postgres` when the drill runs as root. */
export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

export function unprivilegedUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid, name: 'postgres' };
  } catch {
    throw new Error('running as root: PostgreSQL and PgBouncer refuse to run as root, and there is no `postgres` user to run them as');
  }
}

/** Gives `p` (recursively) to `as`, when the drill runs as root. */
export function giveTo(p: string, as: RunAs | undefined): void {
  if (!as) return;
  fs.chownSync(p, as.uid, as.gid);
  if (fs.statSync(p).isDirectory()) for (const e of fs.readdirSync(p)) giveTo(`${p}/${e}`, as);
}

export interface Child {
  name: string;
  pid: number;
  proc: ChildProcess;
  exited: boolean;
  exitCode: number | null;
  /** The last KB of the child's stdout and stderr. */
  output(): string;
  /** Lines of output matching `re` seen so far (kept whole, not trimmed). */
  grep(re: RegExp): string[];
  /** SIGTERM (SIGINT for some), then SIGKILL of the whole group after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL of the child's whole process group, at once. */
  kill(): void;
}

export function start(
  name: string,
  command: string,
  args: string[],
  opts: { env?: Record<string, string | undefined>; cwd?: string; as?: RunAs; stopSignal?: NodeJS.Signals; keepBytes?: number } = {},
): Child {
  const proc = spawn(command, args, {
    cwd: opts.cwd,
    env: (opts.env ?? process.env) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group
    ...(opts.as ? { uid: opts.as.uid, gid: opts.as.gid } : {}),
  });
  if (proc.pid === undefined) throw new Error(`could not start ${name} (${command})`);
  const keepBytes = opts.keepBytes ?? 16_000;
  let out = '';
  const lines: string[] = [];
  let partial = '';
  const keep = (d: Buffer) => {
    const s = d.toString('utf8');
    out = (out + s).slice(-keepBytes);
    const parts = (partial + s).split('\n');
    partial = parts.pop() ?? '';
    for (const l of parts) if (lines.length < 20_000) lines.push(l);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const pgid = proc.pid;
  const killGroup = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pgid, sig);
    } catch {
      /* gone */
    }
  };
  const child: Child = {
    name,
    pid: proc.pid,
    proc,
    exited: false,
    exitCode: null,
    output: () => out,
    grep: (re) => lines.filter((l) => re.test(l)),
    kill: () => killGroup('SIGKILL'),
    async stop(graceMs = 15_000) {
      if (!child.exited) {
        const gone = new Promise<void>((r) => proc.once('exit', () => r()));
        killGroup(opts.stopSignal ?? 'SIGTERM');
        const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
        if ((await Promise.race([gone, timer])) === 'timeout') {
          log(`${name} did not stop within ${graceMs} ms; killing it`);
          killGroup('SIGKILL');
          await gone;
        }
      }
      // Whatever it left in its group (a detached postmaster is found by the caller).
      killGroup('SIGKILL');
    },
  };
  proc.on('exit', (code, signal) => {
    child.exited = true;
    child.exitCode = code ?? (signal ? 128 : null);
  });
  onCleanup(
    name,
    () => child.stop(),
    () => killGroup('SIGKILL'),
  );
  return child;
}

/** SIGKILLs `pid` when it is still alive. */
export function killPid(pid: number | undefined): void {
  if (pid !== undefined && isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every `everyMs` until it returns true; throws after `timeoutMs` with `what`. */
export async function until(what: string, timeoutMs: number, probe: () => Promise<boolean> | boolean, everyMs = 200): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
