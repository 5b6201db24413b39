/**
 * Issue 19: production moves real money or none. A production store with no connectors configured
 * offers no method, refuses POST /orders naming the missing connector, and no production order
 * reaches PAID by any route: every processor's sandbox adapter is started for a production order
 * (the request signed with the production key, as if Kassa had sent a production shopper to a
 * simulator), then every page, form and button the simulator shows is submitted, its pollers run
 * and its webhooks delivered. The same walk pays a sandbox order (the control: the walk is able to
 * pay), and leaves the production order unpaid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { forms, local, type Form } from './hosted-pages/support.js';
import { PAYMENT_METHODS, type PaymentMethodName } from '../../src/payments/methods/catalogue/methods.js';
import { PROCESSORS } from '../../src/payments/processors/index.js';
import type { PaymentChoice, ProcessorFamily } from '../../src/payments/processors/contract.js';
import type { SimulatorDirectory } from '../../src/payments/processors/sim-kit/directory.js';
import { simulatorKey } from '../../src/payments/processors/sim-kit/signing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // One secret for both environments of the test store (see the walk below).
  await t.db.query(`UPDATE store_keys SET secret_sealed = (SELECT secret_sealed FROM store_keys WHERE store_id = $1 AND env = 'sandbox') WHERE store_id = $1 AND env = 'production'`, [t.store.id]);
  t.store.keys.production.secretKey = t.store.keys.sandbox.secretKey;
});
afterAll(async () => t.close());

/** What each method's order is made with (currency and options its processor takes). */
const ORDER: Record<PaymentMethodName, { currency: string; choice: PaymentChoice; options?: Record<string, unknown> }> = {
  paymentInitiation: { currency: 'EUR', choice: { bankCode: 'HABAEE2X', country: 'EE' }, options: { preferredCountry: 'EE' } },
  cardPayments: { currency: 'EUR', choice: { cardMode: 'card' } },
  mobilePay: { currency: 'EUR', choice: {} },
  blik: { currency: 'PLN', choice: {} },
  bnpl: { currency: 'EUR', choice: { period: 1 } },
  hirePurchase: { currency: 'EUR', choice: {} },
};

/** Inputs a shopper types, by field name: the sandbox's paying magic inputs (docs/sandbox.md). */
const TYPED: Record<string, string> = {
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12/34',
  cardCvc: '123',
  code: '777123',
  blikCode: '777123',
  phone: '+358 50 765 4321',
  plan: '1',
  months: '12',
};
/** Buttons that move a payment forward are tried first (the control pays with the first of them). */
const FORWARD = /approve|pay|send|complete|confirm|continue|wallet|accept|submit|sign/i;

async function createSandboxOrder(m: PaymentMethodName): Promise<{ uuid: string }> {
  const o = ORDER[m];
  const amount = o.currency === 'PLN' ? 49.99 : 120;
  const payload = orderPayload({ grandTotal: amount, currency: o.currency, payment: { method: m, amount, currency: o.currency, methodOptions: o.options ?? {} } });
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(payload) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Signs for any order of the store with the key of the order's environment: what Kassa would have sent. */
const anyEnvDirectory: SimulatorDirectory = {
  async merchantOf(orderId) {
    const order = await t.services.orders.getById(orderId);
    if (!order) return undefined;
    const key = await t.services.keys.forStore(order.store_id, order.env);
    return {
      storeId: order.store_id,
      env: order.env,
      payeeName: key.store.name,
      key: simulatorKey(key.secretKey),
      acceptedKeys: key.acceptedSecrets.map(simulatorKey),
      merchantOrigin: 'https://shop.example',
    };
  },
};

/** Starts the family's sandbox adapter for the order, as the hosted page would; the shopper's first URL. */
async function begin(f: ProcessorFamily, orderId: string): Promise<string> {
  const order = (await t.services.orders.getById(orderId))!;
  const adapter = f.sandbox({ ...t.services.processorContext, directory: anyEnvDirectory });
  const intentId = await t.services.orders.openAttempt(orderId);
  const begun = await adapter.begin({
    orderId,
    intentId,
    amountMinor: order.grand_total,
    currency: order.currency,
    locale: 'en',
    description: order.merchant_reference,
    choice: ORDER[f.definition.method].choice,
    returnUrl: t.services.hostedPages.returnUrl(orderId, 'en'),
  });
  await t.services.orders.bindAttempt(orderId, intentId, adapter.definition.id, begun.processorReference, {});
  return begun.redirectUrl;
}

function fill(form: Form): Record<string, string> {
  const out: Record<string, string> = { ...form.fields };
  for (const [k, v] of Object.entries(TYPED)) if (k in out && out[k] === '') out[k] = v;
  for (const [k, values] of Object.entries(form.radios)) if (out[k] === undefined && values[0] !== undefined) out[k] = values[0];
  return out;
}

async function send(method: string, url: string, fields?: Record<string, string>): Promise<LightMyRequestResponse> {
  if (method === 'post') {
    return t.app.inject({ method: 'POST', url: local(t, url), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields ?? {}).toString() });
  }
  const u = new URL(url, t.config.publicUrl);
  for (const [k, v] of Object.entries(fields ?? {})) u.searchParams.set(k, v);
  return t.app.inject({ method: 'GET', url: local(t, u.toString()) });
}

