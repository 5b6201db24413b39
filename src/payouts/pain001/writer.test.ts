import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../platform/money.js';
import { makeIban } from '../../platform/iban.js';
import { describeXsd, haveXmllint, xsdErrors } from '../../../test/support/xmllint.js';
import { isSepaText } from './text.js';
import { isSepaId, MAX_TRANSFER_MINOR, Pain001Error, writePain001, type CreditTransfer, type Pain001Message } from './writer.js';

const DEBTOR = { name: 'Kassa Settlement OÜ', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };
const CREATED = new Date('2026-11-27T06:00:00.123Z');

function transfer(over: Partial<CreditTransfer> = {}): CreditTransfer {
  return {
    endToEndId: '0192f0c1a2b37c4d8e9f001122334455',
    amountMinor: 16715,
    currency: 'EUR',
    debtor: DEBTOR,
    executionDate: '2026-11-27',
    creditor: { name: 'Rīgas Piens SIA', iban: 'EE382200221020145685' },
    remittance: 'Kassa payout 0192f0c1-a2b3-7c4d-8e9f-001122334455',
    ...over,
  };
}
const message = (transfers: CreditTransfer[], over: Partial<Pain001Message> = {}): Pain001Message => ({
  messageId: 'KASSA-PO-20261127-0a1b2c3d4e',
  createdAt: CREATED,
  initiatingParty: 'Kassa Settlement OÜ',
  transfers,
  ...over,
});

/** Every element's text, by name, in document order. */
const texts = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
const minor = (s: string) => {
  const r = parseAmount(s);
  if (!r.ok) throw new Error(`${s}: ${r.reason}`);
  return r.minor;
};

