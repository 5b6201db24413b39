import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verify } from '../../src/platform/jwt.js';
import { withTx } from '../../src/platform/db.js';
import { enqueueShipmentEvent, WEBHOOK_EVENTS } from '../../src/shipping/webhooks/events.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

let t: TestApp;
let rx: Receiver;
const base = '/sandbox/shipping/api/v2';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  rx = await startReceiver();
  await t.db.query('DELETE FROM notification_attempts; DELETE FROM notifications; DELETE FROM webhooks');
});
afterEach(async () => rx.close());

const post = (payload: unknown, opts: Parameters<TestApp['bearer']>[0] = {}) =>
  t.app.inject({ method: 'POST', url: `${opts.env === 'production' ? '/shipping/api/v2' : base}/webhooks`, headers: t.bearer(opts), payload: payload as object });
const list = (opts: Parameters<TestApp['bearer']>[0] = {}) => t.app.inject({ method: 'GET', url: `${opts.env === 'production' ? '/shipping/api/v2' : base}/webhooks`, headers: t.bearer(opts) });

async function counts() {
  const { rows } = await t.db.query<{ w: number }>('SELECT count(*)::int AS w FROM webhooks');
  return rows[0]!.w;
}

const event = (eventType: (typeof WEBHOOK_EVENTS)[number], shipmentId = '0190a8c4-0000-7000-8000-000000000001') =>
  withTx(t.db, (tx) => enqueueShipmentEvent(tx, { storeId: t.store.id, env: 'sandbox', eventType, shipmentId, data: { id: shipmentId, status: 'registered' } }));

describe('webhook registrations', () => {
  it('registers, lists as {data}, and deletes', async () => {
    const res = await post({ url: rx.url, enabledEvents: ['shipment.registered'] });
    expect(res.statusCode).toBe(201);
    const w = res.json();
    expect(Object.keys(w).sort()).toEqual(['createdAt', 'enabledEvents', 'id', 'url']);
    expect(w).toMatchObject({ url: rx.url, enabledEvents: ['shipment.registered'] });
    expect((await list()).json()).toEqual({ data: [w] });
    const del = await t.app.inject({ method: 'DELETE', url: `${base}/webhooks/${w.id}`, headers: t.bearer() });
    expect(del.statusCode).toBe(204);
    expect((await list()).json()).toEqual({ data: [] });
    const again = await t.app.inject({ method: 'DELETE', url: `${base}/webhooks/${w.id}`, headers: t.bearer() });
    expect(again.statusCode).toBe(404);
  });

  it('enabledEvents defaults to every event', async () => {
    const w = (await post({ url: rx.url })).json();
    expect(w.enabledEvents).toEqual([...WEBHOOK_EVENTS]);
  });

  it('allows 10 per store and refuses the 11th with 400, writing nothing', async () => {
    for (let i = 0; i < 10; i++) expect((await post({ url: `${rx.url}?n=${i}` })).statusCode).toBe(201);
    const eleventh = await post({ url: rx.url });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toEqual({
      statusCode: 400,
      message: 'a store can have at most 10 webhooks; delete one first',
      error: 'Bad Request',
      code: 'KASSA_ERR_BAD_REQUEST',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_BAD_REQUEST',
    });
    expect(await counts()).toBe(10);
    // Another store, and the other environment of this store, have their own ten.
    const other = await t.createStore();
    expect((await post({ url: rx.url }, { store: other })).statusCode).toBe(201);
    expect((await post({ url: 'https://hooks.example/kassa' }, { env: 'production' })).statusCode).toBe(201);
    // Production webhooks cannot point at private addresses (the sandbox's may).
    const local = await post({ url: rx.url }, { env: 'production' });
    expect(local.json()).toMatchObject({ statusCode: 400, message: 'url must be reachable from the internet: production callbacks go to public addresses only' });
  });

  it('ten registered at once never make eleven', async () => {
    for (let i = 0; i < 5; i++) await post({ url: rx.url });
    const results = await Promise.all(Array.from({ length: 10 }, () => post({ url: rx.url })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(await counts()).toBe(10);
  });

  it.each([
    [{}, 'url is required'],
    [{ url: 'not a url' }, 'url must be an absolute URL'],
    [{ url: 'ftp://x.example/h' }, 'url must be an http or https URL'],
    [{ url: 'https://x.example/h', enabledEvents: 'shipment.registered' }, 'enabledEvents must be an array'],
    [{ url: 'https://x.example/h', enabledEvents: ['shipment.exploded'] }, 'enabledEvents must list only'],
    [{ url: 'https://x.example/h', enabledEvents: [] }, 'enabledEvents must name at least one event'],
  ])('refuses %j with 400 naming the field, writing nothing', async (body, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await counts()).toBe(0);
  });

  it("needs Bearer auth; one store never sees or deletes another store's webhooks", async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/webhooks` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${base}/webhooks`, headers: t.bearer({ env: 'production' }) })).json().message).toMatch(
      /^STORE_NOT_FOUND: this access key belongs to the production environment; use http:\/\/kassa\.test\/shipping\/api\/v2\/webhooks$/,
    );
    const w = (await post({ url: rx.url })).json();
    const other = await t.createStore();
    expect((await list({ store: other })).json()).toEqual({ data: [] });
    const del = await t.app.inject({ method: 'DELETE', url: `${base}/webhooks/${w.id}`, headers: t.bearer({ store: other }) });
    expect(del.statusCode).toBe(404);
    expect(await counts()).toBe(1);
  });
});

