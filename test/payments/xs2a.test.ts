/**
 * Bank payments through the Berlin Group NextGenPSD2 XS2A connector against Kassa's XS2A
 * simulator, through the real app: the initiation the client sends (headers included), the
 * redirect to scaRedirect, ACSC → PAID with the payer in the order token and the notification,
 * RJCT → declined, a bank that answers too late (retried with the same X-Request-ID), a bank
 * still settling (the status poller resolves it), a shopper who never comes back, and the
 * simulator's X-Request-ID idempotency. Production: one configured bank, reached over mutual TLS.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fetch } from '../../src/platform/self-fetch.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { createOrder, merchantToken, readOrder, Shopper, text } from './hosted-pages/support.js';
import { PROCESSORS } from '../../src/payments/processors/index.js';
import { orderPayload } from '../support/payloads.js';

let t: TestApp;
let s: Shopper;
const sent: { method: string; url: string; headers: Record<string, string>; body: string | undefined; status?: number; answer?: unknown }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  s = new Shopper(t);
  // Record what the XS2A client sends to the sandbox's banks (and what they answer).
  const inner: Fetch = t.services.processorContext.fetch;
  t.services.processorContext.fetch = async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    // Recorded when sent; its answer is added when (if ever) it arrives.
    const entry: (typeof sent)[number] = { method: init?.method ?? 'GET', url: String(input), headers, body: typeof init?.body === 'string' ? init.body : undefined };
    sent.push(entry);
    const res = await inner(input, init);
    const answerText = await res.clone().text();
    entry.status = res.status;
    entry.answer = answerText ? JSON.parse(answerText) : undefined;
    return res;
  };
});
afterAll(async () => t.close());

const xs2aFamily = () => PROCESSORS.find((f) => f.definition.id === 'xs2a')!;
/** One pass of the status poller, as the worker role runs it (attempts of any age). */
const pollOnce = () => xs2aFamily().poll!(t.services.processorContext, [], { olderThanSeconds: 0, limit: 100 });

function bankOrder(amount: number, over: Record<string, unknown> = {}, methodOptions: Record<string, unknown> = {}) {
  return createOrder(t, { grandTotal: amount, payment: { method: 'paymentInitiation', amount, currency: 'EUR', methodOptions: { preferredCountry: 'EE', ...methodOptions } }, ...over });
}

/** Chooses the bank on Kassa's page: the 303 to the bank's SCA page. */
async function start(uuid: string, bank = 'HABAEE2X') {
  const page = await s.get(`/pay/${uuid}`);
  expect(page.statusCode, page.body).toBe(200);
  const started = await s.submit(page.body, { name: 'bank', value: bank });
  expect(started.statusCode, started.body).toBe(303);
  return started;
}

async function approve(uuid: string, fields: Record<string, string> = {}, bank = 'HABAEE2X') {
  const started = await start(uuid, bank);
  const sca = await s.get(String(started.headers.location));
  expect(sca.statusCode, sca.body).toBe(200);
  return s.submit(sca.body, 'approve', fields);
}

const notificationClaims = async (uuid: string) =>
  (await t.db.query<{ claims: Record<string, unknown> }>(`SELECT claims FROM notifications WHERE kind = 'order' AND subject_id = $1 ORDER BY created_at`, [uuid])).rows.map((r) => r.claims);

