/**
 * A sample merchant checkout on its own origin, for the bank-selection widget's browser test and
 * the widget bench: its pages load the 3.x bundle from Kassa by the original path
 * (/assets/montonio-js/3.x/montonio.bundle.js) at the end of the body, define
 * window.onMontonioLoaded before it, and carry the storeSetupData that the shop's server fetched
 * from GET /sandbox/api/stores/payment-methods. The pages send a strict nonce CSP (no inline
 * handlers, no inline styles without the nonce), as careful shops do.
 *
 * Pages: GET /checkout (the sample checkout: widget in a form; POST creates the order through
 * POST /sandbox/api/orders with the hidden inputs as preferredProvider/preferredCountry and
 * redirects to its paymentUrl), GET /return (records the order token), GET /blank (the widget's
 * helpers and three empty targets, for tests that create instances themselves), GET /static
 * (the same logos as plain <img>, no script: the bench's ceiling).
 */
import http from 'node:http';
import type net from 'node:net';
import { randomBytes } from 'node:crypto';

export interface ShopOptions {
  kassaUrl: string;
  /** A signed JWT whose payload is `claims` (the store's sandbox keys). */
  sign(claims: Record<string, unknown>): string;
}

export interface MerchantShop {
  url: string;
  /** Order tokens the shop was sent back with (GET /return?order-token=…). */
  tokens: string[];
  /** Orders the shop created: the payment it sent. */
  orders: { uuid: string; payment: Record<string, unknown> }[];
  close(): Promise<void>;
}

const BUNDLE_PATH = '/assets/montonio-js/3.x/montonio.bundle.js';
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a <script>: no "</script>" can end it early. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

async function readBody(req: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export async function startMerchantShop(o: ShopOptions): Promise<MerchantShop> {
  const tokens: string[] = [];
  const orders: MerchantShop['orders'] = [];

  async function paymentMethods(): Promise<Record<string, unknown>> {
    const res = await fetch(`${o.kassaUrl}/sandbox/api/stores/payment-methods`, { headers: { authorization: `Bearer ${o.sign({})}` } });
    if (!res.ok) throw new Error(`payment-methods: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  }

  function page(res: http.ServerResponse, nonce: string, title: string, body: string): void {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        `default-src 'none'; script-src 'nonce-${nonce}' ${o.kassaUrl}; style-src 'nonce-${nonce}'; ` + `img-src ${o.kassaUrl} data:; form-action 'self' ${o.kassaUrl}; base-uri 'none'`,
    });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${esc(title)}</title><link rel="icon" href="data:,">` +
        `<style nonce="${nonce}">body{font-family:sans-serif;margin:16px}button.pay{margin-top:12px;min-height:40px}</style></head><body>${body}</body></html>`,
    );
  }

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://shop');
    const nonce = randomBytes(12).toString('base64');
    void (async () => {
      if (req.method === 'GET' && (u.pathname === '/checkout' || u.pathname === '/blank')) {
        const methods = await paymentMethods();
        // ?shape=setup: only paymentMethods.paymentInitiation.setup, as the WooCommerce plugin passes it.
        const pis = (methods.paymentMethods as Record<string, { setup?: unknown }>).paymentInitiation;
        const setup = JSON.stringify(u.searchParams.get('shape') === 'setup' ? pis?.setup : methods);
        const currency = u.searchParams.get('currency') ?? 'EUR';
        const boot =
          u.pathname === '/checkout'
            ? `window.onMontonioLoaded = function () {
  var checkout = Montonio.Checkout.PaymentInitiation.create({
    accessKey: 'shop', storeSetupData: ${scriptJson(setup)}, currency: ${scriptJson(currency)},
    targetId: 'montonio-pis-widget-container', defaultRegion: 'EE', regions: null,
    regionNames: { EE: 'Estonia', FI: 'Finland', LV: 'Latvia', LT: 'Lithuania', PL: 'Poland' },
    inputName: 'montonio_payments_preselected_bank', regionInputName: 'montonio_payments_preferred_country',
    onLoaded: function () { window.widgetLoaded = performance.now(); }
  });
  checkout.init();
  window.checkout = checkout;
};`
            : `window.SETUP = ${scriptJson(setup)};
window.calls = [];
window.make = function (name, opts) {
  var o = Object.assign({
    storeSetupData: window.SETUP,
    onLoaded: function () { calls.push([name, 'loaded', this === window[name], this.getPreferredRegion()]); },
    onRegionSelectorChange: function (r) { calls.push([name, 'region', this === window[name], r]); },
    onProviderClick: function (c) { calls.push([name, 'provider', this === window[name], c, this.getPreferredProvider()]); }
  }, opts || {});
  window[name] = Montonio.Checkout.PaymentInitiation.create(o);
  return window[name];
};`;
        const form =
          u.pathname === '/checkout'
            ? `<h1>Checkout</h1><form method="post" action="/checkout?currency=${esc(currency)}"><p>Total: 10.50 ${esc(currency)}</p>` +
              `<div id="montonio-pis-widget-container"></div><button class="pay" type="submit">Place order</button></form>`
            : `<form method="post" action="/checkout"><div id="montonio-payment-choices-container"></div><div id="second"></div><div class="no-id"></div></form>`;
        page(
          res,
          nonce,
          u.pathname === '/checkout' ? 'Shop checkout' : 'Widget',
          `${form}<script nonce="${nonce}">${boot}</script><script nonce="${nonce}" src="${o.kassaUrl}${BUNDLE_PATH}"></script>`,
        );
        return;
      }
      if (req.method === 'POST' && u.pathname === '/checkout') {
        const form = new URLSearchParams(await readBody(req));
        const currency = u.searchParams.get('currency') ?? 'EUR';
        const payment = {
          method: 'paymentInitiation',
          amount: 10.5,
          currency,
          methodOptions: {
            preferredProvider: form.get('montonio_payments_preselected_bank') ?? '',
            preferredCountry: form.get('montonio_payments_preferred_country') ?? 'EE',
          },
        };
        const claims = {
          merchantReference: `SHOP-${randomBytes(4).toString('hex')}`,
          returnUrl: `${shopUrl}/return`,
          notificationUrl: `${shopUrl}/notify`,
          grandTotal: 10.5,
          currency,
          locale: 'en',
          payment,
        };
        const r = await fetch(`${o.kassaUrl}/sandbox/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: o.sign(claims) }) });
        const created = (await r.json()) as { uuid: string; paymentUrl: string };
        if (r.status !== 201) throw new Error(`order: ${r.status} ${JSON.stringify(created)}`);
        orders.push({ uuid: created.uuid, payment });
        res.writeHead(303, { location: created.paymentUrl }).end();
        return;
      }
      if (req.method === 'GET' && u.pathname === '/return') {
        const token = u.searchParams.get('order-token');
        if (token) tokens.push(token);
        page(res, nonce, 'Thank you', '<h1>Thank you</h1>');
        return;
      }
      if (req.method === 'GET' && u.pathname === '/static') {
        // The same logos as plain images, no script: what drawing them costs at best.
        const methods = await paymentMethods();
        const setup = (methods.paymentMethods as Record<string, { setup: Record<string, { paymentMethods: { logoUrl: string; name: string }[] }> }>).paymentInitiation!.setup;
        const imgs = setup.EE!.paymentMethods.map((b) => `<img src="${esc(b.logoUrl)}" alt="${esc(b.name)}" height="32">`).join('');
        page(res, nonce, 'Static logos', `<div id="logos">${imgs}</div>`);
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const shopUrl = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return { url: shopUrl, tokens, orders, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
