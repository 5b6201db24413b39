/**
 * The back office from tests: users added through the operator route, sessions signed in through
 * the real form (inject), page fields read back, form posts with the session's CSRF token; and in
 * Chromium, signing in with the keyboard and axe-core's serious or critical violations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Page } from 'playwright-core';
import type { CreatedStore } from '../../src/stores/service.js';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from './app.js';
import type { WatchedPage } from './browser.js';
import { freePort } from '../../src/platform/processes.js';

export const OFFICE_PASSWORD = 'correct horse battery';

let ipCounter = 0;
/** A documentation address of its own per sign-in, so the per-IP limit of one test never meets another's. */
export const freshIp = () => `192.0.2.${(++ipCounter % 250) + 1}`;

export function setCookies(res: LightMyRequestResponse): string[] {
  const h = res.headers['set-cookie'];
  return Array.isArray(h) ? h : h === undefined ? [] : [h];
}
export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  const c = setCookies(res).find((s) => s.startsWith(`${name}=`));
  return c?.slice(name.length + 1).split(';')[0];
}

/** A user of `store` (POST /operator/backoffice-users), with OFFICE_PASSWORD unless another is given. */
export async function addOfficeUser(t: TestApp, email: string, store: CreatedStore, role: 'owner' | 'viewer' = 'owner', password = OFFICE_PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/operator/backoffice-users', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { storeUuid: store.id, email, password, role } });
  expect(res.statusCode).toBe(201);
  return res.json() as { userId: string; email: string; storeUuid: string; role: string };
}

/** Signs in through the sign-in form (its CSRF cookie and token first); the answer of the POST. */
export async function officeSignIn(t: TestApp, email: string, password: string, ip = freshIp(), headers: Record<string, string> = {}) {
  const page = await t.app.inject({ method: 'GET', url: '/dashboard/login', headers: { 'x-forwarded-for': ip } });
  expect(page.statusCode).toBe(200);
  const csrf = cookieValue(page, 'kassa_login_csrf')!;
  return t.app.inject({
    method: 'POST',
    url: '/dashboard/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_login_csrf=${csrf}`, 'x-forwarded-for': ip, ...headers },
    payload: new URLSearchParams({ email, password, csrf }).toString(),
  });
}

/** A signed-in session of `email` (OFFICE_PASSWORD): the session cookie's value. */
export async function officeSession(t: TestApp, email: string): Promise<string> {
  const res = await officeSignIn(t, email, OFFICE_PASSWORD);
  expect(res.statusCode).toBe(303);
  return cookieValue(res, 'kassa_session')!;
}

export const officeGet = (t: TestApp, url: string, sid: string) => t.app.inject({ method: 'GET', url, headers: { cookie: `kassa_session=${sid}` } });

/** A form post as the browser sends it (urlencoded, the session cookie). */
export const officePost = (t: TestApp, url: string, sid: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_session=${sid}` },
    payload: new URLSearchParams(fields).toString(),
  });

/** The value of the first form field `name` in a page. */
export function pageField(body: string, name: string): string | undefined {
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(body)?.[1];
}

/** The session's CSRF token, read from any signed-in page. */
export async function officeCsrf(t: TestApp, sid: string): Promise<string> {
  const page = await officeGet(t, '/dashboard', sid);
  expect(page.statusCode).toBe(200);
  return pageField(page.body, 'csrf')!;
}

const AXE = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[];
}

/** axe-core run in the page (evaluated through the DevTools protocol, which the page's CSP does not govern). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = (await page.evaluate('axe.run(document)')) as AxeResult;
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** Signs in on the sign-in page with the keyboard; waits for the overview. */
export async function signInInBrowser(page: Page, base: string, email: string, password = OFFICE_PASSWORD): Promise<void> {
  await page.goto(`${base}/dashboard/login?lang=en`);
  await page.focus('#email');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${base}/dashboard?lang=en`);
}

/** A test app listening on a free loopback port, its public URL that address (pages and links point back to it). */
export async function listeningApp(): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ KASSA_PUBLIC_URL: base });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base };
}

/** A walk through pages: `check(name)` takes a screenshot and records axe's serious or critical violations under `name`. */
export function axeWalk(w: WatchedPage): { check: (name: string) => Promise<void>; visited: Record<string, string[]> } {
  const visited: Record<string, string[]> = {};
  return {
    visited,
    check: async (name) => {
      await w.shot(name);
      visited[name] = await seriousViolations(w.page);
    },
  };
}

/** A sandbox card order of 100.00 EUR, paid and settled (refundable, ready for a payout), announced to `notificationUrl`; its uuid. */
export async function settledCardOrder(t: TestApp, merchantReference: string, notificationUrl: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/api/orders',
    payload: { data: t.token(orderPayload({ merchantReference, notificationUrl, grandTotal: 100, payment: { method: 'cardPayments', amount: 100, currency: 'EUR' } })) },
  });
  expect(res.statusCode).toBe(201);
  const uuid = res.json().uuid as string;
  expect((await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${uuid}/pay`, headers: t.bearer(), payload: {} })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer() })).statusCode).toBe(200);
  return uuid;
}
