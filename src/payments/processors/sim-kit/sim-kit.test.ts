import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SimulatedProcessor } from './adapter.js';
import { blikMapper, blikReturnFields } from '../blik-sim/mapper.js';
import { blikSimDefinition } from '../blik-sim/definition.js';
import { beginInput, directory, MERCHANT, ORDER_ID } from '../../../../test/support/processors/fixtures.js';
import { formatIban, isValidIban, makeIban } from '../../../platform/iban.js';
import { sampleIban } from './iban.js';
import { appendQuery, parseBaseReturn, splitMinor } from './protocol.js';
import { canonical, hasValidMac, signFields, simulatorKey, toFields } from './signing.js';
import { RETURN_PURPOSE } from './adapter.js';
import { BANKS, COUNTRIES } from '../../methods/catalogue/banks.js';
import { ApiError } from '../../../platform/errors.js';

describe('signing', () => {
  const key = simulatorKey('s3cret');
  const names = ['a', 'b'];

  it('signs only the named fields and verifies them', () => {
    const signed = signFields(key, 'request', { a: '1', b: 'x y', c: 'ignored' }, names);
    expect(Object.keys(signed)).toEqual(['a', 'b', 'mac']);
    expect(hasValidMac(key, 'request', signed, names)).toBe(true);
    expect(hasValidMac(key, 'request', { ...signed, extra: 'fine' }, names)).toBe(true);
  });

  it('refuses a changed field, another purpose, another key or a missing MAC', () => {
    const signed = signFields(key, 'request', { a: '1', b: '2' }, names);
    expect(hasValidMac(key, 'request', { ...signed, b: '3' }, names)).toBe(false);
    expect(hasValidMac(key, 'return', signed, names)).toBe(false);
    expect(hasValidMac(simulatorKey('other'), 'request', signed, names)).toBe(false);
    expect(hasValidMac(key, 'request', { a: '1', b: '2' }, names)).toBe(false);
  });

  it('is unambiguous: moving text between fields changes the MAC input', () => {
    expect(canonical('p', { a: 'x\nb=1:y', b: '' }, names)).not.toBe(canonical('p', { a: 'x', b: 'y' }, names));
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (a1, b1, a2, b2) => {
        fc.pre(a1 !== a2 || b1 !== b2);
        expect(canonical('p', { a: a1, b: b1 }, names)).not.toBe(canonical('p', { a: a2, b: b2 }, names));
      }),
    );
  });

  it('reads form and query objects as string fields', () => {
    expect(toFields({ a: 'x', b: ['y', 'z'], c: 1, d: undefined })).toEqual({ a: 'x', b: 'y' });
    expect(toFields(null)).toEqual({});
  });
});

describe('IBAN', () => {
  it('validates real IBANs and rejects a changed digit', () => {
    expect(isValidIban('EE38 2200 2210 2014 5685')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('EE38 2200 2210 2014 5686')).toBe(false);
    expect(isValidIban('EE3822002210201456851')).toBe(false); // wrong length for EE
    expect(isValidIban('hello')).toBe(false);
  });

  it('makes valid IBANs for every catalogue bank in its country', () => {
    for (const c of COUNTRIES) {
      for (const b of BANKS[c]) {
        const iban = sampleIban(c, b.code, `seed-${b.code}`);
        expect(iban.startsWith(c), iban).toBe(true);
        expect(isValidIban(iban), `${c} ${b.code} ${iban}`).toBe(true);
      }
    }
    expect(sampleIban('EE', 'HABAEE2X', 'x')).toMatch(/^EE\d{2}22\d{14}$/);
    expect(sampleIban('LV', 'HABALV22', 'x')).toMatch(/^LV\d{2}HABA\d{13}$/);
    expect(sampleIban('LT', 'HABALT22', 'x')).toMatch(/^LT\d{2}73000\d{11}$/);
    expect(sampleIban('PL', 'BPKOPLPW', 'x')).toMatch(/^PL\d{2}102\d{21}$/);
    expect(makeIban('GB', 'WEST12345698765432')).toBe('GB82WEST12345698765432');
    expect(formatIban('EE382200221020145685')).toBe('EE38 2200 2210 2014 5685');
  });
});

