/**
 * Every page of the back office in each of the eight locales, on a 320 px wide screen: the page
 * says its language (`<html lang>`), its navigation is in that language, nothing is wider than the
 * screen (tables scroll inside their own region), axe-core finds no serious or critical violation,
 * and nothing fails to load. The store has an order with a notification, a payout, a registered
 * shipment with a label file and a webhook, so no page is shown empty of what it is for.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import type { TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { addOfficeUser, settledCardOrder, listeningApp, seriousViolations, signInInBrowser } from '../support/backoffice.js';
import { pickupBody, SANDBOX } from '../shipping/support.js';
import { LOCALES } from '../../src/platform/locales.js';
import { TEXTS } from '../../src/backoffice/i18n.js';

const SHOTS = path.resolve('test-results/backoffice-locales');

describeBrowser('the back office in eight locales at 320 px', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let rx: Receiver;
  let w: Awaited<ReturnType<typeof watchedPage>>;
  const pages: [name: string, path: string][] = [];

  beforeAll(async () => {
    if (!haveChromium) return;
    ({ t, base } = await listeningApp());
    await addOfficeUser(t, 'owner@locales.test', t.store);
    rx = await startReceiver();
    const orderId = await settledCardOrder(t, 'LOCALE-1', rx.url);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/payouts/run', headers: t.bearer(), payload: {} })).statusCode).toBe(200);
    const hook = await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers: t.bearer(), payload: { url: `${rx.url}/hook`, enabledEvents: ['shipment.registered'] } });
    expect(hook.statusCode).toBe(201);
    const shipment = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: pickupBody({ merchantReference: 'LOCALE-SHIP' }) });
    expect(shipment.statusCode).toBe(201);
    const shipmentId = shipment.json().id as string;
    await t.services.shipments.registration.drain();
    const file = await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: t.bearer(), payload: { shipmentIds: [shipmentId] } });
    expect(file.statusCode).toBe(201);
    expect(await t.services.labelFiles.drain()).toBe(1);
    await t.delivery().drain();
    pages.push(
      ['overview', '/dashboard'],
      ['orders', '/dashboard/orders'],
      ['order', `/dashboard/orders/${orderId}`],
      ['payouts', '/dashboard/payouts'],
      ['settings', '/dashboard/settings'],
      ['shipments', '/dashboard/shipping'],
      ['shipment', `/dashboard/shipping/shipments/${shipmentId}`],
      ['label-file', `/dashboard/shipping/label-files/${file.json().id}`],
      ['providers', '/dashboard/shipping/providers'],
      ['webhooks', '/dashboard/shipping/webhooks'],
    );
    browser = await launchChromium();
    w = await watchedPage(browser, SHOTS, { viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 });
    await signInInBrowser(w.page, base, 'owner@locales.test');
  });

  afterAll(async () => {
    await w?.close();
    await browser?.close();
    await rx?.close();
    await t?.close();
  });

  // One test a locale (11 page views each): the whole walk in one test outgrew its budget on a
  // busy 2-core machine.
  it.skipIf(!haveChromium).each([...LOCALES])('%s: every page says its language, no overflow at 320 px, axe clean', async (locale) => {
    const { page } = w;
    const before = w.problems.length;
    const found: Record<string, string[]> = {};
    await page.goto(`${base}/dashboard/login?lang=${locale}`);
    found.login = await seriousViolations(page);
    for (const [name, url] of pages) {
      const res = await page.goto(`${base}${url}?env=sandbox&lang=${locale}`);
      const problems: string[] = [];
      if (res?.status() !== 200) problems.push(`HTTP ${res?.status()}`);
      if ((await page.getAttribute('html', 'lang')) !== locale) problems.push('html lang');
      const nav = await page.getByRole('navigation', { name: TEXTS[locale].title, exact: true }).innerText();
      for (const area of ['overview', 'orders', 'payouts', 'settings', 'shipping'] as const) if (!nav.includes(TEXTS[locale][area])) problems.push(`navigation lacks "${TEXTS[locale][area]}"`);
      const wide = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      if (wide > 320) {
        await w.shot(`${locale}-${name}`);
        problems.push(`${wide} px wide`);
      }
      found[name] = [...problems, ...(await seriousViolations(page))];
    }
    expect(Object.entries(found).filter(([, p]) => p.length)).toEqual([]);
    expect(Object.keys(found)).toHaveLength(pages.length + 1);
    expect(w.problems.slice(before)).toEqual([]);
  });
});