describe('webhook deliveries', () => {
  it('each webhook is notified only of its enabledEvents', async () => {
    const a = (await post({ url: `${rx.url}?hook=a`, enabledEvents: ['shipment.registered'] })).json();
    await post({ url: `${rx.url}?hook=b`, enabledEvents: ['shipment.registrationFailed'] });
    await post({ url: `${rx.url}?hook=c` });
    expect(await event('shipment.registered')).toBe(2);
    expect(await event('shipment.statusUpdated')).toBe(1);
    await t.delivery().drain();
    const hooks = rx.received.map((r) => r.url.searchParams.get('hook')).sort();
    expect(hooks).toEqual(['a', 'c', 'c']);
    expect(rx.received.every((r) => r.method === 'POST')).toBe(true);
    void a;
  });

  it("posts {payload: JWT} signed with the store secret, carrying the spec's claims", async () => {
    await post({ url: rx.url });
    await event('shipment.registered', '0190a8c4-0000-7000-8000-0000000000aa');
    await t.delivery().drain();
    expect(rx.received).toHaveLength(1);
    const body = rx.received[0]!.body;
    expect(Object.keys(body)).toEqual(['payload']);
    expect(rx.received[0]!.url.searchParams.size).toBe(0);
    const claims = verify(body.payload as string, t.store.keys.sandbox.secretKey);
    expect(Object.keys(claims).sort()).toEqual(['created', 'data', 'eventId', 'eventType', 'exp', 'iat', 'shipmentId']);
    expect(claims).toMatchObject({
      shipmentId: '0190a8c4-0000-7000-8000-0000000000aa',
      eventType: 'shipment.registered',
      data: { id: '0190a8c4-0000-7000-8000-0000000000aa', status: 'registered' },
    });
    expect(new Date(claims.created as string).toISOString()).toBe(claims.created);
  });

  it('retries a failed delivery on the schedule, records every attempt, and a restarted worker picks it up', async () => {
    rx.respond.status = 500;
    await post({ url: rx.url });
    await event('shipment.registrationFailed');
    await t.delivery().drain();
    rx.respond.status = 204; // any 2xx counts for webhooks
    await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer(), payload: { minutes: 1 } });
    await t.delivery().drain(); // a new worker instance: nothing lived in the old one's memory
    const { rows } = await t.db.query(
      `SELECT a.attempt, a.response_status, a.outcome FROM notification_attempts a JOIN notifications n ON n.id = a.notification_id WHERE n.kind = 'webhook' ORDER BY a.attempt`,
    );
    expect(rows).toEqual([
      { attempt: 1, response_status: 500, outcome: 'retry' },
      { attempt: 2, response_status: 204, outcome: 'delivered' },
    ]);
  });

  it('deleting a webhook drops its pending deliveries', async () => {
    rx.respond.status = 500;
    const w = (await post({ url: rx.url })).json();
    await event('shipment.registered');
    await t.delivery().drain();
    await t.app.inject({ method: 'DELETE', url: `${base}/webhooks/${w.id}`, headers: t.bearer() });
    await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer(), payload: { minutes: 60 } });
    expect(await t.delivery().drain()).toBe(0);
  });
});