describe('writePain001', () => {
  it('writes the group header, one PmtInf per debtor account and date, and one CdtTrfTxInf per transfer', () => {
    const f = writePain001(
      message([
        transfer(),
        transfer({ endToEndId: 'E2', amountMinor: 1, creditor: { name: 'Łódź Sklep', iban: 'PL61 1090 1014 0000 0712 1981 2874', bic: 'wbkpplpp' }, remittance: '' }),
        transfer({ endToEndId: 'E3', amountMinor: 999, executionDate: '2026-11-30' }),
      ]),
    );
    expect(f).toMatchObject({ messageId: 'KASSA-PO-20261127-0a1b2c3d4e', transactions: 3, controlSumMinor: 17715 });
    expect(f.payments).toEqual([
      { paymentInfoId: 'KASSA-PO-20261127-0a1b2c3d4e-1', debtorIban: 'DE89370400440532013000', executionDate: '2026-11-27', transactions: 2, controlSumMinor: 16716 },
      { paymentInfoId: 'KASSA-PO-20261127-0a1b2c3d4e-2', debtorIban: 'DE89370400440532013000', executionDate: '2026-11-30', transactions: 1, controlSumMinor: 999 },
    ]);
    const x = f.xml;
    expect(x.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">')).toBe(true);
    expect(texts(x, 'CreDtTm')).toEqual(['2026-11-27T06:00:00Z']);
    expect(texts(x, 'NbOfTxs')).toEqual(['3', '2', '1']);
    expect(texts(x, 'CtrlSum')).toEqual(['177.15', '167.16', '9.99']);
    expect(texts(x, 'InstdAmt')).toEqual(['167.15', '0.01', '9.99']);
    expect(x).toContain('<InstdAmt Ccy="EUR">0.01</InstdAmt>');
    expect(texts(x, 'Nm')).toEqual(['Kassa Settlement OU', 'Kassa Settlement OU', 'Rigas Piens SIA', 'Lodz Sklep', 'Kassa Settlement OU', 'Rigas Piens SIA']);
    expect(texts(x, 'IBAN')).toEqual(['DE89370400440532013000', 'EE382200221020145685', 'PL61109010140000071219812874', 'DE89370400440532013000', 'EE382200221020145685']);
    expect(texts(x, 'BICFI')).toEqual(['COBADEFFXXX', 'WBKPPLPP', 'COBADEFFXXX']);
    expect(texts(x, 'Cd')).toEqual(['SEPA', 'SEPA']);
    expect(texts(x, 'ChrgBr')).toEqual(['SLEV', 'SLEV']);
    expect(texts(x, 'PmtMtd')).toEqual(['TRF', 'TRF']);
    expect(texts(x, 'BtchBookg')).toEqual(['true', 'true']);
    expect(texts(x, 'Ustrd')).toEqual(['Kassa payout 0192f0c1-a2b3-7c4d-8e9f-001122334455', 'Kassa payout 0192f0c1-a2b3-7c4d-8e9f-001122334455']); // none for E2
    expect(texts(x, 'EndToEndId')).toEqual(['0192f0c1a2b37c4d8e9f001122334455', 'E2', 'E3']);
    if (haveXmllint) expect(xsdErrors(x)).toEqual([]);
  });

  it('names NOTPROVIDED as the debtor agent without a BIC (EPC: BICFI or Othr/Id), and BtchBookg false on request', () => {
    const x = writePain001(message([transfer({ debtor: { ...DEBTOR, bic: undefined } })], { batchBooking: false })).xml;
    expect(x).toContain('<DbtrAgt>\n        <FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>\n      </DbtrAgt>');
    expect(texts(x, 'BtchBookg')).toEqual(['false']);
  });

  it('escapes and restricts names and remittance to the SEPA set, cut to 70 and 140', () => {
    const x = writePain001(message([transfer({ creditor: { name: `O'Brien & <Söhne> ${'x'.repeat(100)}`, iban: 'EE382200221020145685' }, remittance: `Ref: "A&B" ${'y'.repeat(200)}` })])).xml;
    const [, , cdtr] = texts(x, 'Nm');
    expect(cdtr).toBe(`O&apos;Brien + Sohne ${'x'.repeat(54)}`);
    expect(texts(x, 'Ustrd')[0]!.replace(/&apos;/g, "'")).toHaveLength(140);
    expect(x).not.toMatch(/[<>]Söhne|&(?!amp;|apos;|lt;|gt;|quot;)/);
  });

  it.each<[string, Partial<CreditTransfer>, string]>([
    ['PLN', { currency: 'PLN' }, 'transfers[0].currency is PLN: only EUR transfers are SEPA credit transfers; pay other currencies outside this file'],
    ['SEK', { currency: 'SEK' }, 'transfers[0].currency is SEK: only EUR transfers are SEPA credit transfers; pay other currencies outside this file'],
    ['a zero amount', { amountMinor: 0 }, 'transfers[0].amountMinor must be a whole number of cents from 0.01 to 999999999.99, got 0'],
    ['a fraction of a cent', { amountMinor: 10.5 }, 'transfers[0].amountMinor must be a whole number of cents from 0.01 to 999999999.99, got 10.5'],
    ['too much', { amountMinor: MAX_TRANSFER_MINOR + 1 }, 'transfers[0].amountMinor must be a whole number of cents from 0.01 to 999999999.99, got 100000000000'],
    ['a bad IBAN', { creditor: { name: 'X', iban: 'EE382200221020145686' } }, 'transfers[0].creditor.iban must be a valid IBAN, got "EE382200221020145686"'],
    ['a bad BIC', { debtor: { ...DEBTOR, bic: 'COBA' } }, 'transfers[0].debtor.bic must be a BIC of 8 or 11 characters, got "COBA"'],
    ['a name of no SEPA letters', { creditor: { name: '漢字', iban: 'EE382200221020145685' } }, 'transfers[0].creditor.name must have at least one letter or digit of the SEPA character set'],
    ['a long EndToEndId', { endToEndId: 'x'.repeat(36) }, 'transfers[0].endToEndId must be 1 to 35 characters'],
    ['a bad date', { executionDate: '2026-02-30' }, 'transfers[0].executionDate must be a date YYYY-MM-DD, got "2026-02-30"'],
  ])('refuses %s', (_name, over, msg) => {
    expect(() => writePain001(message([transfer(over)]))).toThrow(Pain001Error);
    expect(() => writePain001(message([transfer(over)]))).toThrow(msg);
  });

  it('refuses an empty file, a repeated EndToEndId, one account under two names, and a bad MsgId', () => {
    expect(() => writePain001(message([]))).toThrow('transfers must hold at least one transfer');
    expect(() => writePain001(message([transfer(), transfer()]))).toThrow('transfers[1].endToEndId 0192f0c1a2b37c4d8e9f001122334455 appears twice in the file');
    expect(() => writePain001(message([transfer(), transfer({ endToEndId: 'E2', debtor: { ...DEBTOR, name: 'Other' } })]))).toThrow('transfers[1].debtor names account DE89370400440532013000');
    expect(() => writePain001(message([transfer()], { messageId: '/abc' }))).toThrow('messageId must be 1 to 35 characters');
    expect(isSepaId('a//b')).toBe(false);
    expect(isSepaId('a b')).toBe(false);
    expect(isSepaId("A-1:(x).,'+?/y")).toBe(true);
  });
});

// A random valid IBAN of a few SEPA countries (the check digits computed).
const iban = fc
  .tuple(fc.constantFrom(['EE', 16], ['LV', 17], ['LT', 16], ['FI', 14], ['DE', 18]) as fc.Arbitrary<[string, number]>, fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }))
  .map(([[c, len], n]) => makeIban(c, String(n).padStart(18, '0').slice(0, len)));