describe('XS2A bank payments in the sandbox', () => {
  it('initiates the payment at the bank as the Berlin Group defines it, and sends the shopper to its scaRedirect', async () => {
    const o = await bankOrder(10.5, {}, { paymentReference: '1234561', paymentDescription: 'Invoice 77' });
    sent.length = 0;
    const started = await start(o.uuid);
    const intentId = (await readOrder(t, o.uuid)).paymentIntents.at(-1)!;
    const init = sent.find((r) => r.method === 'POST')!;
    expect(init.url).toBe('http://kassa.test/simulators/xs2a/EE-HABAEE2X/v1/payments/sepa-credit-transfers');
    const id = (intentId as unknown as { uuid: string }).uuid;
    expect(init.headers).toMatchObject({
      'content-type': 'application/json',
      'x-request-id': id,
      'psu-ip-address': '127.0.0.1',
      'psu-accept-language': 'en',
      'tpp-redirect-preferred': 'true',
      'tpp-redirect-uri': `http://kassa.test/pay/${o.uuid}/return?lang=en&intent=${id}`,
      'tpp-nok-redirect-uri': `http://kassa.test/pay/${o.uuid}/return?lang=en&intent=${id}&result=nok`,
    });
    expect(init.headers.date).toMatch(/GMT$/);
    expect(JSON.parse(init.body!)).toEqual({
      instructedAmount: { currency: 'EUR', amount: '10.50' },
      creditorAccount: { iban: expect.stringMatching(/^EE\d{18}$/) },
      creditorName: 'Test shop',
      remittanceInformationUnstructured: 'Invoice 77',
      remittanceInformationStructured: { reference: '1234561', referenceType: 'SCOR' },
    });
    expect(init.status).toBe(201);
    const answer = init.answer as { transactionStatus: string; paymentId: string; _links: { scaRedirect: { href: string }; status: { href: string } } };
    expect(answer.transactionStatus).toBe('RCVD');
    expect(String(started.headers.location)).toBe(answer._links.scaRedirect.href);
    expect(answer._links.status.href).toBe(`http://kassa.test/simulators/xs2a/EE-HABAEE2X/v1/payments/sepa-credit-transfers/${answer.paymentId}/status`);
    const order = await readOrder(t, o.uuid);
    expect(order.paymentIntents.at(-1)).toMatchObject({ status: 'PENDING' });
    const { rows } = await t.db.query<{ processor: string; processor_reference: string }>('SELECT processor, processor_reference FROM payment_intents WHERE order_id = $1', [o.uuid]);
    expect(rows[0]).toEqual({ processor: 'xs2a', processor_reference: `EE-HABAEE2X:${answer.paymentId}` });
  });

  it('ACSC: the order is PAID with the payer the bank names, in the order token and the notification', async () => {
    const o = await bankOrder(12.34);
    sent.length = 0;
    const approved = await approve(o.uuid, { senderIban: 'EE38 2200 2210 2014 5685', senderName: 'Jaan Tamm' });
    expect(String(approved.headers.location)).toMatch(new RegExp(`^http://kassa.test/pay/${o.uuid}/return\\?lang=en&intent=`));
    const back = await s.get(String(approved.headers.location));
    const paid = { paymentStatus: 'PAID', senderIban: 'EE382200221020145685', senderName: 'Jaan Tamm', paymentProviderName: 'Swedbank' };
    expect(merchantToken(t, back)).toMatchObject({ uuid: o.uuid, ...paid });
    // Kassa asked the bank: the status, then the payment for its debtor.
    expect(sent.filter((r) => r.method === 'GET').map((r) => new URL(r.url).pathname.split('/').slice(-1)[0])).toEqual(['status', expect.any(String)]);
    expect(sent.find((r) => r.url.endsWith('/status'))!.answer).toEqual({ transactionStatus: 'ACSC' });
    expect(await notificationClaims(o.uuid)).toEqual([expect.objectContaining(paid)]);
    expect((await readOrder(t, o.uuid)).paymentIntents.at(-1)).toMatchObject({ status: 'PAID', paymentMethodMetadata: { preferredProvider: 'HABAEE2X', preferredCountry: 'EE' } });
  });

  it('RJCT after the shopper approved (amount cents .92): declined for lack of funds, the shopper may try again', async () => {
    const o = await bankOrder(10.92);
    const approved = await approve(o.uuid);
    const back = await s.get(String(approved.headers.location));
    expect(back.statusCode).toBe(303);
    expect(String(back.headers.location)).toBe(`http://kassa.test/pay/${o.uuid}?lang=en&retry=1`);
    const again = await s.get(String(back.headers.location));
    expect(text(again.body)).toContain('The payment was declined because of insufficient funds. No money was taken.');
    const order = await readOrder(t, o.uuid);
    expect(order.paymentStatus).toBe('PENDING');
    expect(order.paymentIntents.map((i) => i.status)).toEqual(['FAILED']);
    expect((await t.db.query<{ failure_reason: string }>('SELECT failure_reason FROM payment_intents WHERE order_id = $1', [o.uuid])).rows[0]!.failure_reason).toBe('INSUFFICIENT_FUNDS');
  });

  it('Decline on the bank page: RJCT through the TPP-Nok-Redirect-URI, declined', async () => {
    const o = await bankOrder(10.5);
    const started = await start(o.uuid);
    const sca = await s.get(String(started.headers.location));
    const declined = await s.submit(sca.body, 'decline');
    expect(String(declined.headers.location)).toContain('&result=nok');
    const back = await s.get(String(declined.headers.location));
    expect(String(back.headers.location)).toBe(`http://kassa.test/pay/${o.uuid}?lang=en&retry=1`);
    expect((await readOrder(t, o.uuid)).paymentIntents.map((i) => i.status)).toEqual(['FAILED']);
  });

  it('a bank that does not answer the initiation in time (amount cents .91): retried with the same X-Request-ID, one payment', async () => {
    const o = await bankOrder(10.91);
    sent.length = 0;
    const t0 = performance.now();
    const started = await start(o.uuid);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(1900);
    const posts = sent.filter((r) => r.method === 'POST');
    // The first call timed out in the client; the retry carried the same X-Request-ID and body, and got the same payment.
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['x-request-id']).toBe(posts[0]!.headers['x-request-id']);
    expect(posts[1]!.body).toBe(posts[0]!.body);
    const { rows } = await t.db.query<{ payment_id: string; x_request_id: string }>('SELECT payment_id, x_request_id FROM xs2a_sim_payments WHERE order_id = $1', [o.uuid]);
    expect(rows).toHaveLength(1);
    expect(posts[1]!.headers['x-request-id']).toBe(rows[0]!.x_request_id);
    expect(posts[1]!.status).toBe(201);
    expect((posts[1]!.answer as { paymentId: string }).paymentId).toBe(rows[0]!.payment_id);
    expect(String(started.headers.location)).toContain(rows[0]!.payment_id);
    const sca = await s.get(String(started.headers.location));
    const back = await s.get(String((await s.submit(sca.body, 'approve')).headers.location));
    expect(merchantToken(t, back).paymentStatus).toBe('PAID');
  });

  it('a bank still settling after the redirect (amount cents .93): the shopper is told, the status poller records ACSC', async () => {
    const o = await bankOrder(10.93);
    const approved = await approve(o.uuid, { senderName: 'Mari Maasikas' });
    const back = await s.get(String(approved.headers.location));
    expect(back.statusCode).toBe(200);
    expect(text(back.body)).toContain('Your bank is confirming the payment');
    const links = [...back.body.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(links).toContain(String(approved.headers.location));
    expect((await readOrder(t, o.uuid)).paymentStatus).toBe('PENDING');
    expect(await notificationClaims(o.uuid)).toEqual([]);

    expect(await pollOnce()).toBeGreaterThanOrEqual(1);
    expect((await readOrder(t, o.uuid)).paymentStatus).toBe('PAID');
    expect(await notificationClaims(o.uuid)).toEqual([expect.objectContaining({ paymentStatus: 'PAID', senderName: 'Mari Maasikas' })]);
    // The shopper checking again now goes on to the merchant, paid.
    expect(merchantToken(t, await s.get(links.find((l) => l.includes('/return'))!)).paymentStatus).toBe('PAID');
    // Another pass records nothing more.
    const again = await pollOnce();
    expect((await readOrder(t, o.uuid)).paymentIntents.map((i) => i.status)).toEqual(['PAID']);
    expect(again).toBe(0);
  });

  it('a shopper who approves and never comes back: the status poller records the payment', async () => {
    const o = await bankOrder(10.5);
    await approve(o.uuid, { senderName: 'Lost Shopper' });
    expect((await readOrder(t, o.uuid)).paymentStatus).toBe('PENDING');
    await pollOnce();
    expect((await readOrder(t, o.uuid)).paymentStatus).toBe('PAID');
    expect(await notificationClaims(o.uuid)).toEqual([expect.objectContaining({ paymentStatus: 'PAID', senderName: 'Lost Shopper' })]);
  });

  it('cancel at the bank: CANC, the shopper returns to the merchant with a PENDING token', async () => {
    const o = await bankOrder(10.5);
    const started = await start(o.uuid);
    const sca = await s.get(String(started.headers.location));
    const res = await s.follow(await s.submit(sca.body, 'cancel'));
    expect(merchantToken(t, res).paymentStatus).toBe('PENDING');
    expect((await readOrder(t, o.uuid)).paymentIntents.map((i) => i.status)).toEqual(['CANCELED']);
  });

  it('the simulator: a repeated X-Request-ID answers the same payment; with another body it is refused; Berlin Group errors', async () => {
    const o = await bankOrder(10.5);
    const url = '/simulators/xs2a/LV-HABALV22/v1/payments/sepa-credit-transfers';
    const requestId = randomUUID();
    const headers = { 'content-type': 'application/json', 'x-request-id': requestId, 'psu-ip-address': '192.0.2.1', 'tpp-redirect-uri': `http://kassa.test/pay/${o.uuid}/return?lang=lv` };
    const body = {
      instructedAmount: { currency: 'EUR', amount: '10.50' },
      creditorAccount: { iban: 'LV80BANK0000435195001' },
      creditorName: 'Test shop',
      remittanceInformationUnstructured: 'ORDER 1',
    };
    const first = await t.app.inject({ method: 'POST', url, headers, payload: body });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['aspsp-sca-approach']).toBe('REDIRECT');
    const again = await t.app.inject({ method: 'POST', url, headers, payload: { ...body } });
    expect(again.statusCode).toBe(201);
    expect(again.json().paymentId).toBe(first.json().paymentId);
    const other = await t.app.inject({ method: 'POST', url, headers, payload: { ...body, instructedAmount: { currency: 'EUR', amount: '99.00' } } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: `X-Request-ID ${requestId} was already used for another payment` }] });

    const noRedirect = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'x-request-id': randomUUID(), 'tpp-redirect-uri': '' }, payload: body });
    expect(noRedirect.statusCode).toBe(400);
    expect(noRedirect.json().tppMessages[0].code).toBe('FORMAT_ERROR');
    const elsewhere = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'x-request-id': randomUUID(), 'tpp-redirect-uri': 'https://evil.example/x' }, payload: body });
    expect(elsewhere.statusCode).toBe(400);
    const badBody = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'x-request-id': randomUUID() }, payload: { ...body, creditorAccount: { iban: 'LV00' } } });
    expect(badBody.json().tppMessages[0]).toMatchObject({ category: 'ERROR', code: 'FORMAT_ERROR', text: 'creditorAccount.iban must be a valid IBAN' });
    const pln = await t.app.inject({
      method: 'POST',
      url: '/simulators/xs2a/PL-BPKOPLPW/v1/payments/sepa-credit-transfers',
      headers: { ...headers, 'x-request-id': randomUUID() },
      payload: { ...body, instructedAmount: { currency: 'PLN', amount: '10.50' } },
    });
    expect(pln.statusCode).toBe(403);
    expect(pln.json().tppMessages[0].code).toBe('PRODUCT_INVALID');
    const unknown = await t.app.inject({ method: 'GET', url: `${url}/${randomUUID()}/status` });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
    const malformed = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'x-request-id': randomUUID() }, payload: '{"instructedAmount":' });
    expect(malformed.statusCode).toBe(400);
    const status = await t.app.inject({ method: 'GET', url: `${url}/${first.json().paymentId}/status` });
    expect(status.json()).toEqual({ transactionStatus: 'RCVD' });
  });

  it('PLN: a Polish bank through the domestic product', async () => {
    const o = await createOrder(t, orderPayload({ grandTotal: 25, currency: 'PLN', payment: { method: 'paymentInitiation', amount: 25, currency: 'PLN', methodOptions: { preferredCountry: 'PL' } } }));
    sent.length = 0;
    const back = await s.get(String((await approve(o.uuid, {}, 'BPKOPLPW')).headers.location));
    expect(sent[0]!.url).toBe('http://kassa.test/simulators/xs2a/PL-BPKOPLPW/v1/payments/domestic');
    expect(merchantToken(t, back)).toMatchObject({ paymentStatus: 'PAID', senderIban: expect.stringMatching(/^PL/) });
  });

  it('refunds: a SEPA credit transfer reference; the sandbox refund magic keeps working', async () => {
    const adapter = (await t.services.processors.byId('xs2a', 'sandbox'))!;
    const refundId = '01900000-0000-7000-8000-00000000abcd';
    await expect(adapter.refund({ refundId, paymentReference: 'EE-HABAEE2X:x', amountMinor: 500, currency: 'EUR', attempt: 1 })).resolves.toEqual({
      kind: 'succeeded',
      processorReference: 'sct_0190000000007000800000000000abcd',
    });
    await expect(adapter.refund({ refundId, paymentReference: 'EE-HABAEE2X:x', amountMinor: 551, currency: 'EUR', attempt: 1 })).resolves.toMatchObject({ kind: 'rejected', description: 'DECLINED' });
    await expect(adapter.refund({ refundId, paymentReference: 'EE-HABAEE2X:x', amountMinor: 557, currency: 'EUR', attempt: 1 })).resolves.toMatchObject({ kind: 'unavailable' });
  });
});

