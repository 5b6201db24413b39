/**
 * Notifications after a crash (issue 20): a worker killed mid-delivery leaves its notification to
 * another within seconds (a short lease, renewed while the attempt runs), an attempt slower than
 * the lease is not taken by a second live worker, and every repeat of a notification carries the
 * same token bytes, signed afresh only when they would no longer do (a key roll, half the lifetime
 * gone, an operator's re-send).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { LEASE_SECONDS } from '../../src/platform/claim-loop.js';
import { systemClock } from '../../src/platform/clock.js';
import { createPool, withTx } from '../../src/platform/db.js';
import { sign, verify } from '../../src/platform/jwt.js';
import { NotificationDelivery } from '../../src/notifications/delivery.js';
import { enqueueNotification } from '../../src/notifications/outbox.js';
import { createServices } from '../../src/services.js';
import { ADMIN_TOKEN, createTestApp, externalDatabaseEnv, nowS, orderPayload, type TestApp } from '../support/app.js';
import { ROOT } from '../support/kassa-bin.js';
import { serverArgs } from '../support/server.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

const quiet = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string | (() => string), ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`${typeof what === 'string' ? what : what()}: not within ${ms} ms`);
    await sleep(50);
  }
}

describe('a worker killed mid-delivery', () => {
  let child: ChildProcess | undefined;
  afterAll(() => void child?.kill('SIGKILL'));

  it('leaves the notification to another worker within seconds, which sends the same token bytes', { timeout: 120_000 }, async () => {
    // A database, a master key and a store shared by this test and a real worker process.
    // Through the run's pooler when it has one (PgBouncer in CI), as production runs.
    const { DATABASE_URL: url, DATABASE_DIRECT_URL: directUrl } = await externalDatabaseEnv();
    const masterKey = randomBytes(32).toString('hex');
    const db = createPool(url, 4);
    const services = createServices(loadConfig({ KASSA_PUBLIC_URL: 'http://kassa.test' }), db, masterKey, directUrl);
    const rx = await startReceiver();
    const second = services.notificationDelivery({ concurrency: 2, timeoutMs: 5_000, log: quiet });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-crash-'));
    try {
      const store = await services.stores.create({ name: 'Crash shop' });
      const claims = { uuid: '0190a8f2-3a5b-7c1d-8e2f-0000000000c1', paymentStatus: 'PAID', merchantReference: 'CRASH-1' };
      await withTx(db, (tx) => enqueueNotification(tx, { storeId: store.id, env: 'sandbox', kind: 'order', subjectId: claims.uuid, url: rx.url, claims }));

      // The receiver takes the first POST and never answers; the worker waits for it (a long callback timeout).
      rx.respond.delayMs = 600_000;
      let out = '';
      child = spawn(process.execPath, await serverArgs(), {
        cwd: ROOT,
        env: {
          ...process.env,
          KASSA_ROLE: 'work',
          KASSA_DATA_DIR: dataDir,
          DATABASE_URL: url,
          DATABASE_DIRECT_URL: directUrl,
          KASSA_MASTER_KEY: masterKey,
          KASSA_ADMIN_TOKEN: ADMIN_TOKEN,
          KASSA_NOTIFICATION_TIMEOUT_MS: '120000',
          KASSA_PUBLIC_URL: 'http://kassa.test',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      await until(
        () => `the worker process's first POST (its output: ${out})`,
        () => rx.received.length === 1 || child!.exitCode !== null,
        60_000,
      );
      expect(child.exitCode, out).toBeNull();
      const first = rx.received[0]!.body.orderToken as string;

      // Killed mid-delivery: nothing recorded, nothing released.
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      const killedAt = Date.now();
      rx.respond.delayMs = 0;

      await second.start();
      await until('the redelivery', () => rx.received.length >= 2, 60_000);
      const tookMs = Date.now() - killedAt;
      // Within the lease (plus a poll), far below the 120 s a worker's lease used to hold it.
      expect(tookMs).toBeLessThan((LEASE_SECONDS + 10) * 1000);
      expect(rx.received).toHaveLength(2);
      expect(rx.received[1]!.body.orderToken).toBe(first);
      expect(rx.received[1]!.url.searchParams.get('order-token')).toBe(first);
      expect(verify(first, store.keys.sandbox.secretKey)).toMatchObject({ ...claims, accessKey: store.keys.sandbox.accessKey });
      await second.stop();
      const { rows } = await db.query(`SELECT n.status, n.attempt_count, a.attempt, a.outcome FROM notifications n JOIN notification_attempts a ON a.notification_id = n.id`);
      // The killed worker's attempt (1) was never recorded; the second one's is.
      expect(rows).toEqual([{ status: 'delivered', attempt_count: 2, attempt: 2, outcome: 'delivered' }]);
    } finally {
      child?.kill('SIGKILL');
      await second.stop();
      await rx.close();
      await db.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('leases and token bytes, in one process', () => {
  let t: TestApp;
  let rx: Receiver;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    rx = await startReceiver();
    await t.db.query('DELETE FROM notification_attempts; DELETE FROM notifications');
  });
  afterEach(async () => rx.close());

  /** A worker with a short lease (1 s, renewed every 250 ms), as tests can afford to wait for. */
  const worker = (timeoutMs = 10_000) =>
    new NotificationDelivery(t.db, t.services.keys, {
      concurrency: 2,
      timeoutMs,
      log: quiet,
      callbacks: t.services.callbacks,
      clock: systemClock,
      lease: { seconds: 1, renewEveryMs: 250 },
    });

  async function paidOrder() {
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload({ notificationUrl: rx.url })) } });
    expect(res.statusCode).toBe(201);
    const o = res.json();
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer(), payload: {} });
    expect(paid.statusCode).toBe(200);
    return o as { uuid: string };
  }
  const advance = (minutes: number, store = t.store) => t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer({ store }), payload: { minutes } });
  const tokens = () => rx.received.map((r) => r.body.orderToken as string);

  it('an attempt slower than the lease is not taken by a second live worker: its holder renews it', { timeout: 30_000 }, async () => {
    await paidOrder();
    rx.respond.delayMs = 3_000; // three leases long
    const a = worker();
    const b = worker();
    const first = a.drain();
    await until('the first POST', () => rx.received.length === 1, 5_000);
    let bTook = 0;
    while (rx.received.length === 1 && (await Promise.race([first.then(() => true), sleep(200).then(() => false)])) === false) {
      bTook += await b.drain();
    }
    expect(await first).toBe(1);
    expect(bTook).toBe(0);
    expect(rx.received).toHaveLength(1);
    const { rows } = await t.db.query('SELECT status, attempt_count, locked_until FROM notifications');
    expect(rows).toEqual([{ status: 'delivered', attempt_count: 1, locked_until: null }]);
  });

  it('every repeat sends the same bytes; a key roll, a token past half its life and an operator re-send sign afresh', { timeout: 30_000 }, async () => {
    const store = await t.createStore();
    const order = await (async () => {
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload({ notificationUrl: rx.url }), { store }) } });
      expect(res.statusCode).toBe(201);
      const o = res.json();
      expect((await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer({ store }), payload: {} })).statusCode).toBe(200);
      return o as { uuid: string };
    })();
    const d = worker();
    rx.respond.status = 500;
    expect(await d.drain()).toBe(1);
    await sleep(1100); // a later second: a token signed now would differ
    await advance(1, store);
    expect(await d.drain()).toBe(1);
    const [one, two] = tokens();
    expect(two).toBe(one); // a retry repeats the bytes
    expect(verify(one!, store.keys.sandbox.secretKey)).toMatchObject({ uuid: order.uuid, paymentStatus: 'PAID' });

    // The merchant rolls its key: the next attempt is signed with the new secret.
    const rolled = await t.app.inject({
      method: 'POST',
      url: `/operator/stores/${store.id}/keys/roll`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { env: 'sandbox', overlapMinutes: 60 },
    });
    expect(rolled.statusCode).toBe(200);
    const newSecret = rolled.json().secretKey as string;
    await advance(4, store);
    expect(await d.drain()).toBe(1);
    const three = tokens()[2]!;
    expect(three).not.toBe(one);
    expect(verify(three, newSecret)).toMatchObject({ uuid: order.uuid, paymentStatus: 'PAID' });
    expect(() => verify(three, store.keys.sandbox.secretKey)).toThrow();
    // …and repeated from then on.
    await advance(10, store);
    expect(await d.drain()).toBe(1);
    expect(tokens()[3]).toBe(three);

    // A saved token with less than half its hour left is not sent again.
    const { rows } = await t.db.query<{ id: string; claims: Record<string, unknown> }>('SELECT id, claims FROM notifications WHERE subject_id = $1', [order.uuid]);
    const claims = { ...verify(three, newSecret) };
    const aging = sign({ ...claims, iat: nowS() - 2000, exp: nowS() + 1600 }, newSecret);
    await t.db.query('UPDATE notifications SET token = $2 WHERE id = $1', [rows[0]!.id, aging]);
    await advance(15, store);
    expect(await d.drain()).toBe(1);
    const five = tokens()[4]!;
    expect(five).not.toBe(aging);
    const fresh = verify(five, newSecret);
    expect((fresh.exp as number) - (fresh.iat as number)).toBe(3600);
    expect(fresh.iat).toBeGreaterThanOrEqual(nowS() - 5);

    // It is delivered; the operator re-sends it: a new delivery, signed afresh.
    rx.respond.status = 200;
    await advance(30, store);
    expect(await d.drain()).toBe(1);
    expect(tokens()[5]).toBe(five);
    await sleep(1100);
    const resend = await t.app.inject({ method: 'POST', url: `/operator/notifications/${rows[0]!.id}/resend`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(resend.statusCode).toBe(202);
    expect(await d.drain()).toBe(1);
    const seven = tokens()[6]!;
    expect(seven).not.toBe(five);
    expect(verify(seven, newSecret)).toMatchObject({ uuid: order.uuid, paymentStatus: 'PAID' });
  });
});
