import { describe, expect, it } from 'vitest';
import { beginInput, CTX } from '../../../../test/support/processors/fixtures.js';
import { decideBlik } from './behaviour.js';
import { blikMapper, blikReturnFields } from './mapper.js';

describe('BLIK simulator', () => {
  const r = blikMapper.buildRequest(beginInput({ currency: 'PLN', locale: 'pl' }), CTX);

  it('round-trips the request and reads the returns', () => {
    expect(blikMapper.parseRequest(blikMapper.requestFields(r))).toEqual(r);
    expect(blikMapper.parseReturn('b', blikReturnFields(r, { action: 'approve' }))).toEqual({ kind: 'paid', processor: 'b', processorReference: CTX.ref });
    expect(blikMapper.parseReturn('b', blikReturnFields(r, { action: 'decline', reason: 'CODE_EXPIRED' }))).toMatchObject({ kind: 'declined', reason: 'CODE_EXPIRED' });
    expect(blikMapper.parseReturn('b', blikReturnFields(r, { action: 'cancel' }))).toMatchObject({ kind: 'canceled' });
  });

  it('follows the documented codes', () => {
    expect(decideBlik('777123')).toEqual({ action: 'approve' });
    expect(decideBlik('777 123')).toEqual({ action: 'approve' });
    expect(decideBlik('000000')).toEqual({ action: 'approve' });
    expect(decideBlik('111111')).toEqual({ action: 'decline', reason: 'DECLINED' });
    expect(decideBlik('222222')).toEqual({ action: 'decline', reason: 'CODE_EXPIRED' });
    expect(decideBlik('12345')).toBeUndefined();
    expect(decideBlik('1234567')).toBeUndefined();
    expect(decideBlik('abcdef')).toBeUndefined();
  });
});