describe('XS2A in production: the configured banks only, over mutual TLS', () => {
  let dir: string;
  let bank: https.Server;
  let port: number;
  const received: { path: string; headers: Record<string, string | string[] | undefined>; body: string; clientCn: string | undefined }[] = [];

  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-xs2a-'));
    const p = (f: string) => path.join(dir, f);
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      p('bank.key'),
      '-out',
      p('bank.crt'),
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    );
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', p('tpp.key'), '-out', p('tpp.crt'), '-days', '1', '-subj', '/CN=Kassa TPP QWAC');
    bank = https.createServer({ key: fs.readFileSync(p('bank.key')), cert: fs.readFileSync(p('bank.crt')), requestCert: true, rejectUnauthorized: false }, (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const peer = (req.socket as import('node:tls').TLSSocket).getPeerCertificate();
        const cn = peer?.subject?.CN;
        received.push({ path: req.url ?? '', headers: req.headers, body, clientCn: Array.isArray(cn) ? cn[0] : cn });
        res.writeHead(201, { 'content-type': 'application/json', 'aspsp-sca-approach': 'REDIRECT' });
        res.end(JSON.stringify({ transactionStatus: 'RCVD', paymentId: 'fe9564bc-02d6', _links: { scaRedirect: { href: 'https://online.bank.example/sca?paymentId=fe9564bc-02d6' } } }));
      });
    });
    await new Promise<void>((resolve) => bank.listen(0, '127.0.0.1', resolve));
    port = (bank.address() as net.AddressInfo).port;
    await t.services.connectors.set(
      'xs2a',
      'LV-HABALV22',
      {
        country: 'LV',
        bankCode: 'HABALV22',
        baseUrl: `https://localhost:${port}/xs2a`,
        paymentProduct: 'sepa-credit-transfers',
        creditor: { iban: 'LV80BANK0000435195001', name: 'Kassa Operator SIA' },
        signing: null,
      },
      { tlsCertPem: fs.readFileSync(p('tpp.crt'), 'utf8'), tlsKeyPem: fs.readFileSync(p('tpp.key'), 'utf8'), bankCaPem: fs.readFileSync(p('bank.crt'), 'utf8') },
    );
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (bank ? bank.close(() => resolve()) : resolve()));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('GET /stores/payment-methods lists only the configured bank', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: t.bearer({ env: 'production' }) });
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json().paymentMethods.paymentInitiation.setup as Record<string, { paymentMethods: { code: string }[] }>;
    expect(Object.keys(setup)).toEqual(['LV']);
    expect(setup.LV!.paymentMethods.map((b) => b.code)).toEqual(['HABALV22']);
    expect(res.json().paymentMethods.paymentInitiation.processor).toBe('xs2a');
  });

  it('begin reaches the configured bank with the TPP certificate (never the simulator) and sends the shopper to its SCA page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        data: t.token(orderPayload({ payment: { method: 'paymentInitiation', amount: 10.5, currency: 'EUR', methodOptions: { preferredCountry: 'LV', preferredProvider: 'HABALV22' } } }), {
          env: 'production',
        }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { uuid } = res.json() as { uuid: string };
    const simulatorRows = await t.db.query('SELECT count(*)::int AS n FROM xs2a_sim_payments');
    const go = await s.get(`/pay/${uuid}`);
    expect(go.statusCode, go.body).toBe(303);
    expect(String(go.headers.location)).toBe('https://online.bank.example/sca?paymentId=fe9564bc-02d6');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ path: '/xs2a/v1/payments/sepa-credit-transfers', clientCn: 'Kassa TPP QWAC' });
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      creditorAccount: { iban: 'LV80BANK0000435195001' },
      creditorName: 'Kassa Operator SIA',
      instructedAmount: { currency: 'EUR', amount: '10.50' },
    });
    expect(received[0]!.headers['tpp-redirect-uri']).toMatch(new RegExp(`^http://kassa.test/pay/${uuid}/return\\?`));
    expect((await t.db.query('SELECT count(*)::int AS n FROM xs2a_sim_payments')).rows).toEqual(simulatorRows.rows);
    const { rows } = await t.db.query<{ processor_reference: string }>('SELECT processor_reference FROM payment_intents WHERE order_id = $1', [uuid]);
    expect(rows[0]!.processor_reference).toBe('LV-HABALV22:fe9564bc-02d6');
  });

  it('a connector pointing at Kassa itself or over http is refused', () => {
    const kind = xs2aFamily().connector!;
    const base = { country: 'LV', bankCode: 'HABALV22', paymentProduct: 'sepa-credit-transfers', creditor: { iban: 'LV80BANK0000435195001', name: 'K' }, signing: null };
    const secrets = { tlsCertPem: 'x', tlsKeyPem: 'y' };
    expect(kind.check!({ ...base, baseUrl: 'http://bank.example/xs2a' }, secrets)).toMatch(/https/);
    expect(kind.check!({ ...base, baseUrl: 'https://kassa.test/simulators/xs2a/LV-HABALV22' }, secrets)).toMatch(/simulator/);
    expect(kind.check!({ ...base, baseUrl: 'https://psd2.swedbank.lv/xs2a' }, secrets)).toBeUndefined();
    expect(kind.nameOf({ ...base, baseUrl: 'https://psd2.swedbank.lv/xs2a' })).toBe('LV-HABALV22');
  });
});
