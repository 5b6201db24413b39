/**
 * Which Kassa process owns a data dir's embedded database.
 *
 * The owner is recorded in `<dataDir>/kassa.lock`: its pid, the HTTP port it serves, its start
 * time (so a reused pid is not taken for the owner) and its command line. The file appears
 * atomically and exclusively: the record is written to a private temp file first, then hard-linked
 * to the lock's name (link() fails when the name exists), so no reader ever sees half a record and
 * two processes starting at the same instant cannot both own the dir.
 *
 * A lock whose owner is gone (killed, crashed; also when it is a zombie its parent has not reaped
 * yet, see isAlive) is stale and is broken, under a short-lived guard
 * file and only after re-reading it under that guard: two processes that both found the same stale
 * lock cannot remove each other's fresh one.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { commandLine, isAlive, processStartTime, stillRunning } from './processes.js';

export const LOCK_FILE = 'kassa.lock';
const GUARD_FILE = 'kassa.lock.guard';
/** A guard is held for a few file operations; one this old was left by a process that died holding it. */
const GUARD_STALE_MS = 10_000;
/** A lock whose record cannot be read (not written by this code) counts as held while this young. */
const UNREADABLE_GRACE_MS = 5_000;

export interface Owner {
  pid: number;
  /** The HTTP port it serves; null for a process that serves none (KASSA_ROLE=work, test runs). */
  port: number | null;
  /** processStartTime(pid) when it took the lock; absent where the platform cannot tell. */
  startTime?: string;
  command: string;
  since: string;
  /** Tells this lock apart from any other, even one of a reused pid. */
  nonce: string;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Owner | undefined,
  ) {
    const lock = path.join(dataDir, LOCK_FILE);
    const who = owner
      ? `Kassa pid ${owner.pid} (${owner.port === null ? 'serving no HTTP port' : `serving HTTP on port ${owner.port}`}, since ${owner.since}: ${owner.command})`
      : 'another Kassa process that is starting right now';
    super(
      `The data dir ${dataDir} is in use by ${who}. One embedded database has one owner. ` +
        'To run a second instance, give it its own data dir (KASSA_DATA_DIR=./data-2), or run both on one ' +
        'PostgreSQL (DATABASE_URL, with the same KASSA_MASTER_KEY). ' +
        (owner ? `If pid ${owner.pid} is not Kassa, remove ${lock}.` : `If no Kassa is starting, remove ${lock}.`),
    );
    this.name = 'DataDirInUse';
  }
}

export interface DataDirLock {
  readonly owner: Owner;
  /** Removes the lock (only if it is still this process's). */
  release(): void;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

interface Held {
  owner: Owner | undefined;
  mtimeMs: number;
}

function readLock(file: string): Held | undefined {
  let text: string;
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (errno(err) === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const o = JSON.parse(text) as Owner;
    if (Number.isInteger(o.pid) && o.pid > 0 && typeof o.nonce === 'string') return { owner: o, mtimeMs };
  } catch {
    /* not a record of ours */
  }
  return { owner: undefined, mtimeMs };
}

/** Whether the process that wrote this record still runs (the same process, not a reuse of its pid). */
export function ownerAlive(owner: Owner): boolean {
  // Where start times are unknown, a live pid is taken for the owner: refusing to start is
  // recoverable (the message names the lock file); stopping a live owner's database is not.
  return stillRunning(owner);
}

function held(h: Held): boolean {
  return h.owner ? ownerAlive(h.owner) : Date.now() - h.mtimeMs < UNREADABLE_GRACE_MS;
}

/** Removes the lock file if it is still the stale one that was read (same nonce), under the guard. */
function breakStale(dataDir: string, file: string, stale: Held): void {
  const guard = path.join(dataDir, GUARD_FILE);
  try {
    fs.writeFileSync(guard, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if (errno(err) !== 'EEXIST') throw err;
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > GUARD_STALE_MS) fs.rmSync(guard, { force: true });
    } catch {
      /* gone meanwhile */
    }
    sleep(50);
    return;
  }
  try {
    const now = readLock(file);
    if (!now) return;
    const same = now.owner && stale.owner ? now.owner.nonce === stale.owner.nonce : !now.owner && !stale.owner;
    if (same && !held(now)) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/**
 * Takes the data dir for this process, or throws DataDirInUse naming the live owner.
 * A stale lock (its owner gone) is replaced.
 */
export function lockDataDir(dataDir: string, port: number | null, timeoutMs = 15_000): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Owner = {
    pid: process.pid,
    port,
    startTime: processStartTime(process.pid),
    command: commandLine(process.pid) || process.argv.join(' '),
    since: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };
  const tmp = `${file}.${process.pid}.${me.nonce}`;
  // Temp records of processes that died between writing and linking them.
  for (const name of fs.readdirSync(dataDir)) {
    const pid = /^kassa\.lock\.(\d+)\.[0-9a-f]+$/.exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) fs.rmSync(path.join(dataDir, name), { force: true });
  }
  fs.writeFileSync(tmp, JSON.stringify(me) + '\n', { flag: 'wx', mode: 0o644 });
  try {
    const end = Date.now() + timeoutMs;
    for (;;) {
      try {
        fs.linkSync(tmp, file);
        break;
      } catch (err) {
        if (errno(err) !== 'EEXIST') throw err;
      }
      const h = readLock(file);
      if (!h) continue; // released meanwhile: try again
      if (held(h)) {
        if (h.owner || Date.now() > end) throw new DataDirInUse(dataDir, h.owner);
        sleep(100); // an unreadable, fresh lock: wait for it to age
        continue;
      }
      if (Date.now() > end) throw new Error(`could not take the lock ${file} within ${timeoutMs} ms`);
      breakStale(dataDir, file, h);
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  let released = false;
  return {
    owner: me,
    release() {
      if (released) return;
      released = true;
      const h = readLock(file);
      if (h?.owner?.nonce === me.nonce) fs.rmSync(file, { force: true });
    },
  };
}

/** The live owner of a data dir, if any (for messages and tests). */
export function dataDirOwner(dataDir: string): Owner | undefined {
  const h = readLock(path.join(dataDir, LOCK_FILE));
  return h?.owner && ownerAlive(h.owner) ? h.owner : undefined;
}
