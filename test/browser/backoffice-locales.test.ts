/**
 * Every page of the back office in each of the eight locales, in Chromium, one test a page and a
 * locale: the page says its language (`<html lang>`), its navigation is in that language, it shows
 * no raw value of any enum Kassa has (statuses, methods, channels, events, delivery types, roles:
 * RAW_VALUES, from the source's exported enum arrays), axe-core finds no serious or critical
 * violation, nothing is wider than the screen at 320 px nor at 1280 px (tables scroll inside their
 * own region), and at 1280 px the header is one line. The store has a partly refunded order with
 * notifications (one that ran out of retries), a payout, a registered shipment with a label file
 * and a webhook, so no page is shown empty of what it is for.
 *
 * The raw-value rule (`rawValuesIn`):
 * - an identifier-shaped value (camelCase, UPPER_CASE, snake_case or dotted: PARTIALLY_REFUNDED,
 *   paymentInitiation, labelsCreated, shipment.registered) never appears as a word, in any locale;
 * - a plain lower-case value (pending, failed, owner, courier…) is never a label of its own: the
 *   whole text of a cell, term, option or list part (so "(owner)" fails), in any locale; and outside
 *   English, where it is no word of the language, never appears as a word at all.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeBrowser, haveChromium, launchChromium, watchedPage } from '../support/browser.js';
import type { TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { addOfficeUser, settledCardOrder, listeningApp, seriousViolations, signInInBrowser } from '../support/backoffice.js';
import { pickupBody, SANDBOX } from '../shipping/support.js';
import { LOCALES, type Locale } from '../../src/platform/locales.js';
import { TEXTS } from '../../src/backoffice/i18n.js';
import { RAW_VALUES } from '../../src/backoffice/values.js';

const SHOTS = path.resolve('test-results/backoffice-locales');
const NARROW = { width: 320, height: 640 };
const WIDE = { width: 1280, height: 800 };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const IDENTIFIER = /[a-z][A-Z]|_|\.|^[A-Z]{3,}$/;
/** A raw value as a word: not inside a longer word, identifier or address. */
const asWord = (v: string) => new RegExp(`(?<![\\p{L}\\p{N}_.@/-])${escapeRe(v)}(?![\\p{L}\\p{N}_@/-]|\\.\\p{L})`, 'u');
const IDENTIFIERS = RAW_VALUES.filter((v) => IDENTIFIER.test(v)).map((v) => [v, asWord(v)] as const);
const PLAIN = RAW_VALUES.filter((v) => !IDENTIFIER.test(v));
const PLAIN_WORDS = PLAIN.map((v) => [v, asWord(v)] as const);

/** The raw values a page shows (see the rule above); `labels`: the texts of its cells, terms, options, headings and list items. */
function rawValuesIn(locale: Locale, text: string, labels: readonly string[]): string[] {
  const found = new Set<string>();
  for (const [v, re] of IDENTIFIERS) if (re.test(text)) found.add(v);
  for (const label of labels) for (const part of label.split(/[\n·,;:()[\]|]+/)) if (PLAIN.includes(part.trim())) found.add(`"${part.trim()}" as a label`);
  if (locale !== 'en') for (const [v, re] of PLAIN_WORDS) if (re.test(text)) found.add(v);
  return [...found];
}

/** What the page shows: its visible text, and the labels the rule reads one by one. */
const shown = (page: Page) =>
  page.evaluate(`({
    text: document.body.innerText,
    labels: Array.from(document.querySelectorAll('td, th, dd, dt, option, li, h1, h2, h3, legend, label, caption, button, a, strong, span'), (e) => e.innerText ?? e.textContent ?? ''),
  })`) as Promise<{ text: string; labels: string[] }>;

/** Whether the header's items (and the navigation's) sit on one line: every box meets every other's height band. */
const headerOnOneLine = (page: Page) =>
  page.evaluate(`(() => {
    const header = document.querySelector('header');
    const boxes = Array.from(header.querySelectorAll(':scope > *, nav li'), (e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
    return Math.max(...boxes.map((r) => r.top)) < Math.min(...boxes.map((r) => r.bottom));
  })()`) as Promise<boolean>;
const scrollWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth') as Promise<number>;

