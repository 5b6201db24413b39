/**
 * Watches the processes under test during one load run: the peak RSS of the Kassa node process
 * (summed over its API processes when it runs several: proc.ts serverProcesses),
 * the peak memory of its PostgreSQL, and the CPU each side used (server, database, this load
 * generator, whole machine) between start() and stop().
 */
import os from 'node:os';
import { cpuSeconds, exitedChildrenCpuSeconds, machineCpu, MB, postgresProcesses, pssBytes, rssBytes, serverProcesses, type MachineCpu } from './proc.js';

export interface CpuSplit {
  /** Percent of one core (100 = one core busy for the whole window; this machine has os.cpus().length). */
  serverPct: number;
  dbPct: number;
  /** This process (autocannon runs in it) and its children that exited in the window (wrk: it exits before stop()). */
  loadgenPct: number;
  /** Percent of all cores busy, machine-wide. */
  machineBusyPct: number;
  /**
   * CPU used by everything else on the machine (percent of one core): machine-wide busy time
   * minus server, database and load generator. High values mean a noisy run.
   */
  otherPct: number;
}

export interface MonitorResult {
  /** Peak VmRSS of the watched server process (with its API processes, summed), MB. */
  serverRssMaxMB: number | null;
  /** Peak of the summed PSS of the PostgreSQL processes, MB (embedded database only). */
  dbRssMaxMB: number | null;
  cpu: CpuSplit;
}

interface CpuMark {
  at: bigint;
  server: number;
  db: number;
  loadgen: NodeJS.CpuUsage;
  /** CPU seconds of this process's exited children: a load generator run as a child (wrk, pgbench) is counted when it exits. */
  loadgenChildren: number;
  machine: MachineCpu;
}

export class Monitor {
  private timer: NodeJS.Timeout | undefined;
  private rssMax = 0;
  private dbMax = 0;
  private ticks = 0;
  private samples = 0;
  private serverPids: number[] = [];
  private mark: CpuMark | undefined;

  constructor(
    /** The server process to watch. */
    private readonly serverPid: number,
    /** The Kassa process, whose PostgreSQL is watched (undefined: no database, the bare server). */
    private readonly dbOwnerPid: number | undefined,
    private readonly embeddedDb: boolean,
    private readonly intervalMs = 250,
  ) {}

  /** CPU seconds of the server: its process and its API processes (not its PostgreSQL). */
  private serverCpu(): number {
    return cpuSeconds(serverProcesses(this.serverPid));
  }

  private dbCpu(): number {
    return this.dbOwnerPid === undefined ? 0 : cpuSeconds(postgresProcesses(this.dbOwnerPid, this.embeddedDb));
  }

  private sample(): void {
    // The list of the server's processes (a scan of /proc) is refreshed once a second.
    if (this.samples++ % Math.max(1, Math.round(1000 / this.intervalMs)) === 0) this.serverPids = serverProcesses(this.serverPid).map((p) => p.pid);
    let rss = 0;
    for (const pid of this.serverPids) rss += rssBytes(pid) ?? 0;
    if (rss > this.rssMax) this.rssMax = rss;
    // smaps_rollup is dearer than status: read the database's memory once a second.
    if (this.embeddedDb && this.dbOwnerPid !== undefined && this.ticks++ % Math.max(1, Math.round(1000 / this.intervalMs)) === 0) {
      let sum = 0;
      for (const p of postgresProcesses(this.dbOwnerPid, true)) sum += pssBytes(p.pid) ?? 0;
      if (sum > this.dbMax) this.dbMax = sum;
    }
  }

  /** Starts sampling memory (kept until stop()). */
  watch(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  /** Marks the start of the CPU window. */
  startCpuWindow(): void {
    this.mark = {
      at: process.hrtime.bigint(),
      server: this.serverCpu(),
      db: this.dbCpu(),
      loadgen: process.cpuUsage(),
      loadgenChildren: exitedChildrenCpuSeconds(),
      machine: machineCpu(),
    };
  }

  stop(): MonitorResult {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    const m = this.mark;
    let cpu: CpuSplit = { serverPct: 0, dbPct: 0, loadgenPct: 0, machineBusyPct: 0, otherPct: 0 };
    if (m) {
      const wall = Number(process.hrtime.bigint() - m.at) / 1e9;
      const server = this.serverCpu() - m.server;
      const db = this.dbCpu() - m.db;
      const lg = process.cpuUsage(m.loadgen);
      const lgChildren = exitedChildrenCpuSeconds() - m.loadgenChildren;
      const mc = machineCpu();
      const pct = (s: number) => Math.round((1000 * s) / wall) / 10;
      const busyFraction = (mc.busy - m.machine.busy) / Math.max(1, mc.total - m.machine.total);
      cpu = {
        serverPct: pct(server),
        dbPct: this.dbOwnerPid === undefined ? 0 : pct(db),
        loadgenPct: pct((lg.user + lg.system) / 1e6 + lgChildren),
        machineBusyPct: Math.round(1000 * busyFraction) / 10,
        otherPct: 0,
      };
      const cores = os.cpus().length;
      cpu.otherPct = Math.max(0, Math.round(10 * (busyFraction * cores * 100 - cpu.serverPct - cpu.dbPct - cpu.loadgenPct)) / 10);
    }
    return {
      serverRssMaxMB: this.rssMax ? Math.round((10 * this.rssMax) / MB) / 10 : null,
      dbRssMaxMB: this.dbMax ? Math.round((10 * this.dbMax) / MB) / 10 : null,
      cpu,
    };
  }
}
