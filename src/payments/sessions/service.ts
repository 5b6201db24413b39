/**
 * Where embedded card payments are decided: sessions and draft payment intents (made by the
 * merchant's server, bound to an order when the order names them: orders/service.ts createBound),
 * the card form's URL, paying the bound order with the card the shopper typed, the signed 3-D
 * Secure step, and the merchant's return URL once the attempt ended. Every payment goes through
 * the method's processor of the order's environment (the registry), never to a simulator by
 * name: a card draft is a PaymentIntent of the Stripe connector (its publishable key and client
 * secret are the draft's stripePublicKey and stripeClientSecret); the sandbox's form hands the
 * typed card to the connector, which confirms on Kassa's Stripe simulator.
 */
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { Env } from '../../platform/env.js';
import { ApiError, Errors } from '../../platform/errors.js';
import { isUuid, uuidv7 } from '../../platform/ids.js';
import { countryLocale, isLocale, type Locale } from '../../platform/locales.js';
import type { KeyResolver } from '../../stores/auth.js';
import type { Store, StoreService } from '../../stores/service.js';
import type { AttemptOutcome, OrderService } from '../orders/service.js';
import { effectiveStatus } from '../orders/states.js';
import { readIntentStatus, type OrderRow } from '../orders/store.js';
import { decideBlik } from '../processors/blik-sim/behaviour.js';
import type { BrowserFields, EmbeddedPayments, ProcessorAdapter } from '../processors/contract.js';
import type { ProcessorRegistry } from '../processors/registry.js';
import { hasValidMac, signFields, simulatorKey, type Fields } from '../processors/sim-kit/signing.js';
import * as sql from './store.js';
import { isOffered } from '../methods/countries.js';
import { methodsWith, type MethodsWith } from '../methods/catalogue/methods.js';

/** Minutes a session or draft intent can still be bound to a new order (the store's clock). */
export const SESSION_LIFETIME_MINUTES = 60;
/** The payment methods a draft intent can be made for. */
/** The methods a draft payment intent can be paid with (their definition's `embeddedIntent`). */
export const DRAFT_METHODS: readonly DraftMethod[] = methodsWith('embeddedIntent');
export type DraftMethod = MethodsWith<'embeddedIntent'>;
/** The official SDK's locales (LocaleEnum) mapped to Kassa's; Kassa's own codes are taken as well. */
const SDK_LOCALES: Readonly<Record<string, Locale>> = { en_US: 'en' };
export const THREE_DS_PATH = '/embedded/card/3ds';
const THREE_DS_PURPOSE = 'embedded:3ds';
/** The signed state of a 3-D Secure step. */
export const THREE_DS_FIELDS = ['session', 'order', 'intent', 'ref', 'brand', 'last4', 'locale', 'parent'] as const;
/** The result code of an approved card payment (paymentCompleted.resultCode). */
export const RESULT_AUTHORISED = 'AUTHORISED';

export interface DraftIntent {
  uuid: string;
  stripePublicKey: string;
  stripeClientSecret: string;
  onBehalfOf: string;
}

export interface CardInput {
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
}

/** What the form sends: a card, or (for a BLIK draft's order) a BLIK code. */
/** What the form sends: a card (the sandbox's form), a BLIK code, or (production's Elements form) a request for the PaymentIntent to confirm in the browser. */
export type PaymentInput = { kind: 'card'; card: CardInput } | { kind: 'blik'; blikCode: string } | { kind: 'elements' };

export type PayResult =
  | { status: 'paid'; paymentIntentUuid: string; resultCode: string }
  | { status: 'failed'; paymentIntentUuid: string; errorCode: string }
  | { status: 'invalid'; invalidNumber: boolean; invalidExpiry: boolean; invalidCvc: boolean }
  | { status: 'invalidCode' }
  | { status: 'challenge'; paymentIntentUuid: string; embeddedUrl: string }
  /** Production: the attempt's PaymentIntent, for Stripe.js to confirm in the browser (the webhook records the outcome). */
  | { status: 'confirm'; paymentIntentUuid: string; clientSecret: string; returnUrl: string };

export interface FormContext {
  session: sql.CheckoutSessionRow;
  /** The form's fields: a card, or the BLIK code of a BLIK draft. */
  method: 'cardPayments' | 'blik';
  locale: Locale;
  sandbox: boolean;
  /** The card processor's own fields (production: Stripe Elements) instead of Kassa's card inputs. */
  browser?: BrowserFields;
  /** The card processor cannot be reached in this environment (production without its connector). */
  unavailable?: boolean;
}

