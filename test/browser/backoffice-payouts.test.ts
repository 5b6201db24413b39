/**
 * The payouts area and delivery excerpts in Chromium: sign in with the keyboard, open Payouts,
 * download each of a payout's four exports (playwright's download event: a file of the right
 * type and name, not empty, the same bytes as the API's export), and open an order whose
 * notification attempt shows the receiver's answer. axe-core on every page (no serious or
 * critical violation), no console error, no failed request. Screenshots in test-results/backoffice-payouts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import type { TestApp } from '../support/app.js';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS } from '../../src/payouts/exports/index.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { addOfficeUser, settledCardOrder, listeningApp, seriousViolations, signInInBrowser } from '../support/backoffice.js';

const SHOTS = path.resolve('test-results/backoffice-payouts');

/** The first bytes each format starts with (xlsx is a zip). */
const MAGIC: Record<(typeof EXPORT_FORMATS)[number], RegExp> = { excel: /^PK\x03\x04/, xml: /^<\?xml/, json: /^[[{]/, csv: /^[^\s]/ };

describeBrowser('payouts and delivery excerpts in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let rx: Receiver;
  let payoutUuid: string;
  let orderUuid: string;

  beforeAll(async () => {
    if (!haveChromium) return;
    ({ t, base } = await listeningApp());
    await addOfficeUser(t, 'viewer@shop.test', t.store, 'viewer');
    rx = await startReceiver();
    rx.respond.status = 500;
    rx.respond.body = '{"error":"the shop <database> is down"}';
    orderUuid = await settledCardOrder(t, 'PAYOUT-1', rx.url);
    expect(await t.delivery().drain()).toBe(1);
    const run = await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/payouts/run', headers: t.bearer(), payload: {} });
    payoutUuid = run.json().payouts[0].uuid;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await rx?.close();
    await t?.close();
  });

  it.skipIf(!haveChromium)('a viewer downloads every export of a payout and sees an attempt’s response excerpt; every page passes axe', async () => {
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    const violations: Record<string, string[]> = {};
    await signInInBrowser(page, base, 'viewer@shop.test');
    await page.goto(`${base}/dashboard/payouts?env=sandbox&lang=en`);
    await page.getByRole('heading', { name: 'Payouts · Sandbox' }).waitFor();
    await w.shot('01-payouts');
    violations.payouts = await seriousViolations(page);
    expect(await page.getByText(payoutUuid).count()).toBe(1);

    for (const format of EXPORT_FORMATS) {
      const info = EXPORT_FORMAT_INFO[format];
      const link = page.getByRole('link', { name: new RegExp(`^Download the ${info.extension.toUpperCase()} export`) });
      await link.focus();
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toBe(`payout-${payoutUuid}.${info.extension}`);
      const file = await download.path();
      const bytes = fs.readFileSync(file);
      expect(bytes.length, format).toBeGreaterThan(50);
      expect(MAGIC[format].test(bytes.subarray(0, 8).toString('latin1')), format).toBe(true);
      const link2 = await t.app.inject({ method: 'GET', url: `/sandbox/api/stores/${t.store.id}/payouts/${payoutUuid}/export-${format}`, headers: t.bearer() });
      const u = new URL(link2.json().url);
      const api = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
      expect(api.headers['content-type']).toBe(info.contentType);
      expect(bytes.equals(api.rawPayload), format).toBe(true);
    }

    await page.goto(`${base}/dashboard/orders/${orderUuid}?env=sandbox&lang=en`);
    const excerpt = page.locator('pre', { hasText: 'the shop <database> is down' });
    await excerpt.waitFor();
    expect(await excerpt.textContent()).toBe('{"error":"the shop <database> is down"}');
    await w.shot('02-order-excerpt');
    violations.order = await seriousViolations(page);

    expect(violations).toEqual({ payouts: [], order: [] });
    expect(w.problems).toEqual([]);
    await w.close();
  });
});
