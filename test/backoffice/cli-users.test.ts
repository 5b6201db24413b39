/**
 * `kassa users …` and `kassa notifications show` as an operator runs them (bin/kassa.js against a
 * running server): the user `add` adds can sign in to /dashboard; `list` shows users with their
 * stores and sessions; `remove` and `set-password` end sessions at once; `notifications show`
 * prints every attempt with the receiver's answer. Usage errors exit 2, refusals 1, one line each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { addOfficeUser, OFFICE_PASSWORD, officeGet, officeSession, officeSignIn } from '../support/backoffice.js';
import { startReceiver } from '../support/receiver.js';
import { kassaAt } from '../support/kassa-bin.js';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const kassa = (args: string[]) => kassaAt(url)(args);

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
    // No --password and nothing on standard input (not a terminal): asked for, found none.
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('no password for x@shop.test: give it on standard input (one line), or at a terminal when asked\n');
    const role = await kassa(['users', 'add', '--store', t.store.id, '--email', 'x@shop.test', '--password', 'a long password', '--role', 'admin']);
    expect(role.code).toBe(2);
    const refused = await kassa(['users', 'add', '--store', t.store.id, '--email', 'x@shop.test', '--password', 'short']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('POST /operator/backoffice-users failed: 400 password must be at least 10 characters\n');
    const help = await kassa(['--help']);
    expect(help.stdout).toContain('kassa users add --store UUID --email EMAIL [--password PASSWORD]');
  });
});

describe('kassa users list | remove | set-password', () => {
  const signedIn = async (sid: string) => (await officeGet(t, '/dashboard', sid)).statusCode === 200;

  it('lists users with their stores and live sessions; --store keeps one store', async () => {
    const other = await t.createStore({ name: 'Second shop' });
    await addOfficeUser(t, 'two-stores@shop.test', t.store, 'viewer');
    await addOfficeUser(t, 'two-stores@shop.test', other, 'owner');
    await addOfficeUser(t, 'only-other@shop.test', other);
    await officeSession(t, 'two-stores@shop.test');
    const all = await kassa(['users', 'list', '--json']);
    expect(all.code).toBe(0);
    const users = JSON.parse(all.stdout) as { email: string; sessions: number; memberships: { storeUuid: string; role: string }[] }[];
    const two = users.find((u) => u.email === 'two-stores@shop.test')!;
    expect(two.sessions).toBe(1);
    expect(two.memberships.map((m) => [m.storeUuid, m.role]).sort()).toEqual(
      [
        [t.store.id, 'viewer'],
        [other.id, 'owner'],
      ].sort(),
    );
    const mine = JSON.parse((await kassa(['users', 'list', '--store', t.store.id, '--json'])).stdout) as { email: string }[];
    expect(mine.map((u) => u.email)).toContain('two-stores@shop.test');
    expect(mine.map((u) => u.email)).not.toContain('only-other@shop.test');
    const plain = await kassa(['users', 'list', '--store', other.id]);
    expect(plain.stdout).toMatch(/^two-stores@shop\.test {2}[0-9a-f-]{36} {2}1 session {2}(owner of Second shop|viewer of Test shop).*$/m);
    const bad = await kassa(['users', 'list', '--store', 'nope']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('GET /operator/backoffice-users?storeUuid=nope failed: 400 storeUuid must be a UUID\n');
  });

  it('remove --store takes one store away at once; remove without a store ends the user and every session', async () => {
    const other = await t.createStore({ name: 'Third shop' });
    await addOfficeUser(t, 'leaving@shop.test', t.store);
    await addOfficeUser(t, 'leaving@shop.test', other);
    const sid = await officeSession(t, 'leaving@shop.test');
    expect((await officeGet(t, `/dashboard?store=${other.id}`, sid)).statusCode).toBe(200);
    const one = await kassa(['users', 'remove', '--email', 'Leaving@shop.test', '--store', other.id, '--json']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual({ email: 'leaving@shop.test', removed: 'membership', storeUuid: other.id });
    expect((await officeGet(t, `/dashboard?store=${other.id}`, sid)).statusCode).toBe(404);
    expect(await signedIn(sid)).toBe(true);
    const again = await kassa(['users', 'remove', '--email', 'leaving@shop.test', '--store', other.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/failed: 404 /);
    const all = await kassa(['users', 'remove', '--email', 'leaving@shop.test']);
    expect(all.code).toBe(0);
    expect(all.stdout).toBe('user leaving@shop.test removed; every session ended\n');
    expect(await signedIn(sid)).toBe(false);
    expect((await t.db.query("SELECT 1 FROM backoffice_sessions s JOIN backoffice_users u ON u.id = s.user_id WHERE u.email = 'leaving@shop.test'")).rowCount).toBe(0);
    expect((await officeSignIn(t, 'leaving@shop.test', OFFICE_PASSWORD)).statusCode).toBe(401);
    // The last membership removed takes the user with it.
    await addOfficeUser(t, 'last@shop.test', t.store);
    const last = await kassa(['users', 'remove', '--email', 'last@shop.test', '--store', t.store.id, '--json']);
    expect(JSON.parse(last.stdout)).toMatchObject({ removed: 'user' });
    expect(await kassa(['users', 'remove'])).toMatchObject({ code: 2, stderr: '--email is required (kassa --help shows the usage)\n' });
  });

  it('set-password ends every session at once; the new password signs in, the old no longer', async () => {
    await addOfficeUser(t, 'rotate@shop.test', t.store);
    const first = await officeSession(t, 'rotate@shop.test');
    const second = await officeSession(t, 'rotate@shop.test');
    const r = await kassa(['users', 'set-password', '--email', 'rotate@shop.test', '--password', 'a new long password', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ email: 'rotate@shop.test', sessionsEnded: true });
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(false);
    expect((await officeSignIn(t, 'rotate@shop.test', OFFICE_PASSWORD)).statusCode).toBe(401);
    expect((await officeSignIn(t, 'rotate@shop.test', 'a new long password')).statusCode).toBe(303);
    const short = await kassa(['users', 'set-password', '--email', 'rotate@shop.test', '--password', 'short']);
    expect(short).toMatchObject({ code: 1, stderr: 'POST /operator/backoffice-users/password failed: 400 password must be at least 10 characters\n' });
    const unknown = await kassa(['users', 'set-password', '--email', 'nobody@shop.test', '--password', 'a long password']);
    expect(unknown.code).toBe(1);
  });
});

describe('kassa notifications show', () => {
  it('prints the notification with every attempt: outcome, duration, status, excerpt, error, time (--json: the route)', async () => {
    const rx = await startReceiver();
    try {
      rx.respond.status = 500;
      rx.respond.body = 'database is down\nretry later';
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload({ notificationUrl: rx.url })) } });
      const orderUuid = res.json().uuid as string;
      expect((await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${orderUuid}/pay`, headers: t.bearer(), payload: {} })).statusCode).toBe(200);
      expect(await t.delivery().drain()).toBe(1);
      const { rows } = await t.db.query<{ id: string }>('SELECT id FROM notifications WHERE subject_id = $1', [orderUuid]);
      const id = rows[0]!.id;
      // The second attempt, made due now, gets a 200.
      await t.db.query('UPDATE notifications SET next_attempt_at = now() WHERE id = $1', [id]);
      rx.respond.status = 200;
      rx.respond.body = 'thanks';
      expect(await t.delivery().drain()).toBe(1);

      const json = await kassa(['notifications', 'show', id, '--json']);
      expect(json.code).toBe(0);
      const n = JSON.parse(json.stdout) as { id: string; status: string; deliveryAttempts: Record<string, unknown>[] };
      expect(n).toMatchObject({ id, status: 'delivered', kind: 'order', subjectId: orderUuid, attempts: 2 });
      expect(n.deliveryAttempts).toEqual([
        expect.objectContaining({
          attempt: 1,
          outcome: 'retry',
          responseStatus: 500,
          responseExcerpt: 'database is down\nretry later',
          error: 'answered 500; only 200 or 201 count as received',
          nextAttemptAt: expect.any(String),
        }),
        expect.objectContaining({ attempt: 2, outcome: 'delivered', responseStatus: 200, responseExcerpt: 'thanks', error: null, nextAttemptAt: null }),
      ]);
      for (const a of n.deliveryAttempts) expect(a.durationMs).toEqual(expect.any(Number));

      const plain = await kassa(['notifications', 'show', id]);
      const lines = plain.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(new RegExp(`^${id}  order   delivered  2 attempts  last 200  `));
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(/^ {2}#1 {2}\S+Z {2}retry +\d+ ms {2}500 {2}answered 500; only 200 or 201 count as received {2}next \S+Z$/),
        '      | database is down',
        '      | retry later',
        expect.stringMatching(/^ {2}#2 {2}\S+Z {2}delivered +\d+ ms {2}200$/),
        '      | thanks',
      ]);
      const unknown = await kassa(['notifications', 'show', '00000000-0000-4000-8000-000000000000']);
      expect(unknown).toMatchObject({ code: 1, stderr: 'GET /operator/notifications/00000000-0000-4000-8000-000000000000 failed: 404 Notification 00000000-0000-4000-8000-000000000000 not found\n' });
      expect(await kassa(['notifications', 'show'])).toMatchObject({ code: 2 });
    } finally {
      await rx.close();
    }
  });
});