export interface ChallengeContext {
  fields: Record<string, string>;
  order: OrderRow;
  store: Store;
  locale: Locale;
  parent: string;
}

export interface SessionDeps {
  db: Db;
  orders: OrderService;
  stores: StoreService;
  keys: KeyResolver;
  publicUrl: string;
  clock: Clock;
  processors: ProcessorRegistry;
}

/** The SDK's preferredLocale as a Kassa locale; undefined when absent, a 400 when unknown. */
export function sdkLocale(value: string | undefined): Locale | undefined {
  if (value === undefined || value === '') return undefined;
  const mapped = SDK_LOCALES[value] ?? (isLocale(value) ? value : undefined);
  if (!mapped) throw Errors.validation('preferredLocale', 'must be one of en_US, et, lv, lt, pl, fi, ru (or de, en)');
  return mapped;
}

export class SessionService {
  constructor(private readonly d: SessionDeps) {}

  /** A new session (kind session) of the store's environment. */
  async create(store: Store, env: Env, kind: sql.CheckoutKind, method: DraftMethod | null): Promise<sql.CheckoutSessionRow> {
    if (method && !isOffered(store, env, method)) throw Errors.validation('method', `${method} is not enabled for this store`);
    return sql.insertSession(this.d.db, { id: uuidv7(), storeId: store.id, env, kind, method, lifetimeMinutes: SESSION_LIFETIME_MINUTES });
  }

  /** The embedded payments of the method's processor in `env` (the registry: production refuses a method it cannot serve). */
  private async embeddedOf(method: DraftMethod, env: Env, field: string): Promise<{ adapter: ProcessorAdapter; embedded: EmbeddedPayments | undefined }> {
    let adapter: ProcessorAdapter;
    try {
      adapter = await this.d.processors.forMethod(method, env);
    } catch (e) {
      // The registry names the missing connector under its own field; here the field is the draft's.
      if (e instanceof ApiError && e.statusCode === 400) throw Errors.validation(field, e.message.replace(/^\S+ /, ''));
      throw e;
    }
    return { adapter, embedded: adapter.embedded };
  }

  /**
   * A draft payment intent, answered in the shape the clients read (makstech/montonio-php-sdk
   * PaymentIntentsClient: uuid, stripePublicKey, stripeClientSecret, onBehalfOf). A card draft is a
   * PaymentIntent of the card processor (Stripe; the sandbox's is Kassa's simulator of it): its
   * publishable key and client secret, the draft bound to it. A BLIK draft has no Stripe side: the
   * "public key" names the environment's Kassa key and the "client secret" is the draft's id with a
   * MAC under the store's key.
   */
  async createDraft(store: Store, env: Env, method: DraftMethod): Promise<DraftIntent> {
    if (!isOffered(store, env, method)) throw Errors.validation('method', `${method} is not enabled for this store`);
    const id = uuidv7();
    const { embedded } = await this.embeddedOf(method, env, 'method');
    if (method === 'cardPayments') {
      if (!embedded) throw Errors.validation('method', 'cardPayments has no embedded payments at its processor');
      const intent = await embedded.draft({ draftId: id });
      await sql.insertSession(this.d.db, { id, storeId: store.id, env, kind: 'draft', method, lifetimeMinutes: SESSION_LIFETIME_MINUTES, processorReference: intent.processorReference });
      return { uuid: id, stripePublicKey: intent.publicKey, stripeClientSecret: intent.clientSecret, onBehalfOf: store.id };
    }
    await sql.insertSession(this.d.db, { id, storeId: store.id, env, kind: 'draft', method, lifetimeMinutes: SESSION_LIFETIME_MINUTES });
    const key = await this.d.keys.forStore(store.id, env);
    const mac = signFields(simulatorKey(key.secretKey), 'embedded:draft', { id }, ['id']).mac!;
    return { uuid: id, stripePublicKey: `kassa_pk_${env}_${key.accessKey}`, stripeClientSecret: `${id}_secret_${mac}`, onBehalfOf: store.id };
  }

  /** A session or draft of the environment, usable now: bound to an order, or unbound and unexpired. 404 / 400 otherwise. */
  private async usable(id: string, env: Env | undefined, field: string): Promise<sql.CheckoutSessionRow> {
    if (!isUuid(id)) throw Errors.validation(field, 'must be a UUID');
    const s = await sql.readSession(this.d.db, id);
    if (!s || (env !== undefined && s.env !== env)) throw Errors.notFound(`Session ${id}`);
    if (!s.order_id && new Date(s.expires_at) <= new Date(s.now)) throw Errors.badRequest(`session ${id} has expired; create a new one`);
    return s;
  }

