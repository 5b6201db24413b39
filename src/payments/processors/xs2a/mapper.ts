/**
 * The Berlin Group NextGenPSD2 XS2A payment initiation service, as Kassa speaks it: the JSON of a
 * single payment initiation (POST /v1/payments/{payment-product}), the answers of the initiation,
 * the status and the payment, Berlin Group error bodies (`tppMessages`), and what a
 * `transactionStatus` means for Kassa's payment attempt. Pure: no I/O, no clock.
 *
 * Sources: NextGenPSD2 XS2A Framework Implementation Guidelines v1.3.x, section 5.3 (Payment
 * Initiation Request, JSON bodies and the 201 answer with `_links.scaRedirect`), 5.5 (Get
 * Transaction Status Request), 5.4 (Get Payment Request), 14.13 (Transaction Status: the ISO 20022
 * codes), 14.11 (Error codes and `tppMessages`); fixtures/SOURCES.md cites the examples.
 */
import { Errors } from '../../../platform/errors.js';
import { formatAmount, type Currency } from '../../../platform/money.js';
import { isValidIban, normalizeIban } from '../../../platform/iban.js';
import type { AttemptOutcome } from '../../orders/service.js';
import type { AttemptWaiting } from '../contract.js';
import { COUNTRIES, findBank, type Bank, type CountryCode } from '../../methods/catalogue/banks.js';