const transfers = fc.array(
  fc.record({
    amountMinor: fc.integer({ min: 1, max: MAX_TRANSFER_MINOR }),
    name: fc.string({ unit: 'grapheme', minLength: 0, maxLength: 90 }).map((s) => `N${s}`),
    iban,
    remittance: fc.string({ unit: 'grapheme', maxLength: 200 }),
    day: fc.integer({ min: 1, max: 3 }),
  }),
  { minLength: 1, maxLength: 40 },
);
const build = (ts: { amountMinor: number; name: string; iban: string; remittance: string; day: number }[]) =>
  writePain001(
    message(ts.map((t, i) => transfer({ endToEndId: `E${i}`, amountMinor: t.amountMinor, creditor: { name: t.name, iban: t.iban }, remittance: t.remittance, executionDate: `2026-12-0${t.day}` }))),
  );

describe('writePain001, properties', () => {
  it('CtrlSum is the sum of InstdAmt (file and each PmtInf), NbOfTxs the count, and every amount round-trips exactly', () => {
    fc.assert(
      fc.property(transfers, (ts) => {
        const f = build(ts);
        const amounts = texts(f.xml, 'InstdAmt').map(minor);
        const sums = texts(f.xml, 'CtrlSum').map(minor);
        const counts = texts(f.xml, 'NbOfTxs').map(Number);
        const total = ts.reduce((s, t) => s + t.amountMinor, 0);
        // The amounts, in the file's order (grouped by date), are the transfers' amounts.
        const byDay = [...new Set(ts.map((t) => t.day))].flatMap((d) => ts.filter((t) => t.day === d).map((t) => t.amountMinor));
        expect(amounts).toEqual(byDay);
        expect(sums[0]).toBe(total);
        expect(f.controlSumMinor).toBe(total);
        expect(counts[0]).toBe(ts.length);
        // Each PmtInf: its CtrlSum and NbOfTxs are those of its own transfers.
        const blocks = f.xml.split('<PmtInf>').slice(1);
        expect(blocks).toHaveLength(new Set(ts.map((t) => t.day)).size);
        for (const b of blocks) {
          const own = texts(b, 'InstdAmt').map(minor);
          expect(minor(texts(b, 'CtrlSum')[0]!)).toBe(own.reduce((s, a) => s + a, 0));
          expect(Number(texts(b, 'NbOfTxs')[0])).toBe(own.length);
        }
        expect(texts(f.xml, 'InstdAmt')).toEqual(byDay.map(formatAmount));
        // Every name and remittance is in the SEPA set, within its length.
        for (const n of texts(f.xml, 'Nm')) expect(isSepaText(n.replace(/&apos;/g, "'")) && n.replace(/&apos;/g, "'").length <= 70).toBe(true);
        for (const u of texts(f.xml, 'Ustrd')) expect(isSepaText(u.replace(/&apos;/g, "'")) && u.replace(/&apos;/g, "'").length <= 140).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describeXsd('writePain001 against the EPC XSD', () => {
  it.skipIf(!haveXmllint)('random files validate against pain.001.001.09 (EPC132-08 2023)', () => {
    fc.assert(
      fc.property(transfers, (ts) => {
        expect(xsdErrors(build(ts).xml)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it.skipIf(!haveXmllint)('the schema check can fail: a third decimal, a second service level, a long name are refused', () => {
    const x = writePain001(message([transfer()])).xml;
    expect(xsdErrors(x.replace('<InstdAmt Ccy="EUR">167.15<', '<InstdAmt Ccy="EUR">167.155<'))?.join('\n')).toMatch(/fractionDigits/);
    expect(xsdErrors(x.replace('<Cd>SEPA</Cd>', '<Cd>URGP</Cd>'))?.join('\n')).toMatch(/Cd/);
    expect(xsdErrors(x.replace('<Nm>Rigas Piens SIA</Nm>', `<Nm>${'x'.repeat(71)}</Nm>`))?.join('\n')).toMatch(/maxLength/);
  });
});
