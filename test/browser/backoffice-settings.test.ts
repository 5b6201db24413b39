/**
 * Settings in Chromium: the owner signs in, opens Settings in the sandbox, rolls the key, reads the
 * new secret from the page, creates orders through the API with the new secret and with the old
 * (both 201), stops the old one (now 403), switches bank payments off in LV (gone from GET
 * payment-methods), and saves a sender address with an error first (the field named) then right.
 * axe-core on every page state (0 serious or critical), no console error. Screenshots land in
 * test-results/backoffice-settings/.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import { nowS, orderPayload, type TestApp } from '../support/app.js';
import { sign } from '../../src/platform/jwt.js';
import { addOfficeUser, axeWalk, listeningApp, signInInBrowser } from '../support/backoffice.js';

const SHOTS = path.resolve('test-results/backoffice-settings');
describeBrowser('Settings in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    if (!haveChromium) return;
    ({ t, base } = await listeningApp());
    await addOfficeUser(t, 'owner@settings.test', t.store);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  let ref = 0;
  const createOrder = (secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: { data: sign({ accessKey: t.store.keys.sandbox.accessKey, exp: nowS() + 600, ...orderPayload({ merchantReference: `BR-${++ref}` }) }, secret) },
    });

  it.skipIf(!haveChromium)('rolls the key and uses both secrets, stops the old one, turns LV off, saves a sender address after an error; axe on every state', async () => {
    const w = await watchedPage(browser, SHOTS);
    const { page } = w;
    const { check, visited } = axeWalk(w);

    await signInInBrowser(page, base, 'owner@settings.test');
    // The store has sandbox data only: the back office opens in sandbox.
    await page.waitForURL(/\/dashboard\?lang=en/);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/dashboard\/settings\?.*env=sandbox/);
    expect(await page.locator('#access-key').textContent()).toBe(t.store.keys.sandbox.accessKey);
    await check('01-settings');

    // Roll with the default overlap (24 hours); the new secret is on the page once.
    expect(await page.getByLabel('Keep the previous secret valid for').inputValue()).toBe('1440');
    await page.getByRole('button', { name: 'Roll the secret' }).click();
    await page.waitForLoadState();
    const secret = await page.getByLabel('New secret key').inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secret).not.toBe(t.store.keys.sandbox.secretKey);
    await check('02-rolled');
    expect((await createOrder(secret)).statusCode).toBe(201);
    expect((await createOrder(t.store.keys.sandbox.secretKey)).statusCode).toBe(201);

    await page.goto(`${base}/dashboard/settings?store=${t.store.id}&env=sandbox&lang=en`);
    expect(await page.content()).not.toContain(secret);
    await page.getByRole('button', { name: 'Stop the previous secret now' }).click();
    await page.waitForURL(/saved=1/);
    expect(await page.getByText('Saved.').count()).toBe(1);
    await check('03-revoked');
    const old = await createOrder(t.store.keys.sandbox.secretKey);
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toMatch(/^INVALID_TOKEN: the signature does not match the secret key of access key /);
    expect((await createOrder(secret)).statusCode).toBe(201);

    // Bank payments off in Latvia (sandbox).
    await page.getByLabel('Latvia').uncheck();
    await page.getByRole('group', { name: 'Bank payments by country' }).locator('..').getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/saved=1/);
    expect(await page.getByLabel('Latvia').isChecked()).toBe(false);
    await check('04-lv-off');
    const methods = await t.app.inject({
      method: 'GET',
      url: '/sandbox/api/stores/payment-methods',
      headers: { authorization: `Bearer ${sign({ accessKey: t.store.keys.sandbox.accessKey, exp: nowS() + 600 }, secret)}` },
    });
    expect(Object.keys(methods.json().paymentMethods.paymentInitiation.setup)).toEqual(['EE', 'LT', 'FI', 'PL']);

    // The sender address: a postal code missing first, then right.
    const address = page.getByRole('group', { name: 'Sender address' });
    await address.getByLabel('Name', { exact: true }).fill('Settings shop OÜ');
    await address.getByLabel('Street address').fill('Pärnu mnt 10');
    await address.getByLabel('City').fill('Tallinn');
    await address.getByLabel('Country', { exact: true }).selectOption('EE');
    await address.getByLabel('Phone number').fill('+3725551234');
    await address.getByLabel('Postal code', { exact: true }).evaluate((el) => el.removeAttribute('required'));
    await address.locator('..').getByRole('button', { name: 'Save' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#shippingAddress-postalCode-error').textContent()).toMatch(/^Postal code: /);
    expect(await page.getByLabel('Street address').inputValue()).toBe('Pärnu mnt 10');
    await check('05-address-error');
    await page.getByLabel('Postal code', { exact: true }).fill('10148');
    await page.getByRole('group', { name: 'Sender address' }).locator('..').getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/saved=1/);
    await check('06-address-saved');
    expect((await t.services.stores.get(t.store.id))!.shippingAddress).toMatchObject({ name: 'Settings shop OÜ', postalCode: '10148', country: 'EE' });

    // The refused form is answered 400 (Chromium reports any 4xx document in the console); nothing else went wrong.
    expect(w.problems).toEqual([`HTTP 400: ${base}/dashboard/settings/address`, 'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    expect(visited).toEqual({ '01-settings': [], '02-rolled': [], '03-revoked': [], '04-lv-off': [], '05-address-error': [], '06-address-saved': [] });
    await w.close();
  });
});