  /**
   * The card form's URL for the SDK (GET /sessions/:uuid/gateway-url). `parentOrigin` is the
   * Origin of the page that asked (the merchant's checkout): the form talks to that window only.
   */
  async gatewayUrl(id: string, env: Env, preferredLocale: string | undefined, parentOrigin: string | undefined): Promise<{ uuid: string; url: string }> {
    const locale = sdkLocale(preferredLocale);
    const s = await this.usable(id, env, 'sessionUuid');
    const q = new URLSearchParams();
    if (locale) q.set('lang', locale);
    if (parentOrigin) q.set('parent', parentOrigin);
    const query = q.toString();
    return { uuid: s.id, url: `${this.d.publicUrl}/embedded/card/${s.id}${query ? `?${query}` : ''}` };
  }

  /** What the card form page shows: the session, its language (?lang=, else the order's, else the store country's). */
  async form(id: string, lang: string | undefined): Promise<FormContext | undefined> {
    if (!isUuid(id)) return undefined;
    const session = await sql.readSession(this.d.db, id);
    if (!session) return undefined;
    let locale: Locale | undefined = isLocale(lang) ? lang : undefined;
    if (!locale && session.order_id) locale = (await this.d.orders.getById(session.order_id))?.locale;
    if (!locale) locale = countryLocale((await this.d.stores.get(session.store_id))?.country ?? '');
    const method = session.payment_method === 'blik' ? 'blik' : 'cardPayments';
    const ctx: FormContext = { session, locale, sandbox: session.env === 'sandbox', method };
    if (method === 'blik') return ctx;
    try {
      const browser = (await this.embeddedOf('cardPayments', session.env, 'paymentMethodName')).embedded?.browser;
      return browser ? { ...ctx, browser } : ctx;
    } catch (e) {
      if (e instanceof ApiError && e.statusCode < 500) return { ...ctx, unavailable: true };
      throw e;
    }
  }

  /** The PENDING order bound to the session; 409 when none is bound yet or it can no longer be paid. */
  private async payableOrder(s: sql.CheckoutSessionRow): Promise<OrderRow> {
    const order = s.order_id ? await this.d.orders.getById(s.order_id) : undefined;
    if (!order) throw Errors.conflict('no order is bound to this session yet: the merchant creates the order with this sessionUuid before the payment is submitted');
    const status = effectiveStatus(order.status, new Date(order.expires_at), new Date(order.now));
    if (status !== 'PENDING') throw Errors.conflict(`the order of this session is ${status}; only a PENDING order can be paid`);
    return order;
  }

  /**
   * Pays the session's order with the card the shopper typed, through the card processor of the
   * order's environment (the sandbox: the Stripe connector on the simulator, by Stripe's test
   * cards): an approved card pays the order, a declined one fails the attempt (the shopper may try
   * another card), the 3-D Secure card opens a signed challenge bound to this attempt, in the
   * form's language. Production's form sends no card (`elements`): see payInBrowser.
   */
  async pay(id: string, input: PaymentInput, parentOrigin: string, lang?: string): Promise<PayResult> {
    const s = await this.usable(id, undefined, 'uuid');
    const order = await this.payableOrder(s);
    // The binding rules keep a session's order on cardPayments and a draft's on the draft's method.
    if (order.payment_method !== 'cardPayments' && order.payment_method !== 'blik') throw Errors.conflict(`the order of this session is paid with ${order.payment_method}, not in this form`);
    const expected = order.payment_method === 'blik' ? 'blik' : 'card';
    if ((input.kind === 'blik') !== (expected === 'blik'))
      throw Errors.badRequest(expected === 'blik' ? 'this order is paid with a BLIK code (blikCode)' : 'this order is paid by card (cardNumber, cardExpiry, cardCvc)');
    if (input.kind === 'blik') return this.payBlik(order, input.blikCode);
    if (input.kind === 'elements') return this.payInBrowser(s, order, lang);
    const card = { number: input.card.cardNumber, expiry: input.card.cardExpiry, cvc: input.card.cardCvc };
    const { adapter, embedded } = await this.embeddedOf('cardPayments', order.env, 'paymentMethodName');
    if (!embedded?.checkCard || !embedded.confirmCard) {
      throw Errors.conflict("this environment's card form is the card processor's own (Stripe Elements): Kassa never receives card numbers here");
    }
    const r = embedded.checkCard(card);
    if (!r.ok) return { status: 'invalid', invalidNumber: r.invalidNumber, invalidExpiry: r.invalidExpiry, invalidCvc: r.invalidCvc };
    const locale = isLocale(lang) ? lang : order.locale;
    // Bound before the confirmation: the processor's webhook may record the outcome first.
    const { intentId, formUrl, prepared } = await this.boundCardAttempt(s, order, adapter, embedded, locale);
    const ref = prepared.processorReference;
    const c = await embedded.confirmCard(ref, card, formUrl);
    if (c.kind === 'decided') return this.record(order.id, intentId, c.outcome, ref);
    const key = await this.signingKey(order);
    const fields = { session: s.id, order: order.id, intent: intentId, ref, brand: r.brand, last4: r.last4, locale, parent: parentOrigin };
    const signed = signFields(key, THREE_DS_PURPOSE, fields, THREE_DS_FIELDS);
    return { status: 'challenge', paymentIntentUuid: intentId, embeddedUrl: `${this.d.publicUrl}${THREE_DS_PATH}?${new URLSearchParams(signed).toString()}` };
  }

