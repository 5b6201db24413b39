import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, LOCK_FILE, dataDirOwner, lockDataDir, type Owner } from './data-dir-lock.js';
import { processStartTime } from './processes.js';
import { zombie } from '../../test/support/zombie.js';

const dirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A pid that no process has now (a child that has exited). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

function writeRecord(dir: string, o: Partial<Owner>): void {
  const rec: Owner = { pid: 1, port: 8080, command: 'node dist/main.js', since: new Date().toISOString(), nonce: 'n0', ...o };
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(rec));
}

describe('the data dir lock', () => {
  it('records pid, port and start time; a second taker is refused with the owner named', () => {
    const dir = tmpDir();
    const lock = lockDataDir(dir, 8081);
    const rec = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as Owner;
    expect(rec).toMatchObject({ pid: process.pid, port: 8081, startTime: processStartTime(process.pid) });
    expect(dataDirOwner(dir)?.pid).toBe(process.pid);
    let err: unknown;
    try {
      lockDataDir(dir, 8082);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirInUse);
    expect((err as Error).message).toContain(`in use by Kassa pid ${process.pid} (serving HTTP on port 8081`);
    expect((err as Error).message).toMatch(/KASSA_DATA_DIR.*DATABASE_URL/);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]); // no temp files left
    lockDataDir(dir, 8082).release();
  });

  it('replaces the lock of a dead owner', () => {
    const dir = tmpDir();
    writeRecord(dir, { pid: deadPid() });
    const lock = lockDataDir(dir, null);
    expect(dataDirOwner(dir)?.nonce).toBe(lock.owner.nonce);
    lock.release();
  });

  it('replaces the lock of a reused pid: alive, but started at another time', () => {
    const dir = tmpDir();
    // This very process's pid, as if an earlier owner had had it.
    writeRecord(dir, { pid: process.pid, startTime: 'another-boot/1' });
    const lock = lockDataDir(dir, null);
    expect(lock.owner.startTime).toBe(processStartTime(process.pid));
    lock.release();
  });

  it('replaces the lock of an owner killed but not yet reaped by its parent (a zombie)', async () => {
    const dir = tmpDir();
    const z = await zombie();
    try {
      // As recorded by that process itself: its pid and start time still match.
      writeRecord(dir, { pid: z.pid, startTime: processStartTime(z.pid) });
      expect(dataDirOwner(dir)).toBeUndefined();
      const lock = lockDataDir(dir, null, 1_000);
      expect(dataDirOwner(dir)?.nonce).toBe(lock.owner.nonce);
      lock.release();
    } finally {
      z.parent.kill('SIGKILL');
    }
  });

  it('removes temp records left by processes that died before linking them', () => {
    const dir = tmpDir();
    const left = path.join(dir, `${LOCK_FILE}.${deadPid()}.0a1b2c`);
    fs.writeFileSync(left, '{}');
    lockDataDir(dir, null).release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('does not release a lock that is no longer its own', () => {
    const dir = tmpDir();
    const lock = lockDataDir(dir, null);
    writeRecord(dir, { pid: process.pid, startTime: processStartTime(process.pid), nonce: 'someone-else' });
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
  });

  it('an unreadable lock is held while fresh, and broken once old', () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), '');
    expect(() => lockDataDir(dir, null, 300)).toThrow(DataDirInUse);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dir, LOCK_FILE), old, old);
    lockDataDir(dir, null).release();
  });

  it('breaks a stale lock only under the guard; a guard left by a dead breaker is broken once old', () => {
    const dir = tmpDir();
    writeRecord(dir, { pid: deadPid() });
    const guard = path.join(dir, `${LOCK_FILE}.guard`);
    fs.writeFileSync(guard, '1\n'); // another process is breaking it right now
    expect(() => lockDataDir(dir, null, 300)).toThrow(/could not take the lock/);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(guard, old, old);
    lockDataDir(dir, null).release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('of processes starting at the same instant, exactly one takes it, with or without a stale lock there', { timeout: 30_000 }, async () => {
    // Each process loads the lock module, says "ready", and is then given the instant (a moment
    // after the last one is ready) to spin until: they all try at once, however long loading took.
    const script = `
      import { lockDataDir } from ${JSON.stringify(path.resolve(import.meta.dirname, 'data-dir-lock.ts'))};
      process.stdout.write('ready\\n');
      let line = '';
      process.stdin.setEncoding('utf8');
      process.stdin.on('data', (d) => {
        line += d;
        if (!line.includes('\\n')) return;
        process.stdin.destroy();
        const go = Number(line);
        while (Date.now() < go) {}
        try { lockDataDir(process.argv[1], null); process.stdout.write('won'); setTimeout(() => {}, 800); }
        catch (e) { process.stdout.write(e.name); }
      });`;
    for (const stale of [false, true]) {
      const dir = tmpDir();
      if (stale) writeRecord(dir, { pid: deadPid() });
      const children = Array.from({ length: 4 }, () => {
        const c = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
        let out = '';
        const outcome = new Promise<string>((resolve) => c.on('close', () => resolve(out.replace(/^ready\n/, ''))));
        // Ready, or gone without being ready (its outcome then says what it printed).
        const ready = new Promise<void>((resolve) => {
          c.stdout.on('data', (d: Buffer) => {
            out += d.toString();
            if (out.startsWith('ready\n')) resolve();
          });
          void outcome.then(() => resolve());
        });
        return { c, ready, outcome };
      });
      await Promise.all(children.map((k) => k.ready));
      const go = `${Date.now() + 200}\n`;
      for (const k of children) k.c.stdin.end(go);
      const outcomes = await Promise.all(children.map((k) => k.outcome));
      expect(outcomes.sort()).toEqual(['DataDirInUse', 'DataDirInUse', 'DataDirInUse', 'won']);
    }
  });
});