const isOwn = (url: string) => new URL(url, t.config.publicUrl).origin === new URL(t.config.publicUrl).origin;

/**
 * Every page reachable from `start` within the app, depth first, forward buttons first: each form
 * submitted with each of its buttons, redirects followed. `view(url)` fetches a simulator page to
 * read its forms (the production walk reads them as the sandbox would show them, then submits them
 * in production). Stops early when `done()` says so. Returns the number of submissions made.
 */
async function walk(start: string, done: () => Promise<boolean>, view: (url: string) => Promise<LightMyRequestResponse> = (url) => send('get', url)): Promise<number> {
  const seen = new Set<string>();
  const stack: { method: string; url: string; fields?: Record<string, string> }[] = [{ method: 'get', url: start }];
  let submitted = 0;
  while (stack.length > 0 && submitted < 60) {
    const next = stack.pop()!;
    const key = `${next.method} ${next.url} ${JSON.stringify(next.fields ?? {})}`;
    if (seen.has(key) || !isOwn(next.url)) continue;
    seen.add(key);
    const simulatorPage = next.method === 'get' && new URL(next.url, t.config.publicUrl).pathname.startsWith('/simulators/');
    let res = simulatorPage ? await view(next.url) : await send(next.method, next.url, next.fields);
    if (!simulatorPage) submitted++;
    for (let i = 0; i < 8 && (res.statusCode === 302 || res.statusCode === 303) && isOwn(String(res.headers.location)); i++) {
      const loc = String(res.headers.location);
      if (new URL(loc, t.config.publicUrl).pathname.startsWith('/simulators/')) {
        res = await view(loc);
      } else {
        res = await send('get', loc);
        submitted++;
      }
    }
    if (await done()) return submitted;
    if (!String(res.headers['content-type'] ?? '').includes('text/html')) continue;
    const found: typeof stack = [];
    for (const form of forms(res.body)) {
      if (!form.action) continue;
      const base = fill(form);
      const buttons = [...form.buttons].sort((a, b) => Number(FORWARD.test(b.value || b.text)) - Number(FORWARD.test(a.value || a.text)));
      const variants = buttons.length === 0 ? [base] : buttons.map((b) => ({ ...base, ...(b.name ? { [b.name]: b.value } : {}) }));
      for (const fields of variants) found.push({ method: form.method, url: new URL(form.action, t.config.publicUrl).toString(), fields });
    }
    // Forward ones first: the stack pops the last pushed.
    stack.push(...found.reverse());
  }
  return submitted;
}

async function settle(f: ProcessorFamily): Promise<void> {
  // Webhooks of a simulator are delivered after its commit; pollers ask the simulators again.
  await new Promise((r) => setTimeout(r, 150));
  if (f.poll) await f.poll(t.services.processorContext, await t.services.processors.productionConnectors(f.definition.method), { olderThanSeconds: 0, limit: 100 });
}

