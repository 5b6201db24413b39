/**
 * Request bodies and their limits, over a real socket (app.listen, not inject): a body over the
 * limit is a 413 in the spec's shape naming the limit, the connection is answered and then closed
 * without a reset, and the documented order limits (1,000 line items) fit the token and the body.
 */
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { BODY_LIMIT_BYTES, LINGER_IDLE_MS } from '../../src/platform/body-limit.js';
import { MAX_LINE_ITEMS } from '../../src/payments/orders/schema.js';
import { MAX_TOKEN_LENGTH, peek } from '../../src/platform/jwt.js';
import { ApiError } from '../../src/platform/errors.js';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

interface Seen {
  status: number | undefined;
  head: string;
  body: string;
  error: string | undefined;
}

/**
 * A client on a slow link: sends the head, then the body in 64 KiB pieces (chunked or not), each
 * after the last drained, with a pause between them, and reads whatever comes back until the
 * server closes. It reports the first answer and any socket error (ECONNRESET, EPIPE).
 */
function slowRequest(head: string, body: Buffer, opts: { chunked?: boolean; pauseMs?: number } = {}): Promise<Seen> {
  return new Promise((resolve) => {
    // allowHalfOpen: the server's FIN does not end our side; like curl or fetch, we keep sending the body.
    const s = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const got: Buffer[] = [];
    let error: string | undefined;
    s.on('data', (d: Buffer) => got.push(d));
    s.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    s.on('close', () => {
      const text = Buffer.concat(got).toString('utf8');
      const [h = '', b = ''] = text.split('\r\n\r\n', 2);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(h);
      resolve({ status: m ? Number(m[1]) : undefined, head: h, body: b, error });
    });
    void (async () => {
      s.write(head);
      for (let i = 0; i < body.length && !s.destroyed && !error; i += 65536) {
        const c = body.subarray(i, i + 65536);
        const piece = opts.chunked ? Buffer.concat([Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from('\r\n')]) : c;
        if (!s.write(piece)) await new Promise((r) => s.once('drain', r));
        await sleep(opts.pauseMs ?? 2);
      }
      if (!s.destroyed && !error) s.end(opts.chunked ? '0\r\n\r\n' : '');
    })();
  });
}

const head = (method: string, path: string, length: number | 'chunked', extra = '') =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`}\r\n${extra}\r\n`;

describe('a body over the limit is answered, never reset', () => {
  const big = (n: number) => Buffer.alloc(n, 'a');

  it.each<[string, 'GET' | 'POST', string, number, boolean, string?]>([
    ['GET /metrics, 1.2 MB, Content-Length', 'GET', '/metrics', 1_200_000, false],
    ['GET /metrics, 1.2 MB, chunked', 'GET', '/metrics', 1_200_000, true],
    ['GET /metrics, 1.2 MB, Content-Length, Connection: close', 'GET', '/metrics', 1_200_000, false, 'Connection: close\r\n'],
    ['GET /metrics, 1.2 MB, chunked, Connection: close', 'GET', '/metrics', 1_200_000, true, 'Connection: close\r\n'],
    ['POST /sandbox/api/orders, 6 MB, Content-Length', 'POST', '/sandbox/api/orders', 6_000_000, false],
    ['POST /sandbox/api/orders, 6 MB, chunked', 'POST', '/sandbox/api/orders', 6_000_000, true],
  ])('%s', async (_name, method, path, size, chunked, extra = '') => {
    const auth = path === '/metrics' ? `Authorization: Bearer ${ADMIN_TOKEN}\r\n` : '';
    const r = await slowRequest(head(method, path, chunked ? 'chunked' : size, auth + extra), big(size), { chunked });
    expect(r.error, `socket error; the answer was ${r.head.split('\r\n')[0]}`).toBeUndefined();
    expect(r.status).toBeDefined();
    if (method === 'GET') expect(r.status).toBe(200); // a GET's body means nothing (RFC 9110 §9.3.1): read and dropped
    if (method === 'POST') {
      expect(r.status).toBe(413);
      expect(r.head).toMatch(/\r\nconnection: close/i);
      expect(JSON.parse(r.body)).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'request body is larger than 4 MiB',
        code: 'KASSA_ERR_BODY_TOO_LARGE',
        docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_BODY_TOO_LARGE',
      });
    }
  });
});

