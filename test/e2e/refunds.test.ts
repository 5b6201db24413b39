/**
 * Refunds and payouts as a new user would, through real server processes: pay in the sandbox,
 * refund part and then the rest, hear both refunds, run settlement, list the payout and check each
 * export's rows against the orders. Then 200 parallel refund requests over one order, spread over
 * two server processes on one database: never more than was paid, one refund per idempotency key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { parseCsv, parseXml, readZip } from '../support/exports.js';
import { externalDatabaseEnv } from '../support/app.js';
import { handVerified } from '../support/jwt.js';
import { merchant, type Keys, type Merchant } from '../support/merchant.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { cli, embeddedDatabaseUrl, freePort, startServer, until, type ServerProcess } from '../support/server.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-refunds-'));
const servers: ServerProcess[] = [];
let externalUrl: string | undefined; // the PostgreSQL database both nodes share (db:postgres)
let externalDirectUrl: string | undefined; // …and a direct connection to it (for LISTEN)
let rx: Receiver | undefined;
afterAll(async () => {
  await rx?.close();
  for (const s of servers.reverse()) await s.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function paidOrder(c: Merchant, ref: string, amount: number, notificationUrl: string) {
  const o = await c.post('/orders', {
    merchantReference: ref,
    returnUrl: 'https://shop.example/return',
    notificationUrl,
    grandTotal: amount,
    currency: 'EUR',
    locale: 'en',
    payment: { method: 'cardPayments', amount, currency: 'EUR' },
  });
  expect(o.status).toBe(201);
  const paid = await c.helper(`orders/${o.json.uuid}/pay`);
  expect(paid.order.paymentStatus).toBe('PAID');
  return o.json.uuid as string;
}

it('pays, refunds part then the rest, hears both refunds, and pays out what is left, with exports that match the orders', { timeout: 120_000 }, async () => {
  const external = inject('dbTarget') === 'postgres';
  const env: Record<string, string> = { KASSA_DATA_DIR: dataDir, PORT: String(await freePort()) };
  if (external) {
    const db = await externalDatabaseEnv();
    Object.assign(env, db);
    externalUrl = db.DATABASE_URL;
    externalDirectUrl = db.DATABASE_DIRECT_URL;
  }
  const server = await startServer(env);
  servers.push(server);
  const store = JSON.parse(await cli(['stores', 'create', '--name', 'Refund shop', '--json'], { KASSA_URL: server.url, KASSA_DATA_DIR: dataDir }));
  const keys: Keys = store.sandbox;
  const account = JSON.parse(
    await cli(['stores', 'set-payout-account', store.uuid, '--iban', 'EE47 1000 0010 2014 5685', '--account-name', 'Refund shop OÜ', '--json'], { KASSA_URL: server.url, KASSA_DATA_DIR: dataDir }),
  );
  expect(account).toEqual({ iban: 'EE471000001020145685', accountName: 'Refund shop OÜ' });
  // New stores' sandbox payments settle at once; this journey takes production's business days.
  await cli(['stores', 'set-sandbox-settlement', store.uuid, '--mode', 'realistic'], { KASSA_URL: server.url, KASSA_DATA_DIR: dataDir });
  const c = merchant(server.url, keys);
  rx = await startReceiver();

  // Two sales; the first is refunded in two steps.
  const a = await paidOrder(c, 'E2E-R-1', 60, rx.url);
  const b = await paidOrder(c, 'E2E-R-2', 40, rx.url);
  const early = await c.post('/refunds', { orderUuid: a, amount: 10, idempotencyKey: 'early' });
  expect(early.status).toBe(400); // the money has not reached the store yet
  expect(early.json.message).toMatch(/has not reached the store's settlement account yet/);
  expect((await c.helper('settle')).settledPayments).toBe(2); // without moving the sandbox clock

  const part = await c.post('/refunds', { orderUuid: a, amount: '25.00', idempotencyKey: 'refund-1' });
  expect(part.status).toBe(201);
  expect(part.json).toMatchObject({ amount: 25, status: 'PENDING', type: 'PARTIAL_REFUND' });
  await until('PARTIALLY_REFUNDED', async () => ((await c.get(`/orders/${a}`)).json.paymentStatus === 'PARTIALLY_REFUNDED' ? true : undefined));
  const rest = await c.post('/refunds', { orderUuid: a, amount: 35, idempotencyKey: 'refund-2' });
  expect(rest.status).toBe(201);
  const order = await until('REFUNDED', async () => {
    const o = (await c.get(`/orders/${a}`)).json;
    return o.paymentStatus === 'REFUNDED' ? o : undefined;
  });
  expect(order).toMatchObject({ availableForRefund: 0, refunds: [expect.objectContaining({ status: 'SUCCESSFUL', amount: 25 }), expect.objectContaining({ status: 'SUCCESSFUL', amount: 35 })] });

  // Two refund notifications, each a token signed with the store's secret.
  const refundTokens = await until('two refund notifications', async () => {
    const got = rx!.received.filter((r) => r.body.refundToken);
    return got.length >= 2 ? got : undefined;
  });
  const heard = refundTokens.map((r) => {
    expect(r.url.searchParams.get('refund-token')).toBe(r.body.refundToken);
    return handVerified(r.body.refundToken as string, keys.secretKey);
  });
  expect(heard.map((h) => [h.refundUuid, h.refundStatus, h.refundAmount, h.orderUuid, h.accessKey]).sort()).toEqual(
    [
      [part.json.uuid, 'SUCCESSFUL', 25, a, keys.accessKey],
      [rest.json.uuid, 'SUCCESSFUL', 35, a, keys.accessKey],
    ].sort(),
  );

  // Settlement: one card payout of both payments less fees and refunds.
  const run = await c.helper('payouts/run');
  expect(run.payouts).toHaveLength(1);
  const listed = await c.get(`/stores/${store.uuid}/payouts?limit=10&offset=0&order=DESC`);
  expect(listed.json.payouts).toEqual(run.payouts);
  const payout = listed.json.payouts[0];
  // 100.00 paid, 60.00 refunded, fees 1.00 (60) + 0.70 (40)
  expect(payout).toMatchObject({
    storeUuid: store.uuid,
    settlementType: 'cardPayments',
    currency: 'EUR',
    paymentsAmount: '100.00',
    refundsAmount: '60.00',
    totalAmount: '38.30',
    status: 'SUCCESSFUL',
    iban: 'EE471000001020145685',
    accountName: 'Refund shop OÜ',
  });

  const expected = [
    { type: 'payment', orderUuid: a, ref: 'E2E-R-1', amount: '60.00' },
    { type: 'fee', orderUuid: a, ref: 'E2E-R-1', amount: '-1.00' },
    { type: 'payment', orderUuid: b, ref: 'E2E-R-2', amount: '40.00' },
    { type: 'fee', orderUuid: b, ref: 'E2E-R-2', amount: '-0.70' },
    { type: 'refund', orderUuid: a, ref: 'E2E-R-1', amount: '-25.00' },
    { type: 'refund', orderUuid: a, ref: 'E2E-R-1', amount: '-35.00' },
  ];
  const key = (r: { type: string; orderUuid: string; amount: string }) => `${r.orderUuid}/${r.type}/${r.amount}`;
  const sorted = (rows: { type: string; orderUuid: string; ref: string; amount: string }[]) => rows.map(key).sort();
  const file = async (format: string) => {
    const { json } = await c.get(`/stores/${store.uuid}/payouts/${payout.uuid}/export-${format}`);
    const res = await fetch(json.url); // a signed, temporary link: no credentials
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  const [head, ...csvRows] = parseCsv((await file('csv')).toString('utf8'));
  const col = (n: string) => head!.indexOf(n);
  expect(sorted(csvRows.map((r) => ({ type: r[col('type')]!, orderUuid: r[col('orderUuid')]!, ref: r[col('merchantReference')]!, amount: r[col('amount')]! })))).toEqual(sorted(expected));

  const doc = JSON.parse((await file('json')).toString('utf8'));
  expect(sorted(doc.rows.map((r: Record<string, string>) => ({ type: r.type, orderUuid: r.orderUuid, ref: r.merchantReference, amount: r.amount })))).toEqual(sorted(expected));

  const xml = parseXml((await file('xml')).toString('utf8'));
  const xmlRows = xml.children.find((e) => e.name === 'rows')!.children.map((r) => Object.fromEntries(r.children.map((f) => [f.name, f.text])));
  expect(sorted(xmlRows.map((r) => ({ type: r.type!, orderUuid: r.orderUuid!, ref: r.merchantReference!, amount: r.amount! })))).toEqual(sorted(expected));

  const sheet = readZip(await file('excel'))
    .find((e) => e.name === 'xl/worksheets/sheet1.xml')!
    .data.toString('utf8');
  expect((sheet.match(/<row /g) ?? []).length).toBe(expected.length + 1);
  for (const r of expected) expect(sheet).toContain(r.orderUuid);
});

it('200 parallel refund requests over one order through two server processes: never more than paid, one refund per key', { timeout: 120_000 }, async () => {
  const first = servers[0]!;
  // A second node on the same database and master key (a stateless API node of a real deployment).
  const secondDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-refunds-2-'));
  try {
    const sharedEnv: Record<string, string> = {
      KASSA_DATA_DIR: secondDir,
      PORT: String(await freePort()),
      KASSA_MASTER_KEY: fs.readFileSync(path.join(dataDir, 'master.key'), 'utf8').trim(),
      KASSA_SEED_DEMO_STORE: 'false',
      DATABASE_URL: externalUrl ?? embeddedDatabaseUrl(dataDir),
      ...(externalDirectUrl ? { DATABASE_DIRECT_URL: externalDirectUrl } : {}),
    };
    const second = await startServer(sharedEnv);
    servers.push(second);
    const store = JSON.parse(await cli(['stores', 'create', '--name', 'Busy shop', '--json'], { KASSA_URL: first.url, KASSA_DATA_DIR: dataDir }));
    const keys: Keys = store.sandbox;
    const [c1, c2] = [merchant(first.url, keys), merchant(second.url, keys)];
    await paidOrder(c1, 'BUSY-0', 500, 'https://shop.example/notify'); // other sales: the balance is not the limit here
    const uuid = await paidOrder(c1, 'BUSY-1', 20, 'https://shop.example/notify');
    await c1.helper('settle');
    // 50 keys, each sent 4 times (twice to each node), 0.10–2.00 each (whole tens of cents: no
    // simulator magic): 47.50 asked over 20.00 paid.
    const requests = Array.from({ length: 200 }, (_, i) => {
      const amount = (((i % 50) % 20) + 1) / 10;
      return (i % 2 === 0 ? c1 : c2).post('/refunds', { orderUuid: uuid, amount, idempotencyKey: `busy-${i % 50}` });
    });
    const results = await Promise.all(requests);
    for (const r of results) expect([201, 400]).toContain(r.status); // a key's second use is the spec's 400
    expect(results.some((r) => r.status === 400 && /exceeds the total refundable amount/.test(r.json.message))).toBe(true);
    const byKey = new Map<string, Set<string>>();
    results.forEach((r, i) => {
      if (r.status === 200 || r.status === 201) byKey.set(`busy-${i % 50}`, (byKey.get(`busy-${i % 50}`) ?? new Set()).add(r.json.uuid));
    });
    for (const uuids of byKey.values()) expect(uuids.size).toBe(1); // one refund per key, whichever node answered
    const order = await until('refunds processed', async () => {
      const o = (await c2.get(`/orders/${uuid}`)).json;
      return o.refunds.every((r: { status: string }) => r.status === 'SUCCESSFUL') ? o : undefined;
    });
    const total = order.refunds.reduce((s: number, r: { amount: number }) => s + Math.round(r.amount * 100), 0);
    expect(order.refunds).toHaveLength(byKey.size);
    expect(total).toBeLessThanOrEqual(2000);
    expect(Math.round(order.availableForRefund * 100)).toBe(2000 - total);
  } finally {
    fs.rmSync(secondDir, { recursive: true, force: true });
  }
});
