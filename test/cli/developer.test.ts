/**
 * The developer CLI (src/cli/developer.ts) through the package's bin against a listening server:
 * `kassa listen` forwarding a real notification signed as Kassa signs it, `kassa trigger`,
 * `kassa orders get`, `kassa refunds create`, their --json output and exit codes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createPool, type Db } from '../../src/platform/db.js';
import { sign, verify } from '../../src/platform/jwt.js';
import { enqueueNotification } from '../../src/notifications/outbox.js';
import { FeedWake } from '../../src/payments/cli-events/wake.js';
import { TRIGGER_EVENTS, type TriggerEvent } from '../../src/cli/developer/trigger.js';
import { createServices, type Services } from '../../src/services.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { ADMIN_TOKEN, createTestApp, createTestDatabase, orderPayload, pooled, type TestApp } from '../support/app.js';
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
  // The label file worker, as the server's work role runs it (`kassa trigger shipment.labelsCreated` waits for it).
  t.services.labelFiles.start();
});
afterAll(async () => {
  await t.services.labelFiles.stop();
  await t.close();
});

const keyEnv = () => ({ KASSA_URL: url, KASSA_ACCESS_KEY: store.keys.sandbox.accessKey, KASSA_SECRET_KEY: store.keys.sandbox.secretKey });

function start(
  args: string[],
  env: Record<string, string> = keyEnv(),
): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }>; stderrHas(s: string): Promise<void> } {
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
const envOf = (s: CreatedStore, base = url) => ({ KASSA_URL: base, KASSA_ACCESS_KEY: s.keys.sandbox.accessKey, KASSA_SECRET_KEY: s.keys.sandbox.secretKey });

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
    const lines = done.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; kind: string; status: number; subjectId: string; createdAt: string });
    // Each line names its event as `kassa trigger` and the docs name it.
    expect(lines[0]!.event).toBe('order.paid');
    expect(lines[1]!.event).toMatch(/^refund\.(pending|successful)$/);
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
    expect(done.stdout).toMatch(/^\S+ {2}order\.paid {2,}\S+ {2}\S+ {2}-> 200 \(\d+ ms\)\n$/);
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
    // Without a cursor: none, and "now" (the oldest running transaction's horizon) to go on from.
    expect(start.events).toEqual([]);
    expect(start.cursor).toMatch(/^\d+\.0$/);
    for (let i = 0; i < 3; i++) expect((await kassa('trigger order.paid', env)).code).toBe(0);
    const first = (await get(`?after=0.0&limit=2`)).json() as { events: { cursor: string; kind: string }[]; cursor: string };
    expect(first.events).toHaveLength(2);
    expect(first.cursor).toBe(first.events[1]!.cursor);
    const rest = (await get(`?after=${first.cursor}`)).json() as { events: { cursor: string }[]; cursor: string };
    expect(rest.events).toHaveLength(1);
    expect(rest.events[0]!.cursor).not.toBe(first.cursor);
    expect((await get(`?after=${rest.cursor}`)).json()).toEqual({ events: [], cursor: rest.cursor });
    // The three from the beginning are those three, once each.
    const all = (await get('?after=0.0')).json() as { events: { cursor: string }[] };
    expect(all.events.map((e) => e.cursor)).toEqual([...first.events.map((e) => e.cursor), rest.events[0]!.cursor]);
    const bad = await get('?after=12&limit=0&wait=26');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/after must be a feed cursor/);
    expect(bad.json().message).toMatch(/limit/);
    expect(bad.json().message).toMatch(/wait/);
    const waitAlone = await get('?wait=5');
    expect(waitAlone.statusCode).toBe(400);
    expect(waitAlone.json().message).toBe('wait needs after (a cursor to wait beyond)');
    // An overflowing cursor is refused by its shape, never sent to SQL.
    expect((await get('?after=99999999999999999999.1')).statusCode).toBe(400);
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
    await activate(t, own, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
    const env = { KASSA_URL: url, KASSA_ACCESS_KEY: own.keys.sandbox.accessKey, KASSA_SECRET_KEY: own.keys.sandbox.secretKey };
    const headers = t.bearer({ store: own });
    const hook = await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers, payload: { url: 'https://shop.example/shipping-webhook' } });
    expect(hook.statusCode).toBe(201);
    const created = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipments`,
      headers,
      payload: { synchronous: true, sender: SENDER, receiver: RECEIVER, shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' }, parcels: [{ weight: 1 }] },
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
    const back = await kassa(`trigger shipment.inTransit --shipment ${shipmentId}`, env);
    expect(back.code).toBe(1);
  });

  it('--help lists the developer commands', async () => {
    const r = await kassa('--help');
    expect(r.stdout).toContain('kassa listen --forward-to URL');
    expect(r.stdout).toContain('kassa trigger EVENT');
    // Every event the trigger drives is named in --help.
    for (const event of Object.keys(TRIGGER_EVENTS)) expect(r.stdout).toMatch(new RegExp(`^ +${event.replace('.', '\\.')} `, 'm'));
    expect(r.stdout).toContain('kassa orders list');
    expect(r.stdout).toContain('kassa refunds create --order UUID --amount 1.00');
  });
});

/** What a forwarded event says, decoded with the store's secret (so a wrong signature fails). */
function describeEvent(r: Received, secret: string): string {
  const [field, value] = Object.entries(r.body)[0]!;
  const claims = verify(value, secret) as Record<string, unknown>;
  if (field === 'orderToken') return `order ${claims.paymentStatus as string}`;
  if (field === 'refundToken') return `refund ${claims.refundStatus as string}`;
  const data = claims.data as { status?: string };
  return `${claims.eventType as string}${claims.eventType === 'shipment.statusUpdated' ? ` ${data.status}` : ''}`;
}

