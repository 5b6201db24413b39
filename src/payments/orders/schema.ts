/**
 * The order creation payload (the claims of the token sent to POST /orders), read into a typed
 * OrderInput. Every rule of the spec, and the decisions in docs/decisions.md where it is silent.
 */
import { countryLocale, LOCALES, type Locale } from '../../platform/locales.js';
import { CURRENCIES, formatAmount, type Currency } from '../../platform/money.js';
import { isUuid } from '../../platform/ids.js';
import { Problems, Reader, isObject, type Json } from '../../platform/validate.js';
import { COUNTRIES, findBank, type CountryCode } from '../methods/catalogue/banks.js';
import { METHOD_CURRENCIES, methodsWith, PAYMENT_METHODS, type PaymentMethodName } from '../methods/catalogue/methods.js';
import { isValidPaymentReference } from './references.js';
import { Type, type TSchema } from 'typebox';
import { documentedOnly, nullable, OpenObject } from '../../platform/schemas.js';
import { INTENT_STATUSES, ORDER_STATUSES } from './states.js';
import { REFUND_STATUSES } from '../refunds/states.js';

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'phoneCountry',
  'addressLine1',
  'addressLine2',
  'locality',
  'region',
  'country',
  'postalCode',
  'companyName',
  'companyLegalName',
  'companyRegCode',
  'companyVatNumber',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type Address = Record<AddressField, string | null>;

export interface LineItem {
  name: string;
  quantity: number;
  finalPrice: number; // as sent (a number with at most 2 decimals)
}

export interface MethodOptions {
  preferredProvider?: string;
  preferredCountry?: CountryCode;
  preferredLocale?: Locale;
  paymentDescription?: string;
  paymentReference?: string;
  preferredMethod?: 'wallet' | 'card';
  period?: 1 | 2 | 3;
}

export interface OrderInput {
  merchantReference: string;
  merchantReferenceDisplay: string;
  returnUrl: string;
  /** Null only for orders of a payment link without notificationUrl (nobody is notified). */
  notificationUrl: string | null;
  grandTotal: number; // minor units
  currency: Currency;
  locale: Locale;
  expiresIn: number;
  sessionUuid: string | null;
  /** A draft payment intent (POST /payment-intents/draft) the order takes over; not stored on the order. */
  paymentIntentUuid: string | null;
  method: PaymentMethodName;
  methodDisplay: string | null;
  methodOptions: MethodOptions;
  billingAddress: Address | null;
  shippingAddress: Address | null;
  lineItems: LineItem[] | null;
}

export const EXPIRES_IN = { default: 30, min: 5, max: 44_640 } as const;
export const MAX_LINE_ITEMS = 1000;
const REFERENCE_MAX = 255;

/**
 * An optional enumerated field where an empty string means "not given": deployed clients send
 * `""` for options they have no value for (the WooCommerce plugin's preferredCountry, PHP SDKs'
 * locale). Any other value must be one of `values`.
 */
function optionalOneOf<T extends string>(r: Reader, key: string, values: readonly T[]): T | undefined {
  return r.blank(key) ? undefined : r.oneOf(key, values);
}

function readAddress(r: Reader, key: string): Address | null {
  const a = r.object(key);
  if (!a) return null;
  const out = {} as Address;
  for (const f of ADDRESS_FIELDS) {
    const max = f === 'addressLine1' || f === 'addressLine2' ? 255 : 128;
    // An empty string is no value: the WooCommerce plugin sends "" for every field it lacks
    // (a virtual order's whole shipping address), so country and email are checked only when given.
    const v = a.string(f, { max });
    out[f] = v === undefined || v.trim() === '' ? null : v;
  }
  if (out.country !== null && !/^[A-Z]{2}$/.test(out.country)) a.p.add(a.name('country'), 'must be a two-letter ISO 3166-1 country code');
  if (out.email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(out.email)) a.p.add(a.name('email'), 'must be an e-mail address');
  return out;
}

function readLineItems(r: Reader): LineItem[] | null {
  const arr = r.array('lineItems', { max: MAX_LINE_ITEMS });
  if (!arr) return null;
  const items: LineItem[] = [];
  arr.forEach((raw, i) => {
    const name = `lineItems[${i}]`;
    if (!isObject(raw)) {
      r.p.add(name, 'must be an object');
      return;
    }
    const it = new Reader(r.p, raw, name);
    const itemName = it.string('name', { required: true, max: 255 });
    const quantity = it.number('quantity', { required: true, exclusiveMin: 0 });
    const price = it.amount('finalPrice', { required: true });
    if (itemName !== undefined && quantity !== undefined && price !== undefined) {
      items.push({ name: itemName, quantity, finalPrice: Number(formatAmount(price)) });
    }
  });
  return items;
}

