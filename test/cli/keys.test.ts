/**
 * `kassa keys list|roll|revoke` and `kassa stores set-method` through bin/kassa.js against a running
 * server: the new secret printed once and working, the overlap, revoke, --json, exit codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../src/platform/jwt.js';
import { overlapMinutes } from '../../src/cli/keys.js';
import { createTestApp, nowS, orderPayload, type TestApp } from '../support/app.js';
import { connectProduction } from '../support/connectors.js';
import { kassaAt, type Ran } from '../support/kassa-bin.js';

let t: TestApp;
let kassa: (args: string[]) => Promise<Ran>;
beforeAll(async () => {
  t = await createTestApp();
  // Production orders need their methods' connectors (issue 19).
  await connectProduction(t);
  kassa = kassaAt(await t.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => t.close());

let ref = 0;
const createOrder = (accessKey: string, secret: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', payload: { data: sign({ accessKey, exp: nowS() + 600, ...orderPayload({ merchantReference: `CLI-${++ref}` }) }, secret) } });

describe('kassa keys', () => {
  it('list, roll (new secret once, old still valid), revoke (old stops); --json', async () => {
    const store = await t.createStore();
    const listed = await kassa(['keys', 'list', store.id]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`sandbox     ${store.keys.sandbox.accessKey}  secret …${store.keys.sandbox.secretKey.slice(-4)}`);
    expect(listed.stdout).not.toContain(store.keys.production.secretKey);

    const rolled = await kassa(['keys', 'roll', store.id, '--env', 'production', '--overlap', '1h', '--json']);
    expect(rolled.stderr).toBe('');
    expect(rolled.code).toBe(0);
    const r = JSON.parse(rolled.stdout);
    expect(r).toMatchObject({ env: 'production', accessKey: store.keys.production.accessKey });
    expect(Date.parse(r.previousValidUntil) - Date.now()).toBeLessThanOrEqual(3600_000);
    expect((await createOrder(r.accessKey, r.secretKey)).statusCode).toBe(201);
    expect((await createOrder(r.accessKey, store.keys.production.secretKey)).statusCode).toBe(201);

    const json = JSON.parse((await kassa(['keys', 'list', store.id, '--json'])).stdout);
    expect(json[1]).toMatchObject({ env: 'production', previousValidUntil: r.previousValidUntil, secretEnding: r.secretKey.slice(-4) });

    const again = await kassa(['keys', 'roll', store.id, '--env', 'production']);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toContain('409');

    const revoked = await kassa(['keys', 'revoke', store.id, '--env', 'production']);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`only the secret ending …${r.secretKey.slice(-4)} is accepted now`);
    expect((await createOrder(r.accessKey, store.keys.production.secretKey)).statusCode).toBe(403);
    expect((await createOrder(r.accessKey, r.secretKey)).statusCode).toBe(201);

    // A plain roll prints the secret on stdout and the overlap on stderr.
    const plain = await kassa(['keys', 'roll', store.id, '--env', 'sandbox']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(new RegExp(`^sandbox accessKey ${store.keys.sandbox.accessKey}  new secretKey [A-Za-z0-9_-]{43}\\n$`));
    expect(plain.stderr).toMatch(/the previous one is accepted until \d{4}-/);
  });

  it('usage errors exit 2, refusals exit 1, one line each', async () => {
    const store = await t.createStore();
    for (const args of [['keys'], ['keys', 'rotate', store.id], ['keys', 'roll'], ['keys', 'roll', store.id], ['keys', 'roll', store.id, '--env', 'sandbox', '--overlap', '2 weeks']]) {
      const r = await kassa(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    const tooLong = await kassa(['keys', 'roll', store.id, '--env', 'sandbox', '--overlap', '8d']);
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain('overlapMinutes');
    expect((await kassa(['keys', 'list', '01900000-0000-7000-8000-000000000000'])).code).toBe(1);
  });

  it('--overlap reads 0, minutes, hours and days', () => {
    expect(overlapMinutes('0')).toBe(0);
    expect(overlapMinutes('90m')).toBe(90);
    expect(overlapMinutes('24h')).toBe(1440);
    expect(overlapMinutes('7d')).toBe(10080);
    expect(overlapMinutes(undefined)).toBeUndefined();
    expect(() => overlapMinutes('5')).toThrow('--overlap');
  });
});

describe('kassa stores set-method', () => {
  it('switches bank payments off in a country (both environments by default, or one), --json', async () => {
    const store = await t.createStore();
    const off = await kassa(['stores', 'set-method', store.id, '--method', 'paymentInitiation', '--country', 'LV', '--enabled', 'false']);
    expect(off.code).toBe(0);
    expect(off.stdout).toBe(`store ${store.id} sandbox: paymentInitiation off in LV (off in LV)\nstore ${store.id} production: paymentInitiation off in LV (off in LV)\n`);
    expect((await t.services.stores.get(store.id))!.countriesOff).toEqual({ sandbox: { paymentInitiation: ['LV'] }, production: { paymentInitiation: ['LV'] } });
    const on = await kassa(['stores', 'set-method', store.id, '--method', 'paymentInitiation', '--country', 'LV', '--enabled', 'true', '--env', 'sandbox', '--json']);
    expect(JSON.parse(on.stdout)).toEqual({ uuid: store.id, method: 'paymentInitiation', country: 'LV', enabled: true, countriesOff: { sandbox: [] } });
    const card = await kassa(['stores', 'set-method', store.id, '--method', 'cardPayments', '--country', 'LV', '--enabled', 'false']);
    expect(card.code).toBe(1);
    expect(card.stderr).toContain('method');
    expect((await kassa(['stores', 'set-method', store.id, '--method', 'paymentInitiation', '--enabled', 'false'])).code).toBe(2);
  });
});