/** The notifications each trigger causes, oldest first (declined and canceled payments announce nothing: the order stays PENDING). */
const EXPECTED: Record<TriggerEvent, string[]> = {
  'order.paid': ['order PAID'],
  'order.declined': [],
  'order.canceled': [],
  'order.abandoned': ['order ABANDONED'],
  'refund.successful': ['order PAID', 'refund SUCCESSFUL'],
  'refund.rejected': ['order PAID', 'refund REJECTED'],
  'shipment.registered': ['shipment.registered'],
  'shipment.registrationFailed': ['shipment.registrationFailed'],
  'shipment.labelsCreated': ['shipment.registered', 'shipment.labelsCreated', 'labelFile.ready'],
  'labelFile.ready': ['shipment.registered', 'shipment.labelsCreated', 'labelFile.ready'],
  'shipment.inTransit': ['shipment.registered', 'shipment.statusUpdated inTransit'],
  'shipment.awaitingCollection': ['shipment.registered', 'shipment.statusUpdated inTransit', 'shipment.statusUpdated awaitingCollection'],
  'shipment.delivered': ['shipment.registered', 'shipment.statusUpdated inTransit', 'shipment.statusUpdated delivered'],
  'shipment.returned': ['shipment.registered', 'shipment.statusUpdated inTransit', 'shipment.statusUpdated returned'],
};

