/**
 * The hosted pages in a real browser (Debian's Chromium through playwright-core): a bank payment
 * in Estonian and card payments (plain and 3-D Secure) in Polish, from Kassa's page through the
 * simulators to the merchant's return URL, with no console errors and no failed requests.
 * Screenshots of every step land in test-results/hosted-pages/.
 */
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import { verify } from '../../src/platform/jwt.js';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { freePort } from '../../src/platform/processes.js';

const SHOTS = path.resolve('test-results/hosted-pages');

describeBrowser('hosted pages in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let merchant: http.Server;
  let merchantUrl: string;
  const tokens: string[] = [];

  beforeAll(async () => {
    if (!haveChromium) return;
    const port = await freePort();
    t = await createTestApp({ KASSA_PUBLIC_URL: `http://127.0.0.1:${port}` });
    await t.app.listen({ port, host: '127.0.0.1' });
    // The merchant's shop: records the order token it is sent back with.
    merchant = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const token = u.searchParams.get('order-token');
      if (token) tokens.push(token);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><link rel="icon" href="data:,"></head><body><h1>Thank you</h1></body></html>');
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    merchantUrl = `http://127.0.0.1:${(merchant.address() as net.AddressInfo).port}/return`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (merchant ? merchant.close(() => resolve()) : resolve()));
    await t?.close();
  });

  const open = () => watchedPage(browser, SHOTS);

  async function createOrder(over: Record<string, unknown>): Promise<{ uuid: string; paymentUrl: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: { data: t.token(orderPayload({ returnUrl: merchantUrl, ...over })) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /** The token the merchant received last: it must verify with the store's sandbox secret. */
  function lastClaims(): Record<string, unknown> {
    const token = tokens.at(-1);
    expect(token).toBeTruthy();
    return verify(token!, t.store.keys.sandbox.secretKey);
  }

  it.skipIf(!haveChromium)('bank payment in Estonian: country, bank, approve with the sender account', async () => {
    const o = await createOrder({ locale: 'et', merchantReferenceDisplay: 'Tellimus 1001' });
    const w = await open();
    const { page } = w;
    await page.goto(o.paymentUrl);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('et');
    const body = () => page.locator('body').innerText();
    expect(await body()).toContain('Makse: Test shop');
    expect(await body()).toContain('Tellimus 1001');
    expect((await body()).replace(/\s/g, ' ')).toContain('10,50 €');
    expect(await body()).toContain('Liivakast: see on testmakse');
    expect(await body()).toContain('Vali oma pank');
    await w.shot('01-et-bank-choice');

    await page.getByRole('link', { name: 'Läti' }).click();
    await page.waitForURL(/country=LV/);
    await expect.poll(() => page.getByRole('link', { name: 'Läti' }).getAttribute('aria-current')).toBe('true');
    await w.shot('02-et-bank-choice-latvia');

    await page.getByRole('button', { name: 'Maksa Swedbank kaudu' }).click();
    await page.waitForURL(/\/simulators\/bank\/pay/);
    expect(await body()).toContain('Kinnita makse');
    expect(await body()).toContain('Test shop');
    const iban = page.getByLabel('Sinu konto (IBAN)');
    expect(await iban.inputValue()).toMatch(/^LV\d{2} HABA/);
    await w.shot('03-et-bank-confirm');
    await iban.fill('LV80 BANK 0000 4351 9500 1');
    await page.getByLabel('Konto omanik').fill('Jānis Bērziņš');
    await page.getByRole('button', { name: 'Kinnita', exact: true }).click();
    await page.waitForURL(`${merchantUrl}?**`);
    expect(await body()).toContain('Thank you');

    expect(lastClaims()).toMatchObject({
      uuid: o.uuid,
      paymentStatus: 'PAID',
      senderIban: 'LV80BANK0000435195001',
      senderName: 'Jānis Bērziņš',
      paymentProviderName: 'Swedbank',
    });
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it.skipIf(!haveChromium)('bank payment still settling (cents .93): the bank is confirming, Check again finds it paid', async () => {
    const o = await createOrder({
      locale: 'et',
      grandTotal: 10.93,
      payment: { method: 'paymentInitiation', amount: 10.93, currency: 'EUR', methodOptions: { preferredCountry: 'EE', preferredProvider: 'LHVBEE22' } },
    });
    const w = await open();
    const { page } = w;
    const body = () => page.locator('body').innerText();
    await page.goto(o.paymentUrl);
    await page.waitForURL(/\/simulators\/bank\/pay/);
    await page.getByRole('button', { name: 'Kinnita', exact: true }).click();
    await page.waitForURL(/\/pay\/.*\/return/);
    expect(await body()).toContain('Sinu pank kinnitab makset');
    await w.shot('03b-et-bank-confirming');
    await page.getByRole('link', { name: 'Kontrolli uuesti' }).click();
    await page.waitForURL(`${merchantUrl}?**`);
    expect(lastClaims()).toMatchObject({ uuid: o.uuid, paymentStatus: 'PAID', paymentProviderName: 'LHV' });
    expect(w.problems).toEqual([]);
    await w.close();
  });

  const plnCardOrder = () =>
    createOrder({ locale: 'pl', grandTotal: 49.99, currency: 'PLN', payment: { method: 'cardPayments', amount: 49.99, currency: 'PLN', methodOptions: { preferredMethod: 'card' } } });

  it.skipIf(!haveChromium)('card payment in Polish: a Luhn-invalid number is caught on the page, 4242… pays', async () => {
    const o = await plnCardOrder();
    const w = await open();
    const { page } = w;
    const body = () => page.locator('body').innerText();
    await page.goto(o.paymentUrl);
    expect(await body()).toContain('Płatność dla Test shop');
    expect(await body()).toContain('Wybierz sposób płatności');
    expect((await body()).replace(/\s/g, ' ')).toContain('49,99 zł');
    expect(await body()).toContain('Środowisko testowe');
    await w.shot('04-pl-card-choice');

    await page.getByRole('button', { name: 'Karta kredytowa lub debetowa' }).click();
    await page.waitForURL(/\/simulators\/card\/pay/);
    expect(await body()).toContain('Zapłać kartą');
    const cardPage = page.url();
    await page.getByLabel('Numer karty').fill('4242 4242 4242 4241');
    await page.getByLabel('Data ważności (MM/RR)').fill('12/34');
    await page.getByLabel('Kod bezpieczeństwa (CVC)').fill('123');
    await page.getByRole('button', { name: /^Zapłać 49,99/ }).click();
    await expect.poll(() => page.getByText('Numer karty jest nieprawidłowy.').isVisible()).toBe(true);
    expect(page.url()).toBe(cardPage);
    await w.shot('05-pl-card-luhn-invalid');

    await page.getByLabel('Numer karty').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Zapłać 49,99/ }).click();
    await page.waitForURL(`${merchantUrl}?**`);
    expect(lastClaims()).toMatchObject({ uuid: o.uuid, paymentStatus: 'PAID', paymentMethod: 'cardPayments', currency: 'PLN', grandTotal: 49.99 });
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it.skipIf(!haveChromium)('card payment in Polish with the 3-D Secure challenge', async () => {
    const o = await plnCardOrder();
    const w = await open();
    const { page } = w;
    const body = () => page.locator('body').innerText();
    await page.goto(o.paymentUrl);
    await page.getByRole('button', { name: 'Karta kredytowa lub debetowa' }).click();
    await page.waitForURL(/\/simulators\/card\/pay/);
    await page.getByLabel('Numer karty').fill('4000 0000 0000 3220');
    await page.getByLabel('Data ważności (MM/RR)').fill('12/34');
    await page.getByLabel('Kod bezpieczeństwa (CVC)').fill('123');
    await w.shot('06-pl-card-form');
    await page.getByRole('button', { name: /^Zapłać 49,99/ }).click();
    await page.waitForURL(/\/simulators\/card\/3ds/);
    expect(await body()).toContain('Weryfikacja 3-D Secure');
    expect(await body()).toContain('Visa •••• 3220');
    await w.shot('07-pl-card-3ds');
    await page.getByRole('button', { name: 'Zakończ uwierzytelnianie' }).click();
    await page.waitForURL(`${merchantUrl}?**`);
    expect(lastClaims()).toMatchObject({ uuid: o.uuid, paymentStatus: 'PAID' });

    // Back on the payment link: the order is paid, the page says so.
    await page.goto(o.paymentUrl);
    expect(await body()).toContain('Zamówienie jest już opłacone');
    await w.shot('08-pl-already-paid');
    expect(w.problems).toEqual([]);
    await w.close();
  });
});
