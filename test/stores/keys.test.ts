/**
 * API keys through the real app: roll a secret with an overlap window (both secrets accepted on
 * every kind of merchant token until the window ends by the store's clock, Kassa signs with the
 * new one), one overlap at a time, revoke-previous, and the resolver's cache on another API node
 * (a revoked secret lives at most KASSA_AUTH_CACHE_MS there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign, verify } from '../../src/platform/jwt.js';
import { KeyResolver } from '../../src/stores/auth.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { ADMIN_TOKEN, createTestApp, nowS, orderPayload, type TestApp } from '../support/app.js';
import { connectProduction } from '../support/connectors.js';
import { startReceiver } from '../support/receiver.js';
import { createOrder as createHostedPageOrder, merchantToken, Shopper } from '../payments/hosted-pages/support.js';

let t: TestApp;
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
beforeAll(async () => {
  t = await createTestApp();
  // Production orders need their methods' connectors (issue 19).
  await connectProduction(t);
});
afterAll(async () => t.close());

const roll = (store: CreatedStore, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/operator/stores/${store.id}/keys/roll`, headers: admin, payload: body });
const revokePrevious = (store: CreatedStore, env: string) => t.app.inject({ method: 'POST', url: `/operator/stores/${store.id}/keys/revoke-previous`, headers: admin, payload: { env } });
const listKeys = (store: CreatedStore) => t.app.inject({ method: 'GET', url: `/operator/stores/${store.id}/keys`, headers: admin });

const base = (env: 'sandbox' | 'production') => (env === 'sandbox' ? '/sandbox/api' : '/api');
const tokenWith = (store: CreatedStore, env: 'sandbox' | 'production', secret: string, claims: Record<string, unknown> = {}) =>
  sign({ accessKey: store.keys[env].accessKey, exp: nowS() + 600, ...claims }, secret);
let ref = 0;
const createOrder = (store: CreatedStore, env: 'sandbox' | 'production', secret: string, over: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${base(env)}/orders`,
    payload: { data: tokenWith(store, env, secret, orderPayload({ merchantReference: `ROLL-${++ref}`, ...over })) },
  });
const methods = (store: CreatedStore, env: 'sandbox' | 'production', secret: string) =>
  t.app.inject({ method: 'GET', url: `${base(env)}/stores/payment-methods`, headers: { authorization: `Bearer ${tokenWith(store, env, secret)}` } });

describe('operator keys API', () => {
  it("lists each environment's access key with only the last four characters of its secret", async () => {
    const store = await t.createStore();
    const res = await listKeys(store);
    expect(res.statusCode).toBe(200);
    const keys = res.json().keys;
    expect(keys.map((k: { env: string }) => k.env)).toEqual(['sandbox', 'production']);
    expect(keys[0]).toMatchObject({ accessKey: store.keys.sandbox.accessKey, secretEnding: store.keys.sandbox.secretKey.slice(-4), rolledAt: null, previousValidUntil: null });
    expect(res.body).not.toContain(store.keys.sandbox.secretKey);
    expect(res.body).not.toContain(store.keys.production.secretKey);
  });

  it('names each bad field and changes nothing; unknown store 404; no operator token 401', async () => {
    const store = await t.createStore();
    const bad = await roll(store, { env: 'staging', overlapMinutes: 10081 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('env');
    expect(bad.json().message).toContain('overlapMinutes');
    expect((await roll(store, { env: 'sandbox', overlapMinutes: 1.5 })).statusCode).toBe(400);
    expect((await createOrder(store, 'sandbox', store.keys.sandbox.secretKey)).statusCode).toBe(201);
    expect((await listKeys(store)).json().keys[0].rolledAt).toBeNull();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'POST', url: `/operator/stores/${unknown}/keys/roll`, headers: admin, payload: { env: 'sandbox' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/operator/stores/${unknown}/keys`, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/operator/stores/nope/keys`, headers: admin })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/operator/stores/${store.id}/keys/roll`, payload: { env: 'sandbox' } })).statusCode).toBe(401);
  });
});

describe('rolling a secret with an overlap window', () => {
  it('sandbox: both secrets create orders (data token) and read methods (Bearer) until the window ends by the sandbox clock; then the old one is 403 INVALID_TOKEN', async () => {
    const store = await t.createStore();
    const old = store.keys.sandbox.secretKey;
    const res = await roll(store, { env: 'sandbox', overlapMinutes: 60 });
    expect(res.statusCode).toBe(200);
    const rolled = res.json();
    expect(rolled.accessKey).toBe(store.keys.sandbox.accessKey);
    expect(rolled.secretKey).not.toBe(old);
    const until = Date.parse(rolled.previousValidUntil);
    expect(until - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect((await listKeys(store)).json().keys[0]).toMatchObject({ secretEnding: rolled.secretKey.slice(-4), previousValidUntil: rolled.previousValidUntil });

    for (const secret of [rolled.secretKey, old]) {
      expect((await createOrder(store, 'sandbox', secret)).statusCode).toBe(201);
      expect((await methods(store, 'sandbox', secret)).statusCode).toBe(200);
    }
    // The production key is untouched.
    expect((await createOrder(store, 'production', store.keys.production.secretKey)).statusCode).toBe(201);

    // 59 minutes later the old secret still works; past 60 it does not.
    const advance = (minutes: number) =>
      t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: { authorization: `Bearer ${tokenWith(store, 'sandbox', rolled.secretKey)}` }, payload: { minutes } });
    expect((await advance(59)).statusCode).toBe(200);
    expect((await createOrder(store, 'sandbox', old)).statusCode).toBe(201);
    expect((await advance(2)).statusCode).toBe(200);
    const refused = await createOrder(store, 'sandbox', old);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      statusCode: 403,
      message: expect.stringMatching(/^INVALID_TOKEN: the signature does not match the secret key of access key /),
      error: 'Forbidden',
      code: 'KASSA_ERR_INVALID_SIGNATURE',
    });
    expect((await methods(store, 'sandbox', old)).statusCode).toBe(403);
    expect((await createOrder(store, 'sandbox', rolled.secretKey)).statusCode).toBe(201);
    expect((await listKeys(store)).json().keys[0].previousValidUntil).toBeNull();
  });

  it('one overlap at a time: a second roll during the window is a 409 naming the window; after revoke-previous it rolls', async () => {
    const store = await t.createStore();
    const first = (await roll(store, { env: 'production' })).json();
    // Default window: 24 hours.
    expect(Date.parse(first.previousValidUntil) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const again = await roll(store, { env: 'production', overlapMinutes: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(first.previousValidUntil);
    // Nothing changed: the first new secret and the original both still work.
    expect((await createOrder(store, 'production', first.secretKey)).statusCode).toBe(201);
    expect((await createOrder(store, 'production', store.keys.production.secretKey)).statusCode).toBe(201);

    const revoked = await revokePrevious(store, 'production');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ env: 'production', previousValidUntil: null, secretEnding: first.secretKey.slice(-4) });
    const old = await createOrder(store, 'production', store.keys.production.secretKey);
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toMatch(/^INVALID_TOKEN: the signature does not match the secret key of access key /);
    expect((await createOrder(store, 'production', first.secretKey)).statusCode).toBe(201);

    // overlapMinutes 0: the old secret stops at once (a leaked secret).
    const second = (await roll(store, { env: 'production', overlapMinutes: 0 })).json();
    expect((await createOrder(store, 'production', first.secretKey)).statusCode).toBe(403);
    expect((await createOrder(store, 'production', second.secretKey)).statusCode).toBe(201);
  });

  it('Kassa signs with the newest secret: the notification of an order made with the old secret during the overlap verifies with the new one only', async () => {
    const rx = await startReceiver();
    try {
      const store = await t.createStore();
      const old = store.keys.sandbox.secretKey;
      const rolled = (await roll(store, { env: 'sandbox', overlapMinutes: 60 })).json();
      const created = await createOrder(store, 'sandbox', old, { notificationUrl: rx.url });
      expect(created.statusCode).toBe(201);
      const order = created.json();
      const paid = await t.app.inject({
        method: 'POST',
        url: `/sandbox/api/test-helpers/orders/${order.uuid}/pay`,
        headers: { authorization: `Bearer ${tokenWith(store, 'sandbox', old)}` },
        payload: {},
      });
      expect(paid.statusCode).toBe(200);
      expect(await t.delivery().drain()).toBeGreaterThanOrEqual(1);
      const token = rx.received.find((r) => typeof r.body.orderToken === 'string')!.body.orderToken as string;
      expect(verify(token, rolled.secretKey)).toMatchObject({ uuid: order.uuid, paymentStatus: 'PAID' });
      expect(() => verify(token, old)).toThrow();
      // The return URL's order token too.
      const read = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${order.uuid}`, headers: { authorization: `Bearer ${tokenWith(store, 'sandbox', old)}` } });
      expect(read.statusCode).toBe(200);
    } finally {
      await rx.close();
    }
  });

  it('shipping v2 and the snake_case API accept either secret during the overlap, then only the new one', async () => {
    const store = await t.createStore();
    const old = store.keys.sandbox.secretKey;
    const rolled = (await roll(store, { env: 'sandbox', overlapMinutes: 60 })).json();
    const carriers = (secret: string) => t.app.inject({ method: 'GET', url: '/sandbox/shipping/api/v2/carriers', headers: { authorization: `Bearer ${tokenWith(store, 'sandbox', secret)}` } });
    const legacy = (secret: string) =>
      t.app.inject({
        method: 'GET',
        url: '/sandbox/shipping/api/v1/pickup-points',
        headers: { authorization: `Bearer ${sign({ access_key: store.keys.sandbox.accessKey, exp: nowS() + 600 }, secret)}` },
      });
    for (const secret of [old, rolled.secretKey]) {
      expect((await carriers(secret)).statusCode).toBe(200);
      expect((await legacy(secret)).statusCode).toBe(200);
    }
    await revokePrevious(store, 'sandbox');
    // Each API's own answer to a wrong secret (shipping/auth.ts: 401 with its error body).
    expect((await carriers(old)).statusCode).toBe(401);
    expect((await legacy(old)).statusCode).toBe(401);
    expect((await carriers(rolled.secretKey)).statusCode).toBe(200);
  });
});

describe('a shopper paying while the merchant rolls', () => {
  it("a bank page opened before the roll still returns (its MAC under the previous secret is accepted in the overlap); the merchant's return token is signed with the new secret", async () => {
    const s = new Shopper(t);
    const o = await createHostedPageOrder(t, { merchantReference: 'ROLL-BANK' });
    const page = await s.get(`/pay/${o.uuid}?lang=en`);
    const started = await s.submit(page.body, { name: 'bank', value: 'HABAEE2X' });
    expect(started.statusCode).toBe(303);
    const bankPage = await s.get(String(started.headers.location));
    expect(bankPage.statusCode).toBe(200);

    const rolled = (await roll(t.store, { env: 'sandbox', overlapMinutes: 60 })).json();
    try {
      const approved = await s.submit(bankPage.body, 'approve');
      expect(approved.statusCode).toBe(303);
      const back = await s.get(String(approved.headers.location));
      const returnUrl = new URL(String(back.headers.location));
      expect(verify(returnUrl.searchParams.get('order-token')!, rolled.secretKey)).toMatchObject({ uuid: o.uuid, paymentStatus: 'PAID' });
      expect(() => merchantToken(t, back)).toThrow(); // not under the old secret
    } finally {
      await revokePrevious(t.store, 'sandbox');
      t.store.keys.sandbox.secretKey = rolled.secretKey;
    }
  });
});

describe('the resolver cache on another API node', () => {
  it('a revoked previous secret lives on another node at most KASSA_AUTH_CACHE_MS, and never past its window', async () => {
    const store = await t.createStore();
    const old = store.keys.sandbox.secretKey;
    const TTL = 30_000;
    let nodeNow = 1_000_000;
    // A second API node: its own resolver and cache over the same database.
    const node2 = new KeyResolver(t.db, t.services.box, TTL, () => nodeNow);
    const accepts = async (secret: string) => {
      try {
        await node2.authenticate(tokenWith(store, 'sandbox', secret), 'sandbox');
        return true;
      } catch {
        return false;
      }
    };
    await roll(store, { env: 'sandbox', overlapMinutes: 60 });
    expect(await accepts(old)).toBe(true); // cached now, with both secrets
    expect((await revokePrevious(store, 'sandbox')).statusCode).toBe(200);
    // This node (the app's) refuses at once; node 2 may still accept until its TTL.
    expect((await createOrder(store, 'sandbox', old)).statusCode).toBe(403);
    nodeNow += TTL - 1;
    expect(await accepts(old)).toBe(true);
    nodeNow += 1;
    expect(await accepts(old)).toBe(false);

    // An entry holding an overlap's old secret expires when the window ends, even under a longer TTL.
    const store2 = await t.createStore();
    const node3 = new KeyResolver(t.db, t.services.box, 3_600_000, () => nodeNow);
    await roll(store2, { env: 'sandbox', overlapMinutes: 1 });
    const old2 = () => node3.authenticate(tokenWith(store2, 'sandbox', store2.keys.sandbox.secretKey), 'sandbox');
    await old2();
    // The store's clock passes the window's end (every node reads it from the database)...
    const moved = await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer({ store: store2 }), payload: { minutes: 2 } });
    expect(moved.statusCode).toBe(200);
    await old2(); // ...node 3's entry is 1 minute old: still cached with both secrets
    nodeNow += 61_000;
    await expect(node3.authenticate(tokenWith(store2, 'sandbox', store2.keys.sandbox.secretKey), 'sandbox')).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('a Bearer token remembered as verified (stores/auth.ts)', () => {
  // A client sends one Bearer token on every GET until it expires: the resolver remembers it
  // verified, and must still refuse it the moment its secret, its time or its store's policy does.
  const get = (env: 'sandbox' | 'production', token: string) => t.app.inject({ method: 'GET', url: `${base(env)}/stores/payment-methods`, headers: { authorization: `Bearer ${token}` } });

  it('is refused once a roll without overlap replaces its secret', async () => {
    const store = await t.createStore();
    const token = tokenWith(store, 'sandbox', store.keys.sandbox.secretKey);
    expect((await get('sandbox', token)).statusCode).toBe(200);
    expect((await get('sandbox', token)).statusCode).toBe(200);
    expect((await roll(store, { env: 'sandbox', overlapMinutes: 0 })).statusCode).toBe(200);
    const refused = await get('sandbox', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('KASSA_ERR_INVALID_SIGNATURE');
  });

  it('is refused once it expires, though it was verified before', async () => {
    const store = await t.createStore();
    const exp = nowS() + 2;
    const token = sign({ accessKey: store.keys.sandbox.accessKey, exp }, store.keys.sandbox.secretKey);
    expect((await get('sandbox', token)).statusCode).toBe(200);
    while (nowS() < exp) await new Promise((r) => setTimeout(r, 100));
    const refused = await get('sandbox', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('KASSA_ERR_TOKEN_EXPIRED');
  });

  it("without exp in production, follows the store's allowTokensWithoutExp at every use", async () => {
    const store = await t.createStore();
    const setting = (allow: boolean) => t.app.inject({ method: 'PATCH', url: `/operator/stores/${store.id}`, headers: admin, payload: { allowTokensWithoutExp: allow } });
    const token = sign({ accessKey: store.keys.production.accessKey }, store.keys.production.secretKey);
    expect((await setting(true)).statusCode).toBe(200);
    expect((await get('production', token)).statusCode).toBe(200);
    expect((await setting(false)).statusCode).toBe(200);
    const refused = await get('production', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toContain('allowTokensWithoutExp');
  });

  it('on the other environment is still the 401 naming where the key belongs', async () => {
    const store = await t.createStore();
    const token = tokenWith(store, 'sandbox', store.keys.sandbox.secretKey);
    expect((await get('sandbox', token)).statusCode).toBe(200);
    const other = await get('production', token);
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe('KASSA_ERR_WRONG_ENVIRONMENT');
  });
});
