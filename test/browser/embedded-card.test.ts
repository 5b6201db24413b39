/**
 * Embedded card payments in a real browser: a sample merchant checkout on another origin (a test
 * http server) creates a session (or a draft payment intent) on its server, loads Kassa's
 * checkout script, mounts the card form; the shopper types the 3-D Secure card and clicks Pay;
 * the merchant's server creates the order with the sessionUuid, the page calls submitPayment(),
 * the shopper completes the challenge in the modal and lands on the returnUrl with an
 * order-token that verifies PAID. No console errors, no failed requests.
 */
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, FrameLocator } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import { verify } from '../../src/platform/jwt.js';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { freePort } from '../../src/platform/processes.js';

const SHOTS = path.resolve('test-results/embedded-card');
type Flow = 'session' | 'draft' | 'blik';

/** The merchant's checkout page: session or draft flow, Kassa's script from Kassa's host. */
function checkoutPage(kassa: string, flow: Flow, created: Record<string, string>): string {
  const script =
    flow === 'session'
      ? `<script src="${kassa}/sdk/checkout/1.x/checkout.js"></script>
<script>
var checkout = new window.Montonio.MontonioCheckout({
  sessionUuid: ${JSON.stringify(created.uuid)}, environment: 'sandbox', locale: 'en_US',
  onSuccess: function (r) { window.location.href = r.returnUrl; },
  onError: function (e) { document.getElementById('status').textContent = 'Error: ' + e.message; },
  onActionRequired: function () { document.getElementById('status').textContent = 'Action required'; }
});
checkout.initialize('#montonio-card-form').then(function () { document.getElementById('pay').disabled = false; });
window.shopCheckout = checkout;
document.getElementById('pay').addEventListener('click', function () {
  checkout.validateOrReject()
    .then(function () { return fetch('/place-order', { method: 'POST' }); })
    .then(function (r) { if (!r.ok) throw new Error('order ' + r.status); return r.json(); })
    .then(function () { checkout.submitPayment(); })
    .catch(function (e) { document.getElementById('status').textContent = 'Error: ' + e.message; });
});
</script>`
      : `<script src="${kassa}/sdk/3.x/bundle.js"></script>
<script>
var payment = null, completed = false;
window.Montonio.Checkout.EmbeddedPayments.initializePayment({
  stripePublicKey: ${JSON.stringify(created.stripePublicKey)}, stripeClientSecret: ${JSON.stringify(created.stripeClientSecret)},
  paymentIntentUuid: ${JSON.stringify(created.uuid)}, locale: '${flow === 'blik' ? 'pl' : 'et'}', country: 'EE', targetId: 'montonio-card-form'
}).then(function (p) {
  payment = p;
  p.on('change', function (e) { completed = e.isCompleted; document.getElementById('pay').disabled = !completed; });
});
document.getElementById('pay').addEventListener('click', function () {
  fetch('/place-order', { method: 'POST' })
    .then(function (r) { if (!r.ok) throw new Error('order ' + r.status); return r.json(); })
    .then(function () { return payment.confirmPayment(true); })
    .then(function (result) { window.location.replace(result.returnUrl); })
    .catch(function (e) { document.getElementById('status').textContent = 'Error: ' + e.message; });
});
</script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sample shop checkout</title><link rel="icon" href="data:,"></head>
<body><h1>Checkout</h1><div id="montonio-card-form"></div><button id="pay" disabled>Pay</button><p id="status"></p>
${script}</body></html>`;
}