/** The ISO 20022 statuses a Berlin Group `transactionStatus` can carry (IG 14.13). */
export const TRANSACTION_STATUSES = ['ACCC', 'ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'ACWP', 'RCVD', 'PDNG', 'RJCT', 'CANC', 'ACFC', 'PATC', 'PART'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * What a status means for Kassa. Paid only once the money has left the payer's account
 * (ACSC: settlement on the debtor's account completed; ACCC: settlement on the creditor's account
 * completed). ACSP ("accepted, settlement in process") is not yet paid: the debtor bank accepted
 * the payment for execution but has not debited it, and an ACSP can still end RJCT (funds are
 * checked at execution); an order marked PAID ships goods, so Kassa waits for ACSC and the status
 * poller resolves it (docs/decisions.md, "Bank payments through Berlin Group XS2A").
 */
export function meaningOf(status: TransactionStatus): 'paid' | 'declined' | 'canceled' | 'waiting' {
  switch (status) {
    case 'ACSC':
    case 'ACCC':
      return 'paid';
    case 'RJCT':
      return 'declined';
    case 'CANC':
      return 'canceled';
    default:
      return 'waiting';
  }
}

export function isTransactionStatus(s: unknown): s is TransactionStatus {
  return typeof s === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(s);
}

/** The single payment initiation's JSON body (IG 5.3.1.1, the JSON payment products). */
export interface PaymentInitiation {
  instructedAmount: { currency: Currency; amount: string };
  debtorAccount?: { iban: string };
  creditorAccount: { iban: string };
  creditorName: string;
  remittanceInformationUnstructured: string;
  remittanceInformationStructured?: { reference: string; referenceType: string };
}

export interface InitiationInput {
  amountMinor: number;
  currency: Currency;
  creditor: { iban: string; name: string };
  /** The order's description (`paymentDescription`, else the merchant reference). */
  description: string;
  /** The structured payment reference (e.g. an Estonian or Finnish reference number), when the order has one. */
  paymentReference?: string | undefined;
  debtorIban?: string | undefined;
}

/** Unstructured remittance is at most 140 characters in SEPA (EPC rulebook AT-05). */
export const REMITTANCE_MAX = 140;

export function initiationBody(i: InitiationInput): PaymentInitiation {
  const body: PaymentInitiation = {
    instructedAmount: { currency: i.currency, amount: formatAmount(i.amountMinor) },
    ...(i.debtorIban ? { debtorAccount: { iban: normalizeIban(i.debtorIban) } } : {}),
    creditorAccount: { iban: normalizeIban(i.creditor.iban) },
    creditorName: i.creditor.name,
    remittanceInformationUnstructured: i.description.slice(0, REMITTANCE_MAX),
  };
  if (i.paymentReference) body.remittanceInformationStructured = { reference: i.paymentReference, referenceType: 'SCOR' };
  return body;
}

/** Reads minor units back from a Berlin Group amount string ("12.34"); undefined when malformed. */
export function minorOf(amount: unknown): number | undefined {
  if (typeof amount !== 'string' || !/^\d{1,14}(\.\d{1,2})?$/.test(amount)) return undefined;
  const [whole, frac = ''] = amount.split('.');
  const n = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Parses a received initiation body (the simulator's side); a string names what is wrong. */
export function parseInitiation(raw: unknown): PaymentInitiation | string {
  if (typeof raw !== 'object' || raw === null) return 'the body must be a JSON object';
  const b = raw as Record<string, unknown>;
  const amount = b.instructedAmount as Record<string, unknown> | undefined;
  const creditor = b.creditorAccount as Record<string, unknown> | undefined;
  const debtor = b.debtorAccount as Record<string, unknown> | undefined;
  if (!amount || typeof amount !== 'object' || (amount.currency !== 'EUR' && amount.currency !== 'PLN')) return 'instructedAmount.currency must be EUR or PLN';
  if (minorOf(amount.amount) === undefined || minorOf(amount.amount) === 0) return 'instructedAmount.amount must be a positive amount like "12.34"';
  if (!creditor || typeof creditor.iban !== 'string' || !isValidIban(creditor.iban)) return 'creditorAccount.iban must be a valid IBAN';
  if (typeof b.creditorName !== 'string' || b.creditorName.length === 0 || b.creditorName.length > 70) return 'creditorName is required (at most 70 characters)';
  if (b.remittanceInformationUnstructured !== undefined && (typeof b.remittanceInformationUnstructured !== 'string' || b.remittanceInformationUnstructured.length > REMITTANCE_MAX)) {
    return `remittanceInformationUnstructured must be text of at most ${REMITTANCE_MAX} characters`;
  }
  if (debtor !== undefined && (typeof debtor !== 'object' || debtor === null || typeof debtor.iban !== 'string' || !isValidIban(debtor.iban))) return 'debtorAccount.iban must be a valid IBAN';
  const structured = b.remittanceInformationStructured as Record<string, unknown> | undefined;
  if (structured !== undefined && (typeof structured !== 'object' || structured === null || typeof structured.reference !== 'string' || structured.reference.length > 35)) {
    return 'remittanceInformationStructured.reference must be text of at most 35 characters';
  }
  return {
    instructedAmount: { currency: amount.currency, amount: amount.amount as string },
    ...(debtor ? { debtorAccount: { iban: debtor.iban as string } } : {}),
    creditorAccount: { iban: creditor.iban },
    creditorName: b.creditorName,
    remittanceInformationUnstructured: typeof b.remittanceInformationUnstructured === 'string' ? b.remittanceInformationUnstructured : '',
    ...(structured
      ? { remittanceInformationStructured: { reference: structured.reference as string, referenceType: typeof structured.referenceType === 'string' ? structured.referenceType : 'SCOR' } }
      : {}),
  };
}

/** A Berlin Group `_links` entry. */
export interface Href {
  href: string;
}

/** The 201 answer to a payment initiation (IG 5.3.2). */
export interface InitiationAnswer {
  transactionStatus: TransactionStatus;
  paymentId: string;
  _links: { scaRedirect?: Href; self?: Href; status?: Href };
}

/** The answer of GET …/{paymentId}/status (IG 5.5). */
export interface StatusAnswer {
  transactionStatus: TransactionStatus;
  /** The first ERROR code of the answer's tppMessages (a bank may say why it rejected: FUNDS_NOT_AVAILABLE). */
  errorCode?: string;
}

/** The answer of GET …/{paymentId} (IG 5.4): the initiation with its status; debtor data where the bank gives it. */
export interface PaymentAnswer extends Partial<PaymentInitiation> {
  transactionStatus: TransactionStatus;
  debtorName?: string;
}

/** A Berlin Group error body (IG 14.11). */
export interface TppMessages {
  tppMessages: { category: 'ERROR' | 'WARNING'; code: string; text?: string; path?: string }[];
}

export function tppError(code: string, text: string): TppMessages {
  return { tppMessages: [{ category: 'ERROR', code, text }] };
}

/** Payment ids as Kassa keeps them inside a processor reference (no separators, no path characters). */
const PAYMENT_ID_RE = /^[A-Za-z0-9._~-]{1,128}$/;

function hrefOf(v: unknown): Href | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const href = (v as Record<string, unknown>).href;
  return typeof href === 'string' && href.length > 0 ? { href } : undefined;
}

/** Reads the initiation answer; throws (502-like, as a 400 of the bank's answer) when it is not one. */
export function parseInitiationAnswer(raw: unknown): InitiationAnswer {
  const b = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const links = (typeof b._links === 'object' && b._links !== null ? b._links : {}) as Record<string, unknown>;
  if (!isTransactionStatus(b.transactionStatus) || typeof b.paymentId !== 'string' || !PAYMENT_ID_RE.test(b.paymentId)) {
    throw Errors.badRequest('the bank answered the payment initiation without a transactionStatus and paymentId');
  }
  const scaRedirect = hrefOf(links.scaRedirect);
  const self = hrefOf(links.self);
  const status = hrefOf(links.status);
  return { transactionStatus: b.transactionStatus, paymentId: b.paymentId, _links: { ...(scaRedirect ? { scaRedirect } : {}), ...(self ? { self } : {}), ...(status ? { status } : {}) } };
}

export function parseStatusAnswer(raw: unknown): StatusAnswer {
  const b = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const s = b.transactionStatus;
  if (!isTransactionStatus(s)) throw Errors.badRequest('the bank answered the status request without a known transactionStatus');
  const messages = Array.isArray(b.tppMessages) ? (b.tppMessages as unknown[]) : [];
  const error = messages.find((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && (m as Record<string, unknown>).category === 'ERROR');
  return { transactionStatus: s, ...(error && typeof error.code === 'string' ? { errorCode: error.code } : {}) };
}

/** Why a rejected payment failed, as the hosted page explains it. */
export function declineReason(errorCode: string | undefined): 'INSUFFICIENT_FUNDS' | 'DECLINED' {
  return errorCode === 'FUNDS_NOT_AVAILABLE' ? 'INSUFFICIENT_FUNDS' : 'DECLINED';
}

export function parsePaymentAnswer(raw: unknown): PaymentAnswer {
  const { transactionStatus } = parseStatusAnswer(raw);
  const b = raw as Record<string, unknown>;
  const debtor = b.debtorAccount as Record<string, unknown> | undefined;
  return {
    transactionStatus,
    ...(debtor && typeof debtor === 'object' && typeof debtor.iban === 'string' ? { debtorAccount: { iban: debtor.iban } } : {}),
    ...(typeof b.debtorName === 'string' ? { debtorName: b.debtorName } : {}),
  };
}

/** The first error text of a Berlin Group error body, for logs and messages. */
export function tppMessageText(raw: unknown): string {
  const list = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).tppMessages : undefined;
  const first = Array.isArray(list) ? (list[0] as Record<string, unknown> | undefined) : undefined;
  if (!first) return 'no tppMessages';
  return [first.code, first.text].filter((x) => typeof x === 'string').join(': ');
}

/** A bank of Kassa's catalogue, with the country whose list it is in. */
export interface CatalogueBank {
  country: CountryCode;
  bank: Bank;
}

/** `{country}-{bankCode}` back to the catalogue bank. */
export function bankOfKey(key: string): CatalogueBank | undefined {
  const m = /^([A-Z]{2})-([A-Z0-9]{8,11})$/.exec(key);
  const country = m && COUNTRIES.find((c) => c === m[1]);
  const bank = country && m ? findBank(country, m[2]!) : undefined;
  return country && bank ? { country, bank } : undefined;
}

/** Kassa's processor reference of an XS2A payment: the bank and its paymentId, `LV-HABALV22:<paymentId>`. */
export function processorReference(bankKey: string, paymentId: string): string {
  return `${bankKey}:${paymentId}`;
}

export function parseProcessorReference(ref: string): { bankKey: string; paymentId: string; bank: CatalogueBank } | undefined {
  const i = ref.indexOf(':');
  if (i < 0) return undefined;
  const bankKey = ref.slice(0, i);
  const paymentId = ref.slice(i + 1);
  const bank = bankOfKey(bankKey);
  return bank && PAYMENT_ID_RE.test(paymentId) ? { bankKey, paymentId, bank } : undefined;
}

/** The attempt's outcome from the bank's status (and the payment's debtor, read when paid). */
export function outcomeOf(processor: string, ref: string, bank: CatalogueBank, answer: StatusAnswer, payment?: PaymentAnswer): AttemptOutcome | AttemptWaiting {
  const status = answer.transactionStatus;
  switch (meaningOf(status)) {
    case 'paid': {
      const iban = payment?.debtorAccount?.iban;
      const name = payment?.debtorName?.trim();
      return {
        kind: 'paid',
        processor,
        processorReference: ref,
        senderIban: iban && isValidIban(iban) ? normalizeIban(iban) : null,
        senderName: name ? name.slice(0, 70) : null,
        providerName: bank.bank.name,
        metadata: { preferredProvider: bank.bank.code, preferredCountry: bank.country },
      };
    }
    case 'declined':
      return { kind: 'declined', processor, processorReference: ref, reason: declineReason(answer.errorCode) };
    case 'canceled':
      return { kind: 'canceled', processor, processorReference: ref, reason: 'CANCELED_BY_SHOPPER' };
    case 'waiting':
      return { kind: 'waiting', processor, processorReference: ref, status };
  }
}
