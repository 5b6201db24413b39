/**
 * The payment link page's delivery as the server renders and reads it (no JavaScript):
 * carriers by name and logo, one radio per delivery, the pickup point list, and a submission
 * read for the chosen delivery only, with a problem list that names each field. The picker
 * script itself is exercised in test/browser/payment-links.test.ts.
 */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../support/app.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { CARRIERS } from '../../src/shipping/carriers/registry.js';
import { LOCALES } from '../../src/platform/locales.js';
import { LINK_MESSAGES } from '../../src/payments/links/texts.js';
import { pickupPoints } from '../../src/shipping/catalogue/service.js';
import { SENDER } from '../shipping/support.js';

let t: TestApp;
let shop: CreatedStore;

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.createStore({ name: 'Saatev pood', shippingAddress: { ...SENDER, firstName: null, lastName: null, companyName: null, region: null, email: null } as never });
});
afterAll(async () => t.close());

async function shippingLink(locale = 'en', more: Record<string, unknown> = {}, store = shop): Promise<string> {
  const claims = {
    description: 'Kontserdipilet',
    currency: 'EUR',
    amount: 25,
    locale,
    askAdditionalInfo: true,
    showShippingOptions: true,
    customerCountry: 'EE',
    expiresAt: '2099-01-01 00:00:00',
    ...more,
  };
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/payment-links', payload: { data: t.token(claims, { store }) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid;
}

