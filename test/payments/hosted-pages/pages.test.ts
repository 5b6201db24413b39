import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { createOrder, methodOrder, Shopper, text } from './support.js';

let t: TestApp;
let s: Shopper;
beforeAll(async () => {
  t = await createTestApp();
  s = new Shopper(t);
});
afterAll(async () => t.close());

describe('hosted page language', () => {
  it("shows the order's locale, and ?lang= switches", async () => {
    const o = await createOrder(t, { locale: 'et' });
    const et = await s.get(o.paymentUrl);
    expect(et.body).toContain('<html lang="et">');
    expect(text(et.body)).toContain('Vali oma pank');
    expect(text(et.body)).toContain('10,50 €');
    expect(text(et.body)).toContain('Liivakast: see on testmakse');
    const ru = await s.get(`${o.paymentUrl}?lang=ru`);
    expect(ru.body).toContain('<html lang="ru">');
    expect(text(ru.body)).toContain('Выберите свой банк');
    expect(ru.body).toContain('name="lang" value="ru"');
    const bogus = await s.get(`${o.paymentUrl}?lang=xx`);
    expect(bogus.body).toContain('<html lang="et">');
  });

  it("bank payments' preferredLocale wins over the order locale, and the bank page follows", async () => {
    const o = await createOrder(t, {
      locale: 'en',
      payment: { method: 'paymentInitiation', amount: 10.5, currency: 'EUR', methodOptions: { preferredCountry: 'LV', preferredLocale: 'lv' } },
    });
    const page = await s.get(o.paymentUrl);
    expect(page.body).toContain('<html lang="lv">');
    expect(text(page.body)).toContain('Izvēlieties savu banku');
    const started = await s.submit(page.body, { name: 'bank', value: 'HABALV22' });
    const bank = await s.get(String(started.headers.location));
    expect(bank.body).toContain('<html lang="lv">');
    expect(text(bank.body)).toContain('Apstipriniet maksājumu');
  });

  it('every locale renders every method page without English leftovers', async () => {
    const english = ['Choose your bank', 'Continue', 'Cancel payment', 'Amount to pay', 'Sandbox:'];
    for (const locale of ['de', 'et', 'fi', 'lt', 'lv', 'pl', 'ru']) {
      for (const [method, currency] of [
        ['paymentInitiation', 'EUR'],
        ['cardPayments', 'EUR'],
        ['mobilePay', 'EUR'],
        ['blik', 'PLN'],
        ['bnpl', 'EUR'],
        ['hirePurchase', 'EUR'],
      ] as const) {
        const o = await createOrder(t, methodOrder(method, 150, currency, { locale }));
        const res = await s.get(o.paymentUrl);
        expect(res.statusCode).toBe(200);
        const body = text(res.body.replace(/<nav aria-label="[^"]*"><ul><li><a[\s\S]*?<\/nav>/, ''));
        for (const e of english) expect(body, `${locale} ${method}`).not.toContain(e);
      }
    }
  });
});

describe('orders that can no longer be paid', () => {
  it('a paid order shows "already paid" and no payment form', async () => {
    const o = await createOrder(t, { locale: 'de' });
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer(), payload: {} });
    expect(paid.statusCode).toBe(200);
    const res = await s.get(o.paymentUrl);
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain('Bestellung bereits bezahlt');
    expect(res.body).not.toMatch(/<form/);
    expect(res.body).toContain('href="https://shop.example/return?order-token=');
    const start = await s.post(`/pay/${o.uuid}/start`, { lang: 'de', country: 'EE', bank: 'HABAEE2X' });
    expect(start.statusCode).toBe(409);
    expect(text(start.body)).toContain('Bestellung bereits bezahlt');
  });

  it('an expired order shows "expired"', async () => {
    const store = await t.createStore({ name: 'Clock shop' });
    const res0 = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: {
        data: t.token(
          { ...methodOrder('cardPayments', 5, 'EUR', { merchantReference: 'EXP-1', returnUrl: 'https://shop.example/return', notificationUrl: 'https://shop.example/n', locale: 'fi', expiresIn: 5 }) },
          { store },
        ),
      },
    });
    expect(res0.statusCode, res0.body).toBe(201);
    const o = res0.json();
    const adv = await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer({ store }), payload: { minutes: 6 } });
    expect(adv.statusCode).toBe(200);
    const res = await s.get(`/pay/${o.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain('Maksulinkki on vanhentunut');
    expect(res.body).not.toMatch(/<form/);
  });

  it('an unknown order is a 404 HTML page', async () => {
    for (const id of ['01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const res = await s.get(`/pay/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(text(res.body)).toContain('Payment not found');
    }
    const de = await t.app.inject({ method: 'GET', url: '/pay/not-a-uuid', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(text(de.body)).toContain('Zahlung nicht gefunden');
    // The browser's order of preference, not ours: Russian first, German only second.
    const ru = await t.app.inject({ method: 'GET', url: '/pay/not-a-uuid', headers: { 'accept-language': 'ru,de;q=0.9' } });
    expect(ru.body).toContain('<html lang="ru"');
  });
});
