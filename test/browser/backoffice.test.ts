/**
 * The back office in Chromium: sign in with the keyboard, open the orders, find an order by its
 * reference, page on, switch to production and back, sign out; every page visited is checked by
 * axe-core (no serious or critical violation), with no console error and no failed request
 * (so the strict CSP let nothing through that the page needs). Screenshots land in
 * test-results/backoffice/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { freePort } from '../../src/platform/processes.js';

const SHOTS = path.resolve('test-results/backoffice');
const AXE = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'correct horse battery';

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[];
}

/** axe-core run in the page (evaluated through the DevTools protocol, which the page's CSP does not govern). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = (await page.evaluate('axe.run(document)')) as AxeResult;
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

describeBrowser('the back office in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const references: string[] = [];

  beforeAll(async () => {
    if (!haveChromium) return;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ KASSA_PUBLIC_URL: base });
    await t.app.listen({ port, host: '127.0.0.1' });
    const add = await t.app.inject({
      method: 'POST',
      url: '/operator/backoffice-users',
      headers: { authorization: 'Bearer test-admin-token' },
      payload: { storeUuid: t.store.id, email: 'owner@shop.test', password: PASSWORD },
    });
    expect(add.statusCode).toBe(201);
    for (let i = 0; i < 55; i++) {
      const reference = `SHOP-${1000 + i}`;
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload({ merchantReference: reference })) } });
      expect(res.statusCode).toBe(201);
      references.push(reference);
    }
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it.skipIf(!haveChromium)('signs in, finds an order by reference, pages, switches environment, signs out; every page passes axe', async () => {
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    const visited: Record<string, string[]> = {};
    const check = async (name: string) => {
      await w.shot(name);
      visited[name] = await seriousViolations(page);
    };

    await page.goto(`${base}/dashboard/orders`);
    expect(page.url()).toBe(`${base}/dashboard/login?lang=en`);
    await check('01-login');
    await page.focus('#email');
    await page.keyboard.type('owner@shop.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/dashboard?lang=en`);
    await page.getByRole('link', { name: 'Sandbox' }).click();
    await page.waitForURL(/env=sandbox/);
    expect(await page.getByRole('status').textContent()).toBe('Sandbox: test data, no real money.');
    await check('02-overview-sandbox');

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(/\/dashboard\/orders/);
    expect(await page.locator('tbody tr').count()).toBe(50);
    await check('03-orders');
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/afterId=/);
    expect(await page.locator('tbody tr').count()).toBe(5);
    await check('04-orders-page-2');

    await page.getByLabel('Reference / UUID').fill(references[7]!);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=SHOP-1007/);
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').textContent()).toContain(references[7]!);
    await check('05-search');

    await page.getByRole('button', { name: /Sign out/ }).click();
    await page.waitForURL(`${base}/dashboard/login?lang=en`);
    await page.goto(`${base}/dashboard`);
    expect(page.url()).toBe(`${base}/dashboard/login?lang=en`);

    expect(w.problems).toEqual([]);
    expect(visited).toEqual({ '01-login': [], '02-overview-sandbox': [], '03-orders': [], '04-orders-page-2': [], '05-search': [] });
    await w.close();
  });
});
