import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../platform/errors.js';
import { beginInput, CTX, ORDER_ID } from '../../../../test/support/processors/fixtures.js';
import { decideBank } from './behaviour.js';
import { bankMapper, bankReturnFields } from './mapper.js';

const req = bankMapper.buildRequest(beginInput({ choice: { bankCode: 'LHVBEE22', country: 'EE' }, paymentReference: '1234561' }), CTX);

describe('bank simulator mapper', () => {
  it('builds the payment order from the chosen bank and round-trips it through fields', () => {
    expect(req).toMatchObject({ ref: CTX.ref, order: ORDER_ID, amountMinor: 1050, currency: 'EUR', payee: 'Test shop', country: 'EE', reference: '1234561' });
    expect(req.bank.name).toBe('LHV');
    const fields = bankMapper.requestFields(req);
    expect(fields).toMatchObject({ bank: 'LHVBEE22', country: 'EE', reference: '1234561', amount: '1050' });
    expect(bankMapper.parseRequest(fields)).toEqual(req);
  });

  it('refuses a missing bank, a bank of another country or a currency the bank does not take', () => {
    expect(() => bankMapper.buildRequest(beginInput(), CTX)).toThrow(ApiError);
    expect(() => bankMapper.buildRequest(beginInput({ choice: { bankCode: 'HABALV22', country: 'EE' } }), CTX)).toThrow(ApiError);
    expect(() => bankMapper.buildRequest(beginInput({ currency: 'PLN', choice: { bankCode: 'HABAEE2X', country: 'EE' } }), CTX)).toThrow(/does not accept PLN/);
    expect(bankMapper.parseRequest({ ...bankMapper.requestFields(req), amount: '-5' })).toBeUndefined();
    expect(bankMapper.parseRequest({ ...bankMapper.requestFields(req), bank: 'NOPE' })).toBeUndefined();
  });

  it('reads approve, decline and cancel returns', () => {
    const paid = bankMapper.parseReturn('kassa-bank-sim', bankReturnFields(req, { action: 'approve', senderIban: 'ee38 2200 2210 2014 5685', senderName: ' Jaan Tamm ' }));
    expect(paid).toEqual({
      kind: 'paid',
      processor: 'kassa-bank-sim',
      processorReference: CTX.ref,
      senderIban: 'EE382200221020145685',
      senderName: 'Jaan Tamm',
      providerName: 'LHV',
      metadata: { preferredProvider: 'LHVBEE22', preferredCountry: 'EE' },
    });
    expect(bankMapper.parseReturn('p', bankReturnFields(req, { action: 'decline' }))).toEqual({ kind: 'declined', processor: 'p', processorReference: CTX.ref, reason: 'DECLINED' });
    expect(bankMapper.parseReturn('p', bankReturnFields(req, { action: 'cancel' }))).toEqual({ kind: 'canceled', processor: 'p', processorReference: CTX.ref, reason: 'CANCELED_BY_SHOPPER' });
  });

  it('refuses an approved return without a valid payer account', () => {
    const fields = bankReturnFields(req, { action: 'approve', senderIban: 'EE382200221020145685', senderName: 'A' });
    expect(() => bankMapper.parseReturn('p', { ...fields, senderIban: 'EE382200221020145686' })).toThrow(ApiError);
    expect(() => bankMapper.parseReturn('p', { ...fields, senderName: '' })).toThrow(ApiError);
  });

  it('the bank page needs a valid IBAN and a name only to approve', () => {
    expect(decideBank('approve', 'EE382200221020145685', 'Mari')).toEqual({ ok: true, decision: { action: 'approve', senderIban: 'EE382200221020145685', senderName: 'Mari' } });
    expect(decideBank('approve', 'EE00', '')).toEqual({ ok: false, invalidIban: true, invalidName: true });
    expect(decideBank('decline', '', '')).toEqual({ ok: true, decision: { action: 'decline' } });
    expect(decideBank('cancel', '', '')).toEqual({ ok: true, decision: { action: 'cancel' } });
    expect(decideBank('steal', '', '')).toBeUndefined();
  });
});
