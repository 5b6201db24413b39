/**
 * The snake_case shipping API's webhooks (shipping-legacy.md): PATCH /stores/store-webhook, and
 * shipment_created / label_created delivered through the notifications outbox with the token in
 * ?webhook_token=. Shipments are made through v2 (the same shipments, another view).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sign, verify } from '../../src/platform/jwt.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { admin, activate, courierBody, pickupBody, SANDBOX } from './support.js';
import { createTestApp, nowS, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

let t: TestApp;
let rx: Receiver;
const LEGACY = '/sandbox/shipping/api/v1';
const LEGACY_PRODUCTION = '/shipping/api/v1';

beforeAll(async () => {
  t = await createTestApp();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
});
afterAll(async () => t.close());
beforeEach(async () => {
  rx = await startReceiver();
  await t.db.query('DELETE FROM notification_attempts; DELETE FROM notifications; DELETE FROM webhooks; DELETE FROM legacy_webhooks');
});
afterEach(async () => rx.close());

/** The snake_case API's Bearer token: `{access_key, exp}` (clients also send iat). */
function legacyToken(opts: { env?: 'sandbox' | 'production'; store?: CreatedStore; exp?: number; secret?: string } = {}): string {
  const k = (opts.store ?? t.store).keys[opts.env ?? 'sandbox'];
  return sign({ access_key: k.accessKey, iat: nowS(), exp: opts.exp ?? nowS() + 3600 }, opts.secret ?? k.secretKey);
}
const patch = (payload: unknown, opts: { env?: 'sandbox' | 'production'; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `${opts.env === 'production' ? LEGACY_PRODUCTION : LEGACY}/stores/store-webhook`,
    headers: opts.headers ?? { authorization: `Bearer ${legacyToken({ env: opts.env })}` },
    payload: payload as object,
  });
const registered = async () => (await t.db.query<{ env: string; url: string }>('SELECT env, url FROM legacy_webhooks WHERE store_id = $1 ORDER BY env', [t.store.id])).rows;

async function createShipment(body: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const getShipment = async (id: string) => (await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipments/${id}`, headers: t.bearer() })).json();
const getShipmentOf = async (store: CreatedStore, id: string) => (await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipments/${id}`, headers: t.bearer({ store }) })).json();
const printLabels = async (ids: string[]) => {
  const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: t.bearer(), payload: { shipmentIds: ids, synchronous: true } });
  expect(res.statusCode).toBe(201);
};
const legacyRows = async () =>
  (await t.db.query<{ url: string; subject_id: string; claims: Record<string, unknown> }>(`SELECT url, subject_id, claims FROM notifications WHERE kind = 'legacy_webhook' ORDER BY created_at, url`))
    .rows;

