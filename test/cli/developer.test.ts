/**
 * The developer CLI (src/cli/developer.ts) through the package's bin against a listening server:
 * `kassa listen` forwarding a real notification signed as Kassa signs it, `kassa trigger`,
 * `kassa orders get`, `kassa refunds create`, their --json output and exit codes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../src/platform/jwt.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { activate, SANDBOX, SENDER, RECEIVER } from '../shipping/support.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/kassa.js');

let t: TestApp;
let url: string;
let store: CreatedStore;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  store = await t.createStore({ name: 'CLI shop', bankRefundsEnabled: true });
});
afterAll(async () => t.close());

const keyEnv = () => ({ KASSA_URL: url, KASSA_ACCESS_KEY: store.keys.sandbox.accessKey, KASSA_SECRET_KEY: store.keys.sandbox.secretKey });

function start(args: string[], env: Record<string, string> = keyEnv()): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }>; stderrHas(s: string): Promise<void> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const w of waiters.splice(0)) w();
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  const stderrHas = (s: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (stderr.includes(s) ? resolve() : child.exitCode !== null ? reject(new Error(`exited: ${stderr}`)) : waiters.push(check));
      check();
    });
  return { child, done, stderrHas };
}
const kassa = (args: string, env?: Record<string, string>) => start(args.split(' '), env).done;

interface Received {
  url: string;
  body: Record<string, string>;
  /** The wall time of its arrival (ms), to compare with the notification's createdAt. */
  at: number;
}
async function receiver(): Promise<{ url: string; got: Received[]; next: () => Promise<Received>; close: () => Promise<void> }> {
  const got: Received[] = [];
  const waiting: ((r: Received) => void)[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const r = { url: req.url!, body: JSON.parse(body) as Record<string, string>, at: Date.now() };
      res.writeHead(200).end('ok');
      const w = waiting.shift();
      if (w) w(r);
      else got.push(r);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`,
    got,
    next: () => (got.length ? Promise.resolve(got.shift()!) : new Promise((r) => waiting.push(r))),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('kassa listen', () => {
  it('forwards a real order notification to a local receiver, signed with the store secret, as Kassa sends it', async () => {
    const recv = await receiver();
    const listen = start(['listen', '--forward-to', recv.url, '--max-events', '2', '--json']);
    await listen.stderrHas('listening for sandbox notifications');
    const paid = await kassa('trigger order.paid --json');
    expect(paid.code).toBe(0);
    const { orderUuid } = JSON.parse(paid.stdout) as { orderUuid: string };
    const first = await recv.next();
    expect(Object.keys(first.body)).toEqual(['orderToken']);
    const claims = verify(first.body.orderToken!, store.keys.sandbox.secretKey);
    expect(claims).toMatchObject({ uuid: orderUuid, paymentStatus: 'PAID', accessKey: store.keys.sandbox.accessKey });
    // The token is repeated in the query, as the delivery worker does (deployed plugins read it there).
    expect(new URL(first.url, 'http://x').searchParams.get('order-token')).toBe(first.body.orderToken);
    // A second event after the first: delivered once each, in order.
    const refunded = await kassa(`refunds create --order ${orderUuid} --amount 1.00 --json`);
    expect(refunded.code, refunded.stderr).toBe(0);
    // The refund worker of a running server completes the refund; here the test plays it.
    await t.services.refunds.drain();
    const second = await recv.next();
    expect(Object.keys(second.body)).toEqual(['refundToken']);
    expect(verify(second.body.refundToken!, store.keys.sandbox.secretKey)).toMatchObject({ orderUuid, refundStatus: expect.any(String) });
    const done = await listen.done;
    expect(done.code).toBe(0);
    const lines = done.stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; status: number; subjectId: string; createdAt: string });
    // A figure for the report, not an assertion: from the notification's row (the payment's commit) to the local receiver.
    console.info(`kassa listen: the order notification reached the local receiver ${first.at - Date.parse(lines[0]!.createdAt)} ms after the payment was recorded`);
    expect(lines.map((l) => [l.kind, l.status])).toEqual([
      ['order', 200],
      ['refund', 200],
    ]);
    expect(lines[0]!.subjectId).toBe(orderUuid);
    expect(recv.got).toEqual([]);
    await recv.close();
  });

  it('does not forward another store’s notifications, nor those from before it started', async () => {
    const recv = await receiver();
    const other = await t.createStore({ name: 'Other CLI shop' });
    const otherEnv = { KASSA_URL: url, KASSA_ACCESS_KEY: other.keys.sandbox.accessKey, KASSA_SECRET_KEY: other.keys.sandbox.secretKey };
    expect((await kassa('trigger order.paid', otherEnv)).code).toBe(0);
    const listen = start(['listen', '--forward-to', recv.url, '--max-events', '1']);
    await listen.stderrHas('listening');
    expect((await kassa('trigger order.paid', keyEnv())).code).toBe(0);
    expect((await kassa('trigger order.paid', otherEnv)).code).toBe(0);
    const got = await recv.next();
    const done = await listen.done;
    expect(verify(got.body.orderToken!, store.keys.sandbox.secretKey)).toMatchObject({ paymentStatus: 'PAID' });
    expect(done.stdout).toMatch(/^\S+ {2}order {3}\S+ {2}-> 200 \(\d+ ms\)\n$/);
    await recv.close();
  });

  it('refuses wrong keys (1) and a missing --forward-to (2)', async () => {
    const bad = await kassa('listen --forward-to http://127.0.0.1:9/x', { ...keyEnv(), KASSA_SECRET_KEY: 'wrong' });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/^GET \/cli\/events failed: 40[13] /);
    const usage = await kassa('listen');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe('--forward-to URL is required (e.g. http://localhost:3000/notify) (kassa --help shows the usage)\n');
    const noKeys = await kassa('orders get 01900000-0000-7000-8000-000000000000', { KASSA_URL: url, KASSA_ACCESS_KEY: '', KASSA_SECRET_KEY: '' });
    expect(noKeys.code).toBe(2);
  });
});

describe('GET /sandbox/api/cli/events', () => {
  it('pages by cursor, one event once, and names a malformed cursor or limit', async () => {
    const own = await t.createStore({ name: 'Paging shop' });
    const env = { KASSA_URL: url, KASSA_ACCESS_KEY: own.keys.sandbox.accessKey, KASSA_SECRET_KEY: own.keys.sandbox.secretKey };
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/sandbox/api/cli/events${q}`, headers: t.bearer({ store: own }) });
    const start = (await get('')).json() as { events: unknown[]; cursor: string };
    expect(start).toEqual({ events: [], cursor: '0' });
    for (let i = 0; i < 3; i++) expect((await kassa('trigger order.paid', env)).code).toBe(0);
    const first = (await get(`?after=0&limit=2`)).json() as { events: { seq: string; kind: string }[]; cursor: string };
    expect(first.events).toHaveLength(2);
    expect(first.cursor).toBe(first.events[1]!.seq);
    const rest = (await get(`?after=${first.cursor}`)).json() as { events: { seq: string }[]; cursor: string };
    expect(rest.events).toHaveLength(1);
    expect(BigInt(rest.events[0]!.seq) > BigInt(first.cursor)).toBe(true);
    expect((await get(`?after=${rest.cursor}`)).json()).toEqual({ events: [], cursor: rest.cursor });
    expect((await get('')).json()).toEqual({ events: [], cursor: rest.cursor });
    const bad = await get('?after=nope&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/after must be an event seq/);
    expect(bad.json().message).toMatch(/limit/);
    // The production feed does not take sandbox keys.
    expect((await t.app.inject({ method: 'GET', url: '/api/cli/events', headers: t.bearer({ store: own }) })).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('kassa trigger, orders, refunds', () => {
  it('trigger order.declined and order.canceled finish a new order with that outcome', async () => {
    const declined = await kassa('trigger order.declined --json');
    expect(declined.code).toBe(0);
    const d = JSON.parse(declined.stdout) as { event: string; order: { paymentStatus: string; uuid: string } };
    expect(d.event).toBe('order.declined');
    const shown = await kassa(`orders get ${d.order.uuid} --json`);
    expect(JSON.parse(shown.stdout).paymentStatus).toBe(d.order.paymentStatus);
    expect(d.order.paymentStatus).not.toBe('PAID');
    const canceled = await kassa('trigger order.canceled');
    expect(canceled.code).toBe(0);
    expect(canceled.stdout).toMatch(/^created order \S+ {2}kassa-trigger-\S+ {2}PENDING {2}10\.00 EUR\ncanceled order /);
    expect((await kassa('trigger order.teleported')).code).toBe(2);
    expect((await kassa('trigger order.paid --env production')).code).toBe(2);
  });

  it('trigger refund.successful pays, settles and refunds; orders get shows the order; refunds create refuses a used key', async () => {
    const r = await kassa('trigger refund.successful --amount 2.50 --json');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { orderUuid: string; refund: { uuid: string; amount: number; status: string } };
    expect(out.refund.amount).toBe(2.5);
    const got = await kassa(`orders get ${out.orderUuid} --json`);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ uuid: out.orderUuid, paymentStatus: 'PAID' });
    const text = await kassa(`orders get ${out.orderUuid}`);
    expect(text.stdout).toMatch(new RegExp(`^order ${out.orderUuid} {2}kassa-trigger-\\S+ {2}\\S+ {2}10\\.00 EUR\\n$`));
    const once = await kassa(`refunds create --order ${out.orderUuid} --amount 1.00 --idempotency-key k-1 --json`);
    expect(once.code, once.stderr).toBe(0);
    expect(JSON.parse(once.stdout)).toMatchObject({ amount: 1, currency: 'EUR', status: 'PENDING' });
    // The spec: a key already used on the order is a 400 (one key, one refund).
    const twice = await kassa(`refunds create --order ${out.orderUuid} --amount 1.00 --idempotency-key k-1 --json`);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe('POST /refunds failed: 400 The idempotency key was already used on the order\n');
    const tooMuch = await kassa(`refunds create --order ${out.orderUuid} --amount 100.00`);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toMatch(/^POST \/refunds failed: 4\d\d /);
    expect((await kassa(`refunds create --order ${out.orderUuid} --amount lots`)).code).toBe(2);
    const missing = await kassa('orders get 01900000-0000-7000-8000-000000000000');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^GET \/orders\/01900000-0000-7000-8000-000000000000 failed: 404/);
  });

  it('trigger order.abandoned moves the sandbox clock past the payment window; the listener gets the ABANDONED notification', async () => {
    const own = await t.createStore({ name: 'Abandoning shop' });
    const env = { KASSA_URL: url, KASSA_ACCESS_KEY: own.keys.sandbox.accessKey, KASSA_SECRET_KEY: own.keys.sandbox.secretKey };
    const recv = await receiver();
    const listen = start(['listen', '--forward-to', recv.url, '--max-events', '1', '--json'], env);
    await listen.stderrHas('listening');
    const r = await kassa('trigger order.abandoned --json', env);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { orderUuid: string; order: { paymentStatus: string }; clockMovedSeconds: number };
    expect(out.order.paymentStatus).toBe('ABANDONED');
    expect(out.clockMovedSeconds).toBeGreaterThan(0);
    const got = await recv.next();
    expect(verify(got.body.orderToken!, own.keys.sandbox.secretKey)).toMatchObject({ uuid: out.orderUuid, paymentStatus: 'ABANDONED' });
    expect((await listen.done).code).toBe(0);
    await recv.close();
  });

  it('orders list shows the newest orders first, filtered by status, limited', async () => {
    const own = await t.createStore({ name: 'Listing shop' });
    const env = { KASSA_URL: url, KASSA_ACCESS_KEY: own.keys.sandbox.accessKey, KASSA_SECRET_KEY: own.keys.sandbox.secretKey };
    const paid = JSON.parse((await kassa('trigger order.paid --json', env)).stdout) as { orderUuid: string };
    const declined = JSON.parse((await kassa('trigger order.declined --json', env)).stdout) as { orderUuid: string };
    const all = await kassa('orders list --json', env);
    expect(all.code, all.stderr).toBe(0);
    expect((JSON.parse(all.stdout) as { uuid: string }[]).map((o) => o.uuid)).toEqual([declined.orderUuid, paid.orderUuid]);
    const onlyPaid = await kassa('orders list --status PAID --json', env);
    expect((JSON.parse(onlyPaid.stdout) as { uuid: string }[]).map((o) => o.uuid)).toEqual([paid.orderUuid]);
    const one = await kassa('orders list --limit 1', env);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(new RegExp(`^order ${declined.orderUuid} .*\n$`));
    const bad = await kassa('orders list --status LOST', env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^GET \/cli\/orders\?status=LOST failed: 400 /);
    expect((await kassa('orders list --limit many', env)).code).toBe(2);
  });

  it('trigger shipment.inTransit moves a sandbox shipment; the listener forwards the shipping webhook as Kassa signs it', async () => {
    const own = await t.createStore({ name: 'Shipping CLI shop' });
    await activate(t, own, { env: 'sandbox', carrierCode: 'baltpost', country: 'EE' });
    const env = { KASSA_URL: url, KASSA_ACCESS_KEY: own.keys.sandbox.accessKey, KASSA_SECRET_KEY: own.keys.sandbox.secretKey };
    const headers = t.bearer({ store: own });
    const hook = await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers, payload: { url: 'https://shop.example/shipping-webhook' } });
    expect(hook.statusCode).toBe(201);
    const created = await t.app.inject({
      method: 'POST', url: `${SANDBOX}/shipments`, headers,
      payload: { synchronous: true, sender: SENDER, receiver: RECEIVER, shippingMethod: { type: 'pickupPoint', id: 'baltpost-ee-pm-1' }, parcels: [{ weight: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const shipmentId = (created.json() as { id: string }).id;
    const recv = await receiver();
    const listen = start(['listen', '--forward-to', recv.url, '--max-events', '1', '--json'], env);
    await listen.stderrHas('listening');
    const moved = await kassa(`trigger shipment.inTransit --shipment ${shipmentId} --json`, env);
    expect(moved.code, moved.stderr).toBe(0);
    expect(JSON.parse(moved.stdout)).toMatchObject({ event: 'shipment.inTransit', shipmentId, shipment: { status: 'inTransit' } });
    const got = await recv.next();
    expect(Object.keys(got.body)).toEqual(['payload']);
    expect(verify(got.body.payload!, own.keys.sandbox.secretKey)).toMatchObject({ data: expect.objectContaining({ id: shipmentId }) });
    expect((await listen.done).code).toBe(0);
    await recv.close();
    const text = await kassa(`trigger shipment.delivered --shipment ${shipmentId}`, env);
    expect(text.stdout).toBe(`moved shipment ${shipmentId} to delivered\n`);
    expect((await kassa('trigger shipment.delivered', env)).code).toBe(2);
    const back = await kassa(`trigger shipment.inTransit --shipment ${shipmentId}`, env);
    expect(back.code).toBe(1);
  });

  it('--help lists the developer commands', async () => {
    const r = await kassa('--help');
    expect(r.stdout).toContain('kassa listen --forward-to URL');
    expect(r.stdout).toContain('kassa trigger order.paid');
    expect(r.stdout).toContain('kassa orders list');
    expect(r.stdout).toContain('kassa refunds create --order UUID --amount 1.00');
  });
});
