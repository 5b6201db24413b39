import { describe, expect, it } from 'vitest';
import { freePort } from './processes.js';

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
