import { crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AssembledPage, crc32Combine, NONCE, StaticPart, type Part } from './assembled-reply.js';

const nonce = 'bm9uY2Utb2YtdGhlLXJlcXVlc3Q=';

describe('crc32Combine', () => {
  it('is the CRC-32 of the concatenation, from the two CRCs and the second length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
    );
    const big = Buffer.alloc(200_000, 'pickup point, ');
    expect(crc32Combine(crc32('head'), crc32(big), big.length)).toBe(crc32(Buffer.concat([Buffer.from('head'), big])));
  });
});

describe('AssembledPage', () => {
  const part = fc.oneof(
    fc.string({ maxLength: 200, unit: 'grapheme' }),
    fc.string({ maxLength: 200, unit: 'grapheme' }).map((s) => new StaticPart(s)),
    fc.constant(NONCE),
  );

  it('gzip decodes to the identity bytes, whatever the parts (static, request text, nonce, empty)', () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts: Part[]) => {
        const page = new AssembledPage(parts);
        const expected = parts.map((p) => (p === NONCE ? nonce : p instanceof StaticPart ? p.bytes.toString() : p)).join('');
        expect(page.identity(nonce).toString()).toBe(expected);
        expect(gunzipSync(page.gzip(nonce)).toString()).toBe(expected);
        // Sent again with another nonce: the kept runs, the new nonce.
        expect(gunzipSync(page.gzip('YW5vdGhlcg==')).toString()).toBe(parts.map((p) => (p === NONCE ? 'YW5vdGhlcg==' : p instanceof StaticPart ? p.bytes.toString() : p)).join(''));
      }),
    );
  });

  it('sent again and again with nonces of other lengths (none, one byte, past a stored block): each decodes to its own page', () => {
    const text = (p: Part, n: string) => (p === NONCE ? n : p instanceof StaticPart ? p.bytes.toString() : p);
    const nonces = fc.oneof(fc.string({ maxLength: 40, unit: 'grapheme' }), fc.constantFrom('', 'é', 'n'.repeat(65_535), 'n'.repeat(65_536), 'ö'.repeat(70_000)));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), fc.array(nonces, { minLength: 1, maxLength: 4 }), (parts: Part[], ns: string[]) => {
        const page = new AssembledPage(parts);
        for (const n of [...ns, ns[0]!]) expect(gunzipSync(page.gzip(n)).toString()).toBe(parts.map((p) => text(p, n)).join(''));
      }),
      { numRuns: 200 },
    );
  });

  it('lent to a response: the same bytes as gzip; never lent to two responses at once; taken again only once given back (once)', () => {
    const page = new AssembledPage(['<!doctype html><style nonce="', NONCE, '">', new StaticPart('p{}'.repeat(500)), '</style><script nonce="', NONCE, '"></script>']);
    const a = page.lendGzip('YWFhYWFhYWFhYWFhYWFhYQ==');
    const b = page.lendGzip('YmJiYmJiYmJiYmJiYmJiYg==');
    expect(a.body.equals(page.gzip('YWFhYWFhYWFhYWFhYWFhYQ=='))).toBe(true);
    expect(b.body.equals(page.gzip('YmJiYmJiYmJiYmJiYmJiYg=='))).toBe(true);
    expect(b.body.buffer === a.body.buffer && b.body.byteOffset === a.body.byteOffset).toBe(false);
    a.giveBack();
    a.giveBack();
    const c = page.lendGzip('Y2NjY2NjY2NjY2NjY2NjYw==');
    const d = page.lendGzip('ZGRkZGRkZGRkZGRkZGRkZA==');
    expect(c.body).toBe(a.body);
    expect(d.body).not.toBe(a.body);
    expect(c.body.equals(page.gzip('Y2NjY2NjY2NjY2NjY2NjYw=='))).toBe(true);
    expect(gunzipSync(c.body).toString()).toContain('<script nonce="Y2NjY2NjY2NjY2NjY2NjYw==">');
    // b is still in flight: untouched by the later lends.
    expect(b.body.equals(page.gzip('YmJiYmJiYmJiYmJiYmJiYg=='))).toBe(true);
    // A nonce of another length: a new frame; a copy of the old one given back late is not lent for it.
    b.giveBack();
    const e = page.lendGzip('short');
    expect(e.body.equals(page.gzip('short'))).toBe(true);
    expect(e.body).not.toBe(b.body);
  });

  it('request text past a stored block (64 KiB) and past the deflate threshold, large static parts: still one valid member', () => {
    const big = 'x'.repeat(70_000) + 'é'.repeat(20_000);
    const parts: Part[] = ['<!doctype html>', NONCE, new StaticPart('<p>static</p>'.repeat(20_000)), big, NONCE, 'y'.repeat(100_000), new StaticPart('')];
    const page = new AssembledPage(parts);
    const gz = page.gzip(nonce);
    expect(gunzipSync(gz).equals(page.identity(nonce))).toBe(true);
    // Compressed: the static part deflated, the large request runs too.
    expect(gz.length).toBeLessThan(page.identity(nonce).length / 5);
  });

  it('a static part deflates on its own and ends on a byte boundary (a sync flush, not final)', () => {
    const p = new StaticPart('<option>Tallinn</option>'.repeat(100));
    const d = p.deflate();
    expect(d.subarray(-4).equals(Buffer.from([0, 0, 0xff, 0xff]))).toBe(true);
    expect(inflateRawSync(d, { finishFlush: 2 /* Z_SYNC_FLUSH */ }).equals(p.bytes)).toBe(true);
  });

  it('the ETag leaves the nonce out and changes with any other byte, also one moved across a seam', () => {
    const s = new StaticPart('<select>…</select>');
    const etag = (parts: Part[]) => new AssembledPage(parts).etag;
    const a = etag(['<h1>Pilet</h1>', NONCE, s, '<p>25 €</p>']);
    expect(etag(['<h1>Pilet</h1>', NONCE, s, '<p>25 €</p>'])).toBe(a);
    expect(etag(['<h1>Pilet</h1>', NONCE, new StaticPart('<select>…</select>'), '<p>25 ', '€</p>'])).toBe(a);
    expect(etag(['<h1>Pilet</h1>', NONCE, s, '<p>26 €</p>'])).not.toBe(a);
    expect(etag(['<h1>Pilet</h1>', NONCE, new StaticPart('<select>…</select> '), '<p>25 €</p>'])).not.toBe(a);
    expect(etag(['<h1>Pilet</h1>', s, '<p>25 €</p>'])).not.toBe(a);
    expect(etag(['<h1>Pilet</h1', NONCE, new StaticPart('><select>…</select>'), '<p>25 €</p>'])).not.toBe(a);
    expect(a).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });
});