describe('kassa trigger drives each event; kassa listen forwards it signed as Kassa signs it', () => {
  it.each(Object.keys(TRIGGER_EVENTS) as TriggerEvent[])('%s', async (event) => {
    const own = await t.createStore({ name: `Trigger ${event}` });
    const env = envOf(own);
    const recv = await receiver();
    // A marker after the event (order.paid) proves nothing else was sent in between, without waiting for silence.
    const expected = [...EXPECTED[event], 'order PAID'];
    const listen = start(['listen', '--forward-to', recv.url, '--max-events', String(expected.length), '--json'], env);
    await listen.stderrHas('listening');
    const r = await kassa(`trigger ${event} --json`, env);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { event: string; refund?: { status: string } };
    expect(out.event).toBe(event);
    // The refund worker of a running server sends the refund to the processor; here the test plays it.
    if (out.refund) await t.services.refunds.drain();
    expect((await kassa('trigger order.paid', env)).code).toBe(0);
    const got: Received[] = [];
    for (const _ of expected) got.push(await recv.next());
    expect(got.map((g) => describeEvent(g, own.keys.sandbox.secretKey))).toEqual(expected);
    const done = await listen.done;
    expect(done.code, done.stderr).toBe(0);
    expect(
      done.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { status: number }).status),
    ).toEqual(expected.map(() => 200));
    await recv.close();
  });

  it('refuses a refund.rejected amount the sandbox does not reject (2)', async () => {
    const r = await kassa('trigger refund.rejected --amount 1.00');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^refund\.rejected needs --amount ending in \.51/);
  });
});