async function paid(orderId: string): Promise<boolean> {
  const { rows } = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
  return rows[0]?.status === 'PAID';
}

describe('production without connectors', () => {
  it('offers no method: GET /stores/payment-methods lists none in production, all of them in the sandbox', async () => {
    await t.services.stores.update(t.store.id, { enabledMethods: [...PAYMENT_METHODS] });
    const prod = await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: t.bearer({ env: 'production' }) });
    expect(prod.statusCode, prod.body).toBe(200);
    expect(prod.json().paymentMethods).toEqual({});
    const sandbox = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer() });
    expect(Object.keys(sandbox.json().paymentMethods).sort()).toEqual([...PAYMENT_METHODS].sort());
  });

  it.each(PAYMENT_METHODS)('POST /orders with %s: a 400 naming the missing connector, and nothing written', async (m) => {
    const o = ORDER[m];
    const payload = orderPayload({ merchantReference: `prod-${m}`, grandTotal: 10, currency: o.currency, payment: { method: m, amount: 10, currency: o.currency, methodOptions: o.options ?? {} } });
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { data: t.token(payload, { env: 'production' }) } });
    expect(res.statusCode, res.body).toBe(400);
    const family = PROCESSORS.find((f) => f.definition.method === m)!;
    const named = family.connector && family.production ? `needs the ${family.connector.kind} connector` : 'has no production connector in Kassa yet';
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining(`payment.method cannot be paid in production: ${m} ${named}`),
      code: 'KASSA_ERR_VALIDATION',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_VALIDATION',
    });
    const { rows } = await t.db.query('SELECT 1 FROM orders WHERE merchant_reference = $1', [`prod-${m}`]);
    expect(rows).toEqual([]);
  });

  it.each(PROCESSORS.map((f) => [f.definition.method, f] as const))(
    '%s: the walk through every simulator page pays a sandbox order and never a production one',
    async (_m, f) => {
      const control = await createSandboxOrder(f.definition.method);
      await walk(await begin(f, control.uuid), () => paid(control.uuid));
      await settle(f);
      expect(await paid(control.uuid), 'the walk pays the sandbox order').toBe(true);

      // An order of production: the store's production secret is its sandbox secret here, so a
      // signed page the sandbox shows carries exactly the signature production would.
      const victim = await createSandboxOrder(f.definition.method);
      const setEnv = (env: string) => t.db.query('UPDATE orders SET env = $2 WHERE id = $1', [victim.uuid, env]);
      await setEnv('production');
      // A simulator may refuse to even start for a production order (the XS2A bank does): nothing to walk then.
      const first = await begin(f, victim.uuid).catch((err: unknown) => {
        expect(String(err)).toMatch(/sandbox|production|refused|not found/i);
        return undefined;
      });
      const requests =
        first === undefined
          ? 2
          : await walk(
              first,
              () => paid(victim.uuid),
              async (url) => {
                await setEnv('sandbox');
                try {
                  return await send('get', url);
                } finally {
                  await setEnv('production');
                }
              },
            );
      await settle(f);
      expect(requests).toBeGreaterThan(1);
      expect(await paid(victim.uuid)).toBe(false);
      const intents = await t.db.query<{ status: string }>('SELECT status FROM payment_intents WHERE order_id = $1', [victim.uuid]);
      expect(intents.rows.map((r) => r.status)).not.toContain('PAID');
      const notes = await t.db.query(`SELECT 1 FROM notifications WHERE subject_id = $1`, [victim.uuid]);
      expect(notes.rows).toEqual([]);
      // Kassa's own page refuses to start one too, naming the connector.
      const page = await t.app.inject({ method: 'GET', url: `/pay/${victim.uuid}` });
      const start = forms(page.body).find((x) => x.action.endsWith('/start'));
      if (start) {
        const res = await send('post', start.action, fill(start));
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(await paid(victim.uuid)).toBe(false);
      }
    },
    30_000,
  );
});
