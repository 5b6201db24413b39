import { describe, expect, it } from 'vitest';
import { zombie } from '../../test/support/zombie.js';
import { freePort, isAlive, processExists } from './processes.js';

describe('freePort', () => {
  it('is a port nothing listens on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
  });

  it('never answers a port to avoid, even when the kernel hands it out again', async () => {
    // The embedded PostgreSQL once took the HTTP port a test had just picked (test/e2e/one-owner): EADDRINUSE.
    const handedOut = [40001, 40001, 40002];
    const pick = async () => handedOut.shift()!;
    expect(await freePort([40001], pick)).toBe(40002);
    expect(handedOut).toEqual([]);
  });
});

describe('isAlive', () => {
  it('is true for a running process, false for one that exited and for a zombie (exited, not yet reaped)', async () => {
    expect(isAlive(process.pid)).toBe(true);
    const z = await zombie();
    try {
      // The pid still exists (kill -0 succeeds), but the process runs no more: a killed Kassa its parent has not waited for yet.
      expect(processExists(z.pid)).toBe(true);
      expect(isAlive(z.pid)).toBe(false);
    } finally {
      z.parent.kill('SIGKILL');
    }
  });
});
