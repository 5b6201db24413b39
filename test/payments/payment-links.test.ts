/**
 * Payment links: POST /payment-links (every rule, built as the PHP and JS clients build it),
 * GET /payment-links/:uuid, the short URL, the link's page in several locales, the orders it
 * creates (one_time: one ever, even raced; reusable: one per payment), expiry, notifications
 * carrying paymentLinkUuid, and the shipment made with the PAID order and registered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { verify } from '../../src/platform/jwt.js';
import { parseTimestamp } from '../../src/payments/links/schema.js';
import { SENDER } from '../shipping/support.js';

let t: TestApp;
let shop: CreatedStore; // has a default shipping address (sender)

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.createStore({ name: 'Saatev pood', shippingAddress: { ...SENDER, firstName: null, lastName: null, companyName: null, region: null, email: null } as never });
});
afterAll(async () => t.close());

/** PHP `date('Y-m-d H:i:s', time() + s)` with PHP's default zone (UTC). */
const phpDate = (s: number) => new Date(Date.now() + s * 1000).toISOString().slice(0, 19).replace('T', ' ');
/** PHP `date('c', time() + s)`. */
const phpIso = (s: number) => new Date(Date.now() + s * 1000).toISOString().slice(0, 19) + '+00:00';

/** A payload as makstech/montonio-php-sdk's CreatePaymentLinkData serialises it (float amount, extra keys). */
function linkPayload(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    description: 'Tellimus 123',
    currency: 'EUR',
    amount: 10.5,
    locale: 'et',
    askAdditionalInfo: false,
    expiresAt: phpDate(3600),
    type: 'reusable',
    notificationUrl: 'https://shop.example/notify',
    sdkVersion: '1.2.0',
    ...over,
  };
}

const create = (claims: Record<string, unknown>, env: 'sandbox' | 'production' = 'sandbox', store?: CreatedStore) =>
  t.app.inject({ method: 'POST', url: env === 'sandbox' ? '/sandbox/api/payment-links' : '/api/payment-links', payload: { data: t.token(claims, { env, ...(store ? { store } : {}) }) } });

