import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { writeExport } from './index.js';
import type { PayoutExportHeader, PayoutExportRow } from './row.js';
import { child, HEADER, HEADER_FIELDS, MemorySink, parseXml, sampleRow, sampleRows } from '../../../test/support/exports.js';
import { stripIllegalXmlChars, xmlAttr, xmlText } from './xml-text.js';

const XMLLINT = '/usr/bin/xmllint';
const hasXmllint = fs.existsSync(XMLLINT);

async function xml(rows: Iterable<PayoutExportRow> | AsyncIterable<PayoutExportRow>, header: PayoutExportHeader = HEADER): Promise<string> {
  const sink = new MemorySink();
  await writeExport('xml', header, rows, sink);
  return sink.text;
}

/** Runs xmllint --noout on the text; throws with its message when not well-formed. */
function xmllint(text: string | Buffer): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-xml-'));
  const file = path.join(dir, 'doc.xml');
  try {
    fs.writeFileSync(file, text);
    execFileSync(XMLLINT, ['--noout', file], { stdio: 'pipe' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('XML text escaping', () => {
  it('escapes the five special characters', () => {
    expect(xmlText(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    expect(xmlAttr(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
    expect(xmlText('plain żółw 😀')).toBe('plain żółw 😀');
  });

  it('keeps tab, LF and CR (CR and, in attributes, tab/LF as references)', () => {
    expect(xmlText('a\tb\nc\rd')).toBe('a\tb\nc&#13;d');
    expect(xmlAttr('a\tb\nc\rd')).toBe('a&#9;b&#10;c&#13;d');
  });

  it('strips characters illegal in XML 1.0', () => {
    expect(stripIllegalXmlChars('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uFFFFi')).toBe('abcdefghi');
    expect(stripIllegalXmlChars('lone \uD800 high, lone \uDC00 low, pair \uD83D\uDE00')).toBe('lone  high, lone  low, pair 😀');
    expect(xmlText('x\u0000<')).toBe('x&lt;');
    expect(xmlAttr('\u0007"')).toBe('&quot;');
    expect(stripIllegalXmlChars('\u007F\u0085\uE000\uFFFD')).toBe('\u007F\u0085\uE000\uFFFD');
  });
});

describe('XML export', () => {
  it('writes a declaration, the payout and its rows; 0 rows is well-formed', async () => {
    const text = await xml([]);
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<payoutExport>')).toBe(true);
    const root = parseXml(text);
    expect(root.name).toBe('payoutExport');
    expect(child(root, 'payout')?.attrs).toEqual(HEADER_FIELDS);
    expect(child(root, 'rows')?.children).toEqual([]);
    if (hasXmllint) xmllint(text);
  });

  it('writes each row as child elements; a missing refund is left out', async () => {
    const root = parseXml(await xml([sampleRow(0), sampleRow(1)]));
    const rows = child(root, 'rows')?.children ?? [];
    expect(rows.map((r) => Object.fromEntries(r.children.map((c) => [c.name, c.text])))).toEqual([
      {
        type: 'payment',
        orderUuid: sampleRow(0).orderUuid,
        merchantReference: 'ORDER-0',
        paymentMethod: 'cardPayments',
        amount: '10.00',
        currency: 'EUR',
        occurredAt: '2025-03-01T00:00:00.000Z',
      },
      {
        type: 'refund',
        orderUuid: sampleRow(1).orderUuid,
        merchantReference: 'ORDER-1',
        refundUuid: sampleRow(1).refundUuid,
        paymentMethod: 'cardPayments',
        amount: '-0.02',
        currency: 'EUR',
        occurredAt: '2025-03-01T00:00:01.000Z',
      },
    ]);
  });

  it.skipIf(!hasXmllint)('passes xmllint with hostile content and many rows', async () => {
    const hostile: PayoutExportRow = { ...sampleRow(0), merchantReference: '</row><![CDATA[ ]]> &amp; \u0000\u0001 \uD800 \r\n <!-- x -->' };
    const text = await xml(
      (async function* () {
        yield hostile;
        yield* sampleRows(3000);
      })(),
      { ...HEADER, storeName: '"\'<>&\t\n\r\u0002' },
    );
    xmllint(text);
    const root = parseXml(text);
    expect(child(root, 'rows')?.children).toHaveLength(3001);
    expect(child(child(root, 'rows')?.children[0] ?? root, 'merchantReference')?.text).toBe('</row><![CDATA[ ]]> &amp;   \r\n <!-- x -->');
    expect(child(root, 'payout')?.attrs.storeName).toBe('"\'<>&\t\n\r');
  });

  it('round-trips arbitrary strings minus illegal characters (property)', async () => {
    const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
    const awkward = fc.string({ unit: fc.constantFrom('&', '<', '>', '"', "'", '\r', '\n', '\t', '\u0000', '\u001F', ']]>', 'a', ' ', '😀', '\uD800') });
    const text = fc.oneof(utf16, awkward, fc.string({ unit: 'binary' }));
    let linted = 0;
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.tuple(text, fc.option(text)), { maxLength: 5 }), async (storeName, specs) => {
        const rows = specs.map(([ref, refund], i) => ({ ...sampleRow(i), merchantReference: ref, refundUuid: refund }));
        const doc = await xml(rows, { ...HEADER, storeName });
        if (hasXmllint && linted < 25) {
          linted++;
          xmllint(doc);
        }
        const root = parseXml(doc);
        expect(child(root, 'payout')?.attrs.storeName).toBe(stripIllegalXmlChars(storeName));
        const parsed = (child(root, 'rows')?.children ?? []).map((r) => [child(r, 'merchantReference')?.text, child(r, 'refundUuid')?.text ?? null]);
        expect(parsed).toEqual(specs.map(([ref, refund]) => [stripIllegalXmlChars(ref), refund === null ? null : stripIllegalXmlChars(refund)]));
      }),
      { numRuns: 300 },
    );
  });
});
