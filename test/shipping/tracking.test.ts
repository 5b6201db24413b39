import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { activate, SANDBOX, SENDER } from './support.js';
import { CARRIERS } from '../../src/shipping/carriers/registry.js';
import { carrierPageUrl } from '../../src/shipping/tracking/service.js';
import { TRACKING_MESSAGES, STATUS_KEYS, formatUpdated } from '../../src/shipping/tracking/i18n.js';
import { LOCALES } from '../../src/platform/locales.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
});
afterAll(async () => t.close());

async function registered(over: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${SANDBOX}/shipments`,
    headers: t.bearer(),
    payload: { synchronous: true, sender: SENDER, receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234' }, ...over },
  });
  expect(res.statusCode).toBe(201);
  const s = res.json();
  expect(s.status).toBe('registered');
  return s;
}

describe('public tracking page', () => {
  it("a parcel's trackingLink opens Kassa's page: status, pickup point, parcel n of m, products — and nothing private", async () => {
    const s = await registered({
      shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' },
      parcels: [{ weight: 1.2 }, { weight: 0.8 }],
      products: [{ sku: 'MUG-1', name: 'Kohvikruus <b>', quantity: 2 }],
    });
    const link = new URL(s.parcels[1].trackingLink);
    expect(link.origin).toBe('http://kassa.test');
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(s.parcels[1].carrierParcelId);
    expect(page.body).toContain('Registered with the carrier');
    expect(page.body).toContain('2 of 2');
    expect(page.body).toContain('2 × Kohvikruus &lt;b&gt;');
    for (const secret of ['Mari Maasikas', '5551234']) expect(page.body).not.toContain(secret);

    await t.app.inject({ method: 'POST', url: `${SANDBOX}/test-helpers/shipments/${s.id}/status`, headers: t.bearer(), payload: { status: 'inTransit' } });
    expect((await t.app.inject({ method: 'GET', url: `${link.pathname}?lang=en` })).body).toContain('On its way');
  });

  it('a courier parcel shows the destination town only', async () => {
    const s = await registered({
      shippingMethod: { type: 'courier', id: 'omniva-ee-courier-standard' },
      parcels: [{ weight: 2, length: 0.3, width: 0.2, height: 0.1 }],
      receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234', streetAddress: 'Riia tn 15', locality: 'Tartu', postalCode: '51010', country: 'EE' },
    });
    const page = await t.app.inject({ method: 'GET', url: new URL(s.parcels[0].trackingLink).pathname });
    expect(page.body).toContain('Tartu');
    expect(page.body).not.toContain('Riia tn 15');
  });

  it('unknown numbers and carriers are a 404 page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/track/omniva/CC000000000EE' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/track/nocarrier/123' })).statusCode).toBe(404);
  });

  describe('in eight languages', () => {
    let path: string;
    beforeAll(async () => {
      const s = await registered({
        shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' },
        parcels: [{ weight: 1.2 }, { weight: 0.8 }],
        products: [{ sku: 'MUG-1', name: 'Kohvikruus <b>', quantity: 2 }],
      });
      path = new URL(s.parcels[1].trackingLink).pathname;
    });
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

    it('?lang=pl shows the page in Polish, with <html lang="pl"> and a language switcher', async () => {
      const page = await get(`${path}?lang=pl`, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="pl">');
      expect(page.body).toContain('Zarejestrowana u przewoźnika');
      expect(page.body).toContain('Punkt odbioru');
      expect(page.body).toContain('2 z 2');
      expect(page.body).toContain('W tej przesyłce');
      expect(page.body).toContain('Nadawca: Test shop');
      expect(page.body).toContain('Historia przesyłki');
      expect(page.body).not.toContain('Registered with the carrier');
      expect(page.body).toContain('<nav aria-label="Język">');
      for (const l of ['de', 'en', 'et', 'fi', 'lt', 'lv', 'pl', 'ru']) expect(page.body).toContain(`href="?lang=${l}"`);
      expect(page.body).toContain('href="?lang=pl" lang="pl" hreflang="pl" aria-current="true">Polski<');
      expect(page.body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">[^<]+ UTC<\/time>/);
      expect(page.headers.vary).toMatch(/accept-language/i);
    });

    it('Accept-Language: de-DE,de;q=0.9 shows German', async () => {
      const page = await get(path, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(page.body).toContain('<html lang="de">');
      expect(page.body).toContain('Beim Versanddienstleister angemeldet');
      expect(page.body).toContain('Aktualisiert');
      expect(page.body).toContain('2 von 2');
    });

    it('the browser order counts: a later, lower-q language loses', async () => {
      const page = await get(path, { 'accept-language': 'ru-RU,ru;q=0.9,de;q=0.8' });
      expect(page.body).toContain('<html lang="ru">');
      expect(page.body).toContain('Зарегистрирована у перевозчика');
    });

    it('an invalid ?lang= falls back to Accept-Language, then the destination country, then en', async () => {
      const fi = await get(`${path}?lang=xx`, { 'accept-language': 'fi' });
      expect(fi.statusCode).toBe(200);
      expect(fi.body).toContain('<html lang="fi">');
      expect(fi.body).toContain('Rekisteröity kuljetusyhtiölle');

      const et = await get(`${path}?lang=EN-gb`); // the parcel goes to Estonia
      expect(et.body).toContain('<html lang="et">');
      expect(et.body).toContain('Vedaja juures registreeritud');
      expect(et.body).toContain('Väljastuspunkt');

      const en = await get(`${path}?lang=xx`, { 'accept-language': 'ja-JP,en;q=0.5' });
      expect(en.body).toContain('<html lang="en">');
      expect(en.body).toContain('Registered with the carrier');
    });

    it('status texts follow the shipment in the chosen language', async () => {
      const s = await registered({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' }, parcels: [{ weight: 1 }] });
      const url = `${new URL(s.parcels[0].trackingLink).pathname}?lang=lv`;
      await t.app.inject({ method: 'POST', url: `${SANDBOX}/test-helpers/shipments/${s.id}/status`, headers: t.bearer(), payload: { status: 'inTransit' } });
      expect((await get(url)).body).toContain('Ceļā');
    });

    it('the not-found page is localized too', async () => {
      const ru = await get('/track/omniva/CC000000000EE?lang=ru');
      expect(ru.statusCode).toBe(404);
      expect(ru.body).toContain('<html lang="ru">');
      expect(ru.body).toContain('<title>Посылка не найдена</title>');
      expect(ru.body).toContain('Посылки с трек-номером CC000000000EE нет.');

      const lv = await get('/track/nocarrier/123', { 'accept-language': 'lv-LV' });
      expect(lv.statusCode).toBe(404);
      expect(lv.body).toContain('<html lang="lv">');
      expect(lv.body).toContain('Paka nav atrasta');

      const en = await get('/track/nocarrier/123?lang=zz');
      expect(en.body).toContain('<html lang="en">');
      expect(en.body).toContain('Parcel not found');
    });

    it('escapes shopper and URL input in every language', async () => {
      for (const lang of ['de', 'en', 'et', 'fi', 'lt', 'lv', 'pl', 'ru']) {
        const nf = await get(`/track/omniva/${encodeURIComponent('<img src=x>"{trackingNumber}')}?lang=${lang}`);
        expect(nf.statusCode).toBe(404);
        expect(nf.body, lang).not.toContain('<img');
        expect(nf.body, lang).toContain('&lt;img src=x&gt;&quot;{trackingNumber}');

        const page = await get(`${path}?lang=${lang}`);
        expect(page.body, lang).toContain('2 × Kohvikruus &lt;b&gt;');
        expect(page.body, lang).not.toContain('Kohvikruus <b>');
      }
      const odd = await get(`${path}?lang=${encodeURIComponent('"><script>x</script>')}`);
      expect(odd.statusCode).toBe(200);
      expect(odd.body).not.toContain('<script>');
    });
  });
});

describe('event history, store name and carrier links', () => {
  const helper = (id: string, status: string) => t.app.inject({ method: 'POST', url: `${SANDBOX}/test-helpers/shipments/${id}/status`, headers: t.bearer(), payload: { status } });

  /** The history list's entries: [datetime, the text shown for the time, the status text]. */
  const history = (body: string) => [...body.matchAll(/<li><time datetime="([^"]+)">([^<]+)<\/time> <span>([^<]+)<\/span><\/li>/g)].map((m) => [m[1]!, m[2]!, m[3]!]);

  it('lists every status the shipment has been in, newest first, with its time, in all eight languages', async () => {
    const s = await registered({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' }, parcels: [{ weight: 1 }] });
    expect((await helper(s.id, 'inTransit')).statusCode).toBe(200);
    expect((await helper(s.id, 'awaitingCollection')).statusCode).toBe(200);
    expect((await helper(s.id, 'delivered')).statusCode).toBe(200);
    const { rows } = await t.db.query<{ status: string; at: Date }>('SELECT status, at FROM shipment_events WHERE shipment_id = $1 ORDER BY at DESC, id DESC', [s.id]);
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'awaitingCollection', 'inTransit', 'registered', 'pending']);
    const path = new URL(s.parcels[0].trackingLink).pathname;
    for (const locale of LOCALES) {
      const page = await t.app.inject({ method: 'GET', url: `${path}?lang=${locale}` });
      expect(page.statusCode, locale).toBe(200);
      const m = TRACKING_MESSAGES[locale];
      expect(page.body, locale).toContain(`<h2>${m.history}</h2>`);
      expect(history(page.body), locale).toEqual(rows.map((r) => [r.at.toISOString(), formatUpdated(r.at, locale), m[STATUS_KEYS[r.status as keyof typeof STATUS_KEYS]]]));
    }
    const times = rows.map((r) => r.at.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('names the store that sent the parcel, escaped', async () => {
    const other = await t.createStore({ name: 'Pood <Ö&Ü> "Kuu"' });
    await activate(t, other, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipments`,
      headers: t.bearer({ store: other }),
      payload: {
        synchronous: true,
        sender: SENDER,
        receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234' },
        shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' },
        parcels: [{ weight: 1 }],
      },
    });
    expect(res.statusCode).toBe(201);
    const page = await t.app.inject({ method: 'GET', url: `${new URL(res.json().parcels[0].trackingLink).pathname}?lang=en` });
    expect(page.body).toContain('Sent by Pood &lt;Ö&amp;Ü&gt; &quot;Kuu&quot;');
    expect(page.body).not.toContain('Test shop');
  });

  it('links to the carrier’s own page for production parcels only: a sandbox number was never given to the carrier', async () => {
    const s = await registered({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' }, parcels: [{ weight: 1 }] });
    const page = await t.app.inject({ method: 'GET', url: `${new URL(s.parcels[0].trackingLink).pathname}?lang=en` });
    expect(page.body).not.toContain('Track at');
    expect(page.body).not.toMatch(/href="https?:/);
    // Every carrier's page is its real https site, which production parcels link to.
    for (const c of CARRIERS) expect(carrierPageUrl(c, 'X1'), c.code).toMatch(/^https:\/\//);
  });

  it('carrierPageUrl keeps a real https site and drops reserved names, plain http and garbage', () => {
    const def = (url: string) => ({ trackingUrl: (tn: string) => url.replace('{tn}', encodeURIComponent(tn)) });
    expect(carrierPageUrl(def('https://www.omniva.ee/track?barcode={tn}'), 'CC 1')).toBe('https://www.omniva.ee/track?barcode=CC%201');
    for (const bad of [
      'https://track.carrier.example/{tn}',
      'https://example.com/{tn}',
      'https://sub.example.org/{tn}',
      'https://a.test/{tn}',
      'https://x.invalid/{tn}',
      'https://localhost/{tn}',
      'https://carrier.example./{tn}',
      'http://www.omniva.ee/{tn}',
      'not a url',
    ]) {
      expect(carrierPageUrl(def(bad), 'X'), bad).toBeNull();
    }
  });
});
