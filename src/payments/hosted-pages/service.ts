/**
 * Where the hosted payment pages are decided: which order and language a page shows, what the
 * shopper may choose for the order's method, starting a payment attempt with the method's
 * processor, and finishing it when the processor sends the shopper back.
 */
import { ApiError, Errors } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Locale } from '../../platform/locales.js';
import type { Store, StoreService } from '../../stores/service.js';
import { BANKS, COUNTRIES, findBank, type Bank, type CountryCode } from '../methods/catalogue/banks.js';
import type { AttemptOutcome, OrderService } from '../orders/service.js';
import { effectiveStatus, type OrderStatus } from '../orders/states.js';
import type { OrderRow } from '../orders/store.js';
import type { PaymentChoice, ProcessorReturn } from '../processors/contract.js';
import type { ProcessorRegistry } from '../processors/registry.js';
import { countriesOn } from '../methods/countries.js';
import { EVERYTHING, type Offer } from '../methods/offer.js';

export interface HostedPagesDeps {
  orders: OrderService;
  stores: StoreService;
  processors: ProcessorRegistry;
  publicUrl: string;
}

export interface LoadedOrder {
  order: OrderRow;
  store: Store;
  status: OrderStatus;
  /** What the order's environment can be paid with (production: the configured connectors and banks). */
  offer: Offer;
}

export interface BankChoice {
  /** Countries with at least one bank that takes the order's currency. */
  countries: CountryCode[];
  country: CountryCode;
  /** The country's banks that take the order's currency, by uiPosition. */
  banks: Bank[];
}

/** The shopper's choice as posted by the page's form (untrusted strings). */
export interface ChoiceInput {
  bank?: string | undefined;
  country?: string | undefined;
  mode?: string | undefined;
  period?: string | undefined;
}

export type FinishResult =
  | { kind: 'redirect'; url: string }
  /** Declined: the shopper sees the page again with the reason and may retry. */
  | { kind: 'retry' }
  /** The order can no longer be paid (expired meanwhile). */
  | { kind: 'closed' }
  /** The processor has not decided yet (a bank still confirming): the shopper is told so; the status poller finishes the attempt. */
  | { kind: 'waiting'; merchantUrl: string };

/** The shopper's choice does not fit the order (400, the page is shown again). */
export class InvalidChoiceError extends ApiError {
  constructor(message: string) {
    super(400, message);
  }
}

/** The processor user for a shopper's Cancel on Kassa's own page (the value is stored in attempts: kept as it was). */
export const HOSTED_PAGES_PROCESSOR = 'kassa-gateway';

function banksFor(country: CountryCode, currency: OrderRow['currency'], offer: Offer): Bank[] {
  return BANKS[country].filter((b) => b.supportedCurrencies.includes(currency) && offer.hasBank(country, b.code)).sort((a, b) => a.uiPosition - b.uiPosition);
}

/** The country list and banks shown for a bank payment. */
export function bankChoice(order: OrderRow, store: Store, requested?: string, offer: Offer = EVERYTHING): BankChoice {
  const countries = countriesOn(store, order.env, 'paymentInitiation').filter((c) => banksFor(c, order.currency, offer).length > 0);
  const asked = countries.find((c) => c === requested);
  const initial = order.method_options.preferredCountry ?? COUNTRIES.find((c) => c === store.country);
  const country = asked ?? (initial && countries.includes(initial) ? initial : (countries[0] ?? 'EE'));
  return { countries, country, banks: banksFor(country, order.currency, offer) };
}

/** The merchant's preferredProvider, when it names a bank of its country that takes the currency. */
export function preferredBank(order: OrderRow, store: Store, offer: Offer = EVERYTHING): { bank: Bank; country: CountryCode } | undefined {
  const { preferredProvider, preferredCountry } = order.method_options;
  if (order.payment_method !== 'paymentInitiation' || !preferredProvider || !preferredCountry) return undefined;
  // Switched off in that country since the order was made: the shopper chooses among the others.
  if (!countriesOn(store, order.env, 'paymentInitiation').includes(preferredCountry)) return undefined;
  const bank = findBank(preferredCountry, preferredProvider);
  // A bank production has no connector for: the shopper chooses among the configured ones.
  return bank && bank.supportedCurrencies.includes(order.currency) && offer.hasBank(preferredCountry, bank.code) ? { bank, country: preferredCountry } : undefined;
}

/** The failure reason of the order's latest attempt, when that attempt was declined. */
export function lastFailure(order: OrderRow): string | undefined {
  const latest = order.intents[order.intents.length - 1];
  return latest?.status === 'FAILED' ? (latest.failure_reason ?? 'DECLINED') : undefined;
}

/** Reads the posted choice for the order's method; throws InvalidChoiceError when it does not fit. */
export function readChoice(order: OrderRow, input: ChoiceInput, store: Store, offer: Offer = EVERYTHING): PaymentChoice {
  const opts = order.method_options;
  switch (order.payment_method) {
    case 'paymentInitiation': {
      const country = countriesOn(store, order.env, 'paymentInitiation').find((c) => c === input.country);
      const bank = country && input.bank ? findBank(country, input.bank) : undefined;
      if (!country || !bank || !offer.hasBank(country, bank.code)) throw new InvalidChoiceError('choose a bank of the listed countries');
      if (!bank.supportedCurrencies.includes(order.currency)) throw new InvalidChoiceError(`${bank.name} does not accept ${order.currency}`);
      return { bankCode: bank.code, country };
    }
    case 'cardPayments': {
      const mode = input.mode === undefined || input.mode === '' ? (opts.preferredMethod ?? 'wallet') : input.mode;
      if (mode !== 'wallet' && mode !== 'card') throw new InvalidChoiceError('mode must be wallet or card');
      return { cardMode: mode };
    }
    case 'bnpl': {
      const period = input.period === undefined || input.period === '' ? (opts.period ?? 1) : Number(input.period);
      if (period !== 1 && period !== 2 && period !== 3) throw new InvalidChoiceError('period must be 1, 2 or 3');
      return { period };
    }
    default:
      return {};
  }
}

