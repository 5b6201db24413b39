import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../platform/errors.js';
import {
  bankOfKey,
  initiationBody,
  meaningOf,
  minorOf,
  outcomeOf,
  parseInitiation,
  parseInitiationAnswer,
  parsePaymentAnswer,
  parseProcessorReference,
  parseStatusAnswer,
  processorReference,
  tppMessageText,
  TRANSACTION_STATUSES,
} from './mapper.js';
import { decideSca } from './sca.js';
import { digestOf, signingString, signRequest, verifyRequest } from './signing.js';
import { xs2aConnector } from './connector.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
const LV = bankOfKey('LV-HABALV22')!;

describe('XS2A mapper (fixtures from the Berlin Group guidelines and a bank guide)', () => {
  it('builds the single payment initiation of the guidelines example', () => {
    const body = initiationBody({
      amountMinor: 12350,
      currency: 'EUR',
      creditor: { iban: 'DE02 1001 0010 9307 1186 03', name: 'Merchant123' },
      description: 'Ref Number Merchant',
      debtorIban: 'DE40100100103307118608',
    });
    // Same keys and values as the guidelines' example (key order aside).
    expect(body).toEqual(fixture('initiation-request.json'));
    expect(parseInitiation(fixture('initiation-request.json'))).toEqual(body);
    expect(initiationBody({ amountMinor: 5, currency: 'PLN', creditor: { iban: 'LV80BANK0000435195001', name: 'K' }, description: 'x'.repeat(200), paymentReference: '1234561' })).toEqual({
      instructedAmount: { currency: 'PLN', amount: '0.05' },
      creditorAccount: { iban: 'LV80BANK0000435195001' },
      creditorName: 'K',
      remittanceInformationUnstructured: 'x'.repeat(140),
      remittanceInformationStructured: { reference: '1234561', referenceType: 'SCOR' },
    });
  });

  it('refuses malformed initiations with a message naming the field', () => {
    const ok = fixture('initiation-request.json') as Record<string, unknown>;
    expect(parseInitiation({ ...ok, instructedAmount: { currency: 'USD', amount: '1.00' } })).toMatch(/currency/);
    expect(parseInitiation({ ...ok, instructedAmount: { currency: 'EUR', amount: '1.001' } })).toMatch(/amount/);
    expect(parseInitiation({ ...ok, instructedAmount: { currency: 'EUR', amount: '0.00' } })).toMatch(/amount/);
    expect(parseInitiation({ ...ok, creditorAccount: { iban: 'DE00' } })).toMatch(/creditorAccount.iban/);
    expect(parseInitiation({ ...ok, creditorName: '' })).toMatch(/creditorName/);
    expect(parseInitiation(null)).toMatch(/JSON object/);
    expect(minorOf('123.5')).toBe(12350);
    expect(minorOf('0.12')).toBe(12);
    expect(minorOf(0.12)).toBeUndefined();
  });

  it('reads the 201 answer of the redirect approach', () => {
    expect(parseInitiationAnswer(fixture('initiation-response-redirect.json'))).toEqual({
      transactionStatus: 'RCVD',
      paymentId: '1234-wertiq-983',
      _links: {
        scaRedirect: { href: 'https://www.testbank.com/asdfasdfasdf' },
        self: { href: '/v1/payments/sepa-credit-transfers/1234-wertiq-983' },
        status: { href: '/v1/payments/1234-wertiq-983/status' },
      },
    });
    expect(() => parseInitiationAnswer(fixture('error-format.json'))).toThrow(ApiError);
    expect(() => parseInitiationAnswer({ transactionStatus: 'RCVD', paymentId: 'a/b' })).toThrow(ApiError);
    expect(tppMessageText(fixture('error-format.json'))).toBe('FORMAT_ERROR: TPP-Redirect-URI is missing');
  });

  it('reads statuses and payments, with or without a debtor', () => {
    expect(parseStatusAnswer(fixture('status-accp.json'))).toEqual({ transactionStatus: 'ACCP' });
    expect(parseStatusAnswer(fixture('status-acsc.json'))).toEqual({ transactionStatus: 'ACSC' });
    expect(parseStatusAnswer(fixture('status-rjct-funds.json'))).toEqual({ transactionStatus: 'RJCT', errorCode: 'FUNDS_NOT_AVAILABLE' });
    expect(() => parseStatusAnswer({ transactionStatus: 'DONE' })).toThrow(ApiError);
    expect(parsePaymentAnswer(fixture('payment-with-debtor.json'))).toEqual({ transactionStatus: 'ACCP', debtorAccount: { iban: 'DE40100100103307118608' }, debtorName: 'Buyer' });
    expect(parsePaymentAnswer(fixture('payment-without-debtor.json'))).toEqual({ transactionStatus: 'ACCP', debtorName: 'Buyer' });
  });

  it('maps every transaction status: ACSC and ACCC paid, RJCT declined, CANC cancelled, the rest waiting', () => {
    const meanings = Object.fromEntries(TRANSACTION_STATUSES.map((s) => [s, meaningOf(s)]));
    expect(meanings).toEqual({
      ACCC: 'paid',
      ACSC: 'paid',
      RJCT: 'declined',
      CANC: 'canceled',
      ACCP: 'waiting',
      ACSP: 'waiting',
      ACTC: 'waiting',
      ACWC: 'waiting',
      ACWP: 'waiting',
      RCVD: 'waiting',
      PDNG: 'waiting',
      ACFC: 'waiting',
      PATC: 'waiting',
      PART: 'waiting',
    });
  });

  it('turns a status into the attempt outcome, with the payer from the payment', () => {
    const ref = processorReference('LV-HABALV22', '1234-wertiq-983');
    expect(parseProcessorReference(ref)).toMatchObject({ bankKey: 'LV-HABALV22', paymentId: '1234-wertiq-983' });
    expect(parseProcessorReference('XX-NOPE:1')).toBeUndefined();
    expect(parseProcessorReference('bank_0c5ad7d4-3f5e-4b8e-9f1e-2d3c4b5a6f70')).toBeUndefined();
    const payment = parsePaymentAnswer(fixture('payment-with-debtor.json'));
    expect(outcomeOf('xs2a', ref, LV, parseStatusAnswer(fixture('status-acsc.json')), payment)).toEqual({
      kind: 'paid',
      processor: 'xs2a',
      processorReference: ref,
      senderIban: 'DE40100100103307118608',
      senderName: 'Buyer',
      providerName: 'Swedbank',
      metadata: { preferredProvider: 'HABALV22', preferredCountry: 'LV' },
    });
    expect(outcomeOf('xs2a', ref, LV, { transactionStatus: 'ACCC' }, parsePaymentAnswer(fixture('payment-without-debtor.json')))).toMatchObject({
      kind: 'paid',
      senderIban: null,
      senderName: 'Buyer',
    });
    expect(outcomeOf('xs2a', ref, LV, parseStatusAnswer(fixture('status-rjct-funds.json')))).toEqual({ kind: 'declined', processor: 'xs2a', processorReference: ref, reason: 'INSUFFICIENT_FUNDS' });
    expect(outcomeOf('xs2a', ref, LV, { transactionStatus: 'RJCT' })).toMatchObject({ kind: 'declined', reason: 'DECLINED' });
    expect(outcomeOf('xs2a', ref, LV, { transactionStatus: 'CANC' })).toEqual({ kind: 'canceled', processor: 'xs2a', processorReference: ref, reason: 'CANCELED_BY_SHOPPER' });
    expect(outcomeOf('xs2a', ref, LV, parseStatusAnswer(fixture('status-accp.json')))).toEqual({ kind: 'waiting', processor: 'xs2a', processorReference: ref, status: 'ACCP' });
  });

  it('the SCA page: approve needs a valid IBAN and a name; the magic amounts choose the bank’s answer', () => {
    expect(decideSca('approve', 'EE38 2200 2210 2014 5685', ' Mari ', 1050)).toEqual({
      ok: true,
      status: 'ACSC',
      debtorIban: 'EE382200221020145685',
      debtorName: 'Mari',
      settleAfterReads: 0,
      approved: true,
    });
    expect(decideSca('approve', 'EE00', '', 1050)).toEqual({ ok: false, invalidIban: true, invalidName: true });
    expect(decideSca('approve', 'EE382200221020145685', 'M', 1092)).toMatchObject({ status: 'RJCT', approved: true });
    expect(decideSca('approve', 'EE382200221020145685', 'M', 1093)).toMatchObject({ status: 'ACSP', settleAfterReads: 1 });
    expect(decideSca('decline', '', '', 1050)).toMatchObject({ ok: true, status: 'RJCT', approved: false });
    expect(decideSca('cancel', '', '', 1050)).toMatchObject({ ok: true, status: 'CANC', approved: false });
    expect(decideSca('steal', '', '', 1050)).toBeUndefined();
  });
});

