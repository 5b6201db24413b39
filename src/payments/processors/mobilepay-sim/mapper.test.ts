import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../platform/errors.js';
import { beginInput, CTX } from '../../../../test/support/processors/fixtures.js';
import { maskPhone, normalizePhone } from './behaviour.js';
import { mobilePayMapper, mobilePayReturnFields } from './mapper.js';

describe('MobilePay simulator', () => {
  const r = mobilePayMapper.buildRequest(beginInput(), CTX);

  it('round-trips the request and reads the returns', () => {
    expect(mobilePayMapper.parseRequest(mobilePayMapper.requestFields(r))).toEqual(r);
    expect(mobilePayMapper.parseReturn('m', mobilePayReturnFields(r, { action: 'approve', phone: '+358 ••• ••67' }))).toEqual({
      kind: 'paid',
      processor: 'm',
      processorReference: CTX.ref,
      metadata: { phone: '+358 ••• ••67' },
    });
    expect(mobilePayMapper.parseReturn('m', mobilePayReturnFields(r, { action: 'reject', phone: 'x' }))).toMatchObject({ kind: 'declined', reason: 'REJECTED_IN_APP' });
    expect(mobilePayMapper.parseReturn('m', mobilePayReturnFields(r, { action: 'cancel' }))).toMatchObject({ kind: 'canceled' });
    expect(() => mobilePayMapper.parseReturn('m', { ...mobilePayReturnFields(r, { action: 'approve', phone: 'x' }), phone: '' })).toThrow(ApiError);
  });

  it('reads Finnish and international numbers and masks them', () => {
    expect(normalizePhone('040 123 4567')).toBe('+358401234567');
    expect(normalizePhone('+358 (50) 765-4321')).toBe('+358507654321');
    expect(normalizePhone('0046701234567')).toBe('+46701234567');
    expect(normalizePhone('12')).toBeUndefined();
    expect(normalizePhone('phone')).toBeUndefined();
    expect(maskPhone('+358401234567')).toBe('+358 ••• ••67');
  });
});
