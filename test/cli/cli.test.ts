/**
 * The `kassa` command as scripts use it: the package's bin (bin/kassa.js), exit codes, one-line
 * errors, output that pipes into `head` without an EPIPE trace, and the sandbox store settings.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../support/app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/kassa.js');

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}
/** Runs a command line in sh (so pipes are real pipes) against the test server. */
function sh(command: string, env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd: ROOT, env: { ...process.env, KASSA_URL: url, KASSA_ADMIN_TOKEN: ADMIN_TOKEN, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
const kassa = (args: string) => sh(`"${process.execPath}" "${BIN}" ${args}`);

describe('the kassa command', () => {
  it('--help prints the usage on stdout and exits 0', async () => {
    const r = await kassa('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage:\n {2}kassa stores create/);
    expect(r.stdout).toContain('kassa stores set-bank-refunds UUID --enabled true|false');
    expect(r.stderr).toBe('');
  });

  it('npx kassa runs this checkout’s own CLI, without the registry', async () => {
    const r = await sh('npx kassa --help', { npm_config_offline: 'true', npm_config_update_notifier: 'false' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage:\n {2}kassa stores create/);
  }, 60_000);

  it('fails with one line on stderr: 2 for usage, 1 for what the server refused or could not do', async () => {
    const usage = await kassa('stores frobnicate');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe('unknown command "stores frobnicate" (kassa --help shows the usage)\n');
    const option = await kassa('stores list --bogus');
    expect(option.code).toBe(2);
    expect(option.stderr.trim().split('\n')).toHaveLength(1);
    const refused = await kassa('stores set-bank-refunds 01900000-0000-7000-8000-000000000000 --enabled true');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('PATCH /operator/stores/01900000-0000-7000-8000-000000000000 failed: 404 Store 01900000-0000-7000-8000-000000000000 not found\n');
    const down = await sh(`"${process.execPath}" "${BIN}" stores list`, { KASSA_URL: 'http://127.0.0.1:1' });
    expect(down.code).toBe(1);
    expect(down.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('pipes into a reader that stops early without an EPIPE trace', async () => {
    // Enough stores that the listing is larger than a pipe's buffer.
    for (let i = 0; i < 200; i++) await t.createStore({ name: `Pipe shop ${i} ${'x'.repeat(150)}` });
    const r = await sh(`"${process.execPath}" "${BIN}" stores list --json | head -c 10`);
    expect(r.stdout).toHaveLength(10);
    expect(r.stderr).toBe('');
    const code = await sh(`"${process.execPath}" "${BIN}" stores list --json | head -c 10 >/dev/null; exit 0`);
    expect(code.stderr).toBe('');
  });
});

describe('sandbox store settings from the CLI', () => {
  it('stores set-bank-refunds turns bank-payment refunds on and off', async () => {
    const s = await t.createStore();
    const on = await kassa(`stores set-bank-refunds ${s.id} --enabled true --json`);
    expect(on.code).toBe(0);
    expect(JSON.parse(on.stdout)).toEqual({ uuid: s.id, bankRefundsEnabled: true });
    expect((await t.services.stores.get(s.id))!.bankRefundsEnabled).toBe(true);
    const off = await kassa(`stores set-bank-refunds ${s.id} --enabled false`);
    expect(off.stdout).toBe(`store ${s.id}: bank-payment refunds disabled\n`);
    expect((await t.services.stores.get(s.id))!.bankRefundsEnabled).toBe(false);
    const bad = await kassa(`stores set-bank-refunds ${s.id} --enabled maybe`);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('--enabled true|false is required (kassa --help shows the usage)\n');
  });

  it('stores set-sandbox-settlement switches between instant and realistic settlement', async () => {
    const s = await t.createStore();
    expect(s.sandboxSettlement).toBe('instant');
    const slow = await kassa(`stores set-sandbox-settlement ${s.id} --mode realistic --json`);
    expect(slow.code).toBe(0);
    expect(JSON.parse(slow.stdout)).toEqual({ uuid: s.id, sandboxSettlement: 'realistic' });
    expect((await t.services.stores.get(s.id))!.sandboxSettlement).toBe('realistic');
    expect((await kassa(`stores set-sandbox-settlement ${s.id} --mode later`)).code).toBe(2);
  });
});
