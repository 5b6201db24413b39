/**
 * The bank simulator's protocol, modelled on Baltic bank links: Kassa sends a signed payment
 * order (payee, amount, description, reference, chosen bank); the bank sends back a signed
 * result with the payer's account (IBAN and name) when the payment was made. Pure.
 */
import { Errors } from '../../../platform/errors.js';
import { COUNTRIES, findBank, type Bank, type CountryCode } from '../../methods/catalogue/banks.js';
import type { SimulatorMapper } from '../sim-kit/adapter.js';
import { isValidIban, normalizeIban } from '../../../platform/iban.js';
import {
  BASE_REQUEST_FIELDS,
  BASE_RETURN_FIELDS,
  baseRequest,
  baseRequestFields,
  baseReturnFields,
  CANCEL_REASON,
  parseBaseRequest,
  returnOutcome,
  type SimRequest,
} from '../sim-kit/protocol.js';
import type { Fields } from '../sim-kit/signing.js';

export interface BankRequest extends SimRequest {
  bank: Bank;
  country: CountryCode;
  /** Structured payment reference, '' when the order has none. */
  reference: string;
}

export const BANK_REQUEST_FIELDS = [...BASE_REQUEST_FIELDS, 'bank', 'country', 'reference'] as const;
export const BANK_RETURN_FIELDS = [...BASE_RETURN_FIELDS, 'bank', 'country', 'senderIban', 'senderName'] as const;
export const SENDER_NAME_MAX = 70;

export type BankDecision =
  | { action: 'approve'; senderIban: string; senderName: string }
  | { action: 'decline' }
  | { action: 'cancel' };

function bankOf(country: string | undefined, code: string | undefined): { bank: Bank; country: CountryCode } | undefined {
  const c = COUNTRIES.find((x) => x === country);
  const bank = c && code ? findBank(c, code) : undefined;
  return c && bank ? { bank, country: c } : undefined;
}

export function isValidSenderName(name: string): boolean {
  const n = name.trim();
  return n.length > 0 && n.length <= SENDER_NAME_MAX;
}

export function bankReturnFields(r: BankRequest, d: BankDecision): Record<string, string> {
  const status = d.action === 'approve' ? 'approved' : d.action === 'decline' ? 'declined' : 'canceled';
  const reason = d.action === 'decline' ? 'DECLINED' : d.action === 'cancel' ? CANCEL_REASON : '';
  return {
    ...baseReturnFields(r, status, reason),
    bank: r.bank.code,
    country: r.country,
    senderIban: d.action === 'approve' ? normalizeIban(d.senderIban) : '',
    senderName: d.action === 'approve' ? d.senderName.trim() : '',
  };
}

export const bankMapper: SimulatorMapper<BankRequest> = {
  refPrefix: 'bank',
  entryPath: '/simulators/bank/pay',
  requestFieldNames: BANK_REQUEST_FIELDS,
  returnFieldNames: BANK_RETURN_FIELDS,

  buildRequest(input, ctx) {
    const chosen = bankOf(input.choice.country, input.choice.bankCode);
    if (!chosen) throw Errors.badRequest('a bank of the chosen country is required');
    if (!chosen.bank.supportedCurrencies.includes(input.currency)) {
      throw Errors.badRequest(`${chosen.bank.name} does not accept ${input.currency}`);
    }
    return { ...baseRequest(input, ctx), bank: chosen.bank, country: chosen.country, reference: input.paymentReference ?? '' };
  },

  requestFields(r) {
    return { ...baseRequestFields(r), bank: r.bank.code, country: r.country, reference: r.reference };
  },

  parseRequest(f: Fields) {
    const base = parseBaseRequest(f);
    const chosen = bankOf(f.country, f.bank);
    if (!base || !chosen || f.reference === undefined) return undefined;
    return { ...base, bank: chosen.bank, country: chosen.country, reference: f.reference };
  },

  parseReturn: (processor, f) =>
    returnOutcome(processor, f, (paid) => {
      const chosen = bankOf(paid.country, paid.bank);
      const senderIban = paid.senderIban ?? '';
      const senderName = paid.senderName ?? '';
      if (!chosen || !isValidIban(senderIban) || !isValidSenderName(senderName)) {
        throw Errors.badRequest('the bank return of a payment lacks the bank or a valid payer account');
      }
      return {
        senderIban: normalizeIban(senderIban),
        senderName: senderName.trim(),
        providerName: chosen.bank.name,
        metadata: { preferredProvider: chosen.bank.code, preferredCountry: chosen.country },
      };
    }),
};

