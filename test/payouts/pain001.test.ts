/**
 * Money out as pain.001 files through the real app, on each database: a payout batch and the
 * bank-payment refunds, each validated against the EPC's XSD (xmllint), and every amount and the
 * control sum checked against the payout and ledger rows read here with SQL of their own (not
 * through the writer or its queries).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/platform/money.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { describeXsd, xsdErrors } from '../support/xmllint.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

async function pay(store: CreatedStore, amount: number, method = 'cardPayments', currency = 'EUR', payer: Record<string, string> = {}) {
  const methodOptions = method === 'paymentInitiation' ? { preferredCountry: 'EE' } : undefined;
  const payload = orderPayload({ grandTotal: amount, currency, payment: { method, amount, currency, ...(methodOptions ? { methodOptions } : {}) } });
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(payload, { store }) } });
  expect(res.statusCode).toBe(201);
  const uuid = res.json().uuid as string;
  const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${uuid}/pay`, headers: t.bearer({ store }), payload: payer });
  expect(paid.statusCode).toBe(200);
  return { uuid, ref: payload.merchantReference as string };
}
const runPayouts = async (store: CreatedStore) =>
  (await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/payouts/run', headers: t.bearer({ store }), payload: {} })).json().payouts as { uuid: string; currency: string }[];
async function refund(store: CreatedStore, orderUuid: string, amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/api/refunds',
    payload: { data: t.token({ orderUuid, amount, idempotencyKey: `r-${Math.random()}`, iat: Math.floor(Date.now() / 1000) }, { store }) },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.services.refunds.drain();
  return res.json().uuid as string;
}

/** The file's transfers as read from the XML: EndToEndId → amount (minor units), creditor name and IBAN. */
function transfersOf(xml: string): Map<string, { minor: number; ccy: string; name: string; iban: string; ustrd: string | undefined }> {
  const out = new Map<string, { minor: number; ccy: string; name: string; iban: string; ustrd: string | undefined }>();
  for (const block of xml.split('<CdtTrfTxInf>').slice(1)) {
    const e2e = /<EndToEndId>([^<]+)</.exec(block)![1]!;
    const [, ccy, amount] = /<InstdAmt Ccy="([A-Z]{3})">([^<]+)</.exec(block)!;
    const parsed = parseAmount(amount!);
    if (!parsed.ok) throw new Error(amount);
    out.set(e2e, { minor: parsed.minor, ccy: ccy!, name: /<Cdtr><Nm>([^<]+)</.exec(block)![1]!, iban: /<CdtrAcct><Id><IBAN>([^<]+)</.exec(block)![1]!, ustrd: /<Ustrd>([^<]+)</.exec(block)?.[1] });
  }
  return out;
}
const minorOf = (s: string) => {
  const r = parseAmount(s);
  if (!r.ok) throw new Error(s);
  return r.minor;
};
const tag = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
const e2e = (uuid: string) => uuid.replace(/-/g, '');

