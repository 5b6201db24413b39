import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { createOrder, forms, merchantToken, methodOrder, readOrder, Shopper, text } from './support.js';

let t: TestApp;
let s: Shopper;
beforeAll(async () => {
  t = await createTestApp();
  s = new Shopper(t);
});
afterAll(async () => t.close());

/** The payment page's single "Continue" (or the given form fields), then the simulator's first page. */
async function continueTo(uuid: string, set: Record<string, string> = {}) {
  const page = await s.get(`/pay/${uuid}`);
  expect(page.statusCode).toBe(200);
  const started = await s.submitAction(page.body, `/pay/${uuid}/start`, set);
  expect(started.statusCode, text(started.body)).toBe(303);
  const res = await s.get(String(started.headers.location));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('MobilePay', () => {
  const order = () => createOrder(t, methodOrder('mobilePay', 15, 'EUR', { locale: 'fi' }));

  it('phone number, then approve in the app: PAID', async () => {
    const o = await order();
    const page = await s.get(o.paymentUrl);
    expect(text(page.body)).toContain('Vahvistat maksun puhelimesi MobilePay-sovelluksessa.');
    const phone = await continueTo(o.uuid);
    expect(text(phone.body)).toContain('Matkapuhelinnumero');
    const bad = await s.submit(phone.body, 'send', { phone: '12' });
    expect(bad.statusCode).toBe(422);
    expect(text(bad.body)).toContain('Anna kelvollinen matkapuhelinnumero.');
    const app = await s.follow(await s.submit(phone.body, 'send', { phone: '040 123 4567' }));
    expect(text(app.body)).toContain('+358 ••• ••67');
    expect(text(app.body)).toContain('Test shop pyytää sinua maksamaan 15,00 €.');
    expect(merchantToken(t, await s.follow(await s.submit(app.body, 'approve'))).paymentStatus).toBe('PAID');
  });

  it('reject in the app: declined, the page explains', async () => {
    const o = await order();
    const app = await s.follow(await s.submit((await continueTo(o.uuid)).body, 'send', { phone: '+358 50 765 4321' }));
    const back = await s.follow(await s.submit(app.body, 'reject'));
    expect(text(back.body)).toContain('Maksu hylättiin MobilePay-sovelluksessa');
    expect((await readOrder(t, o.uuid)).paymentIntents.map((i) => i.status)).toEqual(['FAILED']);
  });
});

describe('BLIK', () => {
  const order = () => createOrder(t, methodOrder('blik', 49.99, 'PLN', { locale: 'pl' }));

  it('777123 succeeds', async () => {
    const o = await order();
    const page = await continueTo(o.uuid);
    expect(text(page.body)).toContain('Kod BLIK');
    expect(text(page.body)).toContain('49,99 zł');
    expect(merchantToken(t, await s.follow(await s.submit(page.body, 'pay', { code: '777123' }))).paymentStatus).toBe('PAID');
  });

  it('any other 6-digit code succeeds; a non-6-digit code stays on the page', async () => {
    const o = await order();
    const page = await continueTo(o.uuid);
    const bad = await s.submit(page.body, 'pay', { code: '12345' });
    expect(bad.statusCode).toBe(422);
    expect(text(bad.body)).toContain('Kod BLIK składa się dokładnie z 6 cyfr.');
    expect(merchantToken(t, await s.follow(await s.submit(page.body, 'pay', { code: '482 913' }))).paymentStatus).toBe('PAID');
  });

  it('111111 is declined and 222222 is an expired code', async () => {
    const o = await order();
    const declined = await s.follow(await s.submit((await continueTo(o.uuid)).body, 'pay', { code: '111111' }));
    expect(text(declined.body)).toContain('Płatność została odrzucona');
    const expired = await s.follow(await s.submit((await continueTo(o.uuid)).body, 'pay', { code: '222222' }));
    expect(text(expired.body)).toContain('Kod BLIK wygasł.');
    const order2 = await readOrder(t, o.uuid);
    expect(order2.paymentStatus).toBe('PENDING');
    expect(order2.paymentIntents.map((i) => i.status)).toEqual(['FAILED', 'FAILED']);
  });

  it("BLIK's preferredLocale wins over the order locale", async () => {
    const o = await createOrder(t, methodOrder('blik', 10, 'PLN', { locale: 'pl' }, { preferredLocale: 'ru' }));
    const page = await s.get(o.paymentUrl);
    expect(page.body).toContain('<html lang="ru">');
    expect(text(page.body)).toContain('Вы оплатите 6-значным кодом BLIK');
  });
});

describe('pay later (bnpl)', () => {
  it('preselects methodOptions.period, shows instalments in whole cents and pays with the chosen period', async () => {
    const o = await createOrder(t, methodOrder('bnpl', 10.01, 'EUR', {}, { period: 3 }));
    const page = await s.get(o.paymentUrl);
    expect(forms(page.body)[0]!.fields.period).toBe('3');
    const sim = await continueTo(o.uuid);
    expect(forms(sim.body)[0]!.fields.plan).toBe('3');
    const body = text(sim.body);
    expect(body).toContain('Instalment 1: €3.35 Instalment 2: €3.33 Instalment 3: €3.33');
    expect(body).toContain('Instalment 1: €5.01 Instalment 2: €5.00');
    expect(body).toContain('Instalment 1: €10.01');
    const done = await s.follow(await s.submit(sim.body, 'approve', { plan: '2' }));
    expect(merchantToken(t, done).paymentStatus).toBe('PAID');
    expect((await readOrder(t, o.uuid)).paymentIntents.at(-1)!.paymentMethodMetadata).toMatchObject({ period: 2 });
  });

  it('decline leaves the order PENDING', async () => {
    const o = await createOrder(t, methodOrder('bnpl', 30, 'EUR'));
    const back = await s.follow(await s.submit((await continueTo(o.uuid, { period: '2' })).body, 'decline'));
    expect(text(back.body)).toContain('The payment was declined');
    expect((await readOrder(t, o.uuid)).paymentStatus).toBe('PENDING');
  });
});

describe('hire purchase', () => {
  it('offers 6/12/24/36 months with the monthly amount and pays with the signed plan', async () => {
    const o = await createOrder(t, methodOrder('hirePurchase', 1000.01, 'EUR'));
    const sim = await continueTo(o.uuid);
    const f = forms(sim.body)[0]!;
    expect(f.radios.months).toEqual(['6', '12', '24', '36']);
    expect(f.fields.months).toBe('12');
    const body = text(sim.body);
    expect(body).toContain('12 months, €83.33 per month first payment €83.38');
    expect(body).toContain('6 months, €166.66 per month first payment €166.71');
    const done = await s.follow(await s.submit(sim.body, 'approve', { months: '24' }));
    expect(merchantToken(t, done).paymentStatus).toBe('PAID');
    expect((await readOrder(t, o.uuid)).paymentIntents.at(-1)!.paymentMethodMetadata).toMatchObject({ months: 24 });
  });

  it('declines credit below 100.00 EUR and above 10 000.00 EUR', async () => {
    for (const amount of [99.99, 10000.01]) {
      const o = await createOrder(t, methodOrder('hirePurchase', amount, 'EUR'));
      const sim = await continueTo(o.uuid);
      expect(text(sim.body)).toContain('Credit declined');
      expect(sim.body).not.toContain('name="months"');
      const back = await s.follow(await s.submit(sim.body, 'return'));
      expect(text(back.body)).toContain('The credit application was declined.');
      const order = await readOrder(t, o.uuid);
      expect(order.paymentStatus).toBe('PENDING');
      expect(order.paymentIntents.map((i) => i.status)).toEqual(['FAILED']);
    }
  });

  it('accepts the limits themselves (100.00 and 10 000.00 EUR)', async () => {
    for (const amount of [100, 10000]) {
      const o = await createOrder(t, methodOrder('hirePurchase', amount, 'EUR'));
      const sim = await continueTo(o.uuid);
      expect(merchantToken(t, await s.follow(await s.submit(sim.body, 'approve'))).paymentStatus).toBe('PAID');
    }
  });
});
