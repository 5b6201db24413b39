/**
 * `kassa users add` as an operator runs it (bin/kassa.js against a running server): the user it
 * adds can sign in to /dashboard; usage errors exit 2, server refusals exit 1, one line each.
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

function kassa(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, KASSA_URL: url, KASSA_ADMIN_TOKEN: ADMIN_TOKEN } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('kassa users add', () => {
  it('adds a user who can then sign in; --json prints the user', async () => {
    const r = await kassa(['users', 'add', '--store', t.store.id, '--email', 'cli@shop.test', '--password', 'a long password', '--role', 'viewer', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ email: 'cli@shop.test', storeUuid: t.store.id, role: 'viewer' });
    const plain = await kassa(['users', 'add', '--store', t.store.id, '--email', 'cli2@shop.test', '--password', 'a long password']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^user cli2@shop\.test \([0-9a-f-]{36}\) is owner of store [0-9a-f-]{36}; sign in at http:\/\/127\.0\.0\.1:\d+\/dashboard\/login\n$/);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/login' });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/dashboard/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_login_csrf=${csrf}` },
      payload: new URLSearchParams({ email: 'cli@shop.test', password: 'a long password', csrf }).toString(),
    });
    expect(signIn.statusCode).toBe(303);
  });

  it('usage errors exit 2; a refused request exits 1; one line on stderr each', async () => {
    const missing = await kassa(['users', 'add', '--store', t.store.id, '--email', 'x@shop.test']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('--password is required (kassa --help shows the usage)\n');
    const role = await kassa(['users', 'add', '--store', t.store.id, '--email', 'x@shop.test', '--password', 'a long password', '--role', 'admin']);
    expect(role.code).toBe(2);
    const refused = await kassa(['users', 'add', '--store', t.store.id, '--email', 'x@shop.test', '--password', 'short']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('POST /operator/backoffice-users failed: 400 password must be at least 10 characters\n');
    const help = await kassa(['--help']);
    expect(help.stdout).toContain('kassa users add --store UUID --email EMAIL --password PASSWORD');
  });
});