  /**
   * Production's Elements form: the attempt's PaymentIntent (the draft's, with the order's amount
   * now, or a new one) is bound to a new attempt and its client secret handed to Stripe.js, which
   * confirms in the browser (3-D Secure included); Stripe's webhook records the outcome and the
   * SDK polls return-url until then.
   */
  private async payInBrowser(s: sql.CheckoutSessionRow, order: OrderRow, lang: string | undefined): Promise<PayResult> {
    const { adapter, embedded } = await this.embeddedOf('cardPayments', order.env, 'paymentMethodName');
    if (!embedded?.browser) throw Errors.badRequest("this environment's form takes the card itself (cardNumber, cardExpiry, cardCvc)");
    const locale = isLocale(lang) ? lang : order.locale;
    const { intentId, formUrl, prepared } = await this.boundCardAttempt(s, order, adapter, embedded, locale);
    return { status: 'confirm', paymentIntentUuid: intentId, clientSecret: prepared.clientSecret, returnUrl: `${formUrl}?${new URLSearchParams({ lang: locale }).toString()}` };
  }

  /**
   * A new card attempt of the session's order: the processor's payment for it (the draft's, with the
   * order's amount now, or a new one), bound to the attempt so only its outcome completes it.
   */
  private async boundCardAttempt(s: sql.CheckoutSessionRow, order: OrderRow, adapter: ProcessorAdapter, embedded: EmbeddedPayments, locale: Locale) {
    const intentId = await this.d.orders.openAttempt(order.id);
    const formUrl = `${this.d.publicUrl}/embedded/card/${s.id}`;
    const prepared = await embedded.prepare(
      {
        orderId: order.id,
        intentId,
        amountMinor: order.grand_total,
        currency: order.currency,
        locale,
        description: order.merchant_reference_display,
        choice: { cardMode: 'card' },
        returnUrl: formUrl,
      },
      s.kind === 'draft' ? (s.processor_reference ?? undefined) : undefined,
    );
    await this.d.orders.bindAttempt(order.id, intentId, adapter.definition.id, prepared.processorReference, { paidWith: 'card', embedded: true });
    return { intentId, formUrl, prepared };
  }

  /**
   * Records a decided attempt and answers the form. The processor's webhook may have recorded it
   * already (it can arrive before the confirmation's answer): then the attempt's own result is read.
   */
  private async record(orderId: string, intentId: string, outcome: AttemptOutcome, ref: string): Promise<PayResult> {
    try {
      await this.d.orders.completeAttempt(orderId, outcome, ref);
    } catch (e) {
      if (!(e instanceof ApiError) || e.statusCode >= 500) throw e;
      const intent = (await this.d.orders.getById(orderId))?.intents.find((i) => i.id === intentId);
      if (!intent || intent.status === 'PENDING') throw e;
    }
    if (outcome.kind === 'paid') return { status: 'paid', paymentIntentUuid: intentId, resultCode: RESULT_AUTHORISED };
    return { status: 'failed', paymentIntentUuid: intentId, errorCode: outcome.reason };
  }