describe('kassa listen as it happens', () => {
  it('forwards a real notification within a second of the payment', async () => {
    const own = await t.createStore({ name: 'Fast shop' });
    const recv = await receiver();
    const listen = start(['listen', '--forward-to', recv.url, '--max-events', '1', '--json'], envOf(own));
    await listen.stderrHas('listening');
    const created = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload(), { store: own }) } });
    expect(created.statusCode, created.body).toBe(201);
    const orderUuid = (created.json() as { uuid: string }).uuid;
    const sent = performance.now();
    const paid = await fetch(`${url}/sandbox/api/test-helpers/orders/${orderUuid}/pay`, {
      method: 'POST',
      headers: { ...t.bearer({ store: own }), 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'paid' }),
    });
    const answered = performance.now();
    expect(paid.status, await paid.text()).toBe(200);
    const got = await recv.next();
    const arrived = performance.now() - (Date.now() - got.at);
    const fromAnswer = Math.round(arrived - answered);
    console.info(`kassa listen: the notification reached the local receiver ${fromAnswer} ms after the pay call's answer (${Math.round(arrived - sent)} ms after it was sent; ${t.target})`);
    expect(arrived - answered).toBeLessThan(1000);
    expect(verify(got.body.orderToken!, own.keys.sandbox.secretKey)).toMatchObject({ uuid: orderUuid, paymentStatus: 'PAID' });
    expect((await listen.done).code).toBe(0);
    await recv.close();
  });

  it('never skips an event whose transaction commits after a later one: both, in order, once', async () => {
    const own = await t.createStore({ name: 'Gap shop' });
    const recv = await receiver();
    const listen = start(['listen', '--forward-to', recv.url, '--max-events', '2', '--json'], envOf(own));
    await listen.stderrHas('listening');
    const cursor = ((await t.app.inject({ method: 'GET', url: '/sandbox/api/cli/events', headers: t.bearer({ store: own }) })).json() as { cursor: string }).cursor;
    // One transaction takes its feed_seq first and stays open…
    const held = await t.db.connect();
    try {
      await held.query('BEGIN');
      const heldUuid = '01900000-0000-7000-8000-00000000a001';
      await enqueueNotification(held, { storeId: own.id, env: 'sandbox', kind: 'order', subjectId: heldUuid, url: 'https://shop.example/notify', claims: { uuid: heldUuid, paymentStatus: 'PAID' } });
      // …while a later one commits (a real payment, through the CLI).
      const paid = await kassa('trigger order.paid --json', envOf(own));
      expect(paid.code, paid.stderr).toBe(0);
      const { orderUuid } = JSON.parse(paid.stdout) as { orderUuid: string };
      // The feed holds the committed later row back while the earlier transaction is open.
      const read = await t.app.inject({ method: 'GET', url: `/sandbox/api/cli/events?after=${cursor}`, headers: t.bearer({ store: own }) });
      expect(read.json()).toEqual({ events: [], cursor });
      expect(recv.got).toEqual([]);
      await held.query('COMMIT');
      const first = await recv.next();
      const second = await recv.next();
      expect(verify(first.body.orderToken!, own.keys.sandbox.secretKey)).toMatchObject({ uuid: heldUuid });
      expect(verify(second.body.orderToken!, own.keys.sandbox.secretKey)).toMatchObject({ uuid: orderUuid });
    } finally {
      await held.query('ROLLBACK').catch(() => undefined);
      held.release();
    }
    const done = await listen.done;
    expect(done.code).toBe(0);
    expect(done.stdout.trim().split('\n')).toHaveLength(2);
    await recv.close();
  });

  it('bounds the waiting requests of a store (429) and frees a slot when its client goes away', async () => {
    const own = await t.createStore({ name: 'Crowded shop' });
    const headers = t.bearer({ store: own });
    const cursor = ((await t.app.inject({ method: 'GET', url: '/sandbox/api/cli/events', headers })).json() as { cursor: string }).cursor;
    const wake = t.services.cliEvents.wake;
    const before = wake.size;
    // Plain sockets without keep-alive: going away is closing the connection.
    const waiting = Array.from({ length: 10 }, () => {
      const req = http.get(`${url}/sandbox/api/cli/events?after=${cursor}&wait=25`, { headers, agent: false });
      const ended = new Promise<void>((resolve) => req.on('close', () => resolve()));
      req.on('error', () => undefined);
      return { req, ended };
    });
    await vi.waitFor(() => expect(wake.size).toBe(before + 10));
    const refused = await t.app.inject({ method: 'GET', url: `/sandbox/api/cli/events?after=${cursor}&wait=25`, headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/at most 10 requests may wait for a store's events/);
    // Another store is not affected.
    const other = await t.createStore({ name: 'Quiet shop' });
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/api/cli/events?after=${cursor}&wait=0`, headers: t.bearer({ store: other }) })).statusCode).toBe(200);
    waiting[0]!.req.destroy();
    await vi.waitFor(() => expect(wake.size).toBe(before + 9));
    for (const w of waiting) w.req.destroy();
    await Promise.all(waiting.map((w) => w.ended));
    await vi.waitFor(() => expect(wake.size).toBe(before));
  });

  it('FeedWake: 429 over a store’s limit, 503 over the node’s and after close; close answers every waiter', async () => {
    const wake = new FeedWake(undefined, { perStore: 2, total: 3 });
    const a = wake.subscribe('s1', 'sandbox');
    wake.subscribe('s1', 'sandbox');
    expect(() => wake.subscribe('s1', 'sandbox')).toThrow(expect.objectContaining({ statusCode: 429 }));
    wake.subscribe('s2', 'sandbox');
    expect(() => wake.subscribe('s3', 'sandbox')).toThrow(expect.objectContaining({ statusCode: 503 }));
    a.release();
    a.release();
    const b = wake.subscribe('s3', 'sandbox');
    // Without LISTEN a waiter re-reads at least every FALLBACK_POLL_MS; close answers it at once.
    const waited = b.wait(60_000);
    await wake.close();
    await waited;
    expect(() => wake.subscribe('s4', 'sandbox')).toThrow(expect.objectContaining({ statusCode: 503 }));
  });
});

/** An API node of its own on a shared database (same master key): several nodes, or a restart. */
async function node(databaseUrl: string, masterKey: string): Promise<{ app: FastifyInstance; services: Services; db: Db; close(): Promise<void> }> {
  const config = loadConfig({ KASSA_PUBLIC_URL: 'http://kassa.test', KASSA_AUTH_CACHE_MS: '0', KASSA_DB_POOL_SIZE: '3' });
  // The pool through the run's pooler when it has one; LISTEN on a direct connection.
  config.databaseUrl = pooled(databaseUrl);
  const db = createPool(config.databaseUrl, config.dbPoolSize);
  const services = createServices(config, db, masterKey, databaseUrl);
  const app = await buildApp({ services, adminToken: ADMIN_TOKEN, logLevel: false });
  return {
    app,
    services,
    db,
    async close() {
      await app.close();
      await db.end();
    },
  };
}

describe('kassa listen across API nodes and restarts', () => {
  let databaseUrl: string;
  const masterKey = randomBytes(32).toString('hex');
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
  });

  async function pay(n: { app: FastifyInstance }, s: CreatedStore): Promise<string> {
    const k = s.keys.sandbox;
    const now = Math.floor(Date.now() / 1000);
    const tok = (claims: Record<string, unknown>) => sign({ accessKey: k.accessKey, iat: now, exp: now + 600, ...claims }, k.secretKey);
    const created = await n.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: tok(orderPayload()) } });
    expect(created.statusCode, created.body).toBe(201);
    const uuid = (created.json() as { uuid: string }).uuid;
    const paid = await n.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${uuid}/pay`, headers: { authorization: `Bearer ${tok({})}` }, payload: { outcome: 'paid' } });
    expect(paid.statusCode, paid.body).toBe(200);
    return uuid;
  }

  it('every node LISTENs once; a payment on one node wakes listeners on the other', async () => {
    const a = await node(databaseUrl, masterKey);
    const b = await node(databaseUrl, masterKey);
    try {
      const s = await a.services.stores.create({ name: 'Two-node shop' });
      const bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const aUrl = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const recv = await receiver();
      const listeners = [
        start(['listen', '--forward-to', recv.url, '--max-events', '1', '--json'], envOf(s, bUrl)),
        start(['listen', '--forward-to', recv.url, '--max-events', '1', '--json'], envOf(s, bUrl)),
        start(['listen', '--forward-to', recv.url, '--max-events', '1', '--json'], envOf(s, aUrl)),
      ];
      for (const l of listeners) await l.stderrHas('listening');
      await vi.waitFor(() => expect(a.services.cliEvents.wake.size + b.services.cliEvents.wake.size).toBe(3));
      const { rows } = await a.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN kassa_cli_events'`);
      expect(rows[0]!.n).toBe(2);
      const uuid = await pay(a, s);
      const got = [await recv.next(), await recv.next(), await recv.next()];
      for (const g of got) expect(verify(g.body.orderToken!, s.keys.sandbox.secretKey)).toMatchObject({ uuid, paymentStatus: 'PAID' });
      for (const l of listeners) expect((await l.done).code).toBe(0);
      await recv.close();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('shuts down promptly with a request waiting, and the listener reconnects to the restarted server without losing an event', async () => {
    const first = await node(databaseUrl, masterKey);
    const s = await first.services.stores.create({ name: 'Restart shop' });
    const base = await first.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(base).port);
    const recv = await receiver();
    const listen = start(['listen', '--forward-to', recv.url, '--max-events', '2', '--json'], envOf(s, base));
    await listen.stderrHas('listening');
    await vi.waitFor(() => expect(first.services.cliEvents.wake.size).toBe(1));
    const closing = performance.now();
    await first.close();
    const closeMs = Math.round(performance.now() - closing);
    console.info(`app.close() with a long-poll waiting: ${closeMs} ms`);
    expect(closeMs).toBeLessThan(2000);
    await listen.stderrHas('asking again');
    // While the server is down, a payment commits (another node, not listening on HTTP yet).
    const second = await node(databaseUrl, masterKey);
    try {
      const whileDown = await pay(second, s);
      await second.app.listen({ port, host: '127.0.0.1' });
      const got = await recv.next();
      expect(verify(got.body.orderToken!, s.keys.sandbox.secretKey)).toMatchObject({ uuid: whileDown });
      await listen.stderrHas('connected again');
      const afterRestart = await pay(second, s);
      const next = await recv.next();
      expect(verify(next.body.orderToken!, s.keys.sandbox.secretKey)).toMatchObject({ uuid: afterRestart });
      const done = await listen.done;
      expect(done.code).toBe(0);
      expect(done.stdout.trim().split('\n')).toHaveLength(2);
      expect(recv.got).toEqual([]);
    } finally {
      await second.close();
      await recv.close();
    }
  });
});
