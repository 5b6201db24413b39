/**
 * The back office (/dashboard) through the real app: users added by the operator, sign-in (right,
 * wrong, unknown email, credentials from the POST body only, limited per email and address, per
 * address and per account with the owner's known address spared), cookie flags, CSRF on every form,
 * sign-out, one store's data only (another store's uuid is the not-found page), and the orders
 * search with keyset pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedStore } from '../../src/stores/service.js';
import { withTx } from '../../src/platform/db.js';
import { enqueueShipmentEvent } from '../../src/shipping/webhooks/events.js';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { startReceiver } from '../support/receiver.js';
import { addOfficeUser, cookieValue, freshIp, OFFICE_PASSWORD, officeSession, officeSignIn, pageField, setCookies } from '../support/backoffice.js';

let t: TestApp;
let other: CreatedStore;
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const PASSWORD = OFFICE_PASSWORD;
const addUser = (email: string, store: CreatedStore, role: 'owner' | 'viewer' = 'owner') => addOfficeUser(t, email, store, role);
const signIn = (email: string, password: string, ip: string, headers: Record<string, string> = {}) => officeSignIn(t, email, password, ip, headers);
const session = (email: string) => officeSession(t, email);
let lockCounter = 0;
/** An address of its own for a test that locks it (outside freshIp's range, which wraps after 250). */
const lockIp = () => `203.0.113.${++lockCounter}`;

/** The sign-in page's CSRF cookie and token. */
async function loginForm(ip: string) {
  const page = await t.app.inject({ method: 'GET', url: '/dashboard/login', headers: { 'x-forwarded-for': ip } });
  expect(page.statusCode).toBe(200);
  const token = cookieValue(page, 'kassa_login_csrf')!;
  expect(page.body).toContain(`name="csrf" value="${token}"`);
  return token;
}

const get = (url: string, sid: string) => t.app.inject({ method: 'GET', url, headers: { cookie: `kassa_session=${sid}` } });

async function order(store: CreatedStore, over: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload(over), { store }) } });
  expect(res.statusCode).toBe(201);
  return res.json() as { uuid: string; merchantReference: string };
}

beforeAll(async () => {
  t = await createTestApp();
  other = await t.createStore();
  await addUser('owner@shop.test', t.store);
  await addUser('viewer@shop.test', t.store, 'viewer');
  await addUser('other@shop.test', other);
});
afterAll(async () => t.close());

describe('kassa users add (POST /operator/backoffice-users)', () => {
  it('needs the operator token, names every bad field, and refuses an unknown store', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/operator/backoffice-users', payload: {} })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/operator/backoffice-users', headers: admin, payload: { storeUuid: 'x', email: 'nope', password: 'short', role: 'boss' } });
    expect(bad.statusCode).toBe(400);
    for (const field of ['storeUuid', 'email', 'password', 'role']) expect(bad.json().message).toContain(field);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/operator/backoffice-users',
      headers: admin,
      payload: { storeUuid: '00000000-0000-4000-8000-000000000000', email: 'a@b.test', password: PASSWORD },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('stores a scrypt hash with its parameters, never the password', async () => {
    const { rows } = await t.db.query<{ password_hash: string }>("SELECT password_hash FROM backoffice_users WHERE email = 'owner@shop.test'");
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(rows[0]!.password_hash).not.toContain(PASSWORD);
  });

  it('adding an existing email again sets its new password and ends its sessions', async () => {
    await addUser('again@shop.test', t.store);
    const before = await session('again@shop.test');
    expect((await get('/dashboard', before)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/operator/backoffice-users',
      headers: admin,
      payload: { storeUuid: t.store.id, email: 'again@shop.test', password: 'another long password' },
    });
    expect(res.statusCode).toBe(201);
    expect((await get('/dashboard', before)).statusCode).toBe(303);
    expect((await signIn('again@shop.test', PASSWORD, freshIp())).statusCode).toBe(401);
    expect((await signIn('again@shop.test', 'another long password', freshIp())).statusCode).toBe(303);
  });
});