  /**
   * A BLIK draft's order, through the BLIK processor of its environment (the registry: production
   * has none and refuses), by the BLIK simulator's codes (blik-sim/behaviour.ts decideBlik).
   */
  private async payBlik(order: OrderRow, code: string): Promise<PayResult> {
    const { adapter } = await this.embeddedOf('blik', order.env, 'paymentMethodName');
    const d = decideBlik(code);
    if (!d) return { status: 'invalidCode' };
    const processor = adapter.definition.id;
    const ref = `blik_${uuidv7()}`;
    const intentId = await this.d.orders.openAttempt(order.id);
    await this.d.orders.bindAttempt(order.id, intentId, processor, ref, { embedded: true });
    if (d.action === 'approve') {
      await this.d.orders.completeAttempt(order.id, { kind: 'paid', processor, processorReference: ref }, ref);
      return { status: 'paid', paymentIntentUuid: intentId, resultCode: RESULT_AUTHORISED };
    }
    const reason = d.action === 'decline' ? d.reason : 'DECLINED';
    await this.d.orders.completeAttempt(order.id, { kind: 'declined', processor, processorReference: ref, reason }, ref);
    return { status: 'failed', paymentIntentUuid: intentId, errorCode: reason };
  }

  private async signingKey(order: OrderRow): Promise<Buffer> {
    return simulatorKey((await this.d.keys.forStore(order.store_id, order.env)).secretKey);
  }

  /** The keys a returned MAC may be under: the newest secret's and, during a key roll's overlap, the previous one's. */
  private async acceptedKeys(order: OrderRow): Promise<Buffer[]> {
    return (await this.d.keys.forStore(order.store_id, order.env)).acceptedSecrets.map(simulatorKey);
  }

  /** Opens a signed 3-D Secure step; undefined when the order is unknown or a field or the MAC is altered. */
  async openChallenge(raw: Fields): Promise<ChallengeContext | undefined> {
    const f: Record<string, string> = {};
    for (const n of [...THREE_DS_FIELDS, 'mac']) if (typeof raw[n] === 'string') f[n] = raw[n];
    if (!isUuid(f.order) || !isUuid(f.intent) || !isUuid(f.session)) return undefined;
    const order = await this.d.orders.getById(f.order);
    if (!order || !hasValidMac(await this.acceptedKeys(order), THREE_DS_PURPOSE, f, THREE_DS_FIELDS)) return undefined;
    const store = await this.d.stores.get(order.store_id);
    if (!store) return undefined;
    return { fields: f, order, store, locale: isLocale(f.locale) ? f.locale : order.locale, parent: f.parent ?? '' };
  }

  /**
   * The shopper completes or fails the challenge: the answer goes to the card processor (the
   * sandbox's simulated issuer), whose PaymentIntent then decides the attempt it was signed for
   * (409 if that attempt already ended).
   */
  async finishChallenge(raw: Fields, action: 'complete' | 'fail'): Promise<PayResult> {
    const c = await this.openChallenge(raw);
    if (!c) throw Errors.forbidden('the 3-D Secure step is not one Kassa signed');
    const f = c.fields;
    const ref = f.ref!;
    const intentId = f.intent!;
    const intent = c.order.intents.find((i) => i.id === intentId);
    if (intent?.processor_reference !== ref || intent.status !== 'PENDING') {
      throw Errors.conflict('this 3-D Secure step does not belong to the payment attempt the order is waiting for');
    }
    const { embedded } = await this.embeddedOf('cardPayments', c.order.env, 'paymentMethodName');
    if (!embedded?.answerChallenge) throw Errors.conflict("this environment's 3-D Secure challenge is the card issuer's own");
    const outcome = await embedded.answerChallenge(ref, action === 'complete');
    if (outcome.kind === 'waiting') throw Errors.conflict(`the card processor has not decided yet (${outcome.status})`);
    return this.record(c.order.id, intentId, outcome, ref);
  }

  /**
   * The merchant's returnUrl with a signed order-token once the intent's attempt ended (paid,
   * failed, cancelled); `{}` while it is still pending (the SDK polls). 404 for another environment's.
   */
  async returnUrl(intentId: string, env: Env): Promise<{ merchantReturnUrl?: string }> {
    if (!isUuid(intentId)) throw Errors.validation('paymentIntentUuid', 'must be a UUID');
    const intent = await readIntentStatus(this.d.db, intentId);
    const order = intent && (await this.d.orders.getById(intent.order_id));
    if (!intent || !order || order.env !== env) throw Errors.notFound(`Payment intent ${intentId}`);
    if (intent.status === 'PENDING') return {};
    const status = effectiveStatus(order.status, new Date(order.expires_at), new Date(order.now));
    return { merchantReturnUrl: await this.d.orders.redirectUrl(order, status) };
  }
}
