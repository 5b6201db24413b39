/**
 * Payouts through the real app: the settlement run (settled, not yet paid-out money per store,
 * channel and currency; once per slot across workers), GET /stores/:storeUuid/payouts, and the
 * four export files behind their signed links, checked row by row against the orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayoutService } from '../../src/payouts/service.js';
import { parseCsv, parseXml, readZip } from '../support/exports.js';
import { merchantBalance } from '../../src/ledger/store.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const nowS = () => Math.floor(Date.now() / 1000);

async function pay(store: CreatedStore, amount: number, method = 'cardPayments', currency = 'EUR', ref?: string) {
  const payload = orderPayload({ grandTotal: amount, currency, ...(ref ? { merchantReference: ref } : {}), payment: { method, amount, currency } });
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(payload, { store }) } });
  expect(res.statusCode).toBe(201);
  const uuid = res.json().uuid as string;
  await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${uuid}/pay`, headers: t.bearer({ store }), payload: {} });
  return { uuid, ref: payload.merchantReference as string };
}
const helper = (store: CreatedStore, path: string) => t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/${path}`, headers: t.bearer({ store }), payload: {} });
const runPayouts = async (store: CreatedStore) => (await helper(store, 'payouts/run')).json().payouts as Record<string, unknown>[];
const list = (store: CreatedStore, query: string, storeUuid = store.id) => t.app.inject({ method: 'GET', url: `/sandbox/api/stores/${storeUuid}/payouts?${query}`, headers: t.bearer({ store }) });
async function refund(store: CreatedStore, orderUuid: string, amount: number) {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: t.token({ orderUuid, amount, idempotencyKey: `r-${Math.random()}`, iat: nowS() }, { store }) } });
  expect(res.statusCode).toBe(201);
  await t.services.refunds.drain();
  return res.json().uuid as string;
}

describe('the settlement run', () => {
  it('pays out settled money per channel and currency, nets refunds and fees, and waits while refunds outweigh payments', async () => {
    const s = await t.createStore({ name: 'Payout shop', sandboxSettlement: 'realistic' }); // settles in business days, as production
    const a = await pay(s, 100);
    await pay(s, 50);
    await pay(s, 20);
    await pay(s, 80, 'blik', 'PLN');
    expect(await runPayouts(s)).toEqual([]); // nothing has settled yet
    await helper(s, 'settle');
    const first = await runPayouts(s);
    expect(first).toHaveLength(2);
    const card = first.find((p) => p.settlementType === 'cardPayments')!;
    // 170.00 less fees 1.60 + 0.85 + 0.40
    expect(card).toMatchObject({
      storeUuid: s.id,
      storeName: 'Payout shop',
      storeLegalName: 'Payout shop',
      status: 'SUCCESSFUL',
      currency: 'EUR',
      paymentsAmount: '170.00',
      refundsAmount: '0.00',
      totalAmount: '167.15',
      iban: 'EE382200221020145685',
      accountName: 'Payout shop',
    });
    expect(card.expectedArrivalDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(first.find((p) => p.settlementType === 'blik')).toMatchObject({ currency: 'PLN', paymentsAmount: '80.00', totalAmount: '79.04' });
    expect(await merchantBalance(t.db, { storeId: s.id, env: 'sandbox', channel: 'cardPayments', currency: 'EUR' })).toBe(0);
    expect(await runPayouts(s)).toEqual([]); // paid out once

    // A refund after the payout: the balance comes from a top-up; the next run has only the refund → waits.
    await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/balances/top-up', headers: t.bearer({ store: s }), payload: { channel: 'cardPayments', currency: 'EUR', amount: 50 } });
    await refund(s, a.uuid, 30);
    expect(await runPayouts(s)).toEqual([]);
    await pay(s, 100);
    await helper(s, 'settle');
    const second = await runPayouts(s);
    expect(second).toEqual([expect.objectContaining({ settlementType: 'cardPayments', paymentsAmount: '100.00', refundsAmount: '30.00', totalAmount: '68.40' })]);
  });

  it('parallel runs, and several workers at one schedule slot, pay each transaction out once', async () => {
    const s = await t.createStore();
    for (let i = 0; i < 5; i++) await pay(s, 10 + i);
    await helper(s, 'settle');
    const runs = await Promise.all([1, 2, 3, 4].map(() => t.services.payouts.run({ storeId: s.id, env: 'sandbox' })));
    expect(runs.flat()).toHaveLength(1);
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM payout_transactions pt JOIN payouts p ON p.id = pt.payout_id WHERE p.store_id = $1`, [s.id]);
    expect(rows[0].n).toBe(10); // 5 payments and their 5 fees

    // Scheduled: three workers reach the same slot; one run happens.
    await t.db.query('DELETE FROM payout_runs');
    const s2 = await t.createStore();
    await pay(s2, 42);
    await helper(s2, 'settle');
    const workers = [1, 2, 3].map(
      () => new PayoutService(t.db, { stores: t.services.stores, keys: t.services.keys, schedule: t.config.payoutSchedule, databaseUrl: t.databaseUrl, baseUrl: () => 'http://kassa.test' }),
    );
    for (const w of workers) w.start();
    for (let i = 0; i < 50; i++) {
      const { rows: r } = await t.db.query('SELECT finished_at FROM payout_runs');
      if (r[0]?.finished_at) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    await Promise.all(workers.map((w) => w.stop()));
    const { rows: runsRows } = await t.db.query('SELECT payouts FROM payout_runs');
    expect(runsRows).toHaveLength(1);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM payouts WHERE store_id = $1`, [s2.id])).rows[0].n).toBe(1);
  });

  it('production payouts need the store payout account: without one they wait; with one they go to it', async () => {
    const s = await t.createStore();
    const when = new Date();
    const key = { storeId: s.id, env: 'production' as const, channel: 'cardPayments' as const, currency: 'EUR' };
    const { postTransaction } = await import('../../src/ledger/store.js');
    const { uuid } = await pay(s, 10); // an order row the export can join (sandbox; only its id is used here)
    await postTransaction(t.db, { ...key, kind: 'payment', amountMinor: 5000, orderId: uuid, occurredAt: when, settlesAt: when });
    expect(await t.services.payouts.run({ storeId: s.id, env: 'production' })).toEqual([]);
    const bad = await t.app.inject({ method: 'PATCH', url: `/operator/stores/${s.id}`, headers: admin, payload: { payoutAccount: { iban: 'EE38 2200 2210 2014 5686', accountName: 'X' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('payoutAccount.iban must be a valid IBAN');
    const ok = await t.app.inject({ method: 'PATCH', url: `/operator/stores/${s.id}`, headers: admin, payload: { payoutAccount: { iban: 'ee47 1000 0010 2014 5685', accountName: 'Näidis OÜ' } } });
    expect(ok.json().payoutAccount).toEqual({ iban: 'EE471000001020145685', accountName: 'Näidis OÜ' });
    const made = await t.services.payouts.run({ storeId: s.id, env: 'production' });
    expect(made).toEqual([expect.objectContaining({ iban: 'EE471000001020145685', account_name: 'Näidis OÜ', total_amount: 5000 })]);
  });
});

describe('GET /stores/:storeUuid/payouts', () => {
  let s: CreatedStore;
  beforeAll(async () => {
    s = await t.createStore({ name: 'Listed shop' });
    for (const [amount, method, currency] of [
      [10, 'cardPayments', 'EUR'],
      [20, 'blik', 'PLN'],
      [30, 'bnpl', 'EUR'],
    ] as const)
      await pay(s, amount, method, currency);
    await helper(s, 'settle');
    expect(await runPayouts(s)).toHaveLength(3);
  });

  it('exactly the spec fields; limit, offset, order and orderBy', async () => {
    const all = await list(s, 'limit=10&offset=0&order=ASC');
    expect(all.statusCode).toBe(200);
    const payouts = all.json().payouts;
    expect(payouts).toHaveLength(3);
    expect(Object.keys(payouts[0]).sort()).toEqual(
      [
        'accountName',
        'createdAt',
        'currency',
        'expectedArrivalDate',
        'iban',
        'paymentsAmount',
        'refundsAmount',
        'settlementType',
        'status',
        'storeLegalName',
        'storeName',
        'storeUuid',
        'totalAmount',
        'uuid',
      ].sort(),
    );
    const byTotal = (await list(s, 'limit=10&offset=0&order=DESC&orderBy=totalAmount')).json().payouts.map((p: { totalAmount: string }) => p.totalAmount);
    expect(byTotal).toEqual(['29.10', '19.76', '9.75']);
    const byType = (await list(s, 'limit=2&offset=1&order=ASC&orderBy=settlementType')).json().payouts.map((p: { settlementType: string }) => p.settlementType);
    expect(byType).toEqual(['cardPayments', 'financing']); // blik is skipped by the offset
  });

  it.each([
    ['limit=150&offset=0&order=ASC', 'limit must be from 1 to 149'],
    ['offset=0&order=ASC', 'limit is required'],
    ['limit=10&order=ASC', 'offset is required'],
    ['limit=10&offset=0', 'order is required (one of ASC, DESC)'],
    ['limit=10&offset=0&order=up', 'order must be one of ASC, DESC'],
    ['limit=10&offset=-1&order=ASC', 'offset must be from 0 to 1000000000'],
    ['limit=10&offset=0&order=ASC&orderBy=iban', 'orderBy must be one of createdAt, settlementType, totalAmount, status'],
  ])('?%s → 400 %s', async (query, message) => {
    const res = await list(s, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("a store sees only its own: another store's uuid is 404, and its key lists its own (none)", async () => {
    const other = await t.createStore();
    expect((await list(other, 'limit=10&offset=0&order=ASC', s.id)).statusCode).toBe(404);
    expect((await list(other, 'limit=10&offset=0&order=ASC')).json()).toEqual({ payouts: [] });
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/api/stores/${s.id}/payouts?limit=1&offset=0&order=ASC` })).statusCode).toBe(401);
    const prod = await t.app.inject({ method: 'GET', url: `/api/stores/${s.id}/payouts?limit=10&offset=0&order=ASC`, headers: t.bearer({ store: s, env: 'production' }) });
    expect(prod.json()).toEqual({ payouts: [] }); // sandbox payouts are not production's
  });
});

describe('exports', () => {
  let s: CreatedStore;
  let payoutUuid: string;
  const orders: { uuid: string; ref: string }[] = [];
  let refundUuid: string;
  beforeAll(async () => {
    s = await t.createStore({ name: 'Export, "quoted" shop' });
    for (const [i, amount] of [12.5, 7, 100].entries()) orders.push(await pay(s, amount, 'cardPayments', 'EUR', `EXP-${i},"x"`));
    await helper(s, 'settle');
    refundUuid = await refund(s, orders[2]!.uuid, 40);
    const made = await runPayouts(s);
    payoutUuid = made[0]!.uuid as string;
  });

  const exportUrl = async (format: string, store = s) => t.app.inject({ method: 'GET', url: `/sandbox/api/stores/${store.id}/payouts/${payoutUuid}/export-${format}`, headers: t.bearer({ store }) });
  const download = async (url: string) => {
    const u = new URL(url);
    return t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };
  // payment, fee, … for each order, and the refund: 7 rows.
  const expected = () => [
    ...orders.flatMap((o, i) => [
      { type: 'payment', orderUuid: o.uuid, merchantReference: o.ref, amount: ['12.50', '7.00', '100.00'][i] },
      { type: 'fee', orderUuid: o.uuid, merchantReference: o.ref, amount: ['-0.29', '-0.21', '-1.60'][i] },
    ]),
    { type: 'refund', orderUuid: orders[2]!.uuid, merchantReference: orders[2]!.ref, amount: '-40.00', refundUuid },
  ];
  const sortRows = <T extends { type: string; orderUuid: string }>(rows: T[]) => [...rows].sort((a, b) => `${a.orderUuid}${a.type}`.localeCompare(`${b.orderUuid}${b.type}`));

  it('csv: RFC 4180, a header row and one row per transaction, matching the orders', async () => {
    const link = await exportUrl('csv');
    expect(link.statusCode).toBe(200);
    expect(Object.keys(link.json())).toEqual(['url']);
    const file = await download(link.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="payout-${payoutUuid}.csv"`);
    const [head, ...rows] = parseCsv(file.body);
    const col = (name: string) => head!.indexOf(name);
    const got = rows.map((r) => ({
      type: r[col('type')]!,
      orderUuid: r[col('orderUuid')]!,
      merchantReference: r[col('merchantReference')]!,
      amount: r[col('amount')]!,
      ...(r[col('refundUuid')] ? { refundUuid: r[col('refundUuid')] } : {}),
    }));
    expect(sortRows(got)).toEqual(sortRows(expected()));
  });

  it('json: the payout and its rows', async () => {
    const file = await download((await exportUrl('json')).json().url);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    const doc = file.json();
    expect(doc.payout).toMatchObject({ payoutUuid, paymentsAmount: '119.50', refundsAmount: '40.00', feesAmount: '2.10', totalAmount: '77.40' });
    const got = doc.rows.map((r: Record<string, unknown>) => ({
      type: r.type,
      orderUuid: r.orderUuid,
      merchantReference: r.merchantReference,
      amount: r.amount,
      ...(r.refundUuid ? { refundUuid: r.refundUuid } : {}),
    }));
    expect(sortRows(got)).toEqual(sortRows(expected()));
  });

  it('xml: well-formed, with every row', async () => {
    const file = await download((await exportUrl('xml')).json().url);
    expect(file.headers['content-type']).toMatch(/^application\/xml/);
    const root = parseXml(file.body);
    expect(root.name).toBe('payoutExport');
    const rows = root.children.find((c) => c.name === 'rows')!.children;
    expect(rows).toHaveLength(7);
    const refs = rows.map((r) => r.children.find((c) => c.name === 'merchantReference')?.text);
    for (const o of orders) expect(refs).toContain(o.ref); // quotes and commas read back exactly
  });

  it('excel: a real xlsx whose sheet lists every row', async () => {
    const file = await download((await exportUrl('excel')).json().url);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const entries = readZip(file.rawPayload);
    const names = entries.map((e) => e.name);
    for (const part of ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']) expect(names).toContain(part);
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString('utf8');
    const sheetXml = parseXml(sheet);
    expect(sheetXml.name).toBe('worksheet');
    for (const o of orders) expect(sheet).toContain(o.uuid);
    expect(sheet).toContain(refundUuid);
    expect((sheet.match(/<row /g) ?? []).length).toBe(8); // header + 7
  });

  it('several downloads at once (more than the export workers) all complete, byte for byte the same', async () => {
    const url = (await exportUrl('csv')).json().url;
    const files = await Promise.all(Array.from({ length: 5 }, () => download(url)));
    for (const f of files) expect(f.statusCode).toBe(200);
    expect(new Set(files.map((f) => f.body)).size).toBe(1);
    expect(parseCsv(files[0]!.body)).toHaveLength(8);
  });

  it('links are signed, per format, and expire; another store cannot get one', async () => {
    const url = new URL((await exportUrl('csv')).json().url);
    const sig = url.searchParams.get('signature')!;
    const tampered = await t.app.inject({ method: 'GET', url: `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${sig.slice(0, -2)}AA` });
    expect(tampered.statusCode).toBe(403);
    const otherFormat = await t.app.inject({ method: 'GET', url: `${url.pathname.replace(/csv$/, 'json')}${url.search}` });
    expect(otherFormat.statusCode).toBe(403);
    const expired = await t.app.inject({ method: 'GET', url: `${url.pathname}?expires=${nowS() - 1}&signature=${sig}` });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('the link is not valid or has expired; ask for a new one');
    const other = await t.createStore();
    expect((await exportUrl('csv', other)).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: `/sandbox/api/stores/${s.id}/payouts/${payoutUuid}/export-pdf`, headers: t.bearer({ store: s }) });
    expect(bad.json()).toMatchObject({ statusCode: 400, message: 'payoutType must be one of excel, xml, json, csv' });
  });
});
