/**
 * Payment links in a real browser (Debian's Chromium through playwright-core):
 *   (a) a reusable link with shipping to a pickup point, paid by two payers in two browser
 *       contexts through the card simulator: two orders, two shipments registered with the carrier;
 *   (b) a one_time link raced by two payers submitting at the same time: one order;
 *   (c) the pickup point picker by keyboard only: type part of a town, arrow down, Enter, submit;
 *   (d) fields follow the delivery chosen; the picker lists the chosen carrier's points only;
 *   (e) axe-clean and no wider than a 320 px screen (list open; problems shown, in German).
 * No console errors, no failed requests. Screenshots land in test-results/payment-links/.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Page } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage, type WatchedPage } from '../support/browser.js';
import { seriousViolations } from '../support/backoffice.js';
import { pickupPoints } from '../../src/shipping/catalogue/service.js';
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
      await page.getByRole('radio', { name: /^Omniva Pickup point/ }).check();
      await page.getByRole('combobox', { name: 'Pickup point', exact: true }).fill('Tallinn');
      await page.getByRole('option').nth(i).click();
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
    for (const [w, first] of [
      [a, 'Mari'],
      [b, 'Jaan'],
    ] as const) {
      await w.page.goto(link.url);
      await fillPayer(w, first);
      await w.page.getByLabel('Card payment').check();
    }
    await a.shot('b-01-payer-a');
    await Promise.all([a.page.getByRole('button', { name: 'Continue to payment' }).click(), b.page.getByRole('button', { name: 'Continue to payment' }).click()]);
    await Promise.all([a.page.waitForLoadState(), b.page.waitForLoadState()]);
    const onPay = [a, b].filter((w) => /\/pay\//.test(w.page.url()));
    const refused = [a, b].filter((w) => !/\/pay\//.test(w.page.url()));
    expect(onPay).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(await refused[0]!.page.locator('body').innerText()).toContain('This payment link is being paid');
    await refused[0]!.shot('b-02-second-payer');
    await onPay[0]!.shot('b-02-first-payer');
    // The loser's only problems are the 409 answer of the form post itself (and Chromium's console line about it).
    expect(refused[0]!.problems).toEqual([expect.stringMatching(/^HTTP 409: .*\/links\//), 'console error: Failed to load resource: the server responded with a status of 409 (Conflict)']);
    expect(onPay[0]!.problems).toEqual([]);
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM orders WHERE payment_link_id = $1`, [link.uuid]);
    expect(rows[0].n).toBe(1);
    await a.close();
    await b.close();
  });
  /** The id of the element that has the focus. */
  const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
  /** Whether an element is shown (not hidden by the script). */
  const shown = (page: Page, selector: string) => page.locator(selector).isVisible();
  const shippingLink = () => createLink({ showShippingOptions: true, customerCountry: 'EE' });

  it.skipIf(!haveChromium)('(c) by keyboard only: type part of a town, arrow down, Enter, submit: the order carries that pickup point', { timeout: 20_000 }, async () => {
    const link = await shippingLink();
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    const kb = page.keyboard;
    await page.goto(`${link.url}?lang=en`);
    for (const [id, text] of [
      ['f-firstName', 'Mari'],
      ['f-lastName', 'Tamm'],
      ['f-email', 'mari@example.com'],
      ['f-phone', '+372 5551234'],
    ] as const) {
      await kb.press('Tab');
      expect(await focused(page)).toBe(id);
      await kb.type(text);
    }
    // The delivery radios: Tab enters the group, the arrow keys choose (each press checks the next one).
    await kb.press('Tab');
    expect(await focused(page)).toBe('f-shipping');
    const values = await page.locator('input[name=shipping]').evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).value));
    const target = values.indexOf('pickupPoint:omniva');
    expect(target).toBeGreaterThan(0);
    for (let i = 0; i < target; i++) await kb.press('ArrowDown');
    expect(await page.locator('input[name=shipping]:checked').getAttribute('value')).toBe('pickupPoint:omniva');
    expect(await shown(page, '#courier-fields')).toBe(false);

    await kb.press('Tab');
    expect(await focused(page)).toBe('f-pickupPoint');
    const box = page.getByRole('combobox', { name: 'Pickup point', exact: true });
    await kb.type('tartu');
    // The live region counts the matches: Omniva's points whose name, street, postal code or town has "tartu".
    const matching = pickupPoints('omniva', 'EE').filter((p) => `${p.name} ${p.streetAddress} ${p.postalCode} ${p.locality}`.toLowerCase().includes('tartu'));
    expect(matching.length).toBeGreaterThan(2);
    await expect.poll(() => page.locator('#f-pickupPoint-status').textContent()).toBe(`Pickup points found: ${matching.length}`);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('option').count()).toBe(matching.length);
    await kb.press('ArrowDown');
    await kb.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBe('f-pickupPoint-o1');
    const chosenText = await page.locator(`#${activeId}`).textContent();
    expect(await page.locator(`#${activeId}`).getAttribute('aria-selected')).toBe('true');
    await w.shot('c-01-picker-open');
    await kb.press('Enter');
    expect(await box.inputValue()).toBe(chosenText);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(page.url()).toContain(link.url); // Enter chose; it did not submit

    // On past the payment method (the first is chosen) to the button, and submit.
    await kb.press('Tab');
    expect(await focused(page)).toBe('f-method');
    await kb.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');
    await kb.press('Enter');
    await page.waitForURL(/\/pay\//);
    const point = matching.find((p) => `${p.name}, ${p.streetAddress}, ${p.postalCode} ${p.locality}` === chosenText);
    expect(point, String(chosenText)).toBeDefined();
    expect(point!.locality).toBe('Tartu'); // the town's points first, before "Tartu mnt" elsewhere
    const { rows } = await t.db.query('SELECT s.method_type, s.method_id FROM payment_link_shipping s JOIN orders o ON o.id = s.order_id WHERE o.payment_link_id = $1', [link.uuid]);
    expect(rows).toEqual([{ method_type: 'pickupPoint', method_id: point!.id }]);
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it.skipIf(!haveChromium)("(d) fields follow the delivery; the picker lists the chosen carrier's points; Escape closes, then clears", { timeout: 20_000 }, async () => {
    const link = await shippingLink();
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    await page.goto(`${link.url}?lang=en`);
    const box = page.getByRole('combobox', { name: 'Pickup point', exact: true });
    // Nothing chosen: neither the picker nor the address.
    expect([await shown(page, '#pickup-fields'), await shown(page, '#courier-fields')]).toEqual([false, false]);

    await page.getByRole('radio', { name: /^Omniva Courier to your address/ }).check();
    expect([await shown(page, '#pickup-fields'), await shown(page, '#courier-fields')]).toEqual([false, true]);
    expect(await page.getByLabel('Street address').getAttribute('required')).toBe('');
    expect(await page.locator('#f-pickupPoint').isDisabled()).toBe(true); // hidden, so not found by role

    await page.getByRole('radio', { name: /^Omniva Pickup point/ }).check();
    expect([await shown(page, '#pickup-fields'), await shown(page, '#courier-fields')]).toEqual([true, false]);
    expect(await page.locator('#courier-fields').evaluate((f) => (f as HTMLFieldSetElement).disabled)).toBe(true);
    await box.fill('tallinn');
    const omniva = await page.getByRole('option').allTextContents();
    expect(omniva.length).toBeGreaterThan(5);
    expect(omniva.every((o) => o.startsWith('Omniva '))).toBe(true);
    await box.press('ArrowDown');
    await box.press('Enter');
    expect(await page.locator('#f-pickupPoint-select').inputValue()).toMatch(/^omniva-ee-/);

    // Another carrier: its points only, and the Omniva point is dropped.
    await page.getByRole('radio', { name: /^SmartPosti Pickup point/ }).check();
    expect(await box.inputValue()).toBe('');
    expect(await page.locator('#f-pickupPoint-select').inputValue()).toBe('');
    await box.fill('tallinn');
    const smartpost = await page.getByRole('option').allTextContents();
    expect(smartpost.length).toBeGreaterThan(5);
    expect(smartpost.every((o) => o.startsWith('SmartPosti '))).toBe(true);
    await w.shot('d-01-smartpost');
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#f-pickupPoint-list').isVisible()).toBe(false);
    expect(await box.inputValue()).toBe('tallinn');
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');
    expect(w.problems).toEqual([]);
    await w.close();
  });

  /** No serious or critical axe violation, and nothing wider than the screen. */
  async function fitsAndClean(page: Page, width: number): Promise<void> {
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  const narrow = { viewport: { width: 320, height: 900 }, deviceScaleFactor: 1 };

  it.skipIf(!haveChromium)('(e1) at 320 px with the list open: axe-clean, no horizontal scrolling', { timeout: 20_000 }, async () => {
    const link = await shippingLink();
    const w = await watchedPage(browser, SHOTS, narrow);
    const { page } = w;
    await page.goto(`${link.url}?lang=en`);
    await page.getByRole('radio', { name: /^Latvian Post Pickup point/ }).check();
    const box = page.getByRole('combobox', { name: 'Pickup point', exact: true });
    await box.fill('tallinn');
    await box.press('ArrowDown');
    await w.shot('e1-320-list-open');
    await fitsAndClean(page, 320);
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it.skipIf(!haveChromium)('(e2) at 320 px in German with problems listed and a courier chosen: axe-clean, no horizontal scrolling', { timeout: 20_000 }, async () => {
    const link = await shippingLink();
    const w = await watchedPage(browser, SHOTS, narrow);
    const { page } = w;
    await page.goto(`${link.url}?lang=de`);
    await page.getByRole('radio', { name: /^Omniva Geschäftskurier/ }).check();
    await page.locator('form').evaluate((f) => ((f as HTMLFormElement).noValidate = true)); // let the server list the problems
    await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('alert').textContent()).toContain('Straße und Hausnummer: Pflichtfeld');
    expect(await shown(page, '#courier-fields')).toBe(true);
    expect(await shown(page, '#pickup-fields')).toBe(false);
    await w.shot('e2-320-de-problems');
    await fitsAndClean(page, 320);
    // The only problem is the form's own 400 answer (and Chromium's console line about it).
    expect(w.problems).toEqual([expect.stringMatching(/^HTTP 400: .*\/links\//), expect.stringMatching(/^console error: Failed to load resource: .* 400/)]);
    await w.close();
  });
});