async function created(claims: Record<string, unknown>, store?: CreatedStore): Promise<{ uuid: string; url: string; shortUrl: string }> {
  const res = await create(claims, 'sandbox', store);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = (uuid: string, opts: { env?: 'sandbox' | 'production'; store?: CreatedStore } = {}) =>
  t.app.inject({ method: 'GET', url: `${opts.env === 'production' ? '/api' : '/sandbox/api'}/payment-links/${uuid}`, headers: t.bearer(opts) });

const linkCount = async () => Number((await t.db.query('SELECT count(*) AS n FROM payment_links')).rows[0].n);
const linkOrders = async (uuid: string) =>
  (await t.db.query('SELECT id, merchant_reference, notification_url, grand_total, status FROM orders WHERE payment_link_id = $1 ORDER BY created_at', [uuid])).rows;

const form = (uuid: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/links/${uuid}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const payer = { firstName: 'Mari', lastName: 'Maasikas', email: 'mari@example.com' };
/** The first pickup point a link's page lists, as the form chooses it: the carrier's delivery and the point. */
const firstPoint = (body: string): { shipping: string; pickupPoint: string } => {
  const m = /<optgroup label="[^"]*" data-carrier="([^"]+)"><option value="([^"]+)"/.exec(body);
  expect(m, 'a pickup point on the page').not.toBeNull();
  return { shipping: `pickupPoint:${m![1]}`, pickupPoint: m![2]! };
};
const payOrder = (orderUuid: string, store?: CreatedStore) =>
  t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${orderUuid}/pay`, headers: t.bearer(store ? { store } : {}), payload: {} });
const orderOf = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  expect(res.statusCode, res.body).toBe(303);
  const m = /\/pay\/([0-9a-f-]{36})/.exec(String(res.headers.location));
  expect(m).not.toBeNull();
  return m![1]!;
};

describe('expiresAt', () => {
  it('reads ISO 8601 with or without offset, and PHP Y-m-d H:i:s as UTC', () => {
    expect(parseTimestamp('2030-01-31 12:00:00')!.toISOString()).toBe('2030-01-31T12:00:00.000Z');
    expect(parseTimestamp('2030-01-31T12:00:00+02:00')!.toISOString()).toBe('2030-01-31T10:00:00.000Z');
    expect(parseTimestamp('2030-01-31T12:00Z')!.toISOString()).toBe('2030-01-31T12:00:00.000Z');
    expect(parseTimestamp('2030-01-31T12:00:00.250-0130')!.toISOString()).toBe('2030-01-31T13:30:00.250Z');
    for (const bad of ['2030-02-30 12:00:00', '2030-13-01T00:00:00Z', 'tomorrow', '2030-01-31', '2030-01-31T24:00:00Z', '2030-01-31T12:00:00+25:00']) {
      expect(parseTimestamp(bad), bad).toBeUndefined();
    }
  });
});

describe('POST /payment-links', () => {
  it('creates a link from the PHP SDK payload (float amount, Y-m-d H:i:s, extra keys) and from date("c")', async () => {
    const plain = phpDate(3600);
    const withZone = phpIso(7200);
    for (const [expiresAt, expected] of [
      [plain, `${plain.replace(' ', 'T')}.000Z`],
      [withZone, `${withZone.slice(0, 19)}.000Z`],
    ] as const) {
      const res = await create(linkPayload({ expiresAt }));
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['shortUrl', 'url', 'uuid']);
      expect(body.url).toBe(`http://kassa.test/links/${body.uuid}`);
      expect(body.shortUrl).toMatch(/^http:\/\/kassa\.test\/l\/[A-Za-z0-9]{10}$/);
      // Then GET payment-links/{uuid}, as the SDK's integration test does.
      const got = (await get(body.uuid)).json();
      expect(got).toMatchObject({ uuid: body.uuid, expiresAt: expected, amount: '10.50', locale: 'et', type: 'reusable' });
    }
  });

  it('takes the veltix/montonio shape (amount a float, optional keys left out) and numeric strings; defaults', async () => {
    const body = await created({ description: 'Kingitus', currency: 'PLN', amount: '99.9', askAdditionalInfo: true, expiresAt: '2099-12-31T23:59:59Z' });
    const got = (await get(body.uuid)).json();
    expect(got).toMatchObject({
      uuid: body.uuid,
      url: body.url,
      shortUrl: body.shortUrl,
      status: 'ACTIVE',
      type: 'reusable',
      description: 'Kingitus',
      amount: '99.90',
      currency: 'PLN',
      locale: 'et', // none sent: the store country's language (the test store is in EE)
      expiresAt: '2099-12-31T23:59:59.000Z',
      merchantReference: null,
      notificationUrl: null,
      returnUrl: null,
      askAdditionalInfo: true,
      showShippingOptions: false,
      customerCountry: null,
      orderCount: 0,
      paidOrderCount: 0,
    });
  });

  it('maitkaa/montonio-client sends no askAdditionalInfo nor expiresAt and a merchantReference on a reusable link: one 400 naming all three', async () => {
    const res = await create({ amount: 12.5, currency: 'EUR', merchantReference: 'MK-1', description: 'x', returnUrl: 'https://shop.example/r', notificationUrl: 'https://shop.example/n' });
    expect(res.statusCode).toBe(400);
    const m = res.json().message as string;
    for (const f of ['askAdditionalInfo is required', 'expiresAt is required', 'merchantReference is only for one_time']) expect(m).toContain(f);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['description missing', { description: undefined }, /description is required/],
    ['description not a string', { description: 5 }, /description must be a string/],
    ['currency', { currency: 'USD' }, /currency must be one of EUR, PLN/],
    ['amount 0', { amount: 0 }, /amount must be at least 0\.01/],
    ['amount negative', { amount: -1 }, /amount/],
    ['amount 3 decimals', { amount: 1.234 }, /amount/],
    ['amount text', { amount: 'ten' }, /amount/],
    ['locale', { locale: 'xx' }, /locale must be one of/],
    ['askAdditionalInfo missing', { askAdditionalInfo: undefined }, /askAdditionalInfo is required/],
    ['askAdditionalInfo string', { askAdditionalInfo: 'true' }, /askAdditionalInfo must be true or false/],
    ['expiresAt missing', { expiresAt: undefined }, /expiresAt is required/],
    ['expiresAt malformed', { expiresAt: '31.12.2030' }, /expiresAt must be an ISO 8601/],
    ['expiresAt past', { expiresAt: phpDate(-60) }, /expiresAt must be in the future/],
    ['type', { type: 'forever' }, /type must be one of reusable, one_time/],
    ['merchantReference on reusable', { merchantReference: 'R-1' }, /merchantReference is only for one_time links/],
    ['notificationUrl', { notificationUrl: 'not a url' }, /notificationUrl must be an absolute URL/],
    ['returnUrl', { returnUrl: 'ftp://x.example/' }, /returnUrl must be an http or https URL/],
    ['preferredCountry', { preferredCountry: 'SE' }, /preferredCountry must be one of/],
    ['preferredProvider', { preferredCountry: 'EE', preferredProvider: 'NOPE' }, /preferredProvider must be a bank code of the EE list/],
    ['paymentReference', { paymentReference: '1234567' }, /paymentReference must be a valid structured reference/],
    ['showShippingOptions without askAdditionalInfo', { showShippingOptions: true, customerCountry: 'EE' }, /askAdditionalInfo must be true when showShippingOptions is true/],
    ['showShippingOptions without customerCountry', { showShippingOptions: true, askAdditionalInfo: true }, /customerCountry is required when showShippingOptions is true/],
    ['customerCountry malformed', { customerCountry: 'est' }, /customerCountry must be a two-letter/],
    // No carrier serves Germany.
    ['showShippingOptions no methods there', { showShippingOptions: true, askAdditionalInfo: true, customerCountry: 'DE' }, /showShippingOptions needs active shipping methods: .* customerCountry DE/],
  ];
  it.each(bad)('400 naming the field, nothing written: %s', async (_name, over, message) => {
    const before = await linkCount();
    const res = await create(linkPayload(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message).toMatch(message);
    expect(await linkCount()).toBe(before);
  });

  // t.store has no default shipping address: the sandbox ships from the sample sender, production needs one.
  it('showShippingOptions without a sender: the sandbox takes it (sample sender); production refuses, naming the field', async () => {
    const shipping = { showShippingOptions: true, askAdditionalInfo: true, customerCountry: 'EE' };
    expect((await create(linkPayload(shipping))).statusCode).toBe(201);
    const before = await linkCount();
    const res = await create(linkPayload(shipping), 'production');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/showShippingOptions needs a sender in production/);
    expect(await linkCount()).toBe(before);
  });

  it('names every bad field in one 400', async () => {
    const res = await create({ currency: 'USD', amount: 0, expiresAt: 'x' });
    expect(res.statusCode).toBe(400);
    const m = res.json().message as string;
    for (const f of ['description', 'currency', 'amount', 'askAdditionalInfo', 'expiresAt']) expect(m).toContain(f);
  });

  it('production refuses a private notificationUrl (the callbacks policy, as orders)', async () => {
    const res = await create(linkPayload({ notificationUrl: 'http://10.0.0.1/notify' }), 'production');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^notificationUrl /);
  });

  it('one_time merchantReference is unique in the store and environment', async () => {
    await created(linkPayload({ type: 'one_time', merchantReference: 'UNIQ-1' }));
    const again = await create(linkPayload({ type: 'one_time', merchantReference: 'UNIQ-1' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^merchantReference /);
    // Another store, or the other environment, may use it.
    const other = await t.createStore();
    expect((await create(linkPayload({ type: 'one_time', merchantReference: 'UNIQ-1' }), 'sandbox', other)).statusCode).toBe(201);
    expect((await create(linkPayload({ type: 'one_time', merchantReference: 'UNIQ-1' }), 'production')).statusCode).toBe(201);
  });

  it('401 STORE_NOT_FOUND for an unknown key, 403 for a wrong secret', async () => {
    const { sign } = await import('../../src/platform/jwt.js');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/payment-links',
      payload: { data: sign({ ...linkPayload(), accessKey: 'nope', exp: Math.floor(Date.now() / 1000) + 600 }, 'x'.repeat(32)) },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('STORE_NOT_FOUND');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/payment-links',
      payload: { data: sign({ ...linkPayload(), accessKey: t.store.keys.sandbox.accessKey, exp: Math.floor(Date.now() / 1000) + 600 }, 'y'.repeat(32)) },
    });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('GET /payment-links/:uuid', () => {
  it('own link 200; another store, the other environment and unknown 404; malformed 400', async () => {
    const { uuid } = await created(linkPayload());
    expect((await get(uuid)).statusCode).toBe(200);
    const other = await t.createStore();
    expect((await get(uuid, { store: other })).statusCode).toBe(404);
    expect((await get(uuid, { env: 'production' })).statusCode).toBe(404);
    expect((await get('0190d6f0-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await get('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/paymentLinkUuid must be a UUID/);
  });
});

describe('short URL and page', () => {
  it('the short URL redirects (302) to the page; an unknown code is the not-found page', async () => {
    const { url, shortUrl } = await created(linkPayload());
    const res = await t.app.inject({ method: 'GET', url: new URL(shortUrl).pathname });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: '/l/zzzzzzzzzz' })).statusCode).toBe(404);
  });

  it('shows description and amount in the link locale and in every ?lang=', async () => {
    const { uuid } = await created(linkPayload({ askAdditionalInfo: true, description: 'Kontserdipilet <b>' }));
    const et = await t.app.inject({ method: 'GET', url: `/links/${uuid}` });
    expect(et.statusCode).toBe(200);
    expect(et.headers['content-type']).toMatch(/text\/html/);
    expect(et.body).toContain('<html lang="et"');
    expect(et.body).toContain('Kontserdipilet &lt;b&gt;');
    expect(et.body).toContain('Eesnimi');
    const words: Record<string, string> = { de: 'Vorname', en: 'First name', fi: 'Etunimi', lt: 'Vardas', lv: 'Vārds', pl: 'Imię', ru: 'Имя' };
    for (const [lang, word] of Object.entries(words)) {
      const res = await t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=${lang}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}"`);
      expect(res.body).toContain(word);
    }
    expect((await t.app.inject({ method: 'GET', url: '/links/not-a-uuid' })).statusCode).toBe(404);
  });
});

