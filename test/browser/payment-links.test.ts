/**
 * Payment links in a real browser (Debian's Chromium through playwright-core):
 *   (a) a reusable link with shipping to a pickup point, paid by two payers in two browser
 *       contexts through the card simulator: two orders, two shipments registered with the carrier;
 *   (b) a one_time link raced by two payers submitting at the same time: one order.
 * No console errors, no failed requests. Screenshots land in test-results/payment-links/.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage, type WatchedPage } from '../support/browser.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { freePort } from '../../src/platform/processes.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { SENDER } from '../shipping/support.js';

const SHOTS = path.resolve('test-results/payment-links');

describeBrowser('payment links in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let shop: CreatedStore;

  beforeAll(async () => {
    if (!haveChromium) return;
    const port = await freePort();
    t = await createTestApp({ KASSA_PUBLIC_URL: `http://127.0.0.1:${port}` });
    await t.app.listen({ port, host: '127.0.0.1' });
    shop = await t.createStore({ name: 'Saatev pood', shippingAddress: { ...SENDER, firstName: null, lastName: null, companyName: null, region: null, email: null } as never });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function createLink(claims: Record<string, unknown>): Promise<{ uuid: string; url: string; shortUrl: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/payment-links',
      payload: { data: t.token({ description: 'Kontserdipilet', currency: 'EUR', amount: 25, locale: 'en', askAdditionalInfo: true, expiresAt: '2099-01-01 00:00:00', ...claims }, { store: shop }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async function fillPayer(w: WatchedPage, first: string): Promise<void> {
    const { page } = w;
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill('Tamm');
    await page.getByLabel('E-mail').fill(`${first.toLowerCase()}@example.com`);
  }

  async function payByCard(w: WatchedPage, name: string): Promise<void> {
    const { page } = w;
    await page.waitForURL(/\/pay\//);
    await w.shot(`${name}-03-hosted-page`);
    await page.getByRole('button', { name: 'Credit or debit card' }).click();
    await page.waitForURL(/\/simulators\/card\/pay/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /^Pay €/ }).click();
    await page.waitForURL(/\/links\/[0-9a-f-]+\/thanks/);
    expect(await page.locator('body').innerText()).toContain('The payment was received.');
    await w.shot(`${name}-04-thanks`);
  }

  it.skipIf(!haveChromium)('(a) reusable link with a pickup point, two payers: two orders, two shipments registered', async () => {
    const link = await createLink({ showShippingOptions: true, customerCountry: 'EE' });
    const payers = ['Mari', 'Jaan'];
    for (const [i, first] of payers.entries()) {
      const w = await watchedPage(browser, SHOTS);
      const { page } = w;
      await page.goto(link.shortUrl);
      await page.waitForURL(link.url);
      const body = await page.locator('body').innerText();
      expect(body).toContain('Kontserdipilet');
      expect(body).toContain('Delivery');
      await fillPayer(w, first);
      await page.getByLabel('Mobile phone').fill('+372 5551234');
      await page.locator('#f-shipping').selectOption({ index: 1 + i });
      await page.getByLabel('Card payment').check();
      await w.shot(`a-${first}-01-link-page`);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await payByCard(w, `a-${first}`);
      expect(w.problems).toEqual([]);
      await w.close();
    }
    const { rows: orders } = await t.db.query(`SELECT id, status FROM orders WHERE payment_link_id = $1`, [link.uuid]);
    expect(orders.map((o) => o.status)).toEqual(['PAID', 'PAID']);
    await t.services.shipments.registration.drain();
    const { rows: shipments } = await t.db.query(`SELECT status FROM shipments WHERE service_order_uuid = ANY($1::uuid[])`, [orders.map((o) => o.id)]);
    expect(shipments.map((s) => s.status)).toEqual(['registered', 'registered']);
  });

  it.skipIf(!haveChromium)('(b) one_time link raced by two payers: one order; the other sees it is being paid', async () => {
    const link = await createLink({ type: 'one_time', merchantReference: 'ONE-BROWSER' });
    const a = await watchedPage(browser, SHOTS);
    const b = await watchedPage(browser, SHOTS);
    for (const [w, first] of [[a, 'Mari'], [b, 'Jaan']] as const) {
      await w.page.goto(link.url);
      await fillPayer(w, first);
      await w.page.getByLabel('Card payment').check();
    }
    await a.shot('b-01-payer-a');
    await Promise.all([
      a.page.getByRole('button', { name: 'Continue to payment' }).click(),
      b.page.getByRole('button', { name: 'Continue to payment' }).click(),
    ]);
    await Promise.all([a.page.waitForLoadState(), b.page.waitForLoadState()]);
    const onPay = [a, b].filter((w) => /\/pay\//.test(w.page.url()));
    const refused = [a, b].filter((w) => !/\/pay\//.test(w.page.url()));
    expect(onPay).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(await refused[0]!.page.locator('body').innerText()).toContain('This payment link is being paid');
    await refused[0]!.shot('b-02-second-payer');
    await onPay[0]!.shot('b-02-first-payer');
    // The loser's only problems are the 409 answer of the form post itself (and Chromium's console line about it).
    expect(refused[0]!.problems).toEqual([
      expect.stringMatching(/^HTTP 409: .*\/links\//),
      'console error: Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    expect(onPay[0]!.problems).toEqual([]);
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM orders WHERE payment_link_id = $1`, [link.uuid]);
    expect(rows[0].n).toBe(1);
    await a.close();
    await b.close();
  });
});
