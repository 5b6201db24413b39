/**
 * The back office's Shipping area (/dashboard/shipping) through the real app: Providers (add a
 * contract with sealed credentials through the operator route's rules, every bad field named,
 * remove), shipments (keyset pages, search, filter, one shipment with its history and tracking),
 * a label file made from a selection and downloaded, webhooks with their deliveries and resend, and
 * the security rules (owner only, CSRF, another store's or environment's objects not found).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedStore } from '../../src/stores/service.js';
import { withTx } from '../../src/platform/db.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { addOfficeUser, officeCsrf, officeGet, officeSession } from '../support/backoffice.js';
import { pdfPageCount } from '../support/barcodes.js';
import { startReceiver } from '../support/receiver.js';
import { legacyBearer } from '../support/legacy-shipping.js';
import { admin, courierBody, pickupBody, SANDBOX } from '../shipping/support.js';

let t: TestApp;
let other: CreatedStore;
let owner: string;
let viewer: string;
let csrf: string;
let viewerCsrf: string;

beforeAll(async () => {
  t = await createTestApp();
  other = await t.createStore();
  await addOfficeUser(t, 'owner@ship.test', t.store);
  await addOfficeUser(t, 'viewer@ship.test', t.store, 'viewer');
  owner = await officeSession(t, 'owner@ship.test');
  viewer = await officeSession(t, 'viewer@ship.test');
  csrf = await officeCsrf(t, owner);
  viewerCsrf = await officeCsrf(t, viewer);
});
afterAll(async () => t.close());

const scope = (env: 'sandbox' | 'production' = 'sandbox', store: CreatedStore = t.store) => ({ store: store.id, env, lang: 'en' });
const qs = (env: 'sandbox' | 'production' = 'sandbox', extra: Record<string, string> = {}) => new URLSearchParams({ ...scope(env), ...extra }).toString();
const get = (url: string, sid = owner) => officeGet(t, url, sid);
/** A form post; `fields` may repeat a key (the shipments' checkboxes). */
const post = (url: string, fields: Record<string, string> | [string, string][], sid = owner) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_session=${sid}` },
    payload: new URLSearchParams(fields).toString(),
  });

async function shipment(body: Record<string, unknown>, store: CreatedStore = t.store): Promise<{ id: string; merchantReference: string }> {
  const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer({ store }), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const drainShipments = () => t.services.shipments.registration.drain();
const trackingOf = async (id: string) =>
  (await t.db.query<{ carrier_parcel_id: string }>('SELECT carrier_parcel_id FROM shipment_parcels WHERE shipment_id = $1 ORDER BY position', [id])).rows.map((r) => r.carrier_parcel_id);
const shipmentLinks = (body: string) => [...new Set([...body.matchAll(/\/dashboard\/shipping\/shipments\/([0-9a-f-]{36})\?/g)].map((m) => m[1]!))];

describe('Providers', () => {
  const providers = (env: 'sandbox' | 'production') => `/dashboard/shipping/providers?${qs(env)}`;
  const contract = { carrierCode: 'dpd', country: 'LV', username: 'merchant-account', password: 'S3cret pass, never shown', logisticsContractNumber: 'SWT-4242' };

  it("lists the sandbox's built-in contracts marked as such (the test account's username masked); production has none", async () => {
    const sandbox = await get(providers('sandbox'));
    expect(sandbox.statusCode).toBe(200);
    expect(sandbox.body).toContain('Built-in sandbox contract');
    expect(sandbox.body).toContain('sw***');
    expect(sandbox.body).not.toContain('swift-sandbox');
    expect(sandbox.body).not.toContain('/remove"');
    const production = await get(providers('production'));
    expect(production.body).toContain('No contracts.');
  });

  it("adds a contract with the carrier's credentials: sealed in the database, the password never shown, the username masked as the API masks it", async () => {
    const res = await post('/dashboard/shipping/providers', { ...scope('production'), csrf, ...contract });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/dashboard/shipping/providers?${qs('production')}`);
    const page = await get(providers('production'));
    expect(page.body).toContain('me***');
    expect(page.body).toContain('SWT-4242');
    expect(page.body).not.toContain('merchant-account');
    expect(page.body).not.toContain(contract.password);
    const { rows } = await t.db.query<{ username: string; password_sealed: string; env: string; is_direct_contract: boolean }>(
      'SELECT username, password_sealed, env, is_direct_contract FROM carrier_contracts WHERE store_id = $1',
      [t.store.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.env).toBe('production');
    expect(rows[0]!.is_direct_contract).toBe(true);
    expect(rows[0]!.password_sealed).not.toContain(contract.password);
    expect(t.services.box.open(rows[0]!.password_sealed)).toBe(contract.password);
    // The operator API sees the same contract, the same way.
    const api = await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/carrier-contracts`, headers: admin });
    expect(api.json().production[0].credentials).toEqual({ username: 'me***' });
    // The same carrier and country again: the service's conflict, on the page.
    const again = await post('/dashboard/shipping/providers', { ...scope('production'), csrf, ...contract });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already has a production contract with dpd in LV');
    expect(again.body).not.toContain(contract.password);
  });

  it('names every bad field in one answer, keeps the form (never the password) and changes nothing', async () => {
    const before = (await t.db.query('SELECT 1 FROM carrier_contracts')).rowCount;
    const res = await post('/dashboard/shipping/providers', {
      ...scope('production'),
      csrf,
      carrierCode: 'dpd',
      country: 'XX',
      isDirectContract: 'false',
      password: 'only-a-password',
      daysAllowedForReturns: 'ten',
      logisticsContractNumber: 'KEEP-ME',
    });
    expect(res.statusCode).toBe(400);
    for (const field of ['country', 'isDirectContract', 'credentials.username', 'daysAllowedForReturns']) expect(res.body).toContain(field);
    expect(res.body).toContain('value="KEEP-ME"');
    expect(res.body).not.toContain('only-a-password');
    const nul = await post('/dashboard/shipping/providers', { ...scope('production'), csrf, carrierCode: 'omniva', country: 'EE', username: 'a\u0000b', password: 'x' });
    expect(nul.statusCode).toBe(400);
    expect(nul.body).toContain('username');
    expect((await t.db.query('SELECT 1 FROM carrier_contracts')).rowCount).toBe(before);
  });

  it("removes a contract; another store's, the other environment's or a built-in one is not found", async () => {
    const add = await t.app.inject({ method: 'POST', url: `/operator/stores/${other.id}/carrier-contracts`, headers: admin, payload: { env: 'production', carrierCode: 'omniva', country: 'EE' } });
    expect(add.statusCode).toBe(201);
    const foreign = add.json().id as string;
    expect((await post(`/dashboard/shipping/providers/${foreign}/remove`, { ...scope('production'), csrf })).statusCode).toBe(404);
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM carrier_contracts WHERE store_id = $1 AND env = 'production'", [t.store.id]);
    const mine = rows[0]!.id;
    expect((await post(`/dashboard/shipping/providers/${mine}/remove`, { ...scope('sandbox'), csrf })).statusCode).toBe(404);
    const builtIn = /providers\/([0-9a-f-]{36})\/remove/.exec((await get(providers('sandbox'))).body);
    expect(builtIn).toBeNull();
    expect((await post(`/dashboard/shipping/providers/not-a-uuid/remove`, { ...scope('production'), csrf })).statusCode).toBe(404);
    expect((await post(`/dashboard/shipping/providers/${mine}/remove`, { ...scope('production'), csrf: viewerCsrf }, viewer)).statusCode).toBe(403);
    const done = await post(`/dashboard/shipping/providers/${mine}/remove`, { ...scope('production'), csrf });
    expect(done.statusCode).toBe(303);
    expect((await t.db.query('SELECT 1 FROM carrier_contracts WHERE id = $1', [mine])).rowCount).toBe(0);
    expect((await t.db.query('SELECT 1 FROM carrier_contracts WHERE id = $1', [foreign])).rowCount).toBe(1);
    expect((await get(providers('production'))).body).toContain('No contracts.');
  });
});

describe('Shipments', () => {
  let created: { id: string; merchantReference: string }[] = [];
  beforeAll(async () => {
    // 55 shipments: more than one page of 50.
    created = [];
    for (let i = 0; i < 55; i++) created.push(await shipment(pickupBody()));
    await drainShipments();
  });

  it('pages newest first with a keyset link, every shipment once', async () => {
    const first = await get(`/dashboard/shipping?${qs()}`);
    expect(first.statusCode).toBe(200);
    const page1 = shipmentLinks(first.body);
    expect(page1).toHaveLength(50);
    const next = /<a rel="next" href="([^"]+)"/.exec(first.body)![1]!.replaceAll('&amp;', '&');
    const second = await get(next);
    const page2 = shipmentLinks(second.body);
    expect(second.body).not.toContain('rel="next"');
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM shipments WHERE store_id = $1 AND env = 'sandbox' ORDER BY created_at DESC, id DESC", [t.store.id]);
    expect([...page1, ...page2]).toEqual(rows.map((r) => r.id));
    expect(page1[0]).toBe(created[created.length - 1]!.id);
  });

  it('pages over the index shipments_store_env_created (migration 025), however deep', async () => {
    // Few rows here, so the planner would rather scan: forbid that to see which index serves the page.
    const plan = await withTx(t.db, async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM shipments WHERE store_id = $1 AND env = 'sandbox'
            AND (created_at, id) < ('epoch'::timestamptz + 1::bigint * interval '1 microsecond', '00000000-0000-4000-8000-000000000000'::uuid)
          ORDER BY created_at DESC, id DESC LIMIT 51`,
        [t.store.id],
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using shipments_store_env_created/);
    expect(plan).not.toContain('Sort');
  });

  it('finds a shipment by merchant reference, by id and by tracking number; filters by status; a bad search is a 400 page', async () => {
    const target = created[7]!;
    const [tracking] = await trackingOf(target.id);
    for (const term of [target.merchantReference, target.id.toUpperCase(), tracking!]) {
      const res = await get(`/dashboard/shipping?${qs('sandbox', { q: term })}`);
      expect(res.statusCode).toBe(200);
      expect(shipmentLinks(res.body)).toEqual([target.id]);
    }
    await t.app.inject({ method: 'POST', url: `${SANDBOX}/test-helpers/shipments/${target.id}/status`, headers: t.bearer(), payload: { status: 'inTransit' } });
    const inTransit = await get(`/dashboard/shipping?${qs('sandbox', { status: 'inTransit' })}`);
    expect(shipmentLinks(inTransit.body)).toEqual([target.id]);
    expect((await get(`/dashboard/shipping?${qs('sandbox', { status: 'lost' })}`)).statusCode).toBe(400);
    expect((await get(`/dashboard/shipping?${qs('sandbox', { afterAt: 'x', afterId: target.id })}`)).statusCode).toBe(400);
    expect((await get(`/dashboard/shipping?${qs('sandbox', { q: 'a\u0000b' })}`)).statusCode).toBe(400);
    // Production has none of these sandbox shipments.
    expect(shipmentLinks((await get(`/dashboard/shipping?${qs('production')}`)).body)).toEqual([]);
  });

  it("shows one shipment: parcels with tracking numbers and Kassa's tracking page, the status history", async () => {
    const s = await shipment(courierBody({ parcels: [{ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 }, { weight: 1 }] }));
    await drainShipments();
    for (const status of ['inTransit', 'delivered']) {
      const moved = await t.app.inject({ method: 'POST', url: `${SANDBOX}/test-helpers/shipments/${s.id}/status`, headers: t.bearer(), payload: { status } });
      expect(moved.statusCode).toBe(200);
    }
    const page = await get(`/dashboard/shipping/shipments/${s.id}?${qs()}`);
    expect(page.statusCode).toBe(200);
    // The carrier by its name, as the list shows it too.
    expect(page.body).toMatch(/<dd>Omniva<\/dd>/);
    expect((await get(`/dashboard/shipping?${qs('sandbox')}`)).body).toContain('<td>Omniva<br>');
    const tracking = await trackingOf(s.id);
    expect(tracking).toHaveLength(2);
    for (const n of tracking) {
      expect(page.body).toContain(`<td>${n}</td>`);
      expect(page.body).toContain(`href="/track/omniva/${n}?lang=en"`);
      expect((await t.app.inject({ method: 'GET', url: `/track/omniva/${n}` })).statusCode).toBe(200);
    }
    const history = /Status history<\/h2>([\s\S]*?)<\/section>/.exec(page.body)![1]!;
    const statuses = [...history.matchAll(/<tr><td>([^<]+)<\/td>/g)].map((m) => m[1]);
    expect(statuses).toEqual(['Delivered', 'In transit', 'Registered', 'Registering']);
  });

  it("shows why the carrier refused a registration (the simulator's magic receiver name)", async () => {
    const s = await shipment(pickupBody({ receiver: { name: 'FAIL Person', phoneCountryCode: '+372', phoneNumber: '5551234' } }));
    await drainShipments();
    const page = await get(`/dashboard/shipping/shipments/${s.id}?${qs()}`);
    expect(page.body).toContain('<dd>Registration failed</dd>');
    expect(page.body).toMatch(/<li>receiver\.name: [^<]+ \(INVALID_FIELD\)<\/li>/);
  });

  it("another store's shipment, a malformed id and the other environment's are the not-found page", async () => {
    const foreign = await shipment(pickupBody(), other);
    expect((await get(`/dashboard/shipping/shipments/${foreign.id}?${qs()}`)).statusCode).toBe(404);
    expect((await get(`/dashboard/shipping/shipments/${created[0]!.id}?${qs('production')}`)).statusCode).toBe(404);
    expect((await get(`/dashboard/shipping/shipments/nope?${qs()}`)).statusCode).toBe(404);
    expect((await get(`/dashboard/shipping?${new URLSearchParams({ ...scope('sandbox', other) })}`)).statusCode).toBe(404);
  });
});

