/**
 * Which environment the back office opens in, what a URL of an object in the other environment
 * answers, and deleting a shipping webhook, through the real app:
 * - no `env` in the URL: sandbox while the store has no production order or shipment, production
 *   once it has one; `env` in the URL always wins (the switch), and every link carries it on;
 * - an order, shipment or label file asked for in the wrong environment: the not-found page saying
 *   where it lives, with a link there; another store's object: the bare not-found page;
 * - a webhook deleted by an owner's form (CSRF checked, WebhookService.delete as the API's DELETE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedStore } from '../../src/stores/service.js';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { addOfficeUser, officeCsrf, officeGet, officePost, officeSession } from '../support/backoffice.js';
import { pickupBody, SANDBOX } from '../shipping/support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function sandboxOrder(store: CreatedStore, merchantReference: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload({ merchantReference }), { store }) } });
  expect(res.statusCode).toBe(201);
  return res.json().uuid as string;
}
async function sandboxShipment(store: CreatedStore, merchantReference: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer({ store }), payload: pickupBody({ merchantReference }) });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
/** A store's first production object: one of its sandbox orders moved there (Kassa's production needs real processors). */
const moveToProduction = (orderId: string) => t.db.query(`UPDATE orders SET env = 'production' WHERE id = $1`, [orderId]);

const heading = (body: string) => /<h1>([^<]*)<\/h1>/.exec(body)?.[1];

describe('the environment the back office opens in', () => {
  it('is sandbox while the store has only sandbox data, production once it has a production order; ?env= always wins', async () => {
    const store = await t.createStore({ name: 'Env shop' });
    await addOfficeUser(t, 'owner@env-choice.test', store);
    const sid = await officeSession(t, 'owner@env-choice.test');

    const fresh = await officeGet(t, '/dashboard', sid);
    expect(fresh.statusCode).toBe(200);
    expect(heading(fresh.body)).toBe('Overview · Sandbox');
    expect(fresh.body).toContain('class="banner"');
    // Every link carries the chosen environment on; the switch offers the other one.
    expect(fresh.body).toContain(`href="/dashboard/orders?store=${store.id}&amp;env=sandbox&amp;lang=en"`);
    expect(fresh.body).toContain(`href="/dashboard?store=${store.id}&amp;env=production&amp;lang=en">Switch to Production</a>`);

    const ref = 'ENV-SANDBOX-1';
    await sandboxOrder(store, ref);
    const orders = await officeGet(t, '/dashboard/orders', sid);
    expect(heading(orders.body)).toBe('Orders · Sandbox');
    expect(orders.body).toContain(ref);
    expect(heading((await officeGet(t, '/dashboard?env=production', sid)).body)).toBe('Overview · Production');

    await moveToProduction(await sandboxOrder(store, 'ENV-PRODUCTION-1'));
    const now = await officeGet(t, '/dashboard/orders', sid);
    expect(heading(now.body)).toBe('Orders · Production');
    expect(now.body).not.toContain('class="banner"');
    expect(now.body).toContain('ENV-PRODUCTION-1');
    expect(now.body).not.toContain(ref);
    expect(heading((await officeGet(t, '/dashboard/orders?env=sandbox', sid)).body)).toBe('Orders · Sandbox');
  });

  it('counts a production shipment as data too', async () => {
    const store = await t.createStore({ name: 'Env ship shop' });
    await addOfficeUser(t, 'owner@env-ship.test', store);
    const sid = await officeSession(t, 'owner@env-ship.test');
    const id = await sandboxShipment(store, 'ENV-SHIP-1');
    expect(heading((await officeGet(t, '/dashboard/shipping', sid)).body)).toBe('Shipments · Sandbox');
    await t.db.query(`UPDATE shipments SET env = 'production' WHERE id = $1`, [id]);
    expect(heading((await officeGet(t, '/dashboard/shipping', sid)).body)).toBe('Shipments · Production');
  });
});

