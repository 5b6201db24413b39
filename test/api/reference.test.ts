/**
 * The reference a developer reads (issue 21): every error names its catalogue code and links to
 * it, a key used in the other environment or a token signed with another secret says so, the
 * catalogue is a table with an anchor per code, /docs has Kassa's own look, and the guides are
 * HTML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/platform/errors.js';
import { sign } from '../../src/platform/jwt.js';
import { createTestApp, nowS, orderPayload, type TestApp } from '../support/app.js';
import { PRODUCTION, SANDBOX } from '../shipping/support.js';
import { guideHref } from '../../src/home/routes.js';
import { markdownToHtml } from '../../src/reference/markdown.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DOCS = 'http://kassa.test/docs/errors#';

describe('error answers carry their catalogue code and a link to it', () => {
  it("keep the spec's three keys and add code and docUrl, for a route's error and the router's", async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/sandbox/api/orders/0190a0a0-0000-7000-8000-000000000000', headers: t.bearer() });
    expect(notFound.json()).toEqual({
      statusCode: 404,
      message: 'Order 0190a0a0-0000-7000-8000-000000000000 not found',
      error: 'Not Found',
      code: 'KASSA_ERR_NOT_FOUND',
      docUrl: `${DOCS}KASSA_ERR_NOT_FOUND`,
    });
    const noRoute = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(noRoute.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'KASSA_ERR_ROUTE_NOT_FOUND', docUrl: `${DOCS}KASSA_ERR_ROUTE_NOT_FOUND` });
    const invalid = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: {} });
    expect(invalid.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: expect.stringMatching(/^KASSA_ERR_/) });
  });

  it('each docUrl leads to its row: /docs/errors has an anchor for every code, its message readable (no raw %s)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/errors' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const code of Object.keys(ERROR_CATALOGUE)) expect(page.body, code).toContain(`<tr id="${code}">`);
    expect(page.body).not.toContain('%s');
    expect(page.body).toContain('<code>&lt;field&gt; &lt;problem&gt;</code>');
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { info: { description: string } };
    expect(doc.info.description).not.toContain('%s');
    expect(doc.info.description).toContain('[`KASSA_ERR_VALIDATION`](/docs/errors#KASSA_ERR_VALIDATION)');
  });
});

describe('mix-ups say what happened', () => {
  it("a production key on a sandbox URL is the spec's 401 STORE_NOT_FOUND naming the production URL, and the reverse", async () => {
    const prodOnSandbox = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload(), { env: 'production' }) } });
    expect(prodOnSandbox.statusCode).toBe(401);
    expect(prodOnSandbox.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'STORE_NOT_FOUND: this access key belongs to the production environment; use http://kassa.test/api/orders',
      code: 'KASSA_ERR_WRONG_ENVIRONMENT',
      docUrl: `${DOCS}KASSA_ERR_WRONG_ENVIRONMENT`,
    });
    const sandboxOnProd = await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: t.bearer({ env: 'sandbox' }) });
    expect(sandboxOnProd.statusCode).toBe(401);
    expect(sandboxOnProd.json().message).toBe('STORE_NOT_FOUND: this access key belongs to the sandbox environment; use http://kassa.test/sandbox/api/stores/payment-methods');
    const shipping = await t.app.inject({ method: 'GET', url: `${PRODUCTION}/carriers`, headers: t.bearer({ env: 'sandbox' }) });
    expect(shipping.json().message).toBe(`STORE_NOT_FOUND: this access key belongs to the sandbox environment; use http://kassa.test${SANDBOX}/carriers`);
    // An unknown key is still the spec's bare STORE_NOT_FOUND.
    const unknown = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: sign({ ...orderPayload(), accessKey: 'sk_test_nobody', exp: nowS() + 600 }, 'x') } });
    expect(unknown.json()).toMatchObject({ statusCode: 401, message: 'STORE_NOT_FOUND', code: 'KASSA_ERR_STORE_NOT_FOUND' });
  });

  it("a token signed with another secret for a known key is the spec's 403 INVALID_TOKEN saying the signature does not match that key's secret", async () => {
    const k = t.store.keys.sandbox;
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: { data: sign({ ...orderPayload(), accessKey: k.accessKey, exp: nowS() + 600 }, t.store.keys.production.secretKey) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: `INVALID_TOKEN: the signature does not match the secret key of access key ${k.accessKey}`,
      code: 'KASSA_ERR_INVALID_SIGNATURE',
      docUrl: `${DOCS}KASSA_ERR_INVALID_SIGNATURE`,
    });
  });
});

describe("the reference's look and the guides", () => {
  it("/docs is Kassa's: its title, logo, favicon and style sheet, not swagger-ui's", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Kassa API reference</title>');
    expect(page.body).toContain('theme/kassa.css');
    expect(page.body).toContain('theme/kassa.svg');
    expect(page.body).not.toContain('favicon-32x32.png');
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    const logo = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(init.body)?.[1];
    expect(Buffer.from(logo ?? '', 'base64').toString()).toContain('aria-label="Kassa"');
    const css = await t.app.inject({ method: 'GET', url: '/docs/static/theme/kassa.css' });
    expect(css.statusCode).toBe(200);
  });

  it('the guides linked from / are HTML with working links between them; their Markdown on request', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    for (const href of [...home.body.matchAll(/href="(\/guides\/[^"]+)"/g)].map((m) => m[1]!)) {
      const guide = await t.app.inject({ method: 'GET', url: href });
      expect(guide.statusCode, href).toBe(200);
      expect(guide.headers['content-type'], href).toMatch(/^text\/html/);
      expect(guide.body, href).toMatch(/<h1 id="[^"]+">/);
    }
    const readme = await t.app.inject({ method: 'GET', url: '/guides/README.md' });
    expect(readme.body).toMatch(/href="\/guides\/sandbox\.md(#[^"]*)?"/);
    const raw = await t.app.inject({ method: 'GET', url: '/guides/sandbox.md', headers: { accept: 'text/markdown' } });
    expect(raw.headers['content-type']).toMatch(/^text\/markdown/);
    expect(raw.body).toMatch(/^# Sandbox/);
  });

  it('renders Markdown escaped: raw HTML is text, script links are dropped, headings get anchors', () => {
    const out = markdownToHtml('# A *guide*\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](docs/sandbox.md#magic) <img src=x onerror=alert(1)>', guideHref);
    expect(out).toContain('<h1 id="a-guide">A <em>guide</em>');
    expect(out).not.toContain('<script');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('<img');
    expect(out).toContain('href="/guides/sandbox.md#magic"');
  });
});
