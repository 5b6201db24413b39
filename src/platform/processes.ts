/** Small process and port helpers shared by the embedded database, tests and benchmarks. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/**
 * A TCP port free on the loopback interface right now, other than `avoid` (a port this process is
 * about to listen on itself: the kernel may hand out a just-released port again).
 */
export async function freePort(avoid: readonly number[] = [], pick: () => Promise<number> = anyFreePort): Promise<number> {
  for (;;) {
    const port = await pick();
    if (!avoid.includes(port)) return port;
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * Whether the pid is taken: by a running process, or by a zombie (one that has exited but that
 * its parent has not reaped yet). EPERM: it exists but belongs to another user.
 */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const HAS_PROC = fs.existsSync('/proc/self/stat');

/**
 * The state of a process: /proc/<pid>/stat field 3 (R, S, D, T, Z…), or where there is no /proc
 * (macOS) the first letter of `ps -o stat=`; undefined when unknown (gone).
 */
export function processState(pid: number): string | undefined {
  if (!HAS_PROC) {
    const r = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim().charAt(0) || undefined : undefined;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a process with this pid runs. A zombie does not: a process killed (SIGKILL) whose parent
 * (npm, a shell, a supervisor, a test harness) has not reaped it yet keeps its pid, and `kill -0`
 * succeeds on it, but it holds no port and serves nothing; taken for alive it blocked the next
 * start of its data dir ("data dir in use"). X: dead, being removed.
 */
export function isAlive(pid: number): boolean {
  if (!processExists(pid)) return false;
  const state = processState(pid);
  return state !== 'Z' && state !== 'X';
}

/** The command line of a process ('' when unknown: gone, or no /proc). */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * When a process started, as a string that differs between two processes that had the same pid
 * (pid reuse): the boot id and the start time in clock ticks since boot (/proc/<pid>/stat field 22).
 * Undefined when unknown (no /proc, or the process is gone).
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[19]; // field 22 of the whole line
    if (!ticks) return undefined;
    let boot = '';
    try {
      boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      /* no boot id: the ticks alone */
    }
    return boot ? `${boot}/${ticks}` : ticks;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that recorded `{pid, startTime}` (its processStartTime then) still runs: the
 * same process, not a reuse of its pid. Where start times are unknown, a live pid is taken for it.
 */
export function stillRunning(rec: { pid: number; startTime?: string | undefined }): boolean {
  if (!isAlive(rec.pid)) return false;
  const now = processStartTime(rec.pid);
  return rec.startTime === undefined || now === undefined || now === rec.startTime;
}

/** A process's working folder (undefined when unknown: gone, not ours to see, or no /proc). */
export function processCwd(pid: number): string | undefined {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}