describe('protocol', () => {
  it('splits amounts into whole minor units with the remainder first', () => {
    expect(splitMinor(1001, 3)).toEqual([335, 333, 333]);
    expect(splitMinor(1000, 2)).toEqual([500, 500]);
    expect(splitMinor(1, 3)).toEqual([1, 0, 0]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 36 }), (amount, parts) => {
        const xs = splitMinor(amount, parts);
        expect(xs).toHaveLength(parts);
        expect(xs.reduce((a, b) => a + b, 0)).toBe(amount);
        for (const x of xs) expect(Number.isInteger(x)).toBe(true);
        expect(xs[0]! - xs[xs.length - 1]!).toBeLessThan(parts);
      }),
    );
    expect(() => splitMinor(10, 0)).toThrow(RangeError);
  });

  it('keeps the query of the return URL when appending fields', () => {
    expect(appendQuery('http://k.test/pay/x/return?lang=et', { a: '1&2' })).toBe('http://k.test/pay/x/return?lang=et&a=1%262');
  });

  it('refuses malformed returns', () => {
    expect(() => parseBaseReturn({ ref: 'x', order: ORDER_ID, status: 'approved' })).toThrow(ApiError);
    expect(() => parseBaseReturn({ ref: 'bank_0c5ad7d4-3f5e-4b8e-9f1e-2d3c4b5a6f70', order: ORDER_ID, status: 'declined', reason: 'WHATEVER' })).toThrow(ApiError);
  });
});

describe('SimulatedProcessor', () => {
  const adapter = new SimulatedProcessor(blikSimDefinition, blikMapper, 'http://kassa.test', directory);
  const input = beginInput({ currency: 'PLN' });

  it('begin: a signed request to the simulator page, with a fresh processor reference', async () => {
    const a = await adapter.begin(input);
    const b = await adapter.begin(input);
    expect(a.processorReference).toMatch(/^blik_[0-9a-f-]{36}$/);
    expect(a.processorReference).not.toBe(b.processorReference);
    const u = new URL(a.redirectUrl);
    expect(u.origin + u.pathname).toBe('http://kassa.test/simulators/blik/pay');
    const fields = Object.fromEntries(u.searchParams);
    expect(fields).toMatchObject({ ref: a.processorReference, order: ORDER_ID, amount: '1050', currency: 'PLN', locale: 'et', payee: 'Test shop' });
    expect(hasValidMac(MERCHANT.key, 'request', fields, blikMapper.requestFieldNames)).toBe(true);
  });

  it('interpret: accepts a return signed with the order store key, refuses anything else', async () => {
    const { redirectUrl } = await adapter.begin(input);
    const req = blikMapper.parseRequest(Object.fromEntries(new URL(redirectUrl).searchParams))!;
    const ret = signFields(MERCHANT.key, RETURN_PURPOSE, blikReturnFields(req, { action: 'approve' }), blikMapper.returnFieldNames);
    await expect(adapter.interpret(ret)).resolves.toMatchObject({ kind: 'paid', processor: 'kassa-blik-sim', processorReference: req.ref });
    await expect(adapter.interpret({ ...ret, status: 'declined' })).rejects.toMatchObject({ statusCode: 403 });
    const otherKey = signFields(simulatorKey('other-store'), RETURN_PURPOSE, ret, blikMapper.returnFieldNames);
    await expect(adapter.interpret(otherKey)).rejects.toMatchObject({ statusCode: 403 });
    const asRequest = signFields(MERCHANT.key, 'request', ret, blikMapper.returnFieldNames);
    await expect(adapter.interpret(asRequest)).rejects.toMatchObject({ statusCode: 403 });
    await expect(adapter.interpret({ ...ret, order: '01900000-0000-7000-8000-000000000099' })).rejects.toMatchObject({ statusCode: 400 });
  });
});