/** A product name of `n` characters, Polish and Estonian letters among ASCII: PHP's json_encode writes each non-ASCII one as `\uXXXX`. */
const productName = (i: number, n: number) => `Żółć öäü šž ${i} `.padEnd(n, 'ąęłńśźżõ').slice(0, n);
/** JSON as PHP's json_encode writes it by default: every non-ASCII character as `\uXXXX` (the longest spelling). */
const phpJson = (v: unknown) => JSON.stringify(v).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const fullAddress = (c: string) => ({
  ...Object.fromEntries(
    ['firstName', 'lastName', 'phoneNumber', 'phoneCountry', 'locality', 'region', 'postalCode', 'companyName', 'companyLegalName', 'companyRegCode', 'companyVatNumber'].map((f) => [
      f,
      c.repeat(128),
    ]),
  ),
  addressLine1: c.repeat(255),
  addressLine2: c.repeat(255),
  email: `${'a'.repeat(118)}@shop.test`,
  country: 'EE',
});

describe('lingering is bounded', () => {
  it(`a client that stops sending mid-body gets its 413, and the server closes after ${LINGER_IDLE_MS / 1000} s of silence`, async () => {
    // The server's end of the connection, to see when it closes.
    const serverSide = new Promise<net.Socket>((resolve) => t.app.server.once('connection', resolve));
    const s = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let got = '';
    s.on('data', (d: Buffer) => (got += d.toString('utf8')));
    s.on('error', () => {});
    const closed = serverSide.then((socket) => new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now()))));
    s.write(head('POST', '/sandbox/api/orders', 6_000_000));
    s.write(Buffer.alloc(100_000, 'a'));
    const sent = Date.now();
    // Nothing more is sent, and our side stays open: the server must end it.
    const at = await closed;
    s.destroy();
    expect(got).toMatch(/^HTTP\/1\.1 413 /);
    expect(at - sent).toBeGreaterThanOrEqual(LINGER_IDLE_MS - 500);
    expect(at - sent).toBeLessThan(LINGER_IDLE_MS + 3_000);
  }, 20_000);
});

describe('the documented order limits fit the token and the body', () => {
  it(`${MAX_LINE_ITEMS} line items with realistic names (60 to 120 characters) create an order`, async () => {
    const lineItems = Array.from({ length: MAX_LINE_ITEMS }, (_, i) => ({ name: productName(i, 60 + (i % 61)), quantity: 1 + (i % 7), finalPrice: 0.01 }));
    const payload = orderPayload({
      grandTotal: 10,
      payment: { method: 'paymentInitiation', amount: 10, currency: 'EUR' },
      lineItems,
      billingAddress: fullAddress('Õ'),
      shippingAddress: fullAddress('Ž'),
    });
    const body = JSON.stringify({ data: t.token(payload) });
    const res = await fetch(`http://127.0.0.1:${port}/sandbox/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = (await res.json()) as { lineItems: unknown[] };
    expect(order.lineItems).toHaveLength(MAX_LINE_ITEMS);
  });

  it('the largest payload the documented limits allow (every name at 255 characters, escaped as PHP does) fits under the limits', () => {
    const lineItems = Array.from({ length: MAX_LINE_ITEMS }, (_, i) => ({ name: productName(i, 255), quantity: 123456.789, finalPrice: 99999999.99 }));
    const payload = orderPayload({
      lineItems,
      merchantReference: 'R'.repeat(255),
      merchantReferenceDisplay: 'Ä'.repeat(255),
      returnUrl: `https://shop.example/${'r'.repeat(2000)}`,
      notificationUrl: `https://shop.example/${'n'.repeat(2000)}`,
      billingAddress: fullAddress('Õ'),
      shippingAddress: fullAddress('Ž'),
      exp: 1e10,
      accessKey: 'x'.repeat(64),
    });
    // An HS256 JWT: base64url header, base64url payload, 43 characters of signature.
    const token = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(phpJson(payload)).toString('base64url')}.${'s'.repeat(43)}`;
    const body = JSON.stringify({ data: token });
    expect(token.length).toBeGreaterThan(2_000_000); // the worst case is far above the old 64 KiB cap
    expect(token.length).toBeLessThan(MAX_TOKEN_LENGTH * 0.6); // with margin
    expect(Buffer.byteLength(body)).toBeLessThan(BODY_LIMIT_BYTES * 0.6);
  });

  it('a token over the cap is refused naming the cap (a 401 before any store lookup)', () => {
    const token = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${'e'.repeat(MAX_TOKEN_LENGTH)}.sig`;
    let e: unknown;
    try {
      peek(token);
    } catch (err) {
      e = err;
    }
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).body('http://kassa.test')).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'INVALID_TOKEN: the token is longer than 4 MiB (4194304 characters)',
      code: 'KASSA_ERR_INVALID_TOKEN',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_INVALID_TOKEN',
    });
  });

  it('a body just over the limit is a 413 naming it, in the spec shape', async () => {
    const body = JSON.stringify({ data: 'e'.repeat(BODY_LIMIT_BYTES) });
    const res = await fetch(`http://127.0.0.1:${port}/sandbox/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'request body is larger than 4 MiB',
      code: 'KASSA_ERR_BODY_TOO_LARGE',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_BODY_TOO_LARGE',
    });
  });
});
