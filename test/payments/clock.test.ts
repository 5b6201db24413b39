/**
 * One time source per environment (platform/clock.ts): the tokens Kassa signs take real time
 * from the Clock the composition root hands out, while a sandbox order's own times are the
 * store's sandbox clock (store_now in SQL), which the test helpers move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';

const PINNED = new Date('2031-05-06T07:08:09.000Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: { now: () => new Date(PINNED) } });
});
afterAll(async () => t.close());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };

describe('the injected clock', () => {
  it('signs the order token of the return with the composition root’s clock; the order keeps the sandbox clock', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload()) } });
    expect(created.statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer(), payload: { minutes: 5 } });
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${created.json().uuid}/pay`, headers: t.bearer(), payload: {} });
    expect(paid.statusCode).toBe(200);
    const token = new URL(paid.json().redirectUrl).searchParams.get('order-token')!;
    expect(claimsOf(token).iat).toBe(PINNED.getTime() / 1000);
    // The sandbox clock is real time plus the store's offset, not the pinned test clock.
    const clock = await t.app.inject({ method: 'GET', url: '/sandbox/api/test-helpers/clock', headers: t.bearer() });
    const sandboxNow = new Date(clock.json().now).getTime();
    expect(Math.abs(sandboxNow - (Date.now() + 5 * 60_000))).toBeLessThan(60_000);
  });
});