function choiceMetadata(choice: PaymentChoice): Record<string, string | number> {
  const m: Record<string, string | number> = {};
  if (choice.bankCode) m.preferredProvider = choice.bankCode;
  if (choice.country) m.preferredCountry = choice.country;
  if (choice.cardMode) m.preferredMethod = choice.cardMode;
  if (choice.period) m.period = choice.period;
  return m;
}

export class HostedPayments {
  constructor(private readonly d: HostedPagesDeps) {}

  returnUrl(orderId: string, locale: Locale): string {
    return `${this.d.publicUrl}/pay/${orderId}/return?lang=${locale}`;
  }

  async load(orderId: string): Promise<LoadedOrder | undefined> {
    if (!isUuid(orderId)) return undefined;
    const order = await this.d.orders.getById(orderId);
    if (!order) return undefined;
    const store = await this.d.stores.get(order.store_id);
    if (!store) return undefined;
    return { order, store, status: effectiveStatus(order.status, new Date(order.expires_at), new Date(order.now)), offer: await this.d.processors.offer(order.env) };
  }

  /** The merchant's returnUrl with a freshly signed order token of the order's current status. */
  merchantReturnUrl(loaded: LoadedOrder): Promise<string> {
    return this.d.orders.redirectUrl(loaded.order, loaded.status);
  }

  /**
   * Starts a payment attempt: the order's open intent (a new one after a declined attempt) is
   * handed to the method's processor, whose transaction id is kept on the intent so only this
   * attempt's return can complete it. Returns the processor page to send the shopper to.
   */
  async start(loaded: LoadedOrder, choice: PaymentChoice, locale: Locale, psuIpAddress?: string): Promise<string> {
    const { order } = loaded;
    const adapter = await this.d.processors.forMethod(order.payment_method, order.env);
    const intentId = await this.d.orders.openAttempt(order.id);
    const opts = order.method_options;
    const bank = order.payment_method === 'paymentInitiation';
    const begun = await adapter.begin({
      orderId: order.id,
      intentId,
      amountMinor: order.grand_total,
      currency: order.currency,
      locale,
      description: bank ? opts.paymentDescription || order.merchant_reference : order.merchant_reference_display,
      ...(bank && opts.paymentReference ? { paymentReference: opts.paymentReference } : {}),
      choice,
      returnUrl: this.returnUrl(order.id, locale),
      ...(psuIpAddress ? { psuIpAddress } : {}),
    });
    await this.d.orders.bindAttempt(order.id, intentId, adapter.definition.id, begun.processorReference, choiceMetadata(choice));
    return begun.redirectUrl;
  }

  /**
   * The processor's return: checked by the adapter (signature), matched to the attempt the
   * order is waiting for, and recorded. A repeated return of the attempt that paid the order
   * just sends the shopper on to the merchant again.
   */
  async finish(orderId: string, ret: ProcessorReturn): Promise<FinishResult> {
    const loaded = await this.load(orderId);
    if (!loaded) throw Errors.notFound(`Order ${orderId}`);
    const { order, status } = loaded;
    // The attempt the order waits for (or that paid it): a processor that is asked rather than signed (a bank) needs its reference.
    const awaited = order.intents.find((i) => i.status === 'PENDING' && i.processor_reference) ?? order.intents.find((i) => i.status === 'PAID');
    const adapter = await this.d.processors.forMethod(order.payment_method, order.env);
    const outcome = await adapter.interpret(ret, awaited?.processor_reference ? { processorReference: awaited.processor_reference } : undefined);
    const ref = outcome.processorReference;
    if (status !== 'PENDING') {
      const paidBy = order.intents.find((i) => i.status === 'PAID');
      if (ref && paidBy?.processor_reference === ref) return { kind: 'redirect', url: await this.merchantReturnUrl(loaded) };
      return { kind: 'closed' };
    }
    if (!ref) throw Errors.conflict('this return does not belong to the payment attempt the order is waiting for');
    if (outcome.kind === 'waiting') {
      if (order.intents.find((i) => i.status === 'PENDING')?.processor_reference !== ref) throw Errors.conflict('this return does not belong to the payment attempt the order is waiting for');
      return { kind: 'waiting', merchantUrl: await this.merchantReturnUrl(loaded) };
    }
    // Recorded already through the processor's webhook (or poller) before the shopper came back: the same answer as if this return had recorded it.
    const ended = order.intents.find((i) => i.processor_reference === ref && i.status !== 'PENDING');
    if (ended && outcome.kind !== 'paid') return outcome.kind === 'declined' ? { kind: 'retry' } : { kind: 'redirect', url: await this.merchantReturnUrl(loaded) };
    const result = await this.d.orders.completeAttempt(order.id, outcome, ref);
    return outcome.kind === 'declined' ? { kind: 'retry' } : { kind: 'redirect', url: result.redirectUrl };
  }

  /** The shopper cancels on Kassa's page: the open attempt is cancelled, the shopper goes back. */
  async cancel(loaded: LoadedOrder): Promise<string> {
    const outcome: AttemptOutcome = { kind: 'canceled', processor: HOSTED_PAGES_PROCESSOR, reason: 'CANCELED_BY_SHOPPER' };
    return (await this.d.orders.completeAttempt(loaded.order.id, outcome)).redirectUrl;
  }
}