describe('orders from a link', () => {
  it('reusable: each payer gets an order carrying the link (generated unique reference); notifications say paymentLinkUuid', async () => {
    const { uuid } = await created(linkPayload({ askAdditionalInfo: true, preferredCountry: 'EE', paymentReference: '1234561' }));
    const a = orderOf(await form(uuid, { ...payer, method: 'paymentInitiation', lang: 'en' }));
    const b = orderOf(await form(uuid, { ...payer, firstName: 'Jaan', method: 'cardPayments' }));
    expect(a).not.toBe(b);
    const rows = await linkOrders(uuid);
    expect(rows.map((r) => r.id).sort()).toEqual([a, b].sort());
    for (const r of rows) expect(r.merchant_reference).toMatch(new RegExp(`^LINK-[A-Za-z0-9]{10}-${r.id}$`));
    const order = (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${a}`, headers: t.bearer() })).json();
    expect(order).toMatchObject({
      grandTotal: '10.50',
      currency: 'EUR',
      paymentMethodType: 'paymentInitiation',
      merchantNotificationUrl: 'https://shop.example/notify',
      merchantReturnUrl: `http://kassa.test/links/${uuid}/thanks`,
      merchantReferenceDisplay: 'Tellimus 123',
      billingAddress: { firstName: 'Mari', lastName: 'Maasikas', email: 'mari@example.com' },
      lineItems: [{ name: 'Tellimus 123', quantity: 1, finalPrice: 10.5 }],
    });
    expect(order.paymentIntents[0].paymentMethodMetadata).toMatchObject({ preferredCountry: 'EE', paymentReference: '1234561', paymentDescription: 'Tellimus 123' });

    expect((await payOrder(a)).statusCode).toBe(200);
    expect((await payOrder(b)).statusCode).toBe(200);
    const { rows: notes } = await t.db.query(`SELECT url, claims FROM notifications WHERE subject_id = ANY($1::uuid[])`, [[a, b]]);
    expect(notes).toHaveLength(2);
    for (const n of notes) {
      expect(n.url).toBe('https://shop.example/notify');
      expect(n.claims).toMatchObject({ paymentLinkUuid: uuid, paymentStatus: 'PAID' });
    }
    expect((await get(uuid)).json()).toMatchObject({ status: 'ACTIVE', orderCount: 2, paidOrderCount: 2 });
  });

  it("POST /orders with a link order's merchantReference does not rewrite it (400)", async () => {
    const { uuid } = await created(linkPayload({ type: 'one_time', merchantReference: 'LINKED-1' }));
    const id = orderOf(await form(uuid, { method: 'cardPayments' }));
    const { orderPayload } = await import('../support/app.js');
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload({ merchantReference: 'LINKED-1' })) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`belongs to an order of payment link ${uuid}`);
    const { rows } = await t.db.query('SELECT payment_method FROM orders WHERE id = $1', [id]);
    expect(rows[0].payment_method).toBe('cardPayments'); // the API payload's paymentInitiation did not land
  });

  it('a link without notificationUrl creates orders nobody is notified about', async () => {
    const { uuid } = await created(linkPayload({ notificationUrl: undefined }));
    const id = orderOf(await form(uuid, { method: 'cardPayments' }));
    expect((await payOrder(id)).statusCode).toBe(200);
    expect((await linkOrders(uuid))[0].notification_url).toBeNull();
    expect((await t.db.query('SELECT count(*)::int AS n FROM notifications WHERE subject_id = $1', [id])).rows[0].n).toBe(0);
  });

  it('the form validates: problems shown on the page (400), no order', async () => {
    const { uuid } = await created(linkPayload({ askAdditionalInfo: true }));
    const res = await form(uuid, { firstName: '', lastName: 'M', email: 'nope', method: 'teleport', lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please correct the marked fields.');
    expect(res.body).toContain('Not a valid e-mail address');
    expect(await linkOrders(uuid)).toHaveLength(0);
  });

  it('one_time: two payers at the same instant make exactly one order; the second sees it is being paid; paid → paid page', async () => {
    const { uuid } = await created(linkPayload({ type: 'one_time', merchantReference: 'ONE-RACE', askAdditionalInfo: true }));
    const results = await Promise.all([
      form(uuid, { ...payer, method: 'cardPayments', lang: 'en' }),
      form(uuid, { ...payer, firstName: 'Jaan', method: 'cardPayments', lang: 'en' }),
      form(uuid, { ...payer, firstName: 'Juku', method: 'cardPayments', lang: 'en' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([303, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.body).toContain('This payment link is being paid');
    const rows = await linkOrders(uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0].merchant_reference).toBe('ONE-RACE');
    const meanwhile = await t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=en` });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.body).toContain('This payment link is being paid');
    expect((await payOrder(rows[0].id)).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This payment link has been paid');
    expect((await form(uuid, { ...payer, method: 'cardPayments' })).statusCode).toBe(200);
    expect(await linkOrders(uuid)).toHaveLength(1);
    expect((await get(uuid)).json()).toMatchObject({ status: 'PAID', orderCount: 1, paidOrderCount: 1 });
  });

  it('one_time: when its order expires unpaid, the next payer reopens the same order', async () => {
    const { uuid } = await created(linkPayload({ type: 'one_time', askAdditionalInfo: true }));
    const first = orderOf(await form(uuid, { ...payer, method: 'cardPayments' }));
    await t.db.query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [first]);
    const second = orderOf(await form(uuid, { ...payer, firstName: 'Jaan', method: 'paymentInitiation' }));
    expect(second).toBe(first);
    const order = (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${first}`, headers: t.bearer() })).json();
    expect(order).toMatchObject({ paymentStatus: 'PENDING', paymentMethodType: 'paymentInitiation', billingAddress: { firstName: 'Jaan' } });
    expect(await linkOrders(uuid)).toHaveLength(1);
  });

  it('an expired link says so (410) and takes no order', async () => {
    const { uuid } = await created(linkPayload({ expiresAt: phpIso(3600) }));
    await t.db.query(`UPDATE payment_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [uuid]);
    const page = await t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=en` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This payment link has expired');
    expect((await form(uuid, { method: 'cardPayments' })).statusCode).toBe(410);
    expect(await linkOrders(uuid)).toHaveLength(0);
    expect((await get(uuid)).json().status).toBe('EXPIRED');
  });

  it('the thank-you page verifies the order token and shows the outcome', async () => {
    const { uuid } = await created(linkPayload());
    const id = orderOf(await form(uuid, { method: 'cardPayments' }));
    const paid = (await payOrder(id)).json();
    const back = new URL(paid.redirectUrl);
    expect(back.pathname).toBe(`/links/${uuid}/thanks`);
    const token = back.searchParams.get('order-token')!;
    expect(verify(token, t.store.keys.sandbox.secretKey)).toMatchObject({ uuid: id, paymentLinkUuid: uuid, paymentStatus: 'PAID' });
    const page = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}&lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The payment was received.');
    const forged = await t.app.inject({ method: 'GET', url: `/links/${uuid}/thanks?order-token=${token.slice(0, -3)}abc&lang=en` });
    expect(forged.body).toContain('The payment was not completed.');
  });
});

describe('shipping', () => {
  const shipLink = (over: Record<string, unknown> = {}) => created(linkPayload({ askAdditionalInfo: true, showShippingOptions: true, customerCountry: 'EE', ...over }), shop);

  it('the page lists the carriers and pickup points in customerCountry with the cost; the order adds SHIPPING', async () => {
    const { uuid } = await shipLink();
    const page = await t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=en` });
    expect(page.statusCode).toBe(200);
    const point = firstPoint(page.body);
    expect(point.pickupPoint).toMatch(/^[a-zA-Z_]+-ee-/);
    const missing = await form(uuid, { ...payer, method: 'cardPayments', lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(await linkOrders(uuid)).toHaveLength(0);
    const id = orderOf(await form(uuid, { ...payer, phone: '+372 5551234', ...point, method: 'cardPayments' }));
    const order = (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${id}`, headers: t.bearer({ store: shop }) })).json();
    expect(order.lineItems).toHaveLength(2);
    expect(order.lineItems[1].name).toBe('SHIPPING');
    expect(order.lineItems[1].finalPrice).toBeGreaterThan(0);
    expect(Number(order.grandTotal)).toBeCloseTo(10.5 + order.lineItems[1].finalPrice, 2);
  });

  it('paying creates the v2 shipment in the PAID transaction (merchantReference = the order), then it is registered', async () => {
    const { uuid } = await shipLink();
    const page = await t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=en` });
    const point = firstPoint(page.body);
    const id = orderOf(await form(uuid, { ...payer, phone: '+372 5551234', ...point, method: 'cardPayments' }));
    expect((await t.db.query('SELECT count(*)::int AS n FROM shipments WHERE service_order_uuid = $1', [id])).rows[0].n).toBe(0);
    expect((await payOrder(id, shop)).statusCode).toBe(200);
    const { rows } = await t.db.query('SELECT id, status, merchant_reference, receiver, sender, method_id FROM shipments WHERE service_order_uuid = $1', [id]);
    expect(rows).toHaveLength(1);
    const order = (await linkOrders(uuid))[0];
    expect(rows[0]).toMatchObject({ merchant_reference: order.merchant_reference, method_id: point.pickupPoint });
    expect(rows[0].receiver).toMatchObject({ name: 'Mari Maasikas', email: 'mari@example.com' });
    expect(rows[0].sender).toMatchObject({ name: SENDER.name, streetAddress: SENDER.streetAddress });
    await t.services.shipments.registration.drain();
    const after = await t.app.inject({ method: 'GET', url: `/sandbox/shipping/api/v2/shipments/${rows[0].id}`, headers: t.bearer({ store: shop }) });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().status).toBe('registered');
  });
});

describe('shipping: courier and refusals', () => {
  const shipLink = () => created(linkPayload({ askAdditionalInfo: true, showShippingOptions: true, customerCountry: 'EE' }), shop);
  const courierOf = async (uuid: string) => {
    const page = await t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=en` });
    return /<input type="radio" name="shipping" value="(courier:[^"]+)"/.exec(page.body)![1]!;
  };

  it('courier: the address is required, then the shipment goes to it', async () => {
    const { uuid } = await shipLink();
    const courier = await courierOf(uuid);
    const missing = await form(uuid, { ...payer, phone: '+372 5551234', shipping: courier, method: 'cardPayments', lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatch(/id="f-street"[^>]*aria-invalid="true"/);
    expect(await linkOrders(uuid)).toHaveLength(0);
    const id = orderOf(await form(uuid, { ...payer, phone: '+372 5551234', shipping: courier, street: 'Riia tn 15', locality: 'Tartu', postalCode: '51010', method: 'cardPayments' }));
    const order = (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${id}`, headers: t.bearer({ store: shop }) })).json();
    expect(order.shippingAddress).toMatchObject({ addressLine1: 'Riia tn 15', locality: 'Tartu', postalCode: '51010', country: 'EE' });
    expect((await payOrder(id, shop)).statusCode).toBe(200);
    const { rows } = await t.db.query('SELECT method_type, receiver FROM shipments WHERE service_order_uuid = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].method_type).toBe('courier');
    expect(rows[0].receiver).toMatchObject({ streetAddress: 'Riia tn 15', locality: 'Tartu', postalCode: '51010', country: 'EE' });
  });

  it('a shipment the rules refuse at payment time never refuses the payment: PAID, no shipment, why recorded', async () => {
    const lone = await t.createStore({ name: 'Lone shop', shippingAddress: { ...SENDER, firstName: null, lastName: null, companyName: null, region: null, email: null } as never });
    const { uuid } = await created(linkPayload({ askAdditionalInfo: true, showShippingOptions: true, customerCountry: 'EE' }), lone);
    const page = await t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=en` });
    const point = firstPoint(page.body);
    const id = orderOf(await form(uuid, { ...payer, phone: '+372 5551234', ...point, method: 'cardPayments' }));
    // The order's merchantReference is taken by a live shipment after the link was made: a 409 for the shipment.
    const reference = (await linkOrders(uuid))[0].merchant_reference as string;
    const taken = await t.app.inject({
      method: 'POST',
      url: '/sandbox/shipping/api/v2/shipments',
      headers: t.bearer({ store: lone }),
      payload: {
        merchantReference: reference,
        shippingMethod: { type: 'pickupPoint', id: point.pickupPoint },
        parcels: [{ weight: 1 }],
        receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234' },
      },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const paid = await payOrder(id, lone);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order.paymentStatus).toBe('PAID');
    expect((await t.db.query('SELECT count(*)::int AS n FROM shipments WHERE service_order_uuid = $1', [id])).rows[0].n).toBe(0);
    const { rows } = await t.db.query('SELECT shipment_id, error FROM payment_link_shipping WHERE order_id = $1', [id]);
    expect(rows[0].shipment_id).toBeNull();
    expect(rows[0].error).toContain(reference);
  });

  it('the sender removed after the link was made: the sandbox ships from the sample sender', async () => {
    const lone = await t.createStore({ name: 'Lone shop', shippingAddress: { ...SENDER, firstName: null, lastName: null, companyName: null, region: null, email: null } as never });
    const { uuid } = await created(linkPayload({ askAdditionalInfo: true, showShippingOptions: true, customerCountry: 'EE' }), lone);
    const page = await t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=en` });
    const point = firstPoint(page.body);
    const id = orderOf(await form(uuid, { ...payer, phone: '+372 5551234', ...point, method: 'cardPayments' }));
    const patched = await t.app.inject({ method: 'PATCH', url: `/operator/stores/${lone.id}`, headers: { authorization: 'Bearer test-admin-token' }, payload: { shippingAddress: null } });
    expect(patched.statusCode).toBe(200);
    const paid = await payOrder(id, lone);
    expect(paid.json().order.paymentStatus).toBe('PAID');
    const { rows } = await t.db.query('SELECT sender FROM shipments WHERE service_order_uuid = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].sender).toMatchObject({ name: 'Kassa sandbox sample sender' });
  });
});

describe('notification delivery', () => {
  it('the merchant receives {orderToken} at the link notificationUrl, with paymentLinkUuid', async () => {
    const { startReceiver } = await import('../support/receiver.js');
    const own = await createTestApp();
    const rx = await startReceiver();
    try {
      const res = await own.app.inject({ method: 'POST', url: '/sandbox/api/payment-links', payload: { data: own.token(linkPayload({ notificationUrl: rx.url })) } });
      expect(res.statusCode, res.body).toBe(201);
      const { uuid } = res.json();
      const posted = await own.app.inject({ method: 'POST', url: `/links/${uuid}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'method=cardPayments' });
      const id = orderOf(posted);
      expect((await own.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${id}/pay`, headers: own.bearer(), payload: {} })).statusCode).toBe(200);
      expect(await own.delivery().drain()).toBe(1);
      expect(rx.received).toHaveLength(1);
      const claims = verify(rx.received[0]!.body.orderToken as string, own.store.keys.sandbox.secretKey);
      expect(claims).toMatchObject({ uuid: id, paymentLinkUuid: uuid, paymentStatus: 'PAID', accessKey: own.store.keys.sandbox.accessKey });
    } finally {
      await rx.close();
      await own.close();
    }
  });
});
