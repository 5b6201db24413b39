/**
 * The `kassa` CLI as a user runs it: `npm run kassa -- … --json | jq` through a shell (npm's
 * banner must not reach stdout: .npmrc), the password asked for rather than passed (a pipe, and a
 * terminal through `script`), the server found from the data dir when it listens on another port,
 * the URL it tried named when it cannot, `kassa listen` naming events, empty lists saying so, and
 * `kassa trigger shipment.*` leaving no webhook behind. Each spawn costs seconds: few of them.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordServedUrl, SERVED_URL_FILE } from '../../src/platform/served-url.js';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { officeSignIn } from '../support/backoffice.js';
import { freePort } from '../support/server.js';
import { ROOT } from '../support/kassa-bin.js';
import type { CreatedStore } from '../../src/stores/service.js';

/** jq is what the user pipes into; CI installs it (.ci/run). Missing under CI=true is a failure, not a skip. */
const hasJq = spawnSync('jq', ['--version']).status === 0;
if (!hasJq && process.env.CI) throw new Error('jq is missing: .ci/run installs it (Debian package jq)');
const withJq = hasJq ? it : it.skip;
const hasScript = spawnSync('script', ['--version']).status === 0;
if (!hasScript && process.env.CI) throw new Error('script (util-linux) is missing');

let t: TestApp;
let url: string;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.createStore({ name: 'Pipe shop' });
});
afterAll(async () => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await t.close();
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}
/** A command line in sh, from the checkout, with `env` over this process's (none of the CLI's own variables unless given). */
function sh(command: string, env: Record<string, string>, stdin = ''): Promise<Ran> {
  return new Promise((resolve) => {
    const clean = { ...process.env, KASSA_URL: '', KASSA_ADMIN_TOKEN: '', KASSA_DATA_DIR: '', KASSA_ACCESS_KEY: '', KASSA_SECRET_KEY: '', HOST: '', PORT: '' };
    const child = spawn('sh', ['-c', command], { cwd: ROOT, env: { ...clean, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
const operator = () => ({ KASSA_URL: url, KASSA_ADMIN_TOKEN: ADMIN_TOKEN });
const keysOf = (s: CreatedStore) => ({ KASSA_URL: url, KASSA_ACCESS_KEY: s.keys.sandbox.accessKey, KASSA_SECRET_KEY: s.keys.sandbox.secretKey });
function dataDir(token: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-cli-data-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'admin-token'), token);
  return dir;
}

describe('npm run kassa -- … --json | jq', () => {
  withJq('stdout carries only the JSON (npm’s banner goes to stderr); an empty list is [] there and "No orders." at a terminal', async () => {
    const stores = await sh(`npm run kassa -- stores list --json | jq -c 'map(.name)'`, operator());
    expect(stores.code, stores.stderr).toBe(0);
    expect(JSON.parse(stores.stdout)).toContain('Pipe shop');
    expect(stores.stderr).toContain('> kassa@0.1.0 kassa'); // npm still says what it runs, on stderr

    const fresh = await t.createStore({ name: 'Empty shop' });
    const none = await sh(`npm run kassa -- orders list --json | jq length`, keysOf(fresh));
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe('0\n');
    const text = await sh(`npm run kassa -- orders list`, keysOf(fresh));
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toBe(''); // a pipe still carries records only
    expect(text.stderr.trim().split('\n').at(-1)).toBe('No orders.');
  });
});

describe('users add without --password', () => {
  withJq('reads one line of standard input when it is not a terminal, and never prints it', async () => {
    const password = 'piped long password 7';
    const r = await sh(`printf '%s\\n' '${password}' | npm run kassa -- users add --store ${t.store.id} --email piped@shop.test --json | jq -c .`, operator());
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ email: 'piped@shop.test', storeUuid: t.store.id, role: 'owner' });
    expect(r.stdout + r.stderr).not.toContain(password);
    expect((await officeSignIn(t, 'piped@shop.test', password)).statusCode).toBe(303);
  });

  it.skipIf(!hasScript)('asks at a terminal without echoing what is typed', async () => {
    const password = 'Xyzzy plugh 12345';
    const cmd = `npm run kassa -- users add --store ${t.store.id} --email typed@shop.test`;
    // util-linux `script` runs the command on a pseudo-terminal: the CLI sees a TTY, as at a keyboard.
    const child = spawn('script', ['-qefc', cmd, '/dev/null'], { cwd: ROOT, env: { ...process.env, ...operator(), KASSA_DATA_DIR: '' } });
    let seen = '';
    const prompted = new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        seen += d.toString();
        if (seen.includes('(not shown): ')) resolve();
      });
    });
    child.stderr.on('data', (d: Buffer) => (seen += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Asked (not refused for a missing --password, not hanging).
    expect(await Promise.race([prompted.then(() => 'prompted'), exited.then((c) => `exited ${c}: ${seen}`)])).toBe('prompted');
    // Typed a key at a time, with a mistake taken back by Backspace.
    for (const ch of `${password}x\u007f\r`) child.stdin.write(ch);
    const code = await exited;
    expect(code, seen).toBe(0);
    expect(seen).toContain('Password for typed@shop.test (not shown): ');
    expect(seen).toMatch(/user typed@shop\.test \([0-9a-f-]{36}\) is owner of store/);
    expect(seen).not.toContain(password.slice(0, 5));
    expect((await officeSignIn(t, 'typed@shop.test', password)).statusCode).toBe(303);
  });
});

