import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, escapeHtml, html, newNonce, originOf, renderDocument, trusted } from './html.js';
import { fill, formatMoney } from './format.js';

describe('html', () => {
  it('escapes interpolations by default', () => {
    const evil = `<script>alert("x")</script>&'`;
    expect(html`<p title="${evil}">${evil}</p>`.value).toBe('<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>');
    expect(escapeHtml('a&b')).toBe('a&amp;b');
  });

  it('keeps nested templates and arrays, drops null, undefined and booleans', () => {
    const items = ['a<', 'b'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe('<ul><li>a&lt;</li><li>b</li></ul>0');
    expect(html`${trusted('<b>ok</b>')}`.value).toBe('<b>ok</b>');
  });

  it('renders a document with the nonce, a data: favicon and no external resources', () => {
    const doc = renderDocument({ lang: 'et', title: 'T<', nonce: 'abc', css: 'body{}', body: html`<p>x</p>`, script: 'void 0' });
    expect(doc).toContain('<html lang="et">');
    expect(doc).toContain('<title>T&lt;</title>');
    expect(doc).toContain('<link rel="icon" href="data:,">');
    expect(doc).toContain('<style nonce="abc">body{}</style>');
    expect(doc).toContain('<script nonce="abc">void 0</script>');
    expect(doc).not.toMatch(/https?:\/\//);
  });

  it('builds a strict CSP', () => {
    const csp = contentSecurityPolicy({ nonce: 'n1', formOrigins: ['https://shop.example', 'https://shop.example'], imageOrigins: ['http://kassa.test'] });
    expect(csp).toBe(
      "default-src 'none'; style-src 'nonce-n1'; script-src 'nonce-n1'; img-src 'self' data: http://kassa.test; form-action 'self' https://shop.example; base-uri 'none'; frame-ancestors 'none'",
    );
    // Lists a route keeps and sends again (the link page's): each policy its own nonce; other lists in between their own origins.
    const kept = ['http://kassa.test'];
    const keptPolicy = (nonce: string) => contentSecurityPolicy({ nonce, formOrigins: kept, imageOrigins: kept });
    const expected = (nonce: string, form: string) =>
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src 'self' data: http://kassa.test; form-action 'self'${form}; base-uri 'none'; frame-ancestors 'none'`;
    expect(keptPolicy('n2')).toBe(expected('n2', ' http://kassa.test'));
    expect(keptPolicy('n3')).toBe(expected('n3', ' http://kassa.test'));
    expect(contentSecurityPolicy({ nonce: 'n4', formOrigins: [], imageOrigins: kept })).toBe(expected('n4', ''));
    expect(contentSecurityPolicy({ nonce: 'n5', formOrigins: ['https://shop.example'], imageOrigins: kept })).toBe(expected('n5', ' https://shop.example'));
    expect(keptPolicy('n6')).toBe(expected('n6', ' http://kassa.test'));
    expect(originOf('https://shop.example/return?x=1')).toBe('https://shop.example');
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(originOf('nope')).toBeUndefined();
  });

  it('formats money exactly per locale and fills placeholders', () => {
    const norm = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(norm(formatMoney(123450, 'EUR', 'de'))).toBe('1.234,50 €');
    expect(norm(formatMoney(1050, 'EUR', 'en'))).toBe('€10.50');
    expect(norm(formatMoney(1050, 'PLN', 'pl'))).toBe('10,50 zł');
    expect(norm(formatMoney(999999999999, 'EUR', 'en'))).toBe('€9,999,999,999.99');
    expect(fill('Pay {amount} to {payee} {x}', { amount: '1', payee: 'P' })).toBe('Pay 1 to P {x}');
  });
});

describe('newNonce', () => {
  it('16 random bytes in base64, never the same twice, also across draws of the random pool', () => {
    const nonces = Array.from({ length: 1000 }, newNonce);
    expect(new Set(nonces).size).toBe(1000);
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16);
  });
});