describe('signing in', () => {
  it('signs in: a session cookie HttpOnly, SameSite=Lax, Path=/dashboard; Secure over HTTPS; only its hash stored', async () => {
    const res = await signIn('Owner@Shop.test', PASSWORD, freshIp());
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard?lang=en');
    const cookie = setCookies(res).find((c) => c.startsWith('kassa_session='))!;
    expect(cookie).toMatch(/; Path=\/dashboard; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    const sid = cookieValue(res, 'kassa_session')!;
    expect(Buffer.from(sid, 'base64url')).toHaveLength(32);
    const { rows } = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM backoffice_sessions');
    expect(rows.map((r) => r.id_hash)).not.toContain(sid);
    const https = await signIn('owner@shop.test', PASSWORD, freshIp(), { 'x-forwarded-proto': 'https' });
    expect(setCookies(https).find((c) => c.startsWith('kassa_session='))).toMatch(/; Secure$/);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await signIn('owner@shop.test', 'not the password', freshIp());
    const unknown = await signIn('nobody@shop.test', 'not the password', freshIp());
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const message = (body: string) => /<p class="error" role="alert">([^<]*)<\/p>/.exec(body)?.[1];
    expect(message(wrong.body)).toBe('The email or password is not right.');
    expect(message(unknown.body)).toBe(message(wrong.body));
    expect(cookieValue(wrong, 'kassa_session')).toBeUndefined();
  });

  it('refuses a sign-in without the form token, or with another', async () => {
    const ip = freshIp();
    const csrf = await loginForm(ip);
    const form = (token: string) => new URLSearchParams({ email: 'owner@shop.test', password: PASSWORD, csrf: token }).toString();
    const headers = (cookie: string) => ({ 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': ip });
    const none = await t.app.inject({ method: 'POST', url: '/dashboard/login', headers: headers(''), payload: form(csrf) });
    const mismatch = await t.app.inject({ method: 'POST', url: '/dashboard/login', headers: headers(`kassa_login_csrf=${csrf}`), payload: form('x'.repeat(43)) });
    for (const res of [none, mismatch]) {
      expect(res.statusCode).toBe(403);
      expect(cookieValue(res, 'kassa_session')).toBeUndefined();
    }
  });

  it('reads the email, password and form token from the POST body only: in the query string they are a 400 that signs no one in and counts nowhere', async () => {
    await addUser('query@shop.test', t.store);
    const ip = freshIp();
    const post = async (query: Record<string, string>, body: Record<string, string>) => {
      const csrf = await loginForm(ip);
      const withCsrf = (f: Record<string, string>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v === 'CSRF' ? csrf : v]));
      return t.app.inject({
        method: 'POST',
        url: `/dashboard/login?${new URLSearchParams({ lang: 'en', ...withCsrf(query) })}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_login_csrf=${csrf}`, 'x-forwarded-for': ip },
        payload: new URLSearchParams(withCsrf(body)).toString(),
      });
    };
    const right = { email: 'query@shop.test', password: PASSWORD };
    const refused = [
      await post(right, { csrf: 'CSRF' }), // the credentials in the URL only
      await post({ ...right, csrf: 'CSRF' }, {}), // everything in the URL
      await post(right, { ...right, csrf: 'CSRF' }), // in both
      await post({ password: PASSWORD }, { email: 'query@shop.test', csrf: 'CSRF' }),
      await post({ email: 'query@shop.test' }, { password: PASSWORD, csrf: 'CSRF' }),
      await post({ csrf: 'CSRF' }, right),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('role="alert"');
      expect(res.body).not.toContain('query@shop.test');
      expect(cookieValue(res, 'kassa_session')).toBeUndefined();
    }
    // Wrong passwords in the URL are not checked, so they are not failures: the same address signs in after.
    for (let i = 0; i < 6; i++) expect((await post({ email: 'query@shop.test', password: `wrong ${i}` }, { csrf: 'CSRF' })).statusCode).toBe(400);
    expect((await t.db.query("SELECT 1 FROM backoffice_login_failures WHERE email = 'query@shop.test'")).rowCount).toBe(0);
    const ok = await post({}, { ...right, csrf: 'CSRF' });
    expect(ok.statusCode).toBe(303);
    expect(cookieValue(ok, 'kassa_session')).toBeDefined();
  });

  it('locks an email from one address after 5 failures in 15 minutes, even with the right password; that email from another address signs in', async () => {
    await addUser('limited@shop.test', t.store);
    const a = lockIp();
    for (let i = 0; i < 5; i++) expect((await signIn('limited@shop.test', 'wrong password', a)).statusCode).toBe(401);
    const res = await signIn('limited@shop.test', PASSWORD, a);
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain('Too many attempts');
    expect(cookieValue(res, 'kassa_session')).toBeUndefined();
    // A refused attempt is not checked, so it is not a failure either: the count stays 5.
    expect((await t.db.query("SELECT 1 FROM backoffice_login_failures WHERE email = 'limited@shop.test'")).rowCount).toBe(5);
    expect((await signIn('limited@shop.test', PASSWORD, freshIp())).statusCode).toBe(303);
  });

  it("an attacker's failures from one address do not lock the owner out at another", async () => {
    await addUser('target@shop.test', t.store);
    const attacker = lockIp();
    const owner = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn('target@shop.test', `guess ${i}`, attacker)).statusCode);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expect((await signIn('target@shop.test', PASSWORD, attacker)).statusCode).toBe(429);
    const res = await signIn('target@shop.test', PASSWORD, owner);
    expect(res.statusCode).toBe(303);
    expect(cookieValue(res, 'kassa_session')).toBeDefined();
    // 5 failures from each of several addresses (under the per-account ceiling) do not either.
    for (let n = 0; n < 3; n++) {
      const ip = lockIp();
      for (let i = 0; i < 5; i++) expect((await signIn('target@shop.test', `guess ${n}.${i}`, ip)).statusCode).toBe(401);
    }
    expect((await signIn('target@shop.test', PASSWORD, owner)).statusCode).toBe(303);
    expect((await signIn('target@shop.test', PASSWORD, freshIp())).statusCode).toBe(303);
  });

  it('limits failed sign-ins per address (20 in 15 minutes), whichever emails they try', async () => {
    const ip = lockIp();
    for (let i = 0; i < 20; i++) expect((await signIn(`guess${i}@shop.test`, 'wrong password', ip)).statusCode).toBe(401);
    expect((await signIn('guess99@shop.test', 'wrong password', ip)).statusCode).toBe(429);
    expect((await signIn('owner@shop.test', PASSWORD, ip)).statusCode).toBe(429);
    expect((await signIn('owner@shop.test', PASSWORD, freshIp())).statusCode).toBe(303);
  });

  it('holds a ceiling of 100 failures per account from every address, except where the user signed in within 30 days', async () => {
    await addUser('spread@shop.test', t.store);
    const home = freshIp();
    expect((await signIn('spread@shop.test', PASSWORD, home)).statusCode).toBe(303);
    // 99 failures from 33 addresses (none of them locked: 3 each), as a botnet would spread them.
    await t.db.query("INSERT INTO backoffice_login_failures (email, ip) SELECT 'spread@shop.test', '198.51.100.' || (i % 33) FROM generate_series(1, 99) i");
    const last = lockIp();
    expect((await signIn('spread@shop.test', 'wrong password', last)).statusCode).toBe(401); // the 100th
    for (const ip of [last, freshIp()]) expect((await signIn('spread@shop.test', PASSWORD, ip)).statusCode).toBe(429);
    // Unknown emails meet the same ceiling: one answer whether or not the email exists.
    await t.db.query("INSERT INTO backoffice_login_failures (email, ip) SELECT 'nobody-spread@shop.test', '198.51.100.' || (i % 33) FROM generate_series(1, 100) i");
    expect((await signIn('nobody-spread@shop.test', 'wrong password', freshIp())).statusCode).toBe(429);
    // The owner's own address is known: signs in.
    expect((await signIn('spread@shop.test', PASSWORD, home)).statusCode).toBe(303);
    // ... unless it is older than 30 days.
    await t.db.query("UPDATE backoffice_login_known SET last_at = now() - interval '31 days' WHERE ip = $1", [home]);
    expect((await signIn('spread@shop.test', PASSWORD, home)).statusCode).toBe(429);
    expect((await t.db.query('SELECT 1 FROM backoffice_login_known WHERE ip = $1', [home])).rowCount).toBe(0);
  });

  it('holds the limits under a parallel burst: 12 wrong attempts at once per email and address, 25 per address, only 5 and 20 are checked', async () => {
    await addUser('burst@shop.test', t.store);
    const pairIp = lockIp();
    const byPair = await Promise.all(Array.from({ length: 12 }, () => signIn('burst@shop.test', 'wrong password', pairIp)));
    const statuses = (rs: { statusCode: number }[]) => rs.map((r) => r.statusCode).sort();
    expect(statuses(byPair)).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const rows = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM backoffice_login_failures WHERE email = 'burst@shop.test'");
    expect(rows.rows[0]!.n).toBe(5);
    const ip = lockIp();
    const byIp = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(`burst${i}@shop.test`, 'wrong password', ip)));
    expect(statuses(byIp)).toEqual([...Array(20).fill(401), ...Array(5).fill(429)]);
    // A right password counts as a failure only while it is checked: once it succeeds it is forgotten.
    await addUser('burst-ok@shop.test', t.store);
    const okIp = freshIp();
    for (let i = 0; i < 6; i++) expect((await signIn('burst-ok@shop.test', PASSWORD, okIp)).statusCode).toBe(303);
    expect((await t.db.query("SELECT 1 FROM backoffice_login_failures WHERE email = 'burst-ok@shop.test'")).rowCount).toBe(0);
  });

  it('deletes expired sessions and failures older than the window on a sign-in', async () => {
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM backoffice_users WHERE email = 'owner@shop.test'");
    await t.db.query("INSERT INTO backoffice_sessions (id_hash, user_id, expires_at, csrf_secret) VALUES ('expired-session', $1, now() - interval '1 second', 'x')", [rows[0]!.id]);
    await t.db.query("INSERT INTO backoffice_login_failures (email, ip, at) VALUES ('old@shop.test', '192.0.2.1', now() - interval '16 minutes')");
    expect((await signIn('owner@shop.test', PASSWORD, freshIp())).statusCode).toBe(303);
    expect((await t.db.query("SELECT 1 FROM backoffice_sessions WHERE id_hash = 'expired-session'")).rowCount).toBe(0);
    expect((await t.db.query("SELECT 1 FROM backoffice_login_failures WHERE email = 'old@shop.test'")).rowCount).toBe(0);
  });

  it('sends a visitor without a session to the sign-in page, in its language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard/orders', headers: { 'accept-language': 'et-EE,et;q=0.9' } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/login?lang=et');
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/login?lang=et' });
    expect(page.body).toContain('<html lang="et">');
    expect(page.body).toContain('Logi sisse');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('signs out only with the form token; the session is gone after', async () => {
    const sid = await session('owner@shop.test');
    const overview = await get('/dashboard', sid);
    const csrf = /name="csrf" value="([^"]+)"/.exec(overview.body)![1]!;
    const post = (token: string) =>
      t.app.inject({ method: 'POST', url: '/dashboard/logout', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_session=${sid}` }, payload: `csrf=${token}` });
    expect((await post('')).statusCode).toBe(403);
    expect((await get('/dashboard', sid)).statusCode).toBe(200);
    const out = await post(csrf);
    expect(out.statusCode).toBe(303);
    expect(setCookies(out).find((c) => c.startsWith('kassa_session='))).toMatch(/^kassa_session=; .*Max-Age=0/);
    expect((await get('/dashboard', sid)).statusCode).toBe(303);
  });
});

describe("a user sees only its own stores' data", () => {
  it("shows the store's orders per environment, with a sandbox banner; another store is not found", async () => {
    const mine = await order(t.store);
    const theirs = await order(other);
    const sid = await session('owner@shop.test');
    const sandbox = await get(`/dashboard?env=sandbox`, sid);
    expect(sandbox.statusCode).toBe(200);
    expect(sandbox.body).toContain(mine.uuid);
    expect(sandbox.body).not.toContain(theirs.uuid);
    expect(sandbox.body).toContain('class="banner"');
    const production = await get(`/dashboard?env=production&store=${t.store.id}`, sid);
    expect(production.body).not.toContain('class="banner"');
    expect(production.body).not.toContain(mine.uuid);
    for (const url of [`/dashboard?store=${other.id}&env=sandbox`, `/dashboard/orders?store=${other.id}&env=sandbox&q=${theirs.uuid}`]) {
      const res = await get(url, sid);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(theirs.uuid);
    }
    // The other store's order by uuid, searched inside one's own store: no such order.
    const searched = await get(`/dashboard/orders?store=${t.store.id}&env=sandbox&q=${theirs.uuid}`, sid);
    expect(searched.statusCode).toBe(200);
    expect(searched.body).not.toContain(`<span class="muted">${theirs.uuid}</span>`);
    expect(searched.body).toContain('No orders.');
  });
});

describe('the orders page', () => {
  let shop: CreatedStore;
  let sid: string;
  let first: { uuid: string; merchantReference: string };
  beforeAll(async () => {
    shop = await t.createStore({ name: 'Busy shop' });
    await addUser('busy@shop.test', shop, 'viewer');
    first = await order(shop, { merchantReference: 'FIND-ME-1' });
    // 119 more, one second apart and older (the same row copied by SQL: fast, and created_at distinct).
    await t.db.query(
      `INSERT INTO orders SELECT (jsonb_populate_record(NULL::orders, to_jsonb(o) || jsonb_build_object(
         'id', gen_random_uuid(), 'merchant_reference', 'BULK-' || g, 'merchant_reference_display', 'BULK-' || g,
         'created_at', o.created_at - g * interval '1 second', 'status', CASE WHEN g % 3 = 0 THEN 'ABANDONED' ELSE 'PENDING' END))).*
       FROM orders o, generate_series(1, 119) g WHERE o.id = $1`,
      [first.uuid],
    );
    sid = await session('busy@shop.test');
  });

  const uuidsOn = (body: string) => [...body.matchAll(/<span class="muted">([0-9a-f-]{36})<\/span>/g)].map((m) => m[1]!);

  it('pages newest first with a keyset link, every order once', async () => {
    const seen: string[] = [];
    let url: string | undefined = `/dashboard/orders?env=sandbox&store=${shop.id}`;
    let pages = 0;
    while (url) {
      const res = await get(url, sid);
      expect(res.statusCode).toBe(200);
      seen.push(...uuidsOn(res.body));
      const next = /<a rel="next" href="([^"]+)"/.exec(res.body)?.[1];
      url = next?.replace(/&amp;/g, '&');
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen[0]).toBe(first.uuid);
  });

  it('finds an order by reference, by uuid, by status and date range; refuses a malformed search', async () => {
    const byRef = await get(`/dashboard/orders?env=sandbox&store=${shop.id}&q=FIND-ME-1`, sid);
    expect(uuidsOn(byRef.body)).toEqual([first.uuid]);
    const byUuid = await get(`/dashboard/orders?env=sandbox&store=${shop.id}&q=${first.uuid.toUpperCase()}`, sid);
    expect(uuidsOn(byUuid.body)).toEqual([first.uuid]);
    const abandoned = await get(`/dashboard/orders?env=sandbox&store=${shop.id}&status=ABANDONED`, sid);
    expect(uuidsOn(abandoned.body)).toHaveLength(39);
    const none = await get(`/dashboard/orders?env=sandbox&store=${shop.id}&from=2000-01-01&to=2000-12-31`, sid);
    expect(none.body).toContain('No orders.');
    for (const bad of ['status=LOST', 'from=2026-02-30', 'afterAt=1&afterId=x', 'env=staging']) {
      const res = await get(`/dashboard/orders?store=${shop.id}&${bad}`, sid);
      expect(res.statusCode, bad).toBe(bad.startsWith('env') ? 404 : 400);
    }
  });
});

describe("an order's page", () => {
  it("shows the payment attempts and the notification with every delivery attempt; another store's order is not found", async () => {
    const rx = await startReceiver();
    try {
      rx.respond.status = 500;
      const o = await order(t.store, { merchantReference: 'DETAIL-1', notificationUrl: rx.url });
      const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer(), payload: {} });
      expect(paid.statusCode).toBe(200);
      expect(await t.delivery().drain()).toBe(1);
      expect(rx.received).toHaveLength(1);
      const theirs = await order(other);
      const sid = await session('viewer@shop.test');
      const page = await get(`/dashboard/orders/${o.uuid}?env=sandbox&store=${t.store.id}`, sid);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Order DETAIL-1 · Sandbox</h1>');
      // Statuses, kinds and outcomes in words (values.ts), never the API's identifiers.
      expect(page.body).toMatch(/<td>Paid<\/td>/);
      expect(page.body).toMatch(/<h3>Order notification · (Waiting to be sent|Failed)<\/h3>/);
      expect(page.body).toMatch(/<tr><td>1<\/td><td>(Will retry|Failed, no more retries)<\/td><td>\d+ ms<\/td><td>500<\/td>/);
      expect(page.body).not.toMatch(/>(PAID|pending|failed|retry)</);
      const list = await get(`/dashboard/orders?env=sandbox&store=${t.store.id}&q=DETAIL-1`, sid);
      expect(list.body).toContain(`href="/dashboard/orders/${o.uuid}?store=${t.store.id}&amp;env=sandbox&amp;lang=en"`);
      for (const url of [
        `/dashboard/orders/${theirs.uuid}?env=sandbox&store=${t.store.id}`,
        `/dashboard/orders/${theirs.uuid}?env=sandbox&store=${other.id}`,
        `/dashboard/orders/${o.uuid}?env=production&store=${t.store.id}`,
        `/dashboard/orders/not-a-uuid?env=sandbox`,
      ]) {
        const res = await get(url, sid);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain(theirs.uuid);
      }
    } finally {
      await rx.close();
    }
  });
});

describe("the receiver's answer to each attempt", () => {
  it('keeps at most 1 KiB of a long answer with NUL and invalid UTF-8, clean; the order page shows it escaped; a shipping webhook keeps it too', async () => {
    const rx = await startReceiver();
    try {
      rx.respond.status = 503;
      rx.respond.body = Buffer.concat([Buffer.from('<script>alert(1)</script>\u0000 down\u001b[31m '), Buffer.from([0xc3, 0x28, 0xff]), Buffer.alloc(4000, 'y')]);
      const o = await order(t.store, { merchantReference: 'EXCERPT-1', notificationUrl: rx.url });
      expect((await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer(), payload: {} })).statusCode).toBe(200);
      expect(await t.delivery().drain()).toBe(1);
      const { rows } = await t.db.query<{ response_excerpt: string; bytes: number }>(
        `SELECT a.response_excerpt, octet_length(a.response_excerpt) AS bytes FROM notification_attempts a JOIN notifications n ON n.id = a.notification_id WHERE n.subject_id = $1`,
        [o.uuid],
      );
      const excerpt = rows[0]!.response_excerpt;
      expect(excerpt.startsWith('<script>alert(1)</script> down[31m \ufffd(\ufffdyyy')).toBe(true);
      expect(excerpt).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
      // 1024 bytes read: NUL and ESC dropped, the two invalid bytes each one U+FFFD (3 bytes in UTF-8).
      expect(excerpt).toHaveLength(1024 - 2);
      expect(rows[0]!.bytes).toBe(1024 - 2 + 2 * 2);
      const sid = await session('viewer@shop.test');
      const page = await get(`/dashboard/orders/${o.uuid}?env=sandbox&store=${t.store.id}`, sid);
      expect(page.body).toContain('<th scope="col">Response excerpt</th>');
      expect(page.body).toContain('<td><pre>&lt;script&gt;alert(1)&lt;/script&gt; down[31m \ufffd(\ufffdyyy');
      expect(page.body).not.toContain('<script>alert(1)');

      // A shipping webhook goes through the same worker: its attempt keeps the answer too.
      rx.respond.status = 410;
      rx.respond.body = 'gone\u0000';
      const hook = await t.app.inject({ method: 'POST', url: '/sandbox/shipping/api/v2/webhooks', headers: t.bearer(), payload: { url: rx.url, enabledEvents: ['shipment.registered'] } });
      expect(hook.statusCode).toBe(201);
      const shipmentId = '0190a8c4-0000-7000-8000-0000000000e1';
      await withTx(t.db, (tx) => enqueueShipmentEvent(tx, { storeId: t.store.id, env: 'sandbox', eventType: 'shipment.registered', shipmentId, data: { id: shipmentId, status: 'registered' } }));
      expect(await t.delivery().drain()).toBe(1);
      const webhook = await t.db.query<{ kind: string; response_status: number; response_excerpt: string }>(
        `SELECT n.kind, a.response_status, a.response_excerpt FROM notification_attempts a JOIN notifications n ON n.id = a.notification_id WHERE n.subject_id = $1`,
        [shipmentId],
      );
      expect(webhook.rows).toEqual([{ kind: 'webhook', response_status: 410, response_excerpt: 'gone' }]);
    } finally {
      await rx.close();
    }
  });
});

describe('refund and resend from the order page', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (url: string, sid: string, fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_session=${sid}` }, payload: form(fields) });
  const field = (body: string, name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(body)?.[1];

  it('an owner refunds through the refund rules (errors shown, a re-sent form refunds once) and re-sends a notification; a viewer may do neither', async () => {
    const rx = await startReceiver();
    try {
      rx.respond.status = 500;
      const o = await order(t.store, { merchantReference: 'REFUND-1', notificationUrl: rx.url, grandTotal: 100, payment: { method: 'cardPayments', amount: 100, currency: 'EUR' } });
      expect((await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer(), payload: {} })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer() })).statusCode).toBe(200);
      await t.delivery().drain();
      const { rows } = await t.db.query<{ id: string }>('SELECT id FROM notifications WHERE subject_id = $1', [o.uuid]);
      const notificationId = rows[0]!.id;
      await t.db.query("UPDATE notifications SET status = 'failed' WHERE id = $1", [notificationId]);
      const pageUrl = `/dashboard/orders/${o.uuid}?env=sandbox&store=${t.store.id}`;
      const scope = { store: t.store.id, env: 'sandbox' };

      const viewer = await session('viewer@shop.test');
      const viewerPage = await get(pageUrl, viewer);
      expect(viewerPage.body).not.toContain('/refund"');
      expect(viewerPage.body).not.toContain('/resend"');
      const viewerCsrf = field(viewerPage.body, 'csrf')!;
      expect((await post(`/dashboard/orders/${o.uuid}/refund`, viewer, { ...scope, csrf: viewerCsrf, amount: '1.00', idempotencyKey: 'v1' })).statusCode).toBe(403);
      expect((await post(`/dashboard/orders/${o.uuid}/notifications/${notificationId}/resend`, viewer, { ...scope, csrf: viewerCsrf })).statusCode).toBe(403);

      const owner = await session('owner@shop.test');
      const page = await get(pageUrl, owner);
      const csrf = field(page.body, 'csrf')!;
      const key = field(page.body, 'idempotencyKey')!;
      expect((await post(`/dashboard/orders/${o.uuid}/refund`, owner, { ...scope, amount: '10.00', idempotencyKey: key })).statusCode).toBe(403);
      const tooMuch = await post(`/dashboard/orders/${o.uuid}/refund`, owner, { ...scope, csrf, amount: '500.00', idempotencyKey: key });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.body).toContain('<p class="error" role="alert">The amount exceeds what is left to refund (€100.00).</p>');
      const done = await post(`/dashboard/orders/${o.uuid}/refund`, owner, { ...scope, csrf, amount: '10.00', idempotencyKey: key });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(`/dashboard/orders/${o.uuid}?store=${t.store.id}&env=sandbox&lang=en`);
      const again = await post(`/dashboard/orders/${o.uuid}/refund`, owner, { ...scope, csrf, amount: '10.00', idempotencyKey: key });
      expect(again.statusCode).toBe(400);
      const refunds = await t.db.query<{ amount: number; type: string }>('SELECT amount::int AS amount, type FROM refunds WHERE order_id = $1', [o.uuid]);
      expect(refunds.rows).toEqual([{ amount: 1000, type: 'PARTIAL_REFUND' }]);
      expect((await get(pageUrl, owner)).body).toContain('Partial refund');

      // The overview: the store's balance per channel and currency (the ledger's), and the failed delivery linking to its order.
      const overview = await get(`/dashboard?env=sandbox&store=${t.store.id}`, owner);
      const card = (await t.services.ledger.balances(t.store.id, 'sandbox')).find((b) => b.channel === 'cardPayments' && b.currency === 'EUR')!;
      expect(card.owedMinor).toBeGreaterThan(0);
      const owed = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(card.owedMinor / 100);
      expect(overview.body).toContain(`<tr><td>Card payment</td><td>${owed}</td></tr>`);
      expect(overview.body).toContain(`<a href="/dashboard/orders/${o.uuid}?store=${t.store.id}&amp;env=sandbox&amp;lang=en">Order notification ${o.uuid}</a>`);
      const resent = await post(`/dashboard/orders/${o.uuid}/notifications/${notificationId}/resend`, owner, { ...scope, csrf });
      expect(resent.statusCode).toBe(303);
      expect((await get(pageUrl, owner)).body).not.toContain(`/notifications/${notificationId}/resend"`);
      expect((await t.db.query('SELECT status FROM notifications WHERE id = $1', [notificationId])).rows[0]).toEqual({ status: 'pending' });
      const pending = await post(`/dashboard/orders/${o.uuid}/notifications/${notificationId}/resend`, owner, { ...scope, csrf });
      expect(pending.statusCode).toBe(409);
      const foreign = await post(`/dashboard/orders/${o.uuid}/notifications/00000000-0000-4000-8000-000000000000/resend`, owner, { ...scope, csrf });
      expect(foreign.statusCode).toBe(404);
    } finally {
      await rx.close();
    }
  });
});

