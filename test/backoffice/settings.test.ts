/**
 * The back office's Settings (/dashboard/settings) through the real app: every form's happy path
 * and bad input (each problem under its field, nothing changed), a viewer's read-only page and
 * 403, CSRF, another store's uuid, and the keys: a roll shows the new secret once, both secrets
 * create orders until the window ends by the store's clock, revoke stops the old one at once, and
 * notifications after a roll are signed with the new secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign, verify } from '../../src/platform/jwt.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { createTestApp, nowS, orderPayload, type TestApp } from '../support/app.js';
import { addOfficeUser, officeCsrf, officeGet, officePost, officeSession } from '../support/backoffice.js';
import { startReceiver } from '../support/receiver.js';

let t: TestApp;
let store: CreatedStore;
let other: CreatedStore;
let owner: string;
let viewer: string;
let otherOwner: string;
let csrf: string;
let viewerCsrf: string;

beforeAll(async () => {
  t = await createTestApp();
  store = await t.createStore({ name: 'Settings shop' });
  other = await t.createStore({ name: 'Someone else' });
  await addOfficeUser(t, 'owner@settings.test', store);
  await addOfficeUser(t, 'viewer@settings.test', store, 'viewer');
  await addOfficeUser(t, 'other@settings.test', other);
  owner = await officeSession(t, 'owner@settings.test');
  viewer = await officeSession(t, 'viewer@settings.test');
  otherOwner = await officeSession(t, 'other@settings.test');
  csrf = await officeCsrf(t, owner);
  viewerCsrf = await officeCsrf(t, viewer);
});
afterAll(async () => t.close());

const page = (sid: string, query = '') => officeGet(t, `/dashboard/settings?store=${store.id}&lang=en${query}`, sid);
const post = (path: string, fields: Record<string, string>, sid = owner, token = csrf) =>
  officePost(t, `/dashboard/settings${path}`, sid, { csrf: token, store: store.id, lang: 'en', env: 'sandbox', ...fields });
const current = async () => (await t.services.stores.get(store.id))!;

const ADDRESS = {
  'shippingAddress.name': 'Settings shop OÜ',
  'shippingAddress.streetAddress': 'Pärnu mnt 10',
  'shippingAddress.locality': 'Tallinn',
  'shippingAddress.postalCode': '10148',
  'shippingAddress.country': 'EE',
  'shippingAddress.phoneNumber': '+3725551234',
};

let ref = 0;
const createOrder = (secret: string, over: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/sandbox/api/orders',
    payload: { data: sign({ accessKey: store.keys.sandbox.accessKey, exp: nowS() + 600, ...orderPayload({ merchantReference: `SET-${++ref}`, ...over }) }, secret) },
  });

describe('the settings page', () => {
  it("shows the environment's access key (never a secret in full), the countries and the forms to an owner", async () => {
    const res = await page(owner, '&env=sandbox');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(store.keys.sandbox.accessKey);
    expect(res.body).not.toContain(store.keys.sandbox.secretKey);
    expect(res.body).not.toContain(store.keys.production.secretKey);
    expect(res.body).toContain(`…${store.keys.sandbox.secretKey.slice(-4)}`);
    for (const c of ['EE', 'LV', 'LT', 'FI', 'PL']) expect(res.body).toContain(`name="country.${c}" value="on" checked`);
    expect(res.body).toContain('action="/dashboard/settings/keys/roll"');
    expect(res.body).toContain(`name="csrf" value="${csrf}"`);
    // Production shows the production key only.
    const prod = await page(owner, '&env=production');
    expect(prod.body).toContain(store.keys.production.accessKey);
    expect(prod.body).not.toContain(store.keys.sandbox.accessKey);
  });

  it('a viewer sees the values read-only (no button) and every post is a 403 that changes nothing', async () => {
    const res = await page(viewer, '&env=sandbox');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<fieldset disabled>');
    expect(res.body).not.toContain('<button type="submit" class="danger"');
    expect(res.body).toContain('changing them needs an owner');
    const before = await current();
    for (const [path, fields] of [
      ['/methods', {}],
      ['/options', { bankRefundsEnabled: 'on' }],
      ['/address', ADDRESS],
      ['/payout-account', { 'payoutAccount.iban': 'EE382200221020145685', 'payoutAccount.accountName': 'X' }],
      ['/keys/roll', { overlapMinutes: '60' }],
      ['/keys/revoke-previous', {}],
    ] as const) {
      expect((await post(path, fields, viewer, viewerCsrf)).statusCode, path).toBe(403);
    }
    expect(await current()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: `/operator/stores/${store.id}/keys`, headers: { authorization: 'Bearer test-admin-token' } })).json().keys[0].rolledAt).toBeNull();
  });

  it('a post without or with a wrong CSRF token is a 403 and changes nothing', async () => {
    const before = await current();
    expect((await post('/options', { bankRefundsEnabled: 'on', allowTokensWithoutExp: 'on' }, owner, '')).statusCode).toBe(403);
    expect((await post('/options', { bankRefundsEnabled: 'on', allowTokensWithoutExp: 'on' }, owner, 'x'.repeat(43))).statusCode).toBe(403);
    expect((await post('/methods', {}, owner, viewerCsrf)).statusCode).toBe(403);
    expect(await current()).toEqual(before);
  });

  it("another store's uuid in ?store= is the not-found page, for the page and for a post", async () => {
    expect((await officeGet(t, `/dashboard/settings?store=${other.id}&lang=en`, owner)).statusCode).toBe(404);
    const res = await officePost(t, '/dashboard/settings/options', owner, { csrf, store: other.id, env: 'sandbox', lang: 'en', bankRefundsEnabled: 'on' });
    expect(res.statusCode).toBe(404);
    expect((await t.services.stores.get(other.id))!.bankRefundsEnabled).toBe(false);
    // …and its owner does not see this store's keys.
    expect((await officeGet(t, `/dashboard/settings?store=${store.id}`, otherOwner)).statusCode).toBe(404);
  });
});

describe('settings forms', () => {
  it('bank payments per country: LV off in the sandbox only, gone from GET payment-methods there', async () => {
    const fields = Object.fromEntries(['EE', 'LT', 'FI', 'PL'].map((c) => [`country.${c}`, 'on']));
    const res = await post('/methods', fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/dashboard/settings?store=${store.id}&env=sandbox&lang=en&saved=1`);
    expect((await current()).countriesOff).toEqual({ sandbox: { paymentInitiation: ['LV'] }, production: {} });
    const methods = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer({ store }) });
    expect(Object.keys(methods.json().paymentMethods.paymentInitiation.setup)).toEqual(['EE', 'LT', 'FI', 'PL']);
    const after = await page(owner, '&env=sandbox&saved=1');
    expect(after.body).toContain('Saved.');
    expect(after.body).toContain('name="country.LV" value="on">');
    // All on again.
    await post('/methods', { ...fields, 'country.LV': 'on' });
    expect((await current()).countriesOff.sandbox).toEqual({ paymentInitiation: [] });
  });

  it('bank-payment refunds and tokens without exp on, then off', async () => {
    expect((await post('/options', { bankRefundsEnabled: 'on', allowTokensWithoutExp: 'on' })).statusCode).toBe(303);
    expect(await current()).toMatchObject({ bankRefundsEnabled: true, allowTokensWithoutExp: true });
    // A production Bearer token without exp is now accepted.
    const noExp = sign({ accessKey: store.keys.production.accessKey }, store.keys.production.secretKey);
    expect((await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: { authorization: `Bearer ${noExp}` } })).statusCode).toBe(200);
    expect((await post('/options', {})).statusCode).toBe(303);
    expect(await current()).toMatchObject({ bankRefundsEnabled: false, allowTokensWithoutExp: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: { authorization: `Bearer ${noExp}` } })).statusCode).toBe(401);
  });

  it('the sender address: each problem under its field, what was typed kept, nothing changed; then saved', async () => {
    const bad = await post('/address', { ...ADDRESS, 'shippingAddress.postalCode': '', 'shippingAddress.country': 'Estonia', 'shippingAddress.email': 'a@b.test' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Nothing was saved');
    expect(bad.body).toMatch(/<input id="shippingAddress-postalCode" name="shippingAddress.postalCode" value="" required aria-invalid="true" aria-describedby="shippingAddress-postalCode-error">/);
    expect(bad.body).toMatch(/<p class="error" id="shippingAddress-postalCode-error">Postal code: [^<]+<\/p>/);
    expect(bad.body).toMatch(/<p class="error" id="shippingAddress-country-error">Country: [^<]+<\/p>/);
    expect(bad.body).toContain('value="Pärnu mnt 10"');
    expect(bad.body).not.toContain('id="shippingAddress-locality-error"');
    expect((await current()).shippingAddress).toBeNull();

    const ok = await post('/address', ADDRESS);
    expect(ok.statusCode).toBe(303);
    expect((await current()).shippingAddress).toEqual({
      name: 'Settings shop OÜ',
      companyName: null,
      streetAddress: 'Pärnu mnt 10',
      locality: 'Tallinn',
      region: null,
      postalCode: '10148',
      country: 'EE',
      phoneCountryCode: '+372',
      phoneNumber: '5551234',
      email: null,
    });
    // The operator API reads it the same way.
    const op = await t.app.inject({ method: 'GET', url: `/operator/stores/${store.id}`, headers: { authorization: 'Bearer test-admin-token' } });
    expect(op.json().shippingAddress).toEqual((await current()).shippingAddress);
    expect((await page(owner, '&env=sandbox')).body).toContain('value="Settings shop OÜ"');
  });

  it('the payout account: a bad IBAN named, nothing changed; then saved normalised', async () => {
    const bad = await post('/payout-account', { 'payoutAccount.iban': 'EE00 1234', 'payoutAccount.accountName': '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id="payoutAccount-iban-error"');
    expect(bad.body).toContain('id="payoutAccount-accountName-error"');
    expect((await current()).payoutAccount).toBeNull();
    const ok = await post('/payout-account', { 'payoutAccount.iban': 'ee38 2200 2210 2014 5685', 'payoutAccount.accountName': 'Settings shop OÜ' });
    expect(ok.statusCode).toBe(303);
    expect((await current()).payoutAccount).toEqual({ iban: 'EE382200221020145685', accountName: 'Settings shop OÜ' });
  });
});

describe('API keys on the settings page', () => {
  it('roll: the new secret shown once; both secrets create orders until the window ends by the sandbox clock; then the old is 403 INVALID_TOKEN', async () => {
    const old = store.keys.sandbox.secretKey;
    const bad = await post('/keys/roll', { overlapMinutes: '5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('overlapMinutes');

    const res = await post('/keys/roll', { overlapMinutes: '60' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const secret = /id="new-secret" readonly size="48" value="([^"]+)"/.exec(res.body)![1]!;
    expect(secret).toHaveLength(old.length);
    expect(secret).not.toBe(old);
    expect(res.body).toContain('Previous secret valid until');
    // Shown once: the page afterwards has only its last four characters.
    const later = await page(owner, '&env=sandbox');
    expect(later.body).not.toContain(secret);
    expect(later.body).toContain(`…${secret.slice(-4)}`);
    expect(later.body).toContain('action="/dashboard/settings/keys/revoke-previous"');
    expect(later.body).not.toContain('action="/dashboard/settings/keys/roll"');

    // A second roll during the window: 409, the page says until when.
    const again = await post('/keys/roll', { overlapMinutes: '60' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('revoke the previous secret first');

    expect((await createOrder(secret)).statusCode).toBe(201);
    expect((await createOrder(old)).statusCode).toBe(201);
    const advance = (minutes: number) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/api/test-helpers/clock/advance',
        headers: { authorization: `Bearer ${sign({ accessKey: store.keys.sandbox.accessKey, exp: nowS() + 600 }, secret)}` },
        payload: { minutes },
      });
    await advance(59);
    expect((await createOrder(old)).statusCode).toBe(201);
    await advance(2);
    const refused = await createOrder(old);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      statusCode: 403,
      message: expect.stringMatching(/^INVALID_TOKEN: the signature does not match the secret key of access key /),
      error: 'Forbidden',
      code: 'KASSA_ERR_INVALID_SIGNATURE',
    });
    expect((await createOrder(secret)).statusCode).toBe(201);
    store.keys.sandbox.secretKey = secret;
  });

  it('revoke: the old secret stops at once; notifications after a roll are signed with the new secret', async () => {
    const rx = await startReceiver();
    try {
      const old = store.keys.sandbox.secretKey;
      const res = await post('/keys/roll', {});
      expect(res.statusCode).toBe(200);
      const secret = /id="new-secret" readonly size="48" value="([^"]+)"/.exec(res.body)![1]!;
      // The default window: 24 hours.
      const until = (await t.app.inject({ method: 'GET', url: `/operator/stores/${store.id}/keys`, headers: { authorization: 'Bearer test-admin-token' } })).json().keys[0].previousValidUntil;
      expect(Date.parse(until) - (await t.db.query(`SELECT store_now($1, 'sandbox') AS now`, [store.id])).rows[0].now.getTime()).toBeGreaterThan(23.9 * 3600_000);

      const created = await createOrder(old, { notificationUrl: rx.url });
      expect(created.statusCode).toBe(201);
      const uuid = created.json().uuid;
      const paid = await t.app.inject({
        method: 'POST',
        url: `/sandbox/api/test-helpers/orders/${uuid}/pay`,
        headers: { authorization: `Bearer ${sign({ accessKey: store.keys.sandbox.accessKey, exp: nowS() + 600 }, old)}` },
        payload: {},
      });
      expect(paid.statusCode).toBe(200);
      await t.delivery().drain();
      const token = rx.received.find((r) => typeof r.body.orderToken === 'string')!.body.orderToken as string;
      expect(verify(token, secret)).toMatchObject({ uuid, paymentStatus: 'PAID' });
      expect(() => verify(token, old)).toThrow();

      const revoked = await post('/keys/revoke-previous', {});
      expect(revoked.statusCode).toBe(303);
      const refused = await createOrder(old);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/^INVALID_TOKEN: the signature does not match the secret key of access key /);
      expect((await createOrder(secret)).statusCode).toBe(201);
      expect((await page(owner, '&env=sandbox')).body).toContain('action="/dashboard/settings/keys/roll"');
    } finally {
      await rx.close();
    }
  });
});