/** What `methodOptions` a method takes, read from the order's `payment.methodOptions` (extra keys are ignored). */
type MethodOptionsReader = (o: Reader, currency: Currency | undefined, storeCountry: string) => MethodOptions;

const noOptions: MethodOptionsReader = () => ({});

/** One reader per method (a method added to methods/catalogue/methods.ts is a compile error here until it has one). */
const METHOD_OPTIONS: Readonly<Record<PaymentMethodName, MethodOptionsReader>> = {
  paymentInitiation: (o, currency, storeCountry) => {
    const opts: MethodOptions = {};
    const country = optionalOneOf(o, 'preferredCountry', COUNTRIES);
    const provider = o.string('preferredProvider', { max: 64 });
    const locale = optionalOneOf(o, 'preferredLocale', LOCALES);
    const description = o.string('paymentDescription', { max: 140 });
    const reference = o.string('paymentReference', { max: 35 });
    if (country) opts.preferredCountry = country;
    if (locale) opts.preferredLocale = locale;
    if (description !== undefined) opts.paymentDescription = description;
    if (reference !== undefined && reference !== '') {
      if (!isValidPaymentReference(reference)) {
        o.p.add(o.name('paymentReference'), 'must be a valid structured reference (7-3-1 check digit or RF creditor reference)');
      } else opts.paymentReference = reference;
    }
    if (provider !== undefined && provider !== '') {
      // The bank must be in the list of the country shown to the customer.
      const listCountry = (country ?? (COUNTRIES as readonly string[]).find((c) => c === storeCountry) ?? 'EE') as CountryCode;
      const bank = findBank(listCountry, provider);
      if (!bank) {
        o.p.add(o.name('preferredProvider'), `must be a bank code of the ${listCountry} list (see GET /stores/payment-methods)`);
      } else if (currency && !bank.supportedCurrencies.includes(currency)) {
        o.p.add(o.name('preferredProvider'), `${provider} does not support ${currency}`);
      } else opts.preferredProvider = provider;
      if (!country && bank) opts.preferredCountry = listCountry;
    }
    return opts;
  },
  cardPayments: (o) => {
    const m = optionalOneOf(o, 'preferredMethod', ['wallet', 'card'] as const);
    return m ? { preferredMethod: m } : {};
  },
  mobilePay: noOptions,
  blik: (o) => {
    const locale = optionalOneOf(o, 'preferredLocale', LOCALES);
    return locale ? { preferredLocale: locale } : {};
  },
  bnpl: (o) => {
    const period = o.integer('period', { min: 1, max: 3 });
    return period !== undefined ? { period: period as 1 | 2 | 3 } : {};
  },
  hirePurchase: noOptions,
};

function readMethodOptions(r: Reader, method: PaymentMethodName, currency: Currency | undefined, storeCountry: string): MethodOptions {
  const o = r.object('methodOptions');
  return o ? METHOD_OPTIONS[method](o, currency, storeCountry) : {};
}

/** The methods an order may name an embedded checkout session (`sessionUuid`) or a draft payment intent (`paymentIntentUuid`) for. */
const SESSION_METHODS: readonly PaymentMethodName[] = methodsWith('embeddedSession');
const INTENT_METHODS: readonly PaymentMethodName[] = methodsWith('embeddedIntent');

