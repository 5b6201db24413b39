/**
 * Whose X-Forwarded-* headers the back office believes (KASSA_TRUST_PROXY; default loopback,
 * link-local and private addresses): a client on a public address cannot dodge the per-address
 * sign-in limit by sending a new X-Forwarded-For each time, nor claim https for the Secure cookie;
 * a proxy on a private address is believed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { addOfficeUser, cookieValue, OFFICE_PASSWORD, setCookies } from '../support/backoffice.js';
import { ConfigError, DEFAULT_TRUST_PROXY, loadConfig } from '../../src/config.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await addOfficeUser(t, 'proxy-owner@shop.test', t.store);
});
afterAll(async () => t.close());

/** A sign-in POST from `remoteAddress` claiming `forwardedFor`; answers the status and cookies. */
async function attempt(remoteAddress: string, email: string, password: string, headers: Record<string, string> = {}) {
  const page = await t.app.inject({ method: 'GET', url: '/dashboard/login', remoteAddress });
  const csrf = cookieValue(page, 'kassa_login_csrf')!;
  return t.app.inject({
    method: 'POST',
    url: '/dashboard/login',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_login_csrf=${csrf}`, ...headers },
    payload: new URLSearchParams({ email, password, csrf }).toString(),
  });
}

describe('KASSA_TRUST_PROXY', () => {
  it('reads true, false and lists, and names a wrong value', () => {
    expect(loadConfig({}).trustProxy).toEqual(DEFAULT_TRUST_PROXY);
    expect(loadConfig({ KASSA_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ KASSA_TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ KASSA_TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => loadConfig({ KASSA_TRUST_PROXY: 'my-proxy.internal' })).toThrow(ConfigError);
    expect(() => loadConfig({ KASSA_TRUST_PROXY: ',' })).toThrow(/KASSA_TRUST_PROXY/);
  });

  it('limits a public client by its own address, whatever X-Forwarded-For it sends', async () => {
    const peer = '203.0.113.77';
    for (let i = 0; i < 5; i++) {
      const res = await attempt(peer, 'proxy-owner@shop.test', 'wrong password', { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt(peer, 'proxy-owner@shop.test', OFFICE_PASSWORD, { 'x-forwarded-for': '198.51.100.99' });
    expect(blocked.statusCode).toBe(429);
    // Across emails, the per-address limit (20) holds it the same way.
    for (let i = 0; i < 20; i++) expect((await attempt('203.0.113.79', `nobody${i}@shop.test`, 'wrong password', { 'x-forwarded-for': `198.51.100.${i + 1}` })).statusCode).toBe(401);
    expect((await attempt('203.0.113.79', 'nobody99@shop.test', 'wrong password', { 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);
  });

  it('believes a proxy on a private address: its clients are limited one by one', async () => {
    const proxy = '10.1.2.3';
    for (let i = 0; i < 5; i++) expect((await attempt(proxy, 'proxy-owner@shop.test', 'wrong password', { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(401);
    expect((await attempt(proxy, 'proxy-owner@shop.test', OFFICE_PASSWORD, { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(429);
    // Another client behind the same proxy is not blocked by the first one's failures.
    const other = await attempt(proxy, 'proxy-owner@shop.test', OFFICE_PASSWORD, { 'x-forwarded-for': '198.51.100.201' });
    expect(other.statusCode).toBe(303);
  });

  it('sets the Secure cookie for https only when a trusted proxy says so', async () => {
    const secure = (res: Awaited<ReturnType<typeof attempt>>) =>
      setCookies(res)
        .find((c) => c.startsWith('kassa_session='))
        ?.includes('; Secure');
    const viaProxy = await attempt('10.1.2.4', 'proxy-owner@shop.test', OFFICE_PASSWORD, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.210' });
    expect(viaProxy.statusCode).toBe(303);
    expect(secure(viaProxy)).toBe(true);
    const direct = await attempt('203.0.113.78', 'proxy-owner@shop.test', OFFICE_PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(direct.statusCode).toBe(303);
    expect(secure(direct)).toBe(false);
  });
});
