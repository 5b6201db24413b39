import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../platform/errors.js';
import { beginInput, CTX } from '../../../../test/support/processors/fixtures.js';
import { bnplInstalments } from './behaviour.js';
import { bnplMapper, bnplReturnFields } from './mapper.js';

describe('pay-later simulator', () => {
  it('preselects the chosen period (1 by default) and round-trips it', () => {
    expect(bnplMapper.buildRequest(beginInput(), CTX).period).toBe(1);
    const r = bnplMapper.buildRequest(beginInput({ choice: { period: 3 } }), CTX);
    expect(r.period).toBe(3);
    expect(bnplMapper.parseRequest(bnplMapper.requestFields(r))).toEqual(r);
    expect(bnplMapper.parseRequest({ ...bnplMapper.requestFields(r), period: '4' })).toBeUndefined();
  });

  it('reads returns with the period taken', () => {
    const r = bnplMapper.buildRequest(beginInput({ choice: { period: 3 } }), CTX);
    expect(bnplMapper.parseReturn('n', bnplReturnFields(r, { action: 'approve', period: 2 }))).toEqual({ kind: 'paid', processor: 'n', processorReference: CTX.ref, metadata: { period: 2 } });
    expect(bnplMapper.parseReturn('n', bnplReturnFields(r, { action: 'decline' }))).toMatchObject({ kind: 'declined', reason: 'DECLINED' });
    expect(() => bnplMapper.parseReturn('n', { ...bnplReturnFields(r, { action: 'approve', period: 2 }), period: '' })).toThrow(ApiError);
  });

  it('splits the amount in whole cents, remainder on the first payment', () => {
    expect(bnplInstalments(1001, 1)).toEqual([1001]);
    expect(bnplInstalments(1001, 2)).toEqual([501, 500]);
    expect(bnplInstalments(1001, 3)).toEqual([335, 333, 333]);
  });
});
