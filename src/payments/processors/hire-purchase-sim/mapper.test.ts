import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../platform/errors.js';
import { beginInput, CTX } from '../../../../test/support/processors/fixtures.js';
import { creditApproved, plans } from './behaviour.js';
import { hirePurchaseMapper, hirePurchaseReturnFields } from './mapper.js';

describe('hire-purchase simulator', () => {
  const r = hirePurchaseMapper.buildRequest(beginInput({ amountMinor: 100001 }), CTX);

  it('round-trips the request and reads the returns', () => {
    expect(hirePurchaseMapper.parseRequest(hirePurchaseMapper.requestFields(r))).toEqual(r);
    expect(hirePurchaseMapper.parseReturn('h', hirePurchaseReturnFields(r, { action: 'approve', months: 24 }))).toEqual({
      kind: 'paid',
      processor: 'h',
      processorReference: CTX.ref,
      metadata: { months: 24 },
    });
    expect(hirePurchaseMapper.parseReturn('h', hirePurchaseReturnFields(r, { action: 'decline', reason: 'CREDIT_DECLINED' }))).toMatchObject({ kind: 'declined', reason: 'CREDIT_DECLINED' });
    expect(() => hirePurchaseMapper.parseReturn('h', { ...hirePurchaseReturnFields(r, { action: 'approve', months: 24 }), months: '18' })).toThrow(ApiError);
  });

  it('grants credit from 100.00 to 10 000.00 EUR only', () => {
    expect(creditApproved(9_999, 'EUR')).toBe(false);
    expect(creditApproved(10_000, 'EUR')).toBe(true);
    expect(creditApproved(1_000_000, 'EUR')).toBe(true);
    expect(creditApproved(1_000_001, 'EUR')).toBe(false);
    expect(creditApproved(50_000, 'PLN')).toBe(false);
  });

  it('offers 6/12/24/36 months in whole cents with the remainder on the first payment', () => {
    expect(plans(100001)).toEqual([
      { months: 6, firstMinor: 16671, monthlyMinor: 16666 },
      { months: 12, firstMinor: 8338, monthlyMinor: 8333 },
      { months: 24, firstMinor: 4183, monthlyMinor: 4166 },
      { months: 36, firstMinor: 2806, monthlyMinor: 2777 },
    ]);
  });
});