describeBrowser('embedded card payments in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let shop: http.Server;
  let shopUrl: string;
  let kassa: string;
  let flow: Flow = 'session';
  let created: Record<string, string> = {};
  /** The checkout's order reference: placing the order again (after a declined card) re-sends the same order. */
  let reference = '';
  const tokens: string[] = [];
  const orders: string[] = [];

  async function kassaPost(pathName: string, claims: Record<string, unknown>): Promise<Record<string, string>> {
    const res = await fetch(`${kassa}/sandbox/api${pathName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: t.token(claims) }),
    });
    if (res.status !== 201) throw new Error(`${pathName}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  }

  beforeAll(async () => {
    if (!haveChromium) return;
    const port = await freePort();
    kassa = `http://127.0.0.1:${port}`;
    t = await createTestApp({ KASSA_PUBLIC_URL: kassa });
    await t.app.listen({ port, host: '127.0.0.1' });
    // The sample merchant: its server holds the store's keys and talks to Kassa.
    shop = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', shopUrl);
      const send = (status: number, body: string, type = 'text/html; charset=utf-8') => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      (async () => {
        if (u.pathname === '/checkout') {
          reference = `SHOP-${Date.now()}-${orders.length}`;
          created = flow === 'session' ? await kassaPost('/sessions', {}) : await kassaPost('/payment-intents/draft', { method: flow === 'blik' ? 'blik' : 'cardPayments' });
          return send(200, checkoutPage(kassa, flow, created));
        }
        if (u.pathname === '/place-order' && req.method === 'POST') {
          const link = flow === 'session' ? { sessionUuid: created.uuid } : { paymentIntentUuid: created.uuid };
          const payment = flow === 'blik' ? { method: 'blik', amount: 10.5, currency: 'PLN' } : { method: 'cardPayments', amount: 10.5, currency: 'EUR' };
          const order = await kassaPost('/orders', orderPayload({ merchantReference: reference, returnUrl: `${shopUrl}/return`, currency: payment.currency, payment, ...link }));
          if (orders.at(-1) !== order.uuid) orders.push(order.uuid!);
          return send(201, JSON.stringify({ uuid: order.uuid }), 'application/json');
        }
        if (u.pathname === '/return') {
          const token = u.searchParams.get('order-token');
          if (token) tokens.push(token);
          return send(200, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><link rel="icon" href="data:,"></head><body><h1>Thank you</h1></body></html>');
        }
        return send(404, 'not found', 'text/plain');
      })().catch((err: unknown) => send(500, String(err), 'text/plain'));
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    // Another origin than Kassa's: another port (and the name localhost rather than 127.0.0.1).
    shopUrl = `http://localhost:${(shop.address() as net.AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve()));
    await t?.close();
  });

  function lastClaims(): Record<string, unknown> {
    const token = tokens.at(-1);
    expect(token).toBeTruthy();
    return verify(token!, t.store.keys.sandbox.secretKey);
  }

  async function typeCard(form: FrameLocator, number: string): Promise<void> {
    await form.locator('#cardNumber').fill(number);
    await form.locator('#cardExpiry').fill('12/34');
    await form.locator('#cardCvc').fill('123');
  }

  it.skipIf(!haveChromium)('session: 4000 0000 0000 3220 with the 3-D Secure challenge in the modal, back on the returnUrl PAID', async () => {
    flow = 'session';
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    await page.goto(`${shopUrl}/checkout`);
    await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
    const form = page.frameLocator('#montonio-card-form iframe');
    await expect.poll(() => form.locator('label[for=cardNumber]').innerText()).toBe('Card number');
    await w.shot('01-form');
    await typeCard(form, '4000 0000 0000 3220');
    await page.locator('#pay').click();
    const challenge = page.frameLocator('iframe[title="3-D Secure"]');
    await expect.poll(() => challenge.locator('button[data-action=complete]').isVisible()).toBe(true);
    expect(await page.locator('#status').innerText()).toBe('Action required');
    await w.shot('02-3ds');
    await challenge.locator('button[data-action=complete]').click();
    await page.waitForURL(`${shopUrl}/return?**`);
    expect(await page.locator('h1').innerText()).toBe('Thank you');
    expect(lastClaims()).toMatchObject({ uuid: orders.at(-1), paymentStatus: 'PAID' });
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it.skipIf(!haveChromium)('draft payment intent with EmbeddedPayments: 4242…, confirmPayment, back on the returnUrl PAID', async () => {
    flow = 'draft';
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    await page.goto(`${shopUrl}/checkout`);
    const form = page.frameLocator('#montonio-card-form iframe');
    await expect.poll(() => form.locator('label[for=cardNumber]').innerText()).toBe('Kaardi number');
    await typeCard(form, '4242 4242 4242 4242');
    await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
    await w.shot('03-draft-form-et');
    await page.locator('#pay').click();
    await page.waitForURL(`${shopUrl}/return?**`);
    expect(lastClaims()).toMatchObject({ uuid: orders.at(-1), paymentStatus: 'PAID' });
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it.skipIf(!haveChromium)('BLIK draft with EmbeddedPayments: the code 777123 pays, back on the returnUrl PAID', async () => {
    flow = 'blik';
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    await page.goto(`${shopUrl}/checkout`);
    const form = page.frameLocator('#montonio-card-form iframe');
    await expect.poll(() => form.locator('label[for=blikCode]').innerText()).toBe('Kod BLIK');
    await form.locator('#blikCode').fill('777123');
    await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
    await w.shot('04-blik-form-pl');
    await page.locator('#pay').click();
    await page.waitForURL(`${shopUrl}/return?**`);
    expect(lastClaims()).toMatchObject({ uuid: orders.at(-1), paymentStatus: 'PAID' });
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it.skipIf(!haveChromium)('session: a declined card shows why in the form and rejects; the shopper switches to Polish and pays with another card', async () => {
    flow = 'session';
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    await page.goto(`${shopUrl}/checkout`);
    await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
    const form = page.frameLocator('#montonio-card-form iframe');
    await typeCard(form, '4000 0000 0000 0002');
    await page.locator('#pay').click();
    await expect.poll(() => page.locator('#status').innerText()).toBe('Error: payment failed: DECLINED');
    await expect.poll(() => form.locator('#message').innerText()).toContain('declined');
    await w.shot('05-declined');
    await page.evaluate(() => (window as unknown as { shopCheckout: { updateOptions(o: { locale: string }): void } }).shopCheckout.updateOptions({ locale: 'pl' }));
    await expect.poll(() => form.locator('label[for=cardNumber]').innerText()).toBe('Numer karty');
    await typeCard(form, '4242 4242 4242 4242');
    await page.locator('#pay').click();
    await page.waitForURL(`${shopUrl}/return?**`);
    expect(lastClaims()).toMatchObject({ uuid: orders.at(-1), paymentStatus: 'PAID' });
    expect(w.problems).toEqual([]);
    await w.close();
  });
});