describeXsd('GET /operator/payouts/pain001: a payout batch', () => {
  let latvian: CreatedStore;
  let plain: CreatedStore;
  let date: string;
  beforeAll(async () => {
    latvian = await t.createStore({ name: 'Rīgas piens' });
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/operator/stores/${latvian.id}`,
      headers: admin,
      payload: { payoutAccount: { iban: 'LV80 BANK 0000 4351 9500 1', accountName: 'Rīgas Piens SIA & Co' } },
    });
    expect(set.statusCode).toBe(200);
    plain = await t.createStore({ name: 'Łódź Sklep' }); // no payout account: the sandbox's sample one
    for (const [s, amount, method, currency] of [
      [latvian, 100, 'cardPayments', 'EUR'],
      [latvian, 33.33, 'paymentInitiation', 'EUR'],
      [latvian, 80, 'blik', 'PLN'],
      [plain, 12.34, 'cardPayments', 'EUR'],
      [plain, 7.01, 'bnpl', 'EUR'],
    ] as const)
      await pay(s, amount, method, currency);
    expect(await runPayouts(latvian)).toHaveLength(3);
    expect(await runPayouts(plain)).toHaveLength(2);
    date = (await t.db.query<{ d: string }>(`SELECT to_char(max(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d FROM payouts`)).rows[0]!.d;
  });

  it('validates against the EPC XSD; each amount and the control sum are the ledger payouts of that date', async () => {
    const res = await get(`/operator/payouts/pain001?env=sandbox&date=${date}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xsdErrors(xml)).toEqual([]);

    // The payouts and their ledger postings, read independently of the writer's queries.
    const { rows } = await t.db.query<{ id: string; currency: string; total: string; ledger: string; iban: string }>(
      `SELECT p.id, p.currency, p.total_amount::text AS total, p.iban,
              (SELECT sum(e.amount) FROM ledger_transactions lt JOIN ledger_entries e ON e.transaction_id = lt.id
                WHERE lt.payout_id = p.id AND lt.kind = 'payout' AND e.account = 'bank')::text AS ledger
         FROM payouts p WHERE p.env = 'sandbox' AND (p.created_at AT TIME ZONE 'UTC')::date = $1::date`,
      [date],
    );
    const eur = rows.filter((r) => r.currency === 'EUR');
    expect(eur.length).toBe(4);
    const file = transfersOf(xml);
    expect([...file.keys()].sort()).toEqual(eur.map((r) => e2e(r.id)).sort());
    for (const r of eur) {
      const f = file.get(e2e(r.id))!;
      expect(f.minor).toBe(Number(r.total));
      expect(Math.abs(Number(r.ledger))).toBe(f.minor); // the money that left for the store's bank in the ledger
      expect(f).toMatchObject({ ccy: 'EUR', iban: r.iban, ustrd: expect.stringContaining(`Kassa payout ${r.id}`) });
    }
    const total = eur.reduce((s, r) => s + Number(r.total), 0);
    expect(tag(xml, 'CtrlSum').map(minorOf)).toEqual([total, total]);
    expect(tag(xml, 'NbOfTxs')).toEqual(['4', '4']);
    expect(res.headers).toMatchObject({ 'x-kassa-transactions': '4', 'x-kassa-excluded': '1', 'x-kassa-excluded-ids': rows.find((r) => r.currency === 'PLN')!.id });
    expect(minorOf(res.headers['x-kassa-control-sum'] as string)).toBe(total);
    // No PLN in a SEPA file; names in the EPC set; the sandbox's sample debtor.
    expect(xml).not.toContain('PLN');
    expect(tag(xml, 'Nm')).toEqual(expect.arrayContaining(['Kassa Sandbox Settlement', 'Rigas Piens SIA + Co', 'Lodz Sklep']));
    expect(xml).toContain('<DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>');
    expect(xml).toContain('<BICFI>COBADEFFXXX</BICFI>');
    expect(tag(xml, 'ReqdExctnDt')).toEqual([]); // (a nested element; checked as text below)
    expect(xml).toMatch(/<ReqdExctnDt><Dt>\d{4}-\d\d-\d\d<\/Dt><\/ReqdExctnDt>/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${res.headers['x-kassa-message-id']}.xml"`);

    // The same batch is the same message: a bank refuses the second upload of a MsgId.
    const again = await get(`/operator/payouts/pain001?env=sandbox&date=${date}`);
    expect(again.headers['x-kassa-message-id']).toBe(res.headers['x-kassa-message-id']);
    expect(tag(again.body, 'MsgId')).toEqual([res.headers['x-kassa-message-id']]);
  });

  it('by ids: those payouts only; one in PLN is a 400, an unknown one a 404', async () => {
    const { rows } = await t.db.query<{ id: string; currency: string; total: string }>(`SELECT id, currency, total_amount::text AS total FROM payouts WHERE store_id = $1 ORDER BY created_at, id`, [
      latvian.id,
    ]);
    const eur = rows.filter((r) => r.currency === 'EUR');
    const pln = rows.find((r) => r.currency === 'PLN')!;
    const res = await get(`/operator/payouts/pain001?env=sandbox&ids=${eur.map((r) => r.id).join(',')}&executionDate=2999-01-04`);
    expect(res.statusCode).toBe(200);
    expect(xsdErrors(res.body)).toEqual([]);
    expect([...transfersOf(res.body).entries()].map(([k, v]) => [k, v.minor]).sort()).toEqual(eur.map((r) => [e2e(r.id), Number(r.total)]).sort());
    expect(res.body).toContain('<ReqdExctnDt><Dt>2999-01-04</Dt></ReqdExctnDt>');
    expect(res.headers['x-kassa-message-id']).toMatch(/^KASSA-PO-29990104-[0-9A-F]{10}$/);

    const withPln = await get(`/operator/payouts/pain001?env=sandbox&ids=${eur[0]!.id},${pln.id}`);
    expect(withPln.statusCode).toBe(400);
    expect(withPln.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `these payouts cannot go in a SEPA file: ${pln.id}: PLN is not SEPA (EUR only); pay it outside this file`,
      code: 'KASSA_ERR_BAD_REQUEST',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_BAD_REQUEST',
    });
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    const missing = await get(`/operator/payouts/pain001?env=sandbox&ids=${eur[0]!.id},${unknown}`);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Payout ${unknown} of sandbox not found`,
      code: 'KASSA_ERR_NOT_FOUND',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_NOT_FOUND',
    });
    // Another environment's payout is not found either.
    expect((await get(`/operator/payouts/pain001?env=production&ids=${eur[0]!.id}`)).statusCode).toBe(409); // production has no settlement account here
  });

  it.each([
    ['env=sandbox', 400, 'date is required: name a date or payout ids, not both'],
    ['env=sandbox&date=2026-01-01&ids=0190a0a0-0000-7000-8000-000000000000', 400, 'ids is required: name a date or payout ids, not both'],
    ['env=sandbox&date=2026-02-30', 400, 'date must be a date YYYY-MM-DD'],
    ['env=sandbox&ids=abc', 400, 'ids must be UUIDs separated by commas ("abc" is not)'],
    ['env=test&date=2026-01-01', 400, 'env must be one of sandbox, production'],
    ['env=sandbox&date=2026-01-01&executionDate=2000-01-01', 400, /^executionDate must be today \(\d{4}-\d\d-\d\d\) or later$/],
    ['env=sandbox&date=1999-01-01', 404, 'EUR payouts of sandbox made on 1999-01-01 not found'],
  ] as const)('?%s → %i', async (query, status, message) => {
    const res = await get(`/operator/payouts/pain001?${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'docUrl', 'error', 'message', 'statusCode']);
  });

  it('production names the settlement account from KASSA_SETTLEMENT_*, and without it answers 409 naming the settings', async () => {
    const s = await t.createStore();
    const ok = await t.app.inject({ method: 'PATCH', url: `/operator/stores/${s.id}`, headers: admin, payload: { payoutAccount: { iban: 'EE471000001020145685', accountName: 'Näidis OÜ' } } });
    expect(ok.statusCode).toBe(200);
    const { postTransaction } = await import('../../src/ledger/store.js');
    const { uuid } = await pay(s, 10);
    const when = new Date();
    await postTransaction(t.db, { storeId: s.id, env: 'production', channel: 'cardPayments', currency: 'EUR', kind: 'payment', amountMinor: 123456, orderId: uuid, occurredAt: when, settlesAt: when });
    const [made] = await t.services.payouts.run({ storeId: s.id, env: 'production' });
    const day = made!.created_at.toISOString().slice(0, 10);

    const saved = { iban: process.env.KASSA_SETTLEMENT_IBAN, name: process.env.KASSA_SETTLEMENT_NAME, bic: process.env.KASSA_SETTLEMENT_BIC };
    try {
      delete process.env.KASSA_SETTLEMENT_IBAN;
      delete process.env.KASSA_SETTLEMENT_NAME;
      delete process.env.KASSA_SETTLEMENT_BIC;
      const refused = await get(`/operator/payouts/pain001?env=production&date=${day}`);
      expect(refused.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: "production pain.001 files need the operator's settlement account: set KASSA_SETTLEMENT_IBAN and KASSA_SETTLEMENT_NAME (and optionally KASSA_SETTLEMENT_BIC) on the server",
        code: 'KASSA_ERR_NOT_CONFIGURED',
        docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_NOT_CONFIGURED',
      });
      process.env.KASSA_SETTLEMENT_IBAN = 'EE38 2200 2210 2014 5686';
      process.env.KASSA_SETTLEMENT_NAME = 'Kassa Operations OÜ';
      expect((await get(`/operator/payouts/pain001?env=production&date=${day}`)).json().message).toBe('KASSA_SETTLEMENT_IBAN is not a valid IBAN; fix it on the server');
      process.env.KASSA_SETTLEMENT_IBAN = 'EE38 2200 2210 2014 5685';
      const res = await get(`/operator/payouts/pain001?env=production&date=${day}`);
      expect(res.statusCode).toBe(200);
      expect(xsdErrors(res.body)).toEqual([]);
      expect(res.body).toContain('<Dbtr><Nm>Kassa Operations OU</Nm></Dbtr>');
      expect(res.body).toContain('<DbtrAcct><Id><IBAN>EE382200221020145685</IBAN></Id></DbtrAcct>');
      expect(res.body).toContain('<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>');
      const { rows } = await t.db.query<{ id: string; total: string }>(
        `SELECT id, total_amount::text AS total FROM payouts WHERE env = 'production' AND (created_at AT TIME ZONE 'UTC')::date = $1::date`,
        [day],
      );
      const file = transfersOf(res.body);
      expect(file.size).toBe(rows.length);
      for (const r of rows) expect(file.get(e2e(r.id))?.minor).toBe(Number(r.total));
      expect(file.get(e2e(made!.id))).toMatchObject({ minor: made!.total_amount, name: 'Naidis OU', iban: 'EE471000001020145685' });
      expect(tag(res.body, 'CtrlSum').map(minorOf)[0]).toBe(rows.reduce((sum, r) => sum + Number(r.total), 0));
    } finally {
      for (const [k, v] of [
        ['KASSA_SETTLEMENT_IBAN', saved.iban],
        ['KASSA_SETTLEMENT_NAME', saved.name],
        ['KASSA_SETTLEMENT_BIC', saved.bic],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});

describeXsd('bank-payment refunds as pain.001', () => {
  let s: CreatedStore;
  const refunds: { id: string; iban: string; name: string; minor: number }[] = [];
  beforeAll(async () => {
    s = await t.createStore({ name: 'Refund shop', bankRefundsEnabled: true });
    for (const [amount, iban, name, back] of [
      [50, 'LT12 1000 0111 0100 1000', 'Žydrūnas Šimkūnas', 12.34],
      [20, 'PL61 1090 1014 0000 0712 1981 2874', 'Łukasz Wąsowski', 20],
      [30, 'EE38 2200 2210 2014 5685', "Mari-Liis O'Neill", 0.05],
    ] as const) {
      const o = await pay(s, amount, 'paymentInitiation', 'EUR', { senderIban: iban, senderName: name });
      const id = await refund(s, o.uuid, back);
      refunds.push({ id, iban: iban.replace(/ /g, ''), name, minor: Math.round(back * 100) });
    }
    const card = await pay(s, 40);
    await refund(s, card.uuid, 5); // a card refund: the processor paid it, never in a pain.001 file
    const { rows } = await t.db.query<{ status: string }>(`SELECT status FROM refunds WHERE store_id = $1`, [s.id]);
    expect(rows.map((r) => r.status)).toEqual(['SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL']);
  });

  it('POST writes the refunds not yet in a file, pays each back to the payer, records it; the next POST has none', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/operator/refunds/pain001', headers: admin, payload: { env: 'sandbox' } });
    expect(res.statusCode).toBe(200);
    expect(xsdErrors(res.body)).toEqual([]);
    const file = transfersOf(res.body);
    // Independently: the successful refunds of bank-paid orders, their amounts and the orders' payers.
    const { rows } = await t.db.query<{ id: string; amount: string; sender_iban: string }>(
      `SELECT r.id, r.amount::text AS amount, o.sender_iban FROM refunds r JOIN orders o ON o.id = r.order_id
        WHERE r.env = 'sandbox' AND r.status = 'SUCCESSFUL' AND o.payment_method = 'paymentInitiation'`,
    );
    expect([...file.keys()].sort()).toEqual(rows.map((r) => e2e(r.id)).sort());
    for (const r of rows) expect(file.get(e2e(r.id))).toMatchObject({ minor: Number(r.amount), iban: r.sender_iban.replace(/\s/g, '').toUpperCase(), ccy: 'EUR' }); // stored as the payer typed it
    for (const r of refunds) {
      expect(e2e(r.id)).toHaveLength(32);
      expect(file.get(e2e(r.id))).toMatchObject({ minor: r.minor, iban: r.iban });
    }
    expect(file.get(e2e(refunds[0]!.id))!.name).toBe('Zydrunas Simkunas');
    expect(file.get(e2e(refunds[1]!.id))!.name).toBe('Lukasz Wasowski');
    expect(file.get(e2e(refunds[2]!.id))!.name).toBe('Mari-Liis O&apos;Neill');
    expect(file.get(e2e(refunds[0]!.id))!.ustrd).toMatch(/^Refund ORDER-[0-9a-f]{8} Refund shop$/);
    const total = rows.reduce((sum, r) => sum + Number(r.amount), 0);
    expect(tag(res.body, 'CtrlSum').map(minorOf)).toEqual([total, total]);
    const fileId = res.headers['x-kassa-file-id'] as string;
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);

    const again = await t.app.inject({ method: 'POST', url: '/operator/refunds/pain001', headers: admin, payload: { env: 'sandbox' } });
    expect(again.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Bank-payment refunds of sandbox not yet in a pain.001 file not found',
      code: 'KASSA_ERR_NOT_FOUND',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_NOT_FOUND',
    });
    const stored = await get(`/operator/pain001-files/${fileId}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.body).toBe(res.body);
    expect(stored.headers['x-kassa-message-id']).toBe(res.headers['x-kassa-message-id']);
    expect((await get('/operator/pain001-files/nope')).json().message).toBe('fileId must be a UUID');
    expect((await get('/operator/pain001-files/0190a0a0-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });

  it('two exports at once never put a refund in both files', async () => {
    const o = await pay(s, 60, 'paymentInitiation', 'EUR', { senderIban: 'FI21 1234 5600 0007 85', senderName: 'Äijä Möttönen' });
    const id = await refund(s, o.uuid, 6.5);
    const both = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/operator/refunds/pain001', headers: admin, payload: { env: 'sandbox' } })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    const ok = both.find((r) => r.statusCode === 200)!;
    expect([...transfersOf(ok.body).keys()]).toEqual([e2e(id)]);
    expect(transfersOf(ok.body).get(e2e(id))).toMatchObject({ minor: 650, name: 'Aija Mottonen' });
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pain001_file_items WHERE item_id = $1`, [id]);
    expect(rows[0]!.n).toBe(1);
  });

  it('GET by the date range they succeeded in: all of them (a report, nothing recorded), validated', async () => {
    const { rows } = await t.db.query<{ d: string }>(`SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d FROM refunds WHERE store_id = $1 ORDER BY 1`, [s.id]);
    const from = rows[0]!.d;
    const to = rows[rows.length - 1]!.d;
    const res = await get(`/operator/refunds/pain001?env=sandbox&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(xsdErrors(res.body)).toEqual([]);
    const keys = [...transfersOf(res.body).keys()];
    for (const r of refunds) expect(keys).toContain(e2e(r.id));
    expect(res.headers['x-kassa-file-id']).toBeUndefined();
    expect((await get(`/operator/refunds/pain001?env=sandbox&from=${to}&to=1999-01-01`)).json().message).toBe('to must not be before from');
    expect((await get('/operator/refunds/pain001?env=sandbox')).json().message).toBe('from is required; to is required');
  });
});

describeXsd('kassa payouts pain001 | refunds-pain001 (the CLI)', () => {
  const ROOT = path.resolve(import.meta.dirname, '../..');
  let url: string;
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const kassa = (args: string[], cwd: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'bin/kassa.js'), ...args], { cwd, env: { ...process.env, KASSA_URL: url, KASSA_ADMIN_TOKEN: ADMIN_TOKEN } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('saves the batch file whole, says what it holds, and refuses bad usage with 2', async () => {
    const s = await t.createStore();
    await pay(s, 21.5);
    const [p] = await runPayouts(s);
    const { rows } = await t.db.query<{ d: string; total: string }>(`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d, total_amount::text AS total FROM payouts WHERE id = $1`, [
      p!.uuid,
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-pain001-'));
    try {
      const out = path.join(dir, 'batch.xml');
      const r = await kassa(['payouts', 'pain001', '--env', 'sandbox', '--ids', p!.uuid, '--out', out, '--json'], dir);
      expect(r.stderr).toContain('preparing the pain.001 file');
      expect(r.code).toBe(0);
      const summary = JSON.parse(r.stdout);
      expect(summary).toMatchObject({ transactions: 1, currency: 'EUR', excluded: 0, file: out, fileId: null });
      expect(minorOf(summary.controlSum)).toBe(Number(rows[0]!.total));
      const xml = fs.readFileSync(out, 'utf8');
      expect(xsdErrors(xml)).toEqual([]);
      expect(transfersOf(xml).get(e2e(p!.uuid))?.minor).toBe(Number(rows[0]!.total));
      expect(fs.readdirSync(dir)).toEqual(['batch.xml']); // no .part left behind

      const byDate = await kassa(['payouts', 'pain001', '--env', 'sandbox', '--date', rows[0]!.d], dir);
      expect(byDate.code).toBe(0);
      expect(byDate.stdout).toMatch(/^\/.+\/KASSA-PO-\d{8}-[0-9A-F]{10}\.xml \(\d+ transfers?, EUR \d+\.\d\d, MsgId KASSA-PO-/);

      const both = await kassa(['payouts', 'pain001', '--date', '2026-01-01', '--ids', p!.uuid], dir);
      expect(both.code).toBe(2);
      const refused = await kassa(['payouts', 'pain001', '--env', 'sandbox', '--date', '1999-01-01'], dir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('404 EUR payouts of sandbox made on 1999-01-01 not found');
      const none = await kassa(['payouts', 'refunds-pain001', '--env', 'sandbox', '--new', '--out', '-'], dir);
      expect([0, 1]).toContain(none.code); // 1 when every bank refund is already in a file
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