describe('PATCH /stores/store-webhook', () => {
  it('registers the URL per environment, answers 200 {tracking_webhook_url}, replaces it, and an empty string removes it', async () => {
    const res = await patch({ tracking_webhook_url: 'https://shop.example/?wc-api=montonio_shipping_api_webhook' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tracking_webhook_url: 'https://shop.example/?wc-api=montonio_shipping_api_webhook' });
    const prod = await patch({ tracking_webhook_url: 'https://shop.example/prod' }, { env: 'production' });
    expect(prod.json()).toEqual({ tracking_webhook_url: 'https://shop.example/prod' });
    expect(await registered()).toEqual([
      { env: 'production', url: 'https://shop.example/prod' },
      { env: 'sandbox', url: 'https://shop.example/?wc-api=montonio_shipping_api_webhook' },
    ]);
    expect((await patch({ tracking_webhook_url: 'https://shop.example/new' })).statusCode).toBe(200);
    expect((await registered()).find((r) => r.env === 'sandbox')!.url).toBe('https://shop.example/new');
    const removed = await patch({ tracking_webhook_url: '' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ tracking_webhook_url: null });
    expect(await registered()).toEqual([{ env: 'production', url: 'https://shop.example/prod' }]);
  });

  it("sandbox may point at a private address (the merchant's own machine)", async () => {
    expect((await patch({ tracking_webhook_url: rx.url })).statusCode).toBe(200);
  });

  it.each([
    ['missing', {}, 'tracking_webhook_url is required'],
    ['null', { tracking_webhook_url: null }, 'tracking_webhook_url is required'],
    ['a number', { tracking_webhook_url: 5 }, 'tracking_webhook_url must be a string'],
    ['not a URL', { tracking_webhook_url: 'not a url' }, 'tracking_webhook_url must be an absolute URL'],
    ['relative', { tracking_webhook_url: '/hook' }, 'tracking_webhook_url must be an absolute URL'],
    ['ftp', { tracking_webhook_url: 'ftp://shop.example/h' }, 'tracking_webhook_url must be an http or https URL'],
    ['too long', { tracking_webhook_url: `https://shop.example/${'a'.repeat(2100)}` }, 'tracking_webhook_url must be at most 2048 characters'],
    ['NUL', { tracking_webhook_url: 'https://shop.example/\u0000' }, 'tracking_webhook_url'],
    ['an array body', [], 'body must be a JSON object'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, body, message) => {
    const res = await patch(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message).toContain(message);
    expect(await registered()).toEqual([]);
  });

  it('production refuses a private address with 400 naming tracking_webhook_url, writing nothing', async () => {
    const res = await patch({ tracking_webhook_url: 'http://127.0.0.1:8080/hook' }, { env: 'production' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('tracking_webhook_url must be reachable from the internet: production callbacks go to public addresses only');
    expect(await registered()).toEqual([]);
  });

  it.each([
    ['no Authorization', {}],
    ['not Bearer', { authorization: 'Basic abc' }],
    ['garbage token', { authorization: 'Bearer abc.def.ghi' }],
    ['expired', { authorization: `Bearer ${legacyTokenLazy({ exp: -60 })}` }],
    ['wrong secret', { authorization: `Bearer ${legacyTokenLazy({ secret: 'x'.repeat(40) })}` }],
    ['a production key on the sandbox path', { authorization: `Bearer ${legacyTokenLazy({ env: 'production' })}` }],
    ['camelCase accessKey instead of access_key', { authorization: 'v2' }],
  ])('answers 401 JSON for %s, writing nothing', async (_name, headers) => {
    const h = resolveHeaders(headers as Record<string, string>);
    const res = await patch({ tracking_webhook_url: 'https://shop.example/h' }, { headers: h });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 401 });
    expect(await registered()).toEqual([]);
  });
});

/** Tokens in it.each tables are built when the test runs (the store exists only after beforeAll). */
function legacyTokenLazy(o: { exp?: number; secret?: string; env?: 'sandbox' | 'production' }): string {
  return `lazy:${JSON.stringify(o)}`;
}
function resolveHeaders(h: Record<string, string>): Record<string, string> {
  if (h.authorization === 'v2') return t.bearer();
  const m = /^Bearer lazy:(.*)$/.exec(h.authorization ?? '');
  if (!m) return h;
  const o = JSON.parse(m[1]!) as { exp?: number; secret?: string; env?: 'sandbox' | 'production' };
  return { authorization: `Bearer ${legacyToken({ ...o, env: o.env, exp: o.exp === undefined ? undefined : nowS() + o.exp })}` };
}

describe('shipment_created and label_created deliveries', () => {
  it("POSTs the spec's payload, signed with the store's secret, in ?webhook_token=, on registration and on label printing", async () => {
    await patch({ tracking_webhook_url: `${rx.url}/?wc-api=montonio_shipping_api_webhook` });
    const body = courierBody({ parcels: [{ weight: 1 }, { weight: 2 }] });
    const id = await createShipment(body);
    expect(await legacyRows()).toEqual([]); // pending: nothing to announce yet
    await t.services.shipments.registration.drain();
    const shipment = await getShipment(id);
    expect(shipment.status).toBe('registered');
    expect(await t.delivery().drain()).toBe(1);
    expect(rx.received).toHaveLength(1);
    const created = rx.received[0]!;
    expect(created.method).toBe('POST');
    expect(created.url.searchParams.get('wc-api')).toBe('montonio_shipping_api_webhook');
    const token = created.url.searchParams.get('webhook_token')!;
    expect(created.body).toEqual({ webhook_token: token });
    const claims = verify(token, t.store.keys.sandbox.secretKey);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'merchant_reference', 'message', 'shipment_status', 'shipment_uuid', 'tracking_numbers']);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    const trackingNumbers = shipment.parcels.map((p: { carrierParcelId: string; trackingLink: string }) => ({ code: p.carrierParcelId, link: p.trackingLink }));
    expect(claims).toMatchObject({
      message: 'shipment_created',
      merchant_reference: body.merchantReference,
      shipment_uuid: id,
      shipment_status: 'registered_with_provider',
      tracking_numbers: trackingNumbers,
    });
    expect(trackingNumbers).toHaveLength(2);
    for (const tn of claims.tracking_numbers as { code: string; link: string }[]) {
      expect(tn.code).toMatch(/\S/);
      expect(new URL(tn.link).href).toBe(tn.link); // a full URL, not a path
      expect(tn.link.startsWith(`${t.config.publicUrl}/track/`)).toBe(true);
    }
    // Another view of the same secret would not verify it.
    expect(() => verify(token, t.store.keys.production.secretKey)).toThrow();

    await printLabels([id]);
    expect(await t.delivery().drain()).toBe(1);
    const label = verify(rx.received[1]!.url.searchParams.get('webhook_token')!, t.store.keys.sandbox.secretKey);
    expect(label).toMatchObject({ message: 'label_created', shipment_status: 'label_created', shipment_uuid: id, merchant_reference: body.merchantReference, tracking_numbers: trackingNumbers });
    // Printing again is no new transition: no second label_created.
    await printLabels([id]);
    expect(await t.delivery().drain()).toBe(0);
  });

  it("the shipment's own legacy_webhook_url gets it too, once when it equals the store's URL; other stores' shipments do not", async () => {
    await patch({ tracking_webhook_url: `${rx.url}/?to=store` });
    const a = await createShipment(pickupBody());
    const b = await createShipment(pickupBody());
    await t.db.query('UPDATE shipments SET legacy_webhook_url = $1 WHERE id = $2', [`${rx.url}/?to=own`, a]);
    await t.db.query('UPDATE shipments SET legacy_webhook_url = $1 WHERE id = $2', [`${rx.url}/?to=store`, b]);
    await t.services.shipments.registration.drain();
    const rows = await legacyRows();
    expect(rows.map((r) => [r.subject_id, new URL(r.url).searchParams.get('to')]).sort()).toEqual(
      [
        [a, 'own'],
        [a, 'store'],
        [b, 'store'],
      ].sort(),
    );
    await t.delivery().drain();
    expect(rx.received).toHaveLength(3);
    // Another store's shipment is not announced to this store's URL.
    const other = await t.createStore();
    await activate(t, other, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
    const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer({ store: other }), payload: pickupBody() });
    expect(res.statusCode).toBe(201);
    await t.services.shipments.registration.drain();
    expect((await getShipmentOf(other, res.json().id)).status).toBe('registered');
    expect((await legacyRows()).filter((r) => r.subject_id === res.json().id)).toEqual([]);
  });

  it('without a store URL only shipments with their own legacy_webhook_url are announced; v2 webhooks still fire', async () => {
    await t.db.query(`INSERT INTO webhooks (id, store_id, env, url, enabled_events) VALUES (gen_random_uuid(), $1, 'sandbox', $2, $3)`, [t.store.id, `${rx.url}/?v2=1`, ['shipment.registered']]);
    const a = await createShipment(pickupBody());
    const b = await createShipment(pickupBody());
    await t.db.query('UPDATE shipments SET legacy_webhook_url = $1 WHERE id = $2', [`${rx.url}/?to=own`, a]);
    await t.services.shipments.registration.drain();
    expect((await legacyRows()).map((r) => r.subject_id)).toEqual([a]);
    await t.delivery().drain();
    const v2Hits = rx.received.filter((r) => r.url.searchParams.get('v2') === '1');
    expect(v2Hits).toHaveLength(2);
    expect(v2Hits.every((r) => typeof r.body.payload === 'string')).toBe(true);
    expect(rx.received.filter((r) => r.url.searchParams.has('webhook_token'))).toHaveLength(1);
    void b;
  });

  it("a shipment of another environment is not announced to this one's URL", async () => {
    await patch({ tracking_webhook_url: 'https://shop.example/prod' }, { env: 'production' });
    await createShipment(pickupBody());
    await t.services.shipments.registration.drain();
    expect(await legacyRows()).toEqual([]);
  });

  it('retries on the schedule with attempt rows, like every delivery; the operator lists and resends it', async () => {
    rx.respond.status = 500;
    await patch({ tracking_webhook_url: rx.url });
    await createShipment(pickupBody());
    await t.services.shipments.registration.drain();
    await t.delivery().drain();
    rx.respond.status = 204; // any 2xx counts, as for v2 webhooks
    await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer(), payload: { minutes: 1 } });
    await t.delivery().drain();
    const { rows } = await t.db.query(
      `SELECT a.attempt, a.response_status, a.outcome FROM notification_attempts a JOIN notifications n ON n.id = a.notification_id WHERE n.kind = 'legacy_webhook' ORDER BY a.attempt`,
    );
    expect(rows).toEqual([
      { attempt: 1, response_status: 500, outcome: 'retry' },
      { attempt: 2, response_status: 204, outcome: 'delivered' },
    ]);
    const listed = await t.app.inject({ method: 'GET', url: '/operator/notifications?status=delivered&kind=legacy_webhook', headers: admin });
    expect(listed.statusCode).toBe(200);
    const [n] = listed.json().notifications;
    expect(n).toMatchObject({ kind: 'legacy_webhook', storeUuid: t.store.id, env: 'sandbox', url: rx.url, status: 'delivered', attempts: 2 });
    const resent = await t.app.inject({ method: 'POST', url: `/operator/notifications/${n.id}/resend`, headers: admin });
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toMatchObject({ id: n.id, kind: 'legacy_webhook', status: 'pending' });
    expect(await t.delivery().drain()).toBe(1);
    expect(rx.received).toHaveLength(3);
    expect(verify(rx.received[2]!.url.searchParams.get('webhook_token')!, t.store.keys.sandbox.secretKey)).toMatchObject({ message: 'shipment_created' });
  });
});