describe("refund errors in the page's language", () => {
  const post = (url: string, sid: string, fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_session=${sid}` }, payload: new URLSearchParams(fields).toString() });
  const alert = (body: string) => /<p class="error" role="alert">([^<]*)<\/p>/.exec(body)?.[1];

  it('says each refusal of the refund rules in the locale of the form: amount, key used, not paid (the API keeps English)', async () => {
    const o = await order(t.store, { merchantReference: 'LOCALE-1', grandTotal: 20, payment: { method: 'cardPayments', amount: 20, currency: 'EUR' } });
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer(), payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer() })).statusCode).toBe(200);
    const unpaid = await order(t.store, { merchantReference: 'LOCALE-2' });
    const owner = await session('owner@shop.test');
    const csrf = pageField((await get(`/dashboard?env=sandbox&store=${t.store.id}`, owner)).body, 'csrf')!;
    const refund = (orderUuid: string, lang: string, amount: string, idempotencyKey: string) =>
      post(`/dashboard/orders/${orderUuid}/refund`, owner, { store: t.store.id, env: 'sandbox', lang, csrf, amount, idempotencyKey });

    const de = await refund(o.uuid, 'de', '50.00', 'de-1');
    expect(de.statusCode).toBe(400);
    expect(alert(de.body)).toBe(`Der Betrag übersteigt den noch erstattbaren Betrag (${new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(20)}).`);
    const ru = await refund(o.uuid, 'ru', 'abc', 'ru-1');
    expect(ru.statusCode).toBe(400);
    expect(alert(ru.body)).toBe('Введите сумму не менее 0,05, не более 2 знаков после запятой.');
    expect((await refund(o.uuid, 'pl', '1.00', 'pl-1')).statusCode).toBe(303);
    const used = await refund(o.uuid, 'pl', '1.00', 'pl-1');
    expect(alert(used.body)).toBe('Ten formularz został już wysłany. Odśwież stronę, aby wykonać kolejny zwrot.');
    const notPaid = await refund(unpaid.uuid, 'fi', '1.00', 'fi-1');
    expect(alert(notPaid.body)).toBe('Tilauksen tila on Odottaa; vain maksettu tilaus voidaan hyvittää.');
    // The API still answers the service's English message for the same rule.
    const api = await t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: t.token({ orderUuid: unpaid.uuid, amount: 1, idempotencyKey: 'api-1' }) } });
    expect(api.statusCode).toBe(400);
    expect(api.json().message).toBe('The order is PENDING; only a paid order can be refunded');
  });
});
