/**
 * The public tracking page in real Chromium (issue 12): a parcel that went registered → in transit
 * → delivered shows its history newest first, the store's name, no link to a carrier site that
 * does not exist, in every language; no console errors, no failed requests, and axe-core finds
 * no serious or critical accessibility violation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { freePort } from '../../src/platform/processes.js';
import { LOCALES } from '../../src/platform/locales.js';
import { TRACKING_MESSAGES } from '../../src/shipping/tracking/i18n.js';
import { activate, SANDBOX, SENDER } from '../shipping/support.js';

const SHOTS = path.resolve('test-results/tracking-page');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describeBrowser('tracking page in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let trackingPath: string;

  beforeAll(async () => {
    if (!haveChromium) return;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ KASSA_PUBLIC_URL: base });
    await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipments`,
      headers: t.bearer(),
      payload: {
        synchronous: true,
        sender: SENDER,
        receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234' },
        shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' },
        parcels: [{ weight: 1 }],
        products: [{ sku: 'M', name: 'Kohvikruus', quantity: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    for (const status of ['inTransit', 'delivered']) {
      const moved = await t.app.inject({ method: 'POST', url: `${SANDBOX}/test-helpers/shipments/${s.id}/status`, headers: t.bearer(), payload: { status } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    trackingPath = new URL(s.parcels[0].trackingLink).pathname;
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it.skipIf(!haveChromium)('shows the history, newest first, and the store in every language; accessible; no carrier link', async () => {
    const w = await watchedPage(browser, SHOTS);
    try {
      for (const locale of LOCALES) {
        const m = TRACKING_MESSAGES[locale];
        const answer = await w.page.goto(`${base}${trackingPath}?lang=${locale}`);
        expect(answer?.status()).toBe(200);
        await expect.poll(() => w.page.locator('html').getAttribute('lang')).toBe(locale);
        const items = w.page.locator('ol.events li span');
        expect(await items.allTextContents(), locale).toEqual([m.statusDelivered, m.statusInTransit, m.statusRegistered, m.statusPending]);
        expect(await w.page.getByRole('heading', { name: m.history }).count(), locale).toBe(1);
        expect(await w.page.locator('.from').textContent(), locale).toBe(m.sentBy.replace('{store}', 'Test shop'));
        // Only the language switcher links, all on this page.
        const hrefs = await w.page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
        expect(hrefs.length).toBe(LOCALES.length);
        for (const href of hrefs) expect(href.startsWith(`${base}${trackingPath}?lang=`), href).toBe(true);
        await w.shot(`tracking-${locale}`);

        await w.page.evaluate(AXE);
        const violations = await w.page.evaluate(async () => {
          const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
          const r = await axe.run();
          return r.violations.map((v) => ({ id: v.id, impact: v.impact }));
        });
        expect(
          violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
          locale,
        ).toEqual([]);
      }
      expect(w.problems).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