describe('Label files', () => {
  it('makes one label file from a selection (the label-file service) and downloads it through the session: a PDF, a page a label', async () => {
    const a = await shipment(pickupBody());
    const b = await shipment(courierBody({ parcels: [{ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 }, { weight: 1 }] }));
    await drainShipments();
    const list = await get(`/dashboard/shipping?${qs()}`);
    expect(list.body).toContain(`name="shipment" value="${a.id}"`);
    const res = await post('/dashboard/shipping/label-files', [...Object.entries({ ...scope(), csrf, pageSize: 'A6' }), ['shipment', a.id], ['shipment', b.id]]);
    expect(res.statusCode).toBe(303);
    const id = /\/dashboard\/shipping\/label-files\/([0-9a-f-]{36})\?/.exec(res.headers.location as string)![1]!;
    const pending = await get(res.headers.location as string);
    expect(pending.body).toContain('The label file is being made');
    expect(pending.body).not.toContain('/download?');
    expect((await get(`/dashboard/shipping/label-files/${id}/download?${qs()}`)).statusCode).toBe(404);
    await t.services.labelFiles.drain();
    const ready = await get(res.headers.location as string);
    expect(ready.body).toContain(`/dashboard/shipping/label-files/${id}/download?`);
    const pdf = await get(`/dashboard/shipping/label-files/${id}/download?${qs()}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf.rawPayload)).toBe(3);
    // The shipments moved as POST /label-files moves them; each page links the file.
    const page = await get(`/dashboard/shipping/shipments/${b.id}?${qs()}`);
    expect(page.body).toContain(`/dashboard/shipping/label-files/${id}?`);
    expect(page.body).toContain('<dd>Labels created</dd>');

    // Another store's, the other environment's, by uuid in the URL: not found.
    const foreign = await get(`/dashboard/shipping/label-files/${id}?${new URLSearchParams(scope('sandbox', other))}`);
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/dashboard/shipping/label-files/${id}?${qs('production')}`)).statusCode).toBe(404);
    expect((await get(`/dashboard/shipping/label-files/${id}/download?${qs('production')}`)).statusCode).toBe(404);
    await addOfficeUser(t, 'other@ship.test', other);
    const otherOwner = await officeSession(t, 'other@ship.test');
    expect((await get(`/dashboard/shipping/label-files/${id}?${qs()}`, otherOwner)).statusCode).toBe(404);
    expect((await get(`/dashboard/shipping/label-files/${id}/download?${new URLSearchParams(scope('sandbox', other))}`, otherOwner)).statusCode).toBe(404);
  });

  it("shows the label-file rules' errors on the page and creates nothing: none selected, one not registered yet, another store's", async () => {
    const before = (await t.db.query('SELECT 1 FROM label_files')).rowCount;
    const none = await post('/dashboard/shipping/label-files', { ...scope(), csrf });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('shipmentIds must not be empty');
    const fresh = await shipment(pickupBody());
    const notYet = await post('/dashboard/shipping/label-files', [...Object.entries({ ...scope(), csrf }), ['shipment', fresh.id]]);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.body).toContain(`shipment ${fresh.id} is pending`);
    const bad = await post('/dashboard/shipping/label-files', [...Object.entries({ ...scope(), csrf }), ['shipment', 'nope']]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('shipmentIds[0] must be a UUID');
    const foreign = await shipment(pickupBody(), other);
    await drainShipments();
    expect((await post('/dashboard/shipping/label-files', [...Object.entries({ ...scope(), csrf }), ['shipment', foreign.id]])).statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM label_files')).rowCount).toBe(before);
  });
});