/** Reads and validates an order payload; throws a 400 naming every bad field. */
export function parseOrderPayload(payload: Json, storeCountry: string): OrderInput {
  const p = new Problems();
  const r = new Reader(p, payload);
  const merchantReference = r.string('merchantReference', { required: true, max: REFERENCE_MAX });
  const merchantReferenceDisplay = r.string('merchantReferenceDisplay', { max: REFERENCE_MAX });
  const returnUrl = r.url('returnUrl', true);
  const notificationUrl = r.url('notificationUrl', true);
  const grandTotal = r.amount('grandTotal', { required: true, min: 1, minText: '0.01' });
  const currency = r.oneOf('currency', CURRENCIES, true);
  const locale = optionalOneOf(r, 'locale', LOCALES) ?? countryLocale(storeCountry);
  const expiresIn = r.integer('expiresIn', { min: EXPIRES_IN.min, max: EXPIRES_IN.max }) ?? EXPIRES_IN.default;
  const sessionUuid = r.string('sessionUuid');
  if (sessionUuid !== undefined && !isUuid(sessionUuid)) p.add('sessionUuid', 'must be a UUID');
  const paymentIntentUuid = r.string('paymentIntentUuid');
  if (paymentIntentUuid !== undefined && !isUuid(paymentIntentUuid)) p.add('paymentIntentUuid', 'must be a UUID');
  if (paymentIntentUuid !== undefined && sessionUuid !== undefined) p.add('paymentIntentUuid', 'cannot be sent together with sessionUuid');

  const pay = r.object('payment', true);
  let method: PaymentMethodName | undefined;
  let methodDisplay: string | undefined;
  let methodOptions: MethodOptions = {};
  if (pay) {
    method = pay.oneOf('method', PAYMENT_METHODS, true);
    methodDisplay = pay.string('methodDisplay', { max: 255 });
    const amount = pay.amount('amount');
    if (amount !== undefined && grandTotal !== undefined && amount !== grandTotal) {
      p.add('payment.amount', `must equal grandTotal (${formatAmount(grandTotal)})`);
    }
    const payCurrency = pay.oneOf('currency', CURRENCIES);
    if (payCurrency && currency && payCurrency !== currency) p.add('payment.currency', `must equal currency (${currency})`);
    if (method) {
      if (currency && !METHOD_CURRENCIES[method].includes(currency)) {
        p.add('currency', `${currency} is not supported by ${method} (supported: ${METHOD_CURRENCIES[method].join(', ')})`);
      }
      methodOptions = readMethodOptions(pay, method, currency, storeCountry);
    }
    if (sessionUuid !== undefined && method && !SESSION_METHODS.includes(method)) p.add('sessionUuid', `is only for embedded card payments (payment.method ${SESSION_METHODS.join(' or ')})`);
    if (paymentIntentUuid !== undefined && method && !INTENT_METHODS.includes(method)) {
      p.add('paymentIntentUuid', `is only for embedded payments (payment.method ${INTENT_METHODS.join(' or ')})`);
    }
  }
  const billingAddress = readAddress(r, 'billingAddress');
  const shippingAddress = readAddress(r, 'shippingAddress');
  const lineItems = readLineItems(r);
  p.throwIfAny();

  return {
    merchantReference: merchantReference!,
    merchantReferenceDisplay: merchantReferenceDisplay || merchantReference!,
    returnUrl: returnUrl!,
    notificationUrl: notificationUrl!,
    grandTotal: grandTotal!,
    currency: currency!,
    locale,
    expiresIn,
    sessionUuid: sessionUuid ?? null,
    paymentIntentUuid: paymentIntentUuid ?? null,
    method: method!,
    methodDisplay: methodDisplay ?? null,
    methodOptions,
    billingAddress,
    shippingAddress,
    lineItems,
  };
}

// ---------------------------------------------------------------------------------------------
// Wire schemas (TypeBox): the order and refund objects as the spec shows them, and the token body
// of POST /orders and /refunds. Fastify serializes the answers with them and the OpenAPI document
// shows them; parseOrderPayload above stays the validator of the token's payload.

const Str = (description?: string) => Type.String(description ? { description } : {});
const NullableStr = (description?: string) => nullable(Type.String(), description ? { description } : {});

/** The address object; in answers every field is present, unset ones null. */
export const AddressSchema = nullable(Type.Object(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, NullableStr()])) as unknown as Record<AddressField, TSchema>, { additionalProperties: false }), {
  description: 'Address object; unset fields are null',
});

export const LineItemSchema = Type.Object({
  name: Str('Item name'),
  quantity: Type.Number({ description: 'Quantity' }),
  finalPrice: Type.Number({ description: 'Price as sent, up to 2 decimals' }),
});

export const PaymentIntentSchema = Type.Object({
  uuid: Str('Payment intent UUID'),
  paymentMethodType: Str('Payment method system name'),
  paymentMethodMetadata: OpenObject('The chosen options (may be empty)'),
  amount: Str('Decimal string'),
  currency: Str(),
  status: Type.Enum([...INTENT_STATUSES], { description: 'Payment intent status' }),
  serviceFee: NullableStr("The service's processing fee (decimal string); null until processing completes"),
  serviceFeeCurrency: NullableStr(),
  createdAt: Str('ISO 8601 timestamp'),
});

