/** Small process and port helpers shared by the embedded database, tests and benchmarks. */
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

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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

/** A process's working folder (undefined when unknown: gone, not ours to see, or no /proc). */
export function processCwd(pid: number): string | undefined {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}
