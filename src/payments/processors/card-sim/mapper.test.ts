import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../platform/errors.js';
import { beginInput, CTX } from '../../../../test/support/processors/fixtures.js';
import { cardBrand, checkCard, luhnValid, parseExpiry, TEST_CARDS } from './behaviour.js';
import { cardMapper, cardReturnFields } from './mapper.js';

const today = { year: 2026, month: 5 };
const ok = (number: string) => checkCard({ number, expiry: '12/30', cvc: '123' }, today);

describe('card simulator mapper', () => {
  it('carries the option to show first (wallet by default)', () => {
    expect(cardMapper.buildRequest(beginInput(), CTX).mode).toBe('wallet');
    const r = cardMapper.buildRequest(beginInput({ choice: { cardMode: 'card' } }), CTX);
    expect(r.mode).toBe('card');
    expect(cardMapper.parseRequest(cardMapper.requestFields(r))).toEqual(r);
    expect(cardMapper.parseRequest({ ...cardMapper.requestFields(r), mode: 'cash' })).toBeUndefined();
  });

  it('reads paid, declined and cancelled returns', () => {
    const r = cardMapper.buildRequest(beginInput(), CTX);
    const card = { paidWith: 'card' as const, brand: 'Visa' as const, last4: '3220', threeDs: true };
    expect(cardMapper.parseReturn('c', cardReturnFields(r, { action: 'approve', card }))).toEqual({
      kind: 'paid',
      processor: 'c',
      processorReference: CTX.ref,
      metadata: { paidWith: 'card', cardBrand: 'Visa', cardLast4: '3220', threeDSecure: true },
    });
    expect(cardMapper.parseReturn('c', cardReturnFields(r, { action: 'decline', reason: 'INSUFFICIENT_FUNDS', card }))).toMatchObject({ kind: 'declined', reason: 'INSUFFICIENT_FUNDS' });
    expect(cardMapper.parseReturn('c', cardReturnFields(r, { action: 'cancel' }))).toMatchObject({ kind: 'canceled' });
    expect(() => cardMapper.parseReturn('c', { ...cardReturnFields(r, { action: 'approve', card }), last4: '' })).toThrow(ApiError);
  });
});

describe('card simulator test cards', () => {
  it('follows the documented magic numbers', () => {
    expect(ok('4242 4242 4242 4242')).toMatchObject({ ok: true, outcome: 'approve', brand: 'Visa', last4: '4242' });
    expect(ok(TEST_CARDS.declined)).toMatchObject({ ok: true, outcome: 'decline', reason: 'DECLINED' });
    expect(ok('4000-0000-0000-3220')).toMatchObject({ ok: true, outcome: 'challenge', last4: '3220' });
    expect(ok(TEST_CARDS.insufficientFunds)).toMatchObject({ ok: true, outcome: 'decline', reason: 'INSUFFICIENT_FUNDS' });
    expect(ok('5555555555554444')).toMatchObject({ ok: true, outcome: 'approve', brand: 'Mastercard' });
  });

  it('checks Luhn, expiry and CVC', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
    expect(ok('4242424242424241')).toEqual({ ok: false, invalidNumber: true, invalidExpiry: false, invalidCvc: false });
    expect(checkCard({ number: '4242424242424242', expiry: '04/26', cvc: '123' }, today)).toMatchObject({ ok: false, invalidExpiry: true });
    expect(checkCard({ number: '4242424242424242', expiry: '05/26', cvc: '123' }, today)).toMatchObject({ ok: true });
    expect(checkCard({ number: '4242424242424242', expiry: '13/30', cvc: '12' }, today)).toMatchObject({ ok: false, invalidExpiry: true, invalidCvc: true });
    expect(checkCard({ number: '378282246310005', expiry: '1230', cvc: '1234' }, today)).toMatchObject({ ok: true, brand: 'American Express' });
    expect(parseExpiry('7 / 2031')).toEqual({ year: 2031, month: 7 });
    expect(cardBrand('6011000990139424')).toBe('Card');
  });
});