describe('an object asked for in the other environment', () => {
  let store: CreatedStore;
  let other: CreatedStore;
  let sid: string;
  beforeAll(async () => {
    store = await t.createStore({ name: 'Lives shop' });
    other = await t.createStore({ name: 'Someone else' });
    await addOfficeUser(t, 'owner@lives-in.test', store);
    sid = await officeSession(t, 'owner@lives-in.test');
    // The store has production data, so a URL without ?env= opens production.
    await moveToProduction(await sandboxOrder(store, 'LIVES-PROD'));
  });

  it('says a sandbox order lives in sandbox, with a link to it there (the URL without ?env=sandbox)', async () => {
    const id = await sandboxOrder(store, 'LIVES-SANDBOX');
    for (const url of [`/dashboard/orders/${id}`, `/dashboard/orders/${id.toUpperCase()}?env=production&lang=en`]) {
      const res = await officeGet(t, url, sid);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Not in Production: this is in Sandbox.');
      expect(res.body).toContain(`<a href="/dashboard/orders/${id}?store=${store.id}&amp;env=sandbox&amp;lang=en">Open it in Sandbox</a>`);
    }
    const there = await officeGet(t, `/dashboard/orders/${id}?store=${store.id}&env=sandbox&lang=en`, sid);
    expect(there.statusCode).toBe(200);
    expect(heading(there.body)).toBe('Order LIVES-SANDBOX · Sandbox');
  });

  it('says it in the page’s language', async () => {
    const id = await sandboxOrder(store, 'LIVES-DE');
    const res = await officeGet(t, `/dashboard/orders/${id}?lang=de`, sid);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Nicht in Produktion: das liegt in Sandbox.');
    expect(res.body).toContain('>In Sandbox öffnen</a>');
  });

  it('says where a shipment and a label file live', async () => {
    const id = await sandboxShipment(store, 'LIVES-SHIP');
    await t.services.shipments.registration.drain();
    const shipment = await officeGet(t, `/dashboard/shipping/shipments/${id}`, sid);
    expect(shipment.statusCode).toBe(404);
    expect(shipment.body).toContain(`<a href="/dashboard/shipping/shipments/${id}?store=${store.id}&amp;env=sandbox&amp;lang=en">Open it in Sandbox</a>`);
    const file = await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: t.bearer({ store }), payload: { shipmentIds: [id] } });
    expect(file.statusCode).toBe(201);
    const fileId = file.json().id as string;
    const labels = await officeGet(t, `/dashboard/shipping/label-files/${fileId}`, sid);
    expect(labels.statusCode).toBe(404);
    expect(labels.body).toContain(`<a href="/dashboard/shipping/label-files/${fileId}?store=${store.id}&amp;env=sandbox&amp;lang=en">Open it in Sandbox</a>`);
  });

  it("never reveals another store's object: the bare not-found page", async () => {
    const theirs = await sandboxOrder(other, 'NOT-YOURS');
    const theirShipment = await sandboxShipment(other, 'NOT-YOURS-SHIP');
    for (const url of [`/dashboard/orders/${theirs}`, `/dashboard/orders/${theirs}?env=sandbox`, `/dashboard/shipping/shipments/${theirShipment}?env=production`]) {
      const res = await officeGet(t, url, sid);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Open it in');
      expect(res.body, url).not.toContain(theirs);
      expect(res.body, url).not.toContain(theirShipment);
    }
    // Nor an unknown id.
    const unknown = await officeGet(t, '/dashboard/orders/00000000-0000-7000-8000-000000000000', sid);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('Open it in');
  });
});

describe('deleting a shipping webhook', () => {
  let store: CreatedStore;
  let other: CreatedStore;
  let owner: string;
  let viewer: string;
  beforeAll(async () => {
    store = await t.createStore({ name: 'Hook shop' });
    other = await t.createStore({ name: 'Other hook shop' });
    await addOfficeUser(t, 'owner@hooks-delete.test', store);
    await addOfficeUser(t, 'viewer@hooks-delete.test', store, 'viewer');
    owner = await officeSession(t, 'owner@hooks-delete.test');
    viewer = await officeSession(t, 'viewer@hooks-delete.test');
  });
  const register = async (s: CreatedStore, url: string) => {
    const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers: t.bearer({ store: s }), payload: { url, enabledEvents: ['shipment.registered'] } });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  /** The store's webhooks as stored (what the API's GET /webhooks lists). */
  const ids = async (s: CreatedStore) => (await t.db.query<{ id: string }>('SELECT id FROM webhooks WHERE store_id = $1', [s.id])).rows.map((r) => r.id);
  const scope = { store: '', env: 'sandbox', lang: 'en' };

  it('is an owner’s form on the webhooks page; it deletes through the service the API uses', async () => {
    const id = await register(store, 'https://merchant.example/hooks/delete-me');
    const fields = { ...scope, store: store.id };
    const page = await officeGet(t, `/dashboard/shipping/webhooks?${new URLSearchParams(fields)}`, owner);
    expect(page.body).toContain(`action="/dashboard/shipping/webhooks/${id}/delete"`);
    expect((await officeGet(t, `/dashboard/shipping/webhooks?${new URLSearchParams(fields)}`, viewer)).body).not.toContain('/delete"');

    const csrf = await officeCsrf(t, owner);
    // Without the form token, or by a viewer: refused, nothing deleted.
    expect((await officePost(t, `/dashboard/shipping/webhooks/${id}/delete`, owner, fields)).statusCode).toBe(403);
    expect((await officePost(t, `/dashboard/shipping/webhooks/${id}/delete`, viewer, { ...fields, csrf: await officeCsrf(t, viewer) })).statusCode).toBe(403);
    expect(await ids(store)).toContain(id);

    const done = await officePost(t, `/dashboard/shipping/webhooks/${id}/delete`, owner, { ...fields, csrf });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/dashboard/shipping/webhooks?${new URLSearchParams(fields)}`);
    expect(await ids(store)).not.toContain(id);
    expect((await officeGet(t, `/dashboard/shipping/webhooks?${new URLSearchParams(fields)}`, owner)).body).not.toContain('delete-me');
    // Again: it is gone (the service's 404: the not-found page).
    expect((await officePost(t, `/dashboard/shipping/webhooks/${id}/delete`, owner, { ...fields, csrf })).statusCode).toBe(404);
  });

  it("is not found for another store's webhook, the other environment's or a malformed id", async () => {
    const theirs = await register(other, 'https://merchant.example/hooks/theirs');
    const mine = await register(store, 'https://merchant.example/hooks/mine');
    const csrf = await officeCsrf(t, owner);
    for (const [id, env] of [
      [theirs, 'sandbox'],
      [mine, 'production'],
      ['not-a-uuid', 'sandbox'],
    ] as const) {
      const res = await officePost(t, `/dashboard/shipping/webhooks/${id}/delete`, owner, { ...scope, store: store.id, env, csrf });
      expect(res.statusCode, `${id} ${env}`).toBe(404);
    }
    expect(await ids(other)).toContain(theirs);
    expect(await ids(store)).toContain(mine);
  });
});
