/**
 * The operator's connectors (issue 19): set through the operator API with their kind's schemas
 * (a 400 naming each field, nothing stored), secrets sealed at rest and never answered, production
 * pointed only at https endpoints of the real party, and what production offers following them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { TEST_STRIPE, testBank } from '../support/connectors.js';
import { kassaAt } from '../support/kassa-bin.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const put = (kind: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `/operator/connectors/${kind}`, headers: admin, payload: payload as Record<string, unknown> });
const list = async () => (await t.app.inject({ method: 'GET', url: '/operator/connectors', headers: admin })).json();
const methods = async () => (await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: t.bearer({ env: 'production' }) })).json().paymentMethods;

describe('/operator/connectors', () => {
  it('needs the admin token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/operator/connectors' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/operator/connectors/stripe', payload: TEST_STRIPE })).statusCode).toBe(401);
  });

  it('lists the kinds Kassa has, none configured on a new installation', async () => {
    const r = await list();
    expect(r.kinds.map((k: { kind: string }) => k.kind).sort()).toEqual(['stripe', 'xs2a']);
    expect(r.kinds.every((k: { configured: number }) => k.configured === 0)).toBe(true);
    expect(r.connectors).toEqual([]);
  });

  it('refuses what does not fit the kind with a 400 naming each field, and stores nothing', async () => {
    const bad = await put('stripe', { settings: { publishableKey: 'nope' }, secrets: { secretKey: 'sk_test_x', webhookSecret: 42, extra: 'x' } });
    expect(bad.statusCode).toBe(400);
    const message = bad.json().message as string;
    expect(message).toContain('settings.publishableKey');
    expect(message).toContain('secrets.webhookSecret');
    expect(message).toContain('extra');
    expect(message).not.toContain('sk_test_x');
    const mixed = await put('stripe', { settings: { publishableKey: 'pk_live_abc' }, secrets: TEST_STRIPE.secrets });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('publishableKey and secretKey must be of the same mode (both live or both test)');
    const unknown = await put('paypal', TEST_STRIPE);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('kind must be one of xs2a, stripe');
    expect((await list()).connectors).toEqual([]);
  });

  it('never points production at a simulator or at plain http', async () => {
    const own = testBank('LV', 'HABALV22');
    for (const baseUrl of ['http://xs2a.bank.example/psd2', 'https://kassa.test/simulators/xs2a/LV-HABALV22', 'https://elsewhere.example/simulators/xs2a']) {
      const res = await put('xs2a', { ...own, settings: { ...own.settings, baseUrl } });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().message).toMatch(/^baseUrl /);
    }
    expect((await list()).connectors).toEqual([]);
  });

  it('seals the secrets at rest and never answers them; production offers what is configured, and stops when it is removed', async () => {
    expect(await methods()).toEqual({});
    const set = await put('stripe', TEST_STRIPE);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ kind: 'stripe', name: '', title: 'Stripe (cards)', settings: TEST_STRIPE.settings, secretsSet: ['secretKey', 'webhookSecret'] });
    expect(set.body).not.toContain(TEST_STRIPE.secrets.secretKey);
    const row = (await t.db.query<{ secrets_sealed: string }>(`SELECT secrets_sealed FROM connectors WHERE kind = 'stripe'`)).rows[0]!;
    expect(row.secrets_sealed).toMatch(/^v1\./);
    expect(row.secrets_sealed).not.toContain('sk_test');
    expect(JSON.stringify(await list())).not.toContain(TEST_STRIPE.secrets.secretKey);

    const bank = testBank('LV', 'HABALV22');
    expect((await put('xs2a', bank)).json().name).toBe('LV-HABALV22');
    const offered = await methods();
    expect(Object.keys(offered).sort()).toEqual(['cardPayments', 'paymentInitiation']);
    expect(offered.cardPayments.processor).toBe('stripe');
    // The bank list of a country comes from the configured banks: one bank, in one country.
    const setup = offered.paymentInitiation.setup;
    expect(Object.keys(setup)).toEqual(['LV']);
    expect(setup.LV.paymentMethods.map((b: { code: string }) => b.code)).toEqual(['HABALV22']);

    const card = orderPayload({ merchantReference: 'prod-card-1', payment: { method: 'cardPayments', amount: 10, currency: 'EUR' }, grandTotal: 10, currency: 'EUR' });
    const created = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { data: t.token(card, { env: 'production' }) } });
    expect(created.statusCode, created.body).toBe(201);

    const removed = await t.app.inject({ method: 'DELETE', url: '/operator/connectors/stripe', headers: admin });
    expect(removed.statusCode).toBe(204);
    expect(Object.keys(await methods())).toEqual(['paymentInitiation']);
    const refused = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { data: t.token({ ...card, merchantReference: 'prod-card-2' }, { env: 'production' }) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^payment\.method cannot be paid in production: cardPayments needs the stripe connector \(Stripe \(cards\)\)/);
    expect((await t.app.inject({ method: 'DELETE', url: '/operator/connectors/stripe', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/operator/connectors/xs2a?name=LV-HABALV22', headers: admin })).statusCode).toBe(204);
    expect(await methods()).toEqual({});
  });
});

describe("production's hosted page", () => {
  it('lists the configured banks only, and refuses another bank posted to it', async () => {
    const bank = testBank('LV', 'HABALV22');
    expect((await put('xs2a', bank)).statusCode).toBe(200);
    try {
      const payload = orderPayload({
        merchantReference: 'prod-bank-page',
        grandTotal: 20,
        currency: 'EUR',
        payment: { method: 'paymentInitiation', amount: 20, currency: 'EUR', methodOptions: { preferredCountry: 'LV', preferredProvider: 'UNLALV2X' } },
      });
      const created = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { data: t.token(payload, { env: 'production' }) } });
      expect(created.statusCode, created.body).toBe(201);
      const uuid = created.json().uuid as string;
      // SEB (UNLALV2X) is not configured: no straight redirect to it; the page offers the configured bank only.
      const page = await t.app.inject({ method: 'GET', url: `/pay/${uuid}` });
      expect(page.statusCode).toBe(200);
      const offered = [...page.body.matchAll(/name="bank" value="([A-Z0-9]+)"/g)].map((m) => m[1]);
      expect(offered).toEqual(['HABALV22']);
      const other = await t.app.inject({ method: 'POST', url: `/pay/${uuid}/start`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'country=LV&bank=UNLALV2X&lang=en' });
      expect(other.statusCode).toBe(400);
    } finally {
      await t.app.inject({ method: 'DELETE', url: '/operator/connectors/xs2a?name=LV-HABALV22', headers: admin });
    }
  });
});

describe('kassa connectors', () => {
  it('set reads the secrets from files, never the command line; list shows which are set, never their values; remove', async () => {
    const kassa = kassaAt(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const dir = mkdtempSync(join(tmpdir(), 'kassa-connectors-'));
    const secrets = join(dir, 'stripe.json');
    writeFileSync(secrets, JSON.stringify(TEST_STRIPE.secrets), { mode: 0o600 });
    const set = await kassa(['connectors', 'set', 'stripe', '--settings', JSON.stringify(TEST_STRIPE.settings), '--secrets-file', secrets]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('set stripe (Stripe (cards)); secrets sealed: secretKey, webhookSecret');
    const listed = await kassa(['connectors', 'list']);
    expect(listed.stdout).toContain('stripe   Stripe (cards): 1 configured');
    expect(listed.stdout).toContain('xs2a     Berlin Group NextGenPSD2 XS2A (one bank): not configured');
    const json = await kassa(['connectors', 'list', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject([{ kind: 'stripe', name: '', settings: TEST_STRIPE.settings, secretsSet: ['secretKey', 'webhookSecret'] }]);
    for (const r of [set, listed, json]) expect(r.stdout + r.stderr).not.toContain(TEST_STRIPE.secrets.secretKey);
    const bad = await kassa(['connectors', 'set', 'stripe', '--settings', '{"publishableKey":"x"}', '--secrets-file', secrets]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('settings.publishableKey');
    const removed = await kassa(['connectors', 'remove', 'stripe']);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await list()).connectors).toEqual([]);
  }, 60_000);
});
