/**
 * The XS2A processor adapter: begin = a payment initiation at the chosen bank (the shopper goes
 * to its `scaRedirect`), interpret = ask the bank about the awaited payment when the shopper comes
 * back (never trusting the query), refund = a SEPA credit transfer Kassa instructs itself. The
 * sandbox and production build it the same way from different bank lists (processor.ts).
 */
import { Errors } from '../../../platform/errors.js';
import type { Currency } from '../../../platform/money.js';
import type { AttemptOutcome } from '../../orders/service.js';
import type { AttemptWaiting, AwaitedAttempt, BeginPayment, BeginResult, ProcessorAdapter, ProcessorDefinition, ProcessorReturn, RefundOutcome, RefundRequest } from '../contract.js';
import type { Xs2aClient } from './client.js';
import { bankOfKey, initiationBody, meaningOf, outcomeOf, parseProcessorReference, processorReference, type CatalogueBank } from './mapper.js';

/** One reachable bank: its catalogue entry, its client, the account Kassa collects into and its currency. */
export interface Xs2aBank {
  key: string;
  bank: CatalogueBank;
  client: Xs2aClient;
  currency: Currency;
}

export interface Xs2aBanks {
  /** The bank `key` (`LV-HABALV22`) for a payment in `currency`, or why it cannot take it. */
  bank(key: string, currency: Currency): Xs2aBank | string;
  /** The bank that holds an initiated payment (whatever its currency). */
  holder(key: string): Xs2aBank | undefined;
  /** The creditor of an order's payment: the operator's collection account (the sandbox: a sample account in the store's name). */
  creditor(orderId: string, bank: Xs2aBank): Promise<{ iban: string; name: string }>;
  /** The refund answer before Kassa instructs the transfer (the sandbox's magic cents), or undefined to instruct it. */
  refundRefusal?(r: RefundRequest): RefundOutcome | undefined;
}

/** The reference of the SEPA credit transfer that pays a bank-payment refund back (docs/decisions.md). */
export function transferReference(refundId: string): string {
  return `sct_${refundId.replace(/-/g, '')}`;
}

export class Xs2aProcessor implements ProcessorAdapter {
  constructor(
    readonly definition: ProcessorDefinition,
    private readonly banks: Xs2aBanks,
  ) {}

  async begin(input: BeginPayment): Promise<BeginResult> {
    const key = input.choice.country && input.choice.bankCode ? `${input.choice.country}-${input.choice.bankCode}` : undefined;
    if (!key || !bankOfKey(key)) throw Errors.badRequest('a bank of the chosen country is required');
    const bank = this.banks.bank(key, input.currency);
    if (typeof bank === 'string') throw Errors.badRequest(bank);
    const creditor = await this.banks.creditor(input.orderId, bank);
    const back = new URL(input.returnUrl);
    back.searchParams.set('intent', input.intentId);
    const nok = new URL(back);
    nok.searchParams.set('result', 'nok');
    const answer = await bank.client.initiate(
      initiationBody({ amountMinor: input.amountMinor, currency: input.currency, creditor, description: input.description, paymentReference: input.paymentReference }),
      { requestId: input.intentId, psuIpAddress: input.psuIpAddress ?? '0.0.0.0', redirectUri: back.toString(), nokRedirectUri: nok.toString(), language: input.locale },
    );
    const href = answer._links.scaRedirect?.href;
    if (!href) throw Errors.badRequest(`${bank.bank.bank.name} offers no redirect SCA for this payment`);
    return { redirectUrl: new URL(href, bank.client.endpoint.baseUrl).toString(), processorReference: processorReference(bank.key, answer.paymentId) };
  }

  /** The shopper is back: what the bank says about the awaited payment (authentic because Kassa asked the bank). */
  async interpret(_ret: ProcessorReturn, awaited?: AwaitedAttempt): Promise<AttemptOutcome | AttemptWaiting> {
    if (!awaited) throw Errors.conflict('this return does not belong to the payment attempt the order is waiting for');
    return this.resolve(awaited.processorReference);
  }

  /** Asks the bank for the status (and, once paid, the payer) of the payment behind `ref`. */
  async resolve(ref: string): Promise<AttemptOutcome | AttemptWaiting> {
    const parsed = parseProcessorReference(ref);
    const bank = parsed && this.banks.holder(parsed.bankKey);
    if (!parsed || !bank) throw Errors.conflict('this return does not belong to a bank payment Kassa can ask about');
    const answer = await bank.client.status(parsed.paymentId);
    const payment = meaningOf(answer.transactionStatus) === 'paid' ? await bank.client.payment(parsed.paymentId) : undefined;
    return outcomeOf(this.definition.id, ref, parsed.bank, answer, payment);
  }

  /**
   * XS2A has no refund: the money goes back by a SEPA credit transfer from the operator's account
   * to the payer's IBAN, instructed in the next pain.001 file (src/payouts). The refund succeeds
   * with that transfer's reference; the same refund id gives the same reference.
   */
  async refund(input: RefundRequest): Promise<RefundOutcome> {
    const refused = this.banks.refundRefusal?.(input);
    if (refused) return refused;
    return { kind: 'succeeded', processorReference: transferReference(input.refundId) };
  }
}