/** The spec's refund object (POST /refunds, and the items of an order's `refunds`). */
export const RefundSchema = Type.Object(
  {
    uuid: Str('Refund UUID'),
    amount: Type.Number({ description: 'Refunded amount' }),
    status: Type.Enum([...REFUND_STATUSES], { description: 'Refund status' }),
    currency: Str(),
    createdAt: Str('ISO 8601 timestamp'),
    type: Str('PARTIAL_REFUND or FULL_REFUND'),
  },
  { title: 'Refund' },
);

/** The spec's order object (POST /orders and GET /orders/:orderUuid). */
export const OrderSchema = Type.Object(
  {
    uuid: Str('Order UUID; save it to query the order later'),
    paymentStatus: Type.Enum([...ORDER_STATUSES], { description: 'Order status' }),
    locale: Str('Gateway language'),
    merchantReference: Str('As sent'),
    merchantReferenceDisplay: Str('As sent (defaults to merchantReference)'),
    merchantReturnUrl: Str('The sent returnUrl'),
    merchantNotificationUrl: NullableStr('The sent notificationUrl (null for an order of a payment link without one)'),
    grandTotal: Str('Decimal string'),
    currency: Str(),
    paymentMethodType: Str('Payment method system name'),
    storeUuid: Str('Store UUID'),
    paymentIntents: Type.Array(PaymentIntentSchema),
    refunds: Type.Array(RefundSchema, { description: 'Refund objects (empty when none)' }),
    availableForRefund: Type.Number({ description: 'Amount still refundable' }),
    isRefundableType: Type.Boolean({ description: 'True only when the method is refundable for the store' }),
    lineItems: Type.Array(LineItemSchema),
    billingAddress: AddressSchema,
    shippingAddress: AddressSchema,
    expiresAt: NullableStr('When an unpaid order is abandoned (ISO 8601)'),
    createdAt: Str('ISO 8601 timestamp'),
    storeName: Str(),
    businessName: Str(),
    paymentUrl: NullableStr('The gateway URL to redirect the customer to; non-null while PENDING'),
  },
  { title: 'Order' },
);

/**
 * `{data: <signed token>}`, the body of every POST of the payments API. The validator-facing copy
 * only requires an object (a number as `data` is refused by the route, not coerced).
 */
export function tokenBody(payload: string): TSchema {
  return documentedOnly(
    Type.Object({ data: Type.String({ description: `HS256 JWT signed with the store's secret key; its payload is ${payload}` }) }, { required: ['data'], additionalProperties: true }),
    { type: 'object', properties: { data: { description: 'HS256 JWT (string) whose payload is the request' } } } as unknown as TSchema,
  );
}

/** The order creation payload (the claims of the POST /orders token), for the document. */
export const OrderPayloadSchema = Type.Object(
  {
    accessKey: Str("The store's access key"),
    merchantReference: Type.String({ maxLength: REFERENCE_MAX, description: 'Unique per order of a store; re-using it updates the order' }),
    merchantReferenceDisplay: Type.Optional(Type.String({ maxLength: REFERENCE_MAX })),
    returnUrl: Str('Where the customer returns after paying or cancelling'),
    notificationUrl: Str('Where order and refund notifications are POSTed'),
    grandTotal: Type.Union([Type.Number(), Type.String()], { description: 'Order total, up to 2 decimals' }),
    currency: Type.Enum([...CURRENCIES]),
    exp: Type.Number({ description: 'Token expiry, Unix seconds' }),
    locale: Type.Optional(Type.Enum([...LOCALES])),
    expiresIn: Type.Optional(Type.Integer({ minimum: EXPIRES_IN.min, maximum: EXPIRES_IN.max, description: 'Minutes the order can be paid' })),
    sessionUuid: Type.Optional(Str()),
    paymentIntentUuid: Type.Optional(Str()),
    payment: Type.Object(
      {
        method: Type.Enum([...PAYMENT_METHODS]),
        methodDisplay: Type.Optional(Str()),
        methodOptions: Type.Optional(OpenObject('Per-method options (preferredProvider, preferredCountry, preferredLocale, paymentDescription, paymentReference, preferredMethod, period)')),
        amount: Type.Optional(Type.Union([Type.Number(), Type.String()])),
        currency: Type.Optional(Type.Enum([...CURRENCIES])),
      },
      { additionalProperties: true },
    ),
    billingAddress: Type.Optional(OpenObject('Address object')),
    shippingAddress: Type.Optional(OpenObject('Address object')),
    lineItems: Type.Optional(Type.Array(LineItemSchema, { maxItems: MAX_LINE_ITEMS })),
  },
  { additionalProperties: true, title: 'OrderPayload', description: 'The payload of the POST /orders token' },
);
