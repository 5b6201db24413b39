/**
 * Linux /proc readings for the benchmark: resident memory of the Kassa node process, memory and
 * CPU time of the PostgreSQL processes serving it, and whole-machine CPU. Every function returns
 * undefined/0 for a process that has gone away between listing and reading.
 */
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

export interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime, clock ticks. */
  cpu: number;
  /** cutime + cstime (waited-for children), clock ticks. */
  childCpu: number;
}

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export function procStat(pid: number): ProcStat | undefined {
  const s = readText(`/proc/${pid}/stat`);
  if (!s) return undefined;
  // comm is in parentheses and may itself contain spaces or parentheses.
  const open = s.indexOf('(');
  const close = s.lastIndexOf(')');
  const rest = s.slice(close + 2).split(' ');
  return {
    pid,
    comm: s.slice(open + 1, close),
    ppid: Number(rest[1]),
    cpu: Number(rest[11]) + Number(rest[12]),
    childCpu: Number(rest[13]) + Number(rest[14]),
  };
}

export function allProcesses(): ProcStat[] {
  const out: ProcStat[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const st = procStat(Number(name));
    if (st) out.push(st);
  }
  return out;
}

/** Every descendant of `root` (not root itself). */
export function descendants(root: number, procs: ProcStat[] = allProcesses()): ProcStat[] {
  const byParent = new Map<number, ProcStat[]>();
  for (const p of procs) {
    const list = byParent.get(p.ppid);
    if (list) list.push(p);
    else byParent.set(p.ppid, [p]);
  }
  const out: ProcStat[] = [];
  const queue = [root];
  while (queue.length) {
    for (const c of byParent.get(queue.shift()!) ?? []) {
      out.push(c);
      queue.push(c.pid);
    }
  }
  return out;
}

/**
 * The PostgreSQL processes serving the benchmark: the embedded server is a child of the Kassa
 * process; an external one is found machine-wide by process name.
 */
export function postgresProcesses(kassaPid: number | undefined, embedded: boolean): ProcStat[] {
  const procs = allProcesses();
  const pool = embedded && kassaPid ? descendants(kassaPid, procs) : procs;
  return pool.filter((p) => p.comm === 'postgres' || p.comm.startsWith('postgres:'));
}

/**
 * The server's own processes: `pid` and its descendants that are not PostgreSQL (the API processes
 * a primary forks with KASSA_API_PROCESSES or BENCH_PROCESSES > 1; none for one process).
 */
export function serverProcesses(pid: number): ProcStat[] {
  const procs = allProcesses();
  const self = procs.find((p) => p.pid === pid);
  const isPostgres = (p: ProcStat) => p.comm === 'postgres' || p.comm.startsWith('postgres:');
  return [...(self ? [self] : []), ...descendants(pid, procs).filter((p) => !isPostgres(p))];
}

/** VmRSS of a process in bytes. */
export function rssBytes(pid: number): number | undefined {
  const s = readText(`/proc/${pid}/status`);
  const m = s && /^VmRSS:\s+(\d+)\s+kB/m.exec(s);
  return m ? Number(m[1]) * 1024 : undefined;
}

/**
 * Proportional set size in bytes: RSS with shared pages (PostgreSQL's shared_buffers) divided
 * among the processes sharing them, so a sum over a process group counts shared memory once.
 */
export function pssBytes(pid: number): number | undefined {
  const s = readText(`/proc/${pid}/smaps_rollup`);
  const m = s && /^Pss:\s+(\d+)\s+kB/m.exec(s);
  return m ? Number(m[1]) * 1024 : undefined;
}

/** CPU seconds used so far by a set of processes (including their reaped children). */
export function cpuSeconds(procs: ProcStat[]): number {
  const pids = new Set(procs.map((p) => p.pid));
  let ticks = 0;
  for (const p of procs) {
    ticks += p.cpu;
    // A parent outside the set (the postmaster, the Kassa process) also carries the CPU of its
    // exited children (short-lived backends); inside the set that would count them twice.
    if (!pids.has(p.ppid)) ticks += p.childCpu;
  }
  return ticks / CLK_TCK;
}

/** CPU seconds of this process's children that have exited and been waited for (cutime + cstime). */
export function exitedChildrenCpuSeconds(): number {
  return (procStat(process.pid)?.childCpu ?? 0) / CLK_TCK;
}

/** CPU seconds used so far by one process itself (not its children). */
export function ownCpuSeconds(pid: number): number {
  return (procStat(pid)?.cpu ?? 0) / CLK_TCK;
}

export interface MachineCpu {
  busy: number;
  total: number;
}

/** Whole-machine CPU counters from /proc/stat (ticks). */
export function machineCpu(): MachineCpu {
  const line = (readText('/proc/stat') ?? '').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

export const MB = 1024 * 1024;