const pageOf = (uuid: string, lang = 'en') => t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=${lang}` });
const post = (uuid: string, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/links/${uuid}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ lang: 'en', ...fields }).toString() });
const payer = { firstName: 'Mari', lastName: 'Maasikas', email: 'mari@example.com', phone: '+372 5551234', method: 'cardPayments' };
const orderOf = (res: { statusCode: number; headers: Record<string, unknown>; body: string }): string => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(303);
  return /\/pay\/([0-9a-f-]{36})/.exec(String(res.headers.location))![1]!;
};
const choiceOf = async (orderId: string) => (await t.db.query('SELECT method_type, method_id, receiver FROM payment_link_shipping WHERE order_id = $1', [orderId])).rows[0];
const orderCount = async (uuid: string) => (await t.db.query('SELECT count(*)::int AS n FROM orders WHERE payment_link_id = $1', [uuid])).rows[0].n as number;

/** Two carriers' pickup points in EE, both offered to the test store (from the catalogue, not the page). */
const OMNIVA = pickupPoints('omniva', 'EE').map((p) => p.id);
const SMARTPOST = pickupPoints('smartpost', 'EE').map((p) => p.id);

/** Each carrier's pickup points on the page: code → point ids (the select's optgroups). */
function pointsByCarrier(body: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const g of body.matchAll(/<optgroup [^>]*data-carrier="([^"]+)">(.*?)<\/optgroup>/gs)) {
    out.set(
      g[1]!,
      [...g[2]!.matchAll(/<option value="([^"]+)"/g)].map((o) => o[1]!),
    );
  }
  return out;
}

/** What a person reads: text outside tags, and the labels a select shows from attributes. */
function visibleText(body: string): string {
  const labels = [...body.matchAll(/\blabel="([^"]*)"/g)].map((m) => m[1]);
  return `${body.replace(/<(script|style)\b.*?<\/\1>/gs, '').replace(/<[^>]+>/g, ' ')} ${labels.join(' ')}`;
}

describe('the delivery on the page', () => {
  it('shows every carrier by its name and logo, never by its code; one radio per delivery with its price', async () => {
    const res = await pageOf(await shippingLink());
    expect(res.statusCode).toBe(200);
    const codes = [...pointsByCarrier(res.body).keys()];
    expect(codes.length).toBeGreaterThan(1);
    const text = visibleText(res.body);
    for (const code of codes) {
      const name = CARRIERS.find((c) => c.code === code)!.name;
      expect(res.body).toContain(`<img src="http://kassa.test/logos/carriers/${code}.svg" alt="" width="60" height="24"><span class="what"><b>${name}</b> Pickup point · <span class="price">+€`);
      // Every logo is served, codes with an underscore or capitals (latvian_post, novaPost) included.
      const logo = await t.app.inject({ method: 'GET', url: `/logos/carriers/${code}.svg` });
      expect(logo.statusCode, code).toBe(200);
      expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(new RegExp(`<input type="radio" name="shipping" value="pickupPoint:${code}" required`));
      if (code !== name) expect(text, code).not.toContain(code);
    }
    expect(res.body).toMatch(
      /<input type="radio" name="shipping" value="courier:omniva-ee-courier-standard" required>\n<img [^>]*><span class="what"><b>Omniva<\/b> Courier to your address · <span class="price">\+€\d+\.\d\d<\/span>/,
    );
    expect(res.body).toContain('<b>Omniva</b> Business courier (B2B) · <span class="price">+€');
  });

  it('loads the picker script with the page nonce from Kassa; the script is served, small, and only on pages with a delivery', async () => {
    const res = await pageOf(await shippingLink());
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(res.body).toContain(`<script nonce="${nonce}" src="http://kassa.test/sdk/link-picker.js" defer></script>`);
    const script = await t.app.inject({ method: 'GET', url: '/sdk/link-picker.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('aria-activedescendant');
    expect(gzipSync(script.rawPayload, { level: 9 }).length).toBeLessThanOrEqual(3 * 1024);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/payment-links',
      payload: { data: t.token({ description: 'Kingitus', currency: 'EUR', amount: 5, locale: 'en', askAdditionalInfo: true, expiresAt: '2099-01-01 00:00:00' }, { store: shop }) },
    });
    expect((await pageOf(plain.json().uuid)).body).not.toContain('<script');
  });

  it('is translated in every locale: the address legend, the list entry, the search hint and the count', async () => {
    const uuid = await shippingLink();
    for (const locale of LOCALES) {
      const m = LINK_MESSAGES[locale];
      const body = (await pageOf(uuid, locale)).body;
      for (const s of [`<legend>${m.address}</legend>`, `<option value="">${m.choosePickupPoint}</option>`, `hidden>${m.pointSearchHint}</p>`, `data-found="${m.pointsFound}"`]) {
        expect(body, `${locale}: ${s}`).toContain(s.replace(/&/g, '&amp;'));
      }
      if (locale !== 'en') expect(body, locale).not.toContain(LINK_MESSAGES.en.pointSearchHint);
    }
  });
});

describe('a submission reads the chosen delivery only (no JavaScript)', () => {
  it("a pickup point: the carrier's delivery and the point make the order; the courier address fields are ignored", async () => {
    const uuid = await shippingLink();
    const [carrier, point] = ['omniva', OMNIVA[2]!];
    // Without JavaScript both sections are posted: the address fields (here unusable for a courier) do not count.
    const id = orderOf(await post(uuid, { ...payer, shipping: `pickupPoint:${carrier}`, pickupPoint: point, street: 'x'.repeat(300), locality: '', postalCode: '' }));
    expect(await choiceOf(id)).toMatchObject({ method_type: 'pickupPoint', method_id: point, receiver: { streetAddress: null, locality: null, postalCode: null } });
    // The form before the picker (shipping=pickupPoint:<point id>), loaded before an upgrade and posted after it.
    const old = orderOf(await post(uuid, { ...payer, shipping: `pickupPoint:${point}` }));
    expect(await choiceOf(old)).toMatchObject({ method_type: 'pickupPoint', method_id: point });
  });

  it('a pickup-point delivery without a point: 400, the problem list names the field and links to it; no order', async () => {
    const uuid = await shippingLink();
    const carrier = [...pointsByCarrier((await pageOf(uuid)).body).keys()][0] ?? 'latvian_post';
    const res = await post(uuid, { ...payer, shipping: `pickupPoint:${carrier}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<div class="alert" role="alert"><p>Please correct the marked fields.</p><ul><li><a href="#f-pickupPoint">Pickup point: Choose a pickup point</a></li></ul></div>');
    expect(res.body).toContain('<select id="f-pickupPoint" name="pickupPoint" aria-invalid="true" aria-describedby="f-pickupPoint-e">');
    expect(res.body).toMatch(new RegExp(`value="pickupPoint:${carrier}" required id="f-shipping" checked`));
    expect(await orderCount(uuid)).toBe(0);
  });

  it("a point of another carrier than the chosen delivery's: 400 saying so; no order", async () => {
    const uuid = await shippingLink();
    const res = await post(uuid, { ...payer, shipping: 'pickupPoint:omniva', pickupPoint: SMARTPOST[0]! });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<a href="#f-pickupPoint">Pickup point: Choose a pickup point of the carrier you chose</a>');
    expect(await orderCount(uuid)).toBe(0);
  });

  it('a courier: each missing address field is named; a posted pickup point is ignored; then the order goes to the address', async () => {
    const uuid = await shippingLink();
    const courier = { ...payer, shipping: 'courier:omniva-ee-courier-standard', pickupPoint: OMNIVA[0]! };
    const missing = await post(uuid, { ...courier, locality: 'Tartu' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('<ul><li><a href="#f-street">Street address: Required</a></li><li><a href="#f-postalCode">Postal code: Required</a></li></ul>');
    expect(missing.body).toContain('<input id="f-locality" name="locality" type="text" autocomplete="address-level2" value="Tartu">');
    expect(await orderCount(uuid)).toBe(0);
    const id = orderOf(await post(uuid, { ...courier, street: 'Riia tn 15', locality: 'Tartu', postalCode: '51010' }));
    expect(await choiceOf(id)).toMatchObject({ method_type: 'courier', method_id: 'omniva-ee-courier-standard', receiver: { streetAddress: 'Riia tn 15', locality: 'Tartu', postalCode: '51010' } });
  });

  it('no delivery chosen: 400 naming it, in the page language', async () => {
    const uuid = await shippingLink();
    const res = await post(uuid, { ...payer, lang: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`<a href="#f-shipping">${LINK_MESSAGES.de.delivery}: ${LINK_MESSAGES.de.chooseDelivery}</a>`);
    expect(await orderCount(uuid)).toBe(0);
  });
});

describe('the page as sent: assembled from ready parts, gzipped, revalidated', () => {
  const get = (uuid: string, headers: Record<string, string> = {}, lang = 'en') => t.app.inject({ method: 'GET', url: `/links/${uuid}?lang=${lang}`, headers });
  const nonceOf = (res: { headers: Record<string, unknown> }) => /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
  /** The page with its nonce replaced: the same page whatever the request's nonce. */
  const withoutNonce = (body: string, nonce: string) => {
    expect(body.split(`nonce="${nonce}"`).length, 'the nonce on the style sheet and the script').toBe(3);
    return body.replaceAll(nonce, 'NONCE');
  };

  it('gzip decodes to the identity page; a fresh nonce in the page and the policy each time; Vary, ETag per coding, no-cache', async () => {
    const uuid = await shippingLink();
    const plain = await get(uuid);
    const zipped = await get(uuid, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers['cache-control']).toBe('private, no-cache');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const decoded = gunzipSync(zipped.rawPayload).toString();
    expect(nonceOf(zipped)).not.toBe(nonceOf(plain));
    expect(withoutNonce(decoded, nonceOf(zipped))).toBe(withoutNonce(plain.body, nonceOf(plain)));
    expect(zipped.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);
    expect(String(zipped.headers['content-security-policy'])).toContain("style-src 'nonce-");
    // Every bit of it still there: the carriers' lists, the form, the footer.
    expect(decoded).toContain('<select id="f-pickupPoint" name="pickupPoint">');
    expect(decoded.slice(-40)).toMatch(/<\/footer>\s*<\/body>\s*<\/html>\s*$/);
  });

  it('over a socket: a response waiting on a slow connection keeps its own bytes while others are sent (a buffer is never lent to two)', async () => {
    const uuid = await shippingLink();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const path = `/links/${uuid}?lang=en`;
    /** Its nonce in its policy, and the page (gunzip checks the CRC-32) carrying that nonce and no other. */
    const check = (headers: string, body: Buffer) => {
      const nonce = /script-src 'nonce-([^']+)'/.exec(headers)![1]!;
      const page = gunzipSync(body).toString();
      expect(page.split(`nonce="${nonce}"`).length).toBe(3);
      expect(page.match(/nonce="[^"]+"/g)!.length).toBe(2);
      return nonce;
    };
    // A reader that reads nothing yet: its pipelined requests' answers wait, queued, for the socket.
    const slow = net.connect(Number(port), '127.0.0.1');
    await once(slow, 'connect');
    slow.pause();
    const waiting = 12;
    slow.write(`GET ${path} HTTP/1.1\r\nHost: kassa.test\r\nAccept-Encoding: gzip\r\n\r\n`.repeat(waiting));
    await new Promise((r) => setTimeout(r, 200));
    // Meanwhile, other payers: their answers are sent at once.
    const others = await Promise.all(
      Array.from(
        { length: 40 },
        () =>
          new Promise<string>((resolve, reject) => {
            http
              .get({ port, host: '127.0.0.1', path, headers: { 'accept-encoding': 'gzip' }, agent: false }, (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (c: Buffer) => chunks.push(c));
                res.on('end', () => resolve(check(String(res.headers['content-security-policy']), Buffer.concat(chunks))));
              })
              .on('error', reject);
          }),
      ),
    );
    // Now the slow reader reads its answers, one after the other.
    slow.resume();
    const nonces: string[] = [];
    let buffered = Buffer.alloc(0);
    for await (const chunk of slow) {
      buffered = Buffer.concat([buffered, chunk as Buffer]);
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) break;
        const head = buffered.subarray(0, end).toString('latin1');
        const length = Number(/^content-length: (\d+)$/im.exec(head)![1]);
        if (buffered.length < end + 4 + length) break;
        expect(head).toMatch(/^HTTP\/1\.1 200 /);
        nonces.push(check(head, buffered.subarray(end + 4, end + 4 + length)));
        buffered = buffered.subarray(end + 4 + length);
      }
      if (nonces.length === waiting) break;
    }
    slow.destroy();
    expect(nonces.length).toBe(waiting);
    expect(new Set([...nonces, ...others]).size).toBe(waiting + others.length);
  });

  it('If-None-Match naming either ETag: 304 without a policy (the kept page keeps its own and its nonce); the page again when not', async () => {
    const uuid = await shippingLink();
    const first = await get(uuid, { 'accept-encoding': 'gzip' });
    for (const etag of [String(first.headers.etag), String(first.headers.etag).replace('-gzip', '')]) {
      const again = await get(uuid, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-security-policy']).toBeUndefined();
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    const other = await get(uuid, { 'accept-encoding': 'gzip', 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-security-policy']).toBeDefined();
  });

  it('a change of the link, its store, its state, the offers or the locale is a new page (a new ETag, never a 304)', async () => {
    const uuid = await shippingLink();
    const etag = String((await get(uuid)).headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const fresh = async (u: string, lang = 'en') => {
      const res = await get(u, { 'if-none-match': etag }, lang);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(etag);
      return res;
    };
    await fresh(uuid, 'de');
    await fresh(await shippingLink('en', { amount: 26 }));
    // Other offers: the carriers of another country.
    const latvia = await fresh(await shippingLink('en', { customerCountry: 'LV' }));
    expect(new Set(pointsByCarrier(latvia.body).get('omniva'))).toEqual(new Set(pickupPoints('omniva', 'LV').map((p) => p.id)));
    expect(latvia.body).not.toContain(`value="${OMNIVA[0]}"`);
    // The store renamed: a page read since says so (a link's page is kept at most a second; recent-pages.test.ts).
    const unseen = await shippingLink();
    const renamed = await t.app.inject({ method: 'PATCH', url: `/operator/stores/${shop.id}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { name: 'Saatev pood 2' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(unseen)).body).toContain('<p>Saatev pood 2</p>');
    await t.app.inject({ method: 'PATCH', url: `/operator/stores/${shop.id}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { name: 'Saatev pood' } });
    // A link being paid: the closed page (409), whatever was asked for.
    const single = await shippingLink('en', { type: 'one_time' });
    const before = String((await get(single)).headers.etag);
    orderOf(await post(single, { ...payer, shipping: 'courier:omniva-ee-courier-standard', street: 'Riia tn 15', locality: 'Tartu', postalCode: '51010' }));
    const taken = await get(single, { 'if-none-match': before });
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['cache-control']).toBe('no-store');
  });

  it("another store's link with the same carriers shares the lists, never the store's own text", async () => {
    const other = await t.createStore({ name: 'Teine pood', shippingAddress: { ...SENDER, firstName: null, lastName: null, companyName: null, region: null, email: null } as never });
    const mine = (await get(await shippingLink())).body;
    const theirs = (await get(await shippingLink('en', { description: 'Raamat' }, other))).body;
    expect(theirs).toContain('<p>Teine pood</p>');
    expect(theirs).not.toContain('Saatev pood');
    expect(theirs).not.toContain('Kontserdipilet');
    expect(mine).not.toContain('Teine pood');
    expect(pointsByCarrier(theirs)).toEqual(pointsByCarrier(mine));
  });

  it("the carriers are the store's contracts in force in customerCountry (a stored sandbox contract replaces its carrier's built-ins everywhere)", async () => {
    const own = await t.createStore({ name: 'Kolmas pood', shippingAddress: { ...SENDER, firstName: null, lastName: null, companyName: null, region: null, email: null } as never });
    const added = await t.app.inject({
      method: 'POST',
      url: `/operator/stores/${own.id}/carrier-contracts`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { env: 'sandbox', carrierCode: 'omniva', country: 'LV' },
    });
    expect(added.statusCode, added.body).toBe(201);
    for (const store of [shop, own]) {
      for (const country of ['EE', 'LV', 'FI', 'PL']) {
        const active = (await t.services.carrierContracts.active(store.id, 'sandbox')).filter((c) => c.country === country).map((c) => c.carrierCode);
        expect((await t.services.carrierContracts.carrierCodesIn(store.id, 'sandbox', country)).sort(), `${store.name} ${country}`).toEqual(active.sort());
      }
    }
    const estonia = pointsByCarrier((await get(await shippingLink('en', {}, own))).body);
    expect(estonia.has('omniva')).toBe(false);
    expect(estonia.has('smartpost')).toBe(true);
    expect(pointsByCarrier((await get(await shippingLink('en', { customerCountry: 'LV' }, own))).body).has('omniva')).toBe(true);
  });

  it('shown again with problems: the chosen point selected, once, in its carrier only; gzip decodes to the same page', async () => {
    const uuid = await shippingLink();
    const form = new URLSearchParams({ lang: 'en', ...payer, phone: '', shipping: 'pickupPoint:omniva', pickupPoint: OMNIVA[3]! }).toString();
    const send = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/links/${uuid}`, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: form });
    const plain = await send({});
    const zipped = await send({ 'accept-encoding': 'gzip' });
    expect(plain.statusCode).toBe(400);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers.etag).toBeUndefined();
    expect(plain.body.match(/ selected>/g)).toHaveLength(1);
    expect(plain.body).toContain(`<option value="${OMNIVA[3]}" selected>`);
    expect(pointsByCarrier(plain.body)).toEqual(pointsByCarrier((await get(uuid)).body));
    expect(withoutNonce(gunzipSync(zipped.rawPayload).toString(), nonceOf(zipped))).toBe(withoutNonce(plain.body, nonceOf(plain)));
  });
});
