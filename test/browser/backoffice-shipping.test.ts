/**
 * The back office's Shipping area in Chromium: select two shipments and make one label file,
 * download it (a PDF, a page a label); a shipment's status history; the Providers tab (a contract
 * with credentials: refused first, then added, listed masked, removed); a webhook delivery that
 * failed, sent again; the webhook deleted. Every page visited passes axe-core (no serious or critical violation), with
 * no console error and no failed request but the one refused form (400). Screenshots in
 * test-results/backoffice-shipping/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import type { TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { addOfficeUser, axeWalk, listeningApp, signInInBrowser } from '../support/backoffice.js';
import { pdfPageCount } from '../support/barcodes.js';
import { courierBody, pickupBody, SANDBOX } from '../shipping/support.js';

const SHOTS = path.resolve('test-results/backoffice-shipping');
describeBrowser('the Shipping area of the back office in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let rx: Receiver;
  const shipments: { id: string; merchantReference: string }[] = [];

  beforeAll(async () => {
    if (!haveChromium) return;
    ({ t, base } = await listeningApp());
    await addOfficeUser(t, 'owner@ship.test', t.store);
    // A webhook whose endpoint answers 500: its shipment.registered deliveries fail.
    rx = await startReceiver();
    rx.respond.status = 500;
    const hook = await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers: t.bearer(), payload: { url: `${rx.url}/hook`, enabledEvents: ['shipment.registered'] } });
    expect(hook.statusCode).toBe(201);
    for (const body of [pickupBody({ merchantReference: 'SHIP-A' }), courierBody({ merchantReference: 'SHIP-B', parcels: [{ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 }, { weight: 1 }] })]) {
      const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: body });
      expect(res.statusCode).toBe(201);
      shipments.push(res.json());
    }
    await t.services.shipments.registration.drain();
    expect(await t.delivery().drain()).toBe(2);
    // As if they had run out of retries (the schedule spans days): failed, so they may be sent again.
    await t.db.query("UPDATE notifications SET status = 'failed' WHERE kind = 'webhook'");
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await rx?.close();
    await t?.close();
  });

  it.skipIf(!haveChromium)('labels from a selection, a shipment’s history, Providers add and remove, a webhook resend; every page passes axe', async () => {
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    const { check, visited } = axeWalk(w);

    await signInInBrowser(page, base, 'owner@ship.test');
    // The store has sandbox data only: the back office opens in sandbox.
    await page.waitForURL(/\/dashboard\?lang=en/);
    await page.getByRole('link', { name: 'Shipping' }).click();
    await page.waitForURL(/\/dashboard\/shipping\?/);
    expect(await page.locator('tbody tr').count()).toBe(2);
    await check('01-shipments');

    // Select both, one label a page, create the file; the worker makes it; reload; download.
    await page.getByLabel('Select SHIP-A').check();
    await page.getByLabel('Select SHIP-B').check();
    await page.getByLabel('Page size').selectOption('A6');
    await page.getByRole('button', { name: 'Create label file' }).click();
    await page.waitForURL(/\/dashboard\/shipping\/label-files\/[0-9a-f-]{36}\?/);
    expect(await page.getByRole('status').last().textContent()).toContain('The label file is being made');
    await check('02-label-file-pending');
    expect(await t.services.labelFiles.drain()).toBe(1);
    await page.getByRole('link', { name: 'Reload' }).click();
    await page.waitForLoadState();
    await check('03-label-file-ready');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the PDF' }).click()]);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(3);
    fs.writeFileSync(path.join(SHOTS, 'labels.pdf'), pdf);

    // A shipment's page: its parcels, tracking and status history.
    await page.getByRole('link', { name: shipments[1]!.id }).click();
    await page.waitForURL(/\/dashboard\/shipping\/shipments\//);
    const history = await page.getByRole('region', { name: 'Status history' }).locator('tbody tr td:first-child').allTextContents();
    expect(history).toEqual(['Labels created', 'Registered', 'Registering']);
    expect(await page.getByRole('link', { name: 'Tracking page' }).count()).toBe(2);
    await check('04-shipment');

    // Providers: a contract with credentials; the password missing first, then right; listed masked; removed.
    await page.getByRole('link', { name: 'Providers' }).click();
    await page.waitForURL(/\/dashboard\/shipping\/providers\?/);
    await check('05-providers');
    await page.getByLabel('Carrier', { exact: true }).selectOption('dpd');
    await page.getByLabel('Country').selectOption('LV');
    await page.getByLabel('Username').fill('merchant-account');
    await page.getByLabel('Contract number').fill('SWT-777');
    await page.getByRole('button', { name: 'Add a contract' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('alert').textContent()).toContain('credentials.password is required');
    expect(await page.getByLabel('Contract number').inputValue()).toBe('SWT-777');
    await check('06-providers-refused');
    await page.getByLabel('Country').selectOption('LV');
    await page.getByLabel('Password').fill('carrier secret 123');
    await page.getByRole('button', { name: 'Add a contract' }).click();
    await page.waitForURL(/\/dashboard\/shipping\/providers\?/);
    const listed = await page.getByRole('region', { name: 'Providers' }).textContent();
    expect(listed).toContain('me***');
    expect(listed).toContain('SWT-777');
    expect(await page.content()).not.toContain('carrier secret 123');
    await check('07-providers-added');
    await page.getByRole('button', { name: 'Remove DPD Latvia' }).click();
    await page.waitForURL(/\/dashboard\/shipping\/providers\?/);
    expect(await page.getByRole('button', { name: 'Remove DPD Latvia' }).count()).toBe(0);
    expect((await t.db.query('SELECT 1 FROM carrier_contracts WHERE store_id = $1', [t.store.id])).rowCount).toBe(0);

    // Webhooks: the failed deliveries with their attempt; send one again.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/dashboard\/shipping\/webhooks\?/);
    expect(await page.locator('h3').allTextContents()).toEqual(['Shipping webhook · Failed', 'Shipping webhook · Failed']);
    expect(await page.locator('table').first().locator('tbody tr').first().textContent()).toMatch(/^1(Will retry|Failed, no more retries)\d+ ms500/);
    await check('08-webhooks');
    await page.getByRole('button', { name: 'Send again' }).first().click();
    await page.waitForURL(/\/dashboard\/shipping\/webhooks\?/);
    expect((await page.locator('h3').allTextContents()).sort()).toEqual(['Shipping webhook · Failed', 'Shipping webhook · Waiting to be sent']);
    await check('09-webhook-resent');
    // The owner deletes the webhook (the service the API's DELETE uses): gone from the page and the store.
    await page.getByRole('button', { name: `Delete ${rx.url}/hook` }).click();
    await page.waitForURL(/\/dashboard\/shipping\/webhooks\?/);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect((await t.db.query('SELECT 1 FROM webhooks WHERE store_id = $1', [t.store.id])).rowCount).toBe(0);
    await check('10-webhook-deleted');

    // The refused form's page is a 400 (Chromium also logs it): the only problem, and no other.
    expect(w.problems).toEqual([`HTTP 400: ${base}/dashboard/shipping/providers`, 'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    expect(visited).toEqual({
      '01-shipments': [],
      '02-label-file-pending': [],
      '03-label-file-ready': [],
      '04-shipment': [],
      '05-providers': [],
      '06-providers-refused': [],
      '07-providers-added': [],
      '08-webhooks': [],
      '09-webhook-resent': [],
      '10-webhook-deleted': [],
    });
    await w.close();
  });
});