describeBrowser('the back office in eight locales at 320 and 1280 px', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let rx: Receiver;
  let w: Awaited<ReturnType<typeof watchedPage>>;
  const pages: Record<string, string> = { login: '/dashboard/login' };
  const NAMES = ['login', 'overview', 'orders', 'order', 'payouts', 'settings', 'shipments', 'shipment', 'label-file', 'providers', 'webhooks'] as const;

  beforeAll(async () => {
    if (!haveChromium) return;
    ({ t, base } = await listeningApp());
    // Not "owner@…": the signed-in address is on every page, and it is no role.
    await addOfficeUser(t, 'merchant@locales.test', t.store);
    // A user of two stores: the header carries the store switch (the widest header there is).
    await addOfficeUser(t, 'merchant@locales.test', await t.createStore({ name: 'Second shop' }), 'viewer');
    rx = await startReceiver();
    const orderId = await settledCardOrder(t, 'LOCALE-1', rx.url);
    const refund = await t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: t.token({ orderUuid: orderId, amount: 10, idempotencyKey: 'locales-1' }) } });
    expect(refund.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/payouts/run', headers: t.bearer(), payload: {} })).statusCode).toBe(200);
    const hook = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/webhooks`,
      headers: t.bearer(),
      payload: { url: `${rx.url}/hook`, enabledEvents: ['shipment.registered', 'shipment.labelsCreated'] },
    });
    expect(hook.statusCode).toBe(201);
    const shipment = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: pickupBody({ merchantReference: 'LOCALE-SHIP' }) });
    expect(shipment.statusCode).toBe(201);
    const shipmentId = shipment.json().id as string;
    await t.services.shipments.registration.drain();
    const file = await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: t.bearer(), payload: { shipmentIds: [shipmentId] } });
    expect(file.statusCode).toBe(201);
    expect(await t.services.labelFiles.drain()).toBe(1);
    await t.delivery().drain();
    // One notification ran out of retries: the overview lists it under failed deliveries.
    await t.db.query(`UPDATE notifications SET status = 'failed' WHERE id = (SELECT id FROM notifications WHERE subject_id = $1 ORDER BY created_at LIMIT 1)`, [orderId]);
    Object.assign(pages, {
      overview: '/dashboard',
      orders: '/dashboard/orders',
      order: `/dashboard/orders/${orderId}`,
      payouts: '/dashboard/payouts',
      settings: '/dashboard/settings',
      shipments: '/dashboard/shipping',
      shipment: `/dashboard/shipping/shipments/${shipmentId}`,
      'label-file': `/dashboard/shipping/label-files/${file.json().id}`,
      providers: '/dashboard/shipping/providers',
      webhooks: '/dashboard/shipping/webhooks',
    });
    browser = await launchChromium();
    w = await watchedPage(browser, SHOTS, { viewport: NARROW, deviceScaleFactor: 1 });
    await signInInBrowser(w.page, base, 'merchant@locales.test');
  });

  afterAll(async () => {
    await w?.close();
    await browser?.close();
    await rx?.close();
    await t?.close();
  });

  it('the rule finds raw values: identifiers anywhere, plain values as labels, plain values as words outside English', () => {
    expect(rawValuesIn('en', 'Status PARTIALLY_REFUNDED', [])).toEqual(['PARTIALLY_REFUNDED']);
    expect(rawValuesIn('de', 'Methode: paymentInitiation · Kanal bankPayments', []).sort()).toEqual(['bankPayments', 'paymentInitiation']);
    expect(rawValuesIn('et', 'labelsCreated', [])).toEqual(['labelsCreated']);
    expect(rawValuesIn('en', 'Events: shipment.registered', [])).toEqual(['shipment.registered']);
    expect(rawValuesIn('en', 'Shop (owner)', ['Shop (owner)'])).toEqual(['"owner" as a label']);
    expect(rawValuesIn('en', 'pickupPoint', ['pickupPoint'])).toContain('pickupPoint');
    expect(rawValuesIn('fi', 'Tila: pending', ['pending'])).toEqual(['"pending" as a label', 'pending']);
    // Words of the page that only look like values, and values inside addresses, are not raw values.
    expect(rawValuesIn('en', 'You can view this store; refunds and re-sends need an owner. Failed deliveries', ['Failed deliveries'])).toEqual([]);
    expect(rawValuesIn('de', 'Abmelden (merchant@owner.test) http://127.0.0.1:1/order/webhook', [])).toEqual([]);
    expect(rawValuesIn('en', 'Shop · Owner', ['Shop · Owner'])).toEqual([]);
  });

  for (const locale of LOCALES)
    for (const name of NAMES)
      it.skipIf(!haveChromium)(`${locale} ${name}: its language, no raw value, axe clean, fits 320 and 1280 px, header on one line`, { timeout: 20_000 }, async () => {
        const { page } = w;
        const before = w.problems.length;
        const problems: string[] = [];
        await page.setViewportSize(NARROW);
        const url = name === 'login' ? `${base}${pages[name]}?lang=${locale}` : `${base}${pages[name]}?store=${t.store.id}&env=sandbox&lang=${locale}`;
        const res = await page.goto(url);
        if (res?.status() !== 200) problems.push(`HTTP ${res?.status()}`);
        if ((await page.getAttribute('html', 'lang')) !== locale) problems.push('html lang');
        if (name !== 'login') {
          const nav = await page.getByRole('navigation', { name: TEXTS[locale].title, exact: true }).innerText();
          for (const area of ['overview', 'orders', 'payouts', 'settings', 'shipping'] as const) if (!nav.includes(TEXTS[locale][area])) problems.push(`navigation lacks "${TEXTS[locale][area]}"`);
        }
        const { text, labels } = await shown(page);
        for (const v of rawValuesIn(locale, text, labels)) problems.push(`raw value ${v}`);
        const narrow = await scrollWidth(page);
        if (narrow > NARROW.width) problems.push(`${narrow} px wide at 320`);
        problems.push(...(await seriousViolations(page)));
        await page.setViewportSize(WIDE);
        const wide = await scrollWidth(page);
        if (wide > WIDE.width) problems.push(`${wide} px wide at 1280`);
        if (name !== 'login') {
          if (!(await headerOnOneLine(page))) problems.push('header on more than one line at 1280');
        }
        if (problems.length) await w.shot(`${locale}-${name}`);
        expect(problems).toEqual([]);
        expect(w.problems.slice(before)).toEqual([]);
      });
});