describe('Webhooks', () => {
  it('shows each webhook (v2 and the snake_case API) with its deliveries and every attempt; an owner resends a failed one', async () => {
    const rx = await startReceiver();
    try {
      rx.respond.status = 500;
      const hook = await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers: t.bearer(), payload: { url: `${rx.url}/v2`, enabledEvents: ['shipment.registered'] } });
      expect(hook.statusCode).toBe(201);
      const legacy = await t.app.inject({
        method: 'PATCH',
        url: '/sandbox/shipping/api/v1/stores/store-webhook',
        headers: { authorization: legacyBearer(t.store.keys.sandbox) },
        payload: { tracking_webhook_url: `${rx.url}/legacy` },
      });
      expect(legacy.statusCode).toBe(200);
      const s = await shipment(pickupBody());
      await drainShipments();
      await t.delivery().drain();
      const { rows } = await t.db.query<{ id: string; kind: string }>('SELECT id, kind FROM notifications WHERE subject_id = $1 ORDER BY kind', [s.id]);
      expect(rows.map((r) => r.kind)).toEqual(['legacy_webhook', 'webhook']);
      const v2 = rows.find((r) => r.kind === 'webhook')!.id;
      // Its retries ran out.
      await t.db.query("UPDATE notifications SET status = 'failed' WHERE id = $1", [v2]);

      const page = await get(`/dashboard/shipping/webhooks?${qs()}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<h2>${rx.url}/v2</h2>`);
      expect(page.body).toContain(`${rx.url}/legacy`);
      expect(page.body).toContain('<h3>Tracking webhook · ');
      expect(page.body).toMatch(/<td>1<\/td><td>(Will retry|Failed, no more retries)<\/td><td>\d+ ms<\/td><td>500<\/td>/);
      const resendUrl = `/dashboard/shipping/deliveries/${v2}/resend?back=${encodeURIComponent('/dashboard/shipping/webhooks')}`;
      expect(page.body).toContain(resendUrl.replaceAll('&', '&amp;'));
      // The shipment's page lists the same deliveries.
      expect((await get(`/dashboard/shipping/shipments/${s.id}?${qs()}`)).body).toContain(`/dashboard/shipping/deliveries/${v2}/resend`);

      expect((await post(resendUrl, { ...scope(), csrf: viewerCsrf }, viewer)).statusCode).toBe(403);
      expect((await get(`/dashboard/shipping/webhooks?${qs()}`, viewer)).body).not.toContain('/resend');
      expect((await post(resendUrl, { ...scope() })).statusCode).toBe(403);
      expect((await post(resendUrl, { ...scope('production'), csrf })).statusCode).toBe(404);
      const done = await post(resendUrl, { ...scope(), csrf });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(`/dashboard/shipping/webhooks?${qs()}`);
      expect((await t.db.query('SELECT status FROM notifications WHERE id = $1', [v2])).rows[0]).toEqual({ status: 'pending' });
      const again = await post(resendUrl, { ...scope(), csrf });
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('role="alert"');
      rx.respond.status = 200;
      await t.delivery().drain();
      expect((await t.db.query('SELECT status, attempt_count FROM notifications WHERE id = $1', [v2])).rows[0]).toEqual({ status: 'delivered', attempt_count: 2 });
      // A back link elsewhere is not followed.
      const elsewhere = await post(`/dashboard/shipping/deliveries/${v2}/resend?back=${encodeURIComponent('https://evil.example/')}`, { ...scope(), csrf });
      expect(elsewhere.headers.location).toBe(`/dashboard/shipping/webhooks?${qs()}`);
    } finally {
      await rx.close();
    }
  });

  it("another store's delivery, or an order's notification, cannot be resent from here", async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO notifications (id, store_id, env, kind, subject_id, url, claims, status) VALUES (gen_random_uuid(), $1, 'sandbox', 'webhook', gen_random_uuid(), 'https://x.example', '{}', 'failed') RETURNING id`,
      [other.id],
    );
    expect((await post(`/dashboard/shipping/deliveries/${rows[0]!.id}/resend`, { ...scope(), csrf })).statusCode).toBe(404);
    const order = await t.db.query<{ id: string }>(
      `INSERT INTO notifications (id, store_id, env, kind, subject_id, url, claims, status) VALUES (gen_random_uuid(), $1, 'sandbox', 'order', gen_random_uuid(), 'https://x.example', '{}', 'failed') RETURNING id`,
      [t.store.id],
    );
    expect((await post(`/dashboard/shipping/deliveries/${order.rows[0]!.id}/resend`, { ...scope(), csrf })).statusCode).toBe(404);
    expect((await t.db.query('SELECT status FROM notifications WHERE id = ANY($1::uuid[])', [[rows[0]!.id, order.rows[0]!.id]])).rows).toEqual([{ status: 'failed' }, { status: 'failed' }]);
  });
});

describe('security', () => {
  it('a viewer sees no forms and gets 403 for every change; a form without its token is 403; signed out is the sign-in page', async () => {
    const list = await get(`/dashboard/shipping?${qs()}`, viewer);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('name="shipment"');
    expect((await get(`/dashboard/shipping/providers?${qs()}`, viewer)).body).not.toContain('action="/dashboard/shipping/providers"');
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM shipments WHERE store_id = $1 AND status = 'registered' LIMIT 1", [t.store.id]);
    const pick: [string, string][] = [['shipment', rows[0]!.id]];
    expect((await post('/dashboard/shipping/label-files', [...Object.entries({ ...scope(), csrf: viewerCsrf }), ...pick], viewer)).statusCode).toBe(403);
    expect((await post('/dashboard/shipping/providers', { ...scope('production'), csrf: viewerCsrf, carrierCode: 'omniva', country: 'EE' }, viewer)).statusCode).toBe(403);
    expect((await post('/dashboard/shipping/label-files', [...Object.entries(scope()), ...pick])).statusCode).toBe(403);
    expect((await post('/dashboard/shipping/providers', { ...scope('production'), csrf: 'wrong', carrierCode: 'omniva', country: 'EE' })).statusCode).toBe(403);
    expect((await t.db.query("SELECT 1 FROM carrier_contracts WHERE store_id = $1 AND carrier_code = 'omniva'", [t.store.id])).rowCount).toBe(0);
    const signedOut = await t.app.inject({ method: 'GET', url: `/dashboard/shipping?${qs()}` });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/dashboard/login?lang=en');
  });
});
