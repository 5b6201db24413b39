/**
 * The back office in Chromium: sign in with the keyboard, open the orders, find an order by its
 * reference, page on, switch to production and back, sign out; every page visited is checked by
 * axe-core (no serious or critical violation), with no console error and no failed request
 * (so the strict CSP let nothing through that the page needs). Screenshots land in
 * test-results/backoffice/.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import { orderPayload, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { addOfficeUser, settledCardOrder, axeWalk, listeningApp, OFFICE_PASSWORD } from '../support/backoffice.js';

const SHOTS = path.resolve('test-results/backoffice');
describeBrowser('the back office in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const references: string[] = [];
  let rx: Receiver;

  beforeAll(async () => {
    if (!haveChromium) return;
    ({ t, base } = await listeningApp());
    await addOfficeUser(t, 'owner@shop.test', t.store);
    for (let i = 0; i < 55; i++) {
      const reference = `SHOP-${1000 + i}`;
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload({ merchantReference: reference })) } });
      expect(res.statusCode).toBe(201);
      references.push(reference);
    }
    // A paid, settled card order whose notification failed once (the receiver answers 500).
    rx = await startReceiver();
    rx.respond.status = 500;
    const paidUuid = await settledCardOrder(t, 'PAID-1', rx.url);
    expect(await t.delivery().drain()).toBe(1);
    // As if it had run out of retries (the schedule spans days): failed, so it may be sent again.
    await t.db.query("UPDATE notifications SET status = 'failed' WHERE subject_id = $1", [paidUuid]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await rx?.close();
    await t?.close();
  });

  it.skipIf(!haveChromium)('signs in, finds an order by reference, pages, switches environment, signs out; every page passes axe', async () => {
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    const { check, visited } = axeWalk(w);

    await page.goto(`${base}/dashboard/orders`);
    expect(page.url()).toBe(`${base}/dashboard/login?lang=en`);
    await check('01-login');
    await page.focus('#email');
    await page.keyboard.type('owner@shop.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type(OFFICE_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/dashboard?lang=en`);
    // The store has sandbox data only: the back office opens in sandbox; the switch goes to production and back.
    expect(await page.getByRole('status').textContent()).toBe('Sandbox: test data, no real money.');
    await page.getByRole('link', { name: 'Switch to Production' }).click();
    await page.waitForURL(/env=production/);
    expect(await page.locator('h1').textContent()).toBe('Overview · Production');
    await page.getByRole('link', { name: 'Switch to Sandbox' }).click();
    await page.waitForURL(/env=sandbox/);
    expect(await page.getByRole('status').textContent()).toBe('Sandbox: test data, no real money.');
    await check('02-overview-sandbox');

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(/\/dashboard\/orders/);
    expect(await page.locator('tbody tr').count()).toBe(50);
    await check('03-orders');
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/afterId=/);
    expect(await page.locator('tbody tr').count()).toBe(6); // 55 + the paid order
    await check('04-orders-page-2');

    await page.getByLabel('Reference / UUID').fill(references[7]!);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=SHOP-1007/);
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').textContent()).toContain(references[7]!);
    await check('05-search');

    // The paid order: found by reference, its notification's attempt shown, refunded, its notification sent again.
    await page.getByLabel('Reference / UUID').fill('PAID-1');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=PAID-1/);
    await page.getByRole('link', { name: 'PAID-1' }).click();
    await page.waitForURL(/\/dashboard\/orders\/[0-9a-f-]{36}\?/);
    expect(await page.locator('h1').textContent()).toBe('Order PAID-1 · Sandbox');
    expect(await page.locator('h3').first().textContent()).toBe('Order notification · Failed');
    expect(await page.locator('table').last().locator('tbody tr').first().textContent()).toMatch(/^1(Will retry|Failed, no more retries)\d+ ms500/);
    await check('06-order');
    await page.getByLabel('Amount (EUR)').fill('12.50');
    await page.getByRole('button', { name: 'Refund' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('region', { name: 'Refunds' }).textContent()).toContain('Partial refund');
    expect(await page.getByRole('region', { name: 'Refunds' }).textContent()).toContain('€12.50');
    await check('07-refunded');
    await page.getByRole('button', { name: 'Send again' }).click();
    await page.waitForLoadState();
    expect(await page.locator('h3').first().textContent()).toBe('Order notification · Waiting to be sent');
    await check('08-resent');

    await page.getByRole('button', { name: /Sign out/ }).click();
    await page.waitForURL(`${base}/dashboard/login?lang=en`);
    await page.goto(`${base}/dashboard`);
    expect(page.url()).toBe(`${base}/dashboard/login?lang=en`);

    expect(w.problems).toEqual([]);
    expect(visited).toEqual({ '01-login': [], '02-overview-sandbox': [], '03-orders': [], '04-orders-page-2': [], '05-search': [], '06-order': [], '07-refunded': [], '08-resent': [] });
    await w.close();
  });
});