describe('which server the CLI calls', () => {
  withJq('without KASSA_URL, the one the running Kassa recorded in the data dir (PORT=8081 or any other port)', async () => {
    const dir = dataDir(ADMIN_TOKEN);
    // As main.ts records it once it listens (a live process: this test's).
    const forget = recordServedUrl(dir, url);
    try {
      const r = await sh(`npm run kassa -- stores list --json | jq -c 'map(.name)'`, { KASSA_DATA_DIR: dir });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toContain('Pipe shop');

      // A server that does not take the data dir's token: the 401 names the URL, why that one, and what it may mean.
      fs.writeFileSync(path.join(dir, 'admin-token'), 'not-this-servers-token');
      const refused = await sh(`npm run kassa -- stores list`, { KASSA_DATA_DIR: dir });
      expect(refused.code).toBe(1);
      const line = refused.stderr.trim().split('\n').at(-1)!;
      expect(line).toContain(`GET /operator/stores failed: 401`);
      expect(line).toContain(`at ${url} (the URL Kassa pid ${process.pid} recorded in ${dir}/${SERVED_URL_FILE})`);
      expect(line).toContain(`operator token is the one in ${dir}/admin-token`);
      expect(line).toContain('another Kassa on that port?');
    } finally {
      forget();
    }
    expect(fs.existsSync(path.join(dir, SERVED_URL_FILE))).toBe(false);
  });

  it('a record whose process is gone is ignored; then HOST/PORT, and the message says which URL it tried', async () => {
    const dir = dataDir(ADMIN_TOKEN);
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, SERVED_URL_FILE), JSON.stringify({ url, pid: Number(gone), since: new Date().toISOString() }));
    const port = await freePort();
    const r = await sh(`"${process.execPath}" bin/kassa.js stores list`, { KASSA_DATA_DIR: dir, PORT: String(port) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^cannot reach the Kassa server at http://127\\.0\\.0\\.1:${port} \\(HOST/PORT; is it running\\?\\): `));
  });
});

describe('developer commands', () => {
  it('kassa listen prints each event by name, with its id and time', async () => {
    const own = await t.createStore({ name: 'Listen shop' });
    const closed = await freePort();
    const listen = spawn('sh', ['-c', `npm run kassa -- listen --forward-to http://127.0.0.1:${closed}/notify --max-events 1`], { cwd: ROOT, env: { ...process.env, ...keysOf(own) } });
    let stdout = '';
    let stderr = '';
    listen.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const listening = new Promise<void>((resolve) =>
      listen.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('listening for sandbox notifications')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => listen.on('close', resolve));
    await listening;
    const created = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload(), { store: own }) } });
    const orderUuid = (created.json() as { uuid: string }).uuid;
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${orderUuid}/pay`, headers: t.bearer({ store: own }), payload: {} })).statusCode).toBe(200);
    expect(await exited, stderr).toBe(0);
    // Nothing listens on that port: the line still names the event, and says what the forward met.
    expect(stdout).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z {2}order\\.paid {2,}${orderUuid} {2}[0-9a-f-]{36} {2}-> ECONNREFUSED \\(\\d+ ms\\)\\n$`));
  });

  withJq('kassa trigger shipment.registered leaves no webhook behind when the store had none', async () => {
    const own = await t.createStore({ name: 'Trigger shop' });
    const r = await sh(`npm run kassa -- trigger shipment.registered --json | jq -c .`, keysOf(own));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ event: 'shipment.registered', shipment: { status: 'registered' } });
    const hooks = await t.app.inject({ method: 'GET', url: '/sandbox/shipping/api/v2/webhooks', headers: t.bearer({ store: own }) });
    expect(hooks.json()).toEqual({ data: [] });
    // Its delivery to the stand-in URL ended with it: nothing left to retry for 48 hours.
    const pending = await t.db.query(`SELECT 1 FROM notifications WHERE store_id = $1 AND kind = 'webhook' AND status = 'pending'`, [own.id]);
    expect(pending.rowCount).toBe(0);
  });
});