describe('XS2A message signing (Digest, Signature, TPP-Signature-Certificate)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pubPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  it('signs digest, x-request-id, date and the redirect headers; a changed body or header fails', () => {
    const body = JSON.stringify(fixture('initiation-request.json'));
    const headers: Record<string, string> = { 'x-request-id': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721', date: 'Sun, 17 Mar 2024 10:00:00 GMT', 'tpp-redirect-uri': 'https://kassa.example/pay/x/return' };
    signRequest(headers, body, { keyId: 'SN=9FA1,CA=CN=D-TRUST CA 2-1 2015,O=D-Trust GmbH,C=DE', keyPem, certPem: '-----BEGIN CERTIFICATE-----\nQUJD\n-----END CERTIFICATE-----\n' });
    expect(headers.digest).toBe(digestOf(body));
    expect(headers.digest).toMatch(/^SHA-256=[A-Za-z0-9+/]+=*$/);
    expect(headers.signature).toMatch(
      /^keyId="SN=9FA1,CA=CN=D-TRUST CA 2-1 2015,O=D-Trust GmbH,C=DE",algorithm="rsa-sha256",headers="digest x-request-id date tpp-redirect-uri",signature="[A-Za-z0-9+/=]+"$/,
    );
    expect(headers['tpp-signature-certificate']).toBe('QUJD');
    expect(verifyRequest(headers, body, pubPem)).toBeUndefined();
    expect(verifyRequest(headers, body.replace('123.50', '999.00'), pubPem)).toMatch(/Digest/);
    expect(verifyRequest({ ...headers, 'x-request-id': 'other' }, body, pubPem)).toBe('SIGNATURE_INVALID');
    expect(signingString({ a: '1', b: '2' }, ['b', 'a'])).toBe('b: 2\na: 1');
  });

  it('the connector: named by the bank, refuses http, a simulator address, an unknown bank and signing without its keys', () => {
    const settings = {
      country: 'EE' as const,
      bankCode: 'HABAEE2X',
      baseUrl: 'https://psd2.swedbank.ee/xs2a',
      paymentProduct: 'sepa-credit-transfers',
      creditor: { iban: 'EE382200221020145685', name: 'Kassa OÜ' },
      signing: null,
    };
    const secrets = { tlsCertPem: 'c', tlsKeyPem: 'k' };
    expect(xs2aConnector.nameOf(settings)).toBe('EE-HABAEE2X');
    expect(xs2aConnector.check!(settings, secrets)).toBeUndefined();
    expect(xs2aConnector.check!({ ...settings, baseUrl: 'http://psd2.swedbank.ee' }, secrets)).toMatch(/https/);
    expect(xs2aConnector.check!({ ...settings, baseUrl: 'https://k.example/simulators/xs2a/EE-HABAEE2X' }, secrets)).toMatch(/simulator/);
    expect(xs2aConnector.check!({ ...settings, bankCode: 'NOPEEE22' }, secrets)).toMatch(/catalogue/);
    expect(xs2aConnector.check!({ ...settings, creditor: { iban: 'EE00', name: 'K' } }, secrets)).toMatch(/creditor.iban/);
    expect(xs2aConnector.check!({ ...settings, signing: { keyId: 'SN=1,CA=X' } }, secrets)).toMatch(/signingKeyPem/);
  });
});
