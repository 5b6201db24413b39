/**
 * The payment link request payload (the claims of the token sent to POST /payment-links), read
 * into a typed LinkInput, and the wire schemas of the link. Rules that need the store, its
 * contracts or the database (shipping methods in customerCountry, a sender, merchantReference
 * unique, expiresAt in the future by the store's clock) are the service's.
 */
import { Type } from 'typebox';
import { countryLocale, LOCALES, type Locale } from '../../platform/locales.js';
import { CURRENCIES, type Currency } from '../../platform/money.js';
import { Problems, Reader, type Json } from '../../platform/validate.js';
import { nullable } from '../../platform/schemas.js';
import { COUNTRIES, findBank, type CountryCode } from '../methods/catalogue/banks.js';
import { isValidPaymentReference } from '../orders/references.js';

export const LINK_TYPES = ['reusable', 'one_time'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_STATUSES = ['ACTIVE', 'PAID', 'EXPIRED'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export interface LinkInput {
  type: LinkType;
  description: string;
  amount: number; // minor units
  currency: Currency;
  locale: Locale;
  askAdditionalInfo: boolean;
  showShippingOptions: boolean;
  customerCountry: string | null;
  expiresAt: Date;
  merchantReference: string | null;
  notificationUrl: string | null;
  returnUrl: string | null;
  preferredProvider: string | null;
  preferredCountry: CountryCode | null;
  paymentReference: string | null;
}

export const DESCRIPTION_MAX = 255;
const REFERENCE_MAX = 255;

/**
 * ISO 8601 date and time, with or without seconds, fraction and offset; `T` or a space between
 * date and time. Without an offset the time is UTC: makstech/montonio-php-sdk's integration test
 * sends `date('Y-m-d H:i:s')`, PHP's default time zone being UTC (docs/decisions.md).
 */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseTimestamp(text: string): Date | undefined {
  const m = ISO_TIME.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '0', frac = '0', zone] = m;
  const ms = Number(frac.slice(0, 3).padEnd(3, '0'));
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const back = new Date(utc);
  // Out-of-range parts (month 13, 31 February, 25:00) do not round-trip.
  if (back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d) || back.getUTCHours() !== Number(h) || Number(mi) > 59 || Number(s) > 59) return undefined;
  let offsetMin = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 23 || om > 59) return undefined;
    offsetMin = sign * (oh * 60 + om);
  }
  return new Date(utc - offsetMin * 60_000);
}

function optionalOneOf<T extends string>(r: Reader, key: string, values: readonly T[]): T | undefined {
  return r.blank(key) ? undefined : r.oneOf(key, values);
}

/** Reads and validates a payment link payload; throws a 400 naming every bad field. */
export function parseLinkPayload(payload: Json, storeCountry: string): LinkInput {
  const p = new Problems();
  const r = new Reader(p, payload);
  const type = optionalOneOf(r, 'type', LINK_TYPES) ?? 'reusable';
  const description = r.string('description', { required: true, max: DESCRIPTION_MAX });
  const amount = r.amount('amount', { required: true, min: 1, minText: '0.01' });
  const currency = r.oneOf('currency', CURRENCIES, true);
  const locale = optionalOneOf(r, 'locale', LOCALES) ?? countryLocale(storeCountry);
  const askAdditionalInfo = r.boolean('askAdditionalInfo', true);
  const showShippingOptions = r.boolean('showShippingOptions') ?? false;
  const customerCountryRaw = r.blank('customerCountry') ? undefined : r.string('customerCountry', { pattern: /^[A-Z]{2}$/, patternHint: 'must be a two-letter ISO 3166-1 country code' });
  const expiresText = r.string('expiresAt', { required: true, max: 64 });
  const merchantReferenceRaw = r.blank('merchantReference') ? undefined : r.string('merchantReference', { max: REFERENCE_MAX });
  const notificationUrl = r.blank('notificationUrl') ? undefined : r.url('notificationUrl');
  const returnUrl = r.blank('returnUrl') ? undefined : r.url('returnUrl');
  const preferredCountry = optionalOneOf(r, 'preferredCountry', COUNTRIES);
  const provider = r.blank('preferredProvider') ? undefined : r.string('preferredProvider', { max: 64 });
  const reference = r.blank('paymentReference') ? undefined : r.string('paymentReference', { max: 35 });

  let expiresAt: Date | undefined;
  if (expiresText !== undefined) {
    expiresAt = parseTimestamp(expiresText);
    if (!expiresAt) p.add('expiresAt', 'must be an ISO 8601 date and time (e.g. 2030-01-31T12:00:00Z; without an offset it is UTC)');
  }
  if (showShippingOptions) {
    if (askAdditionalInfo === false) p.add('askAdditionalInfo', 'must be true when showShippingOptions is true');
    if (customerCountryRaw === undefined && (!r.has('customerCountry') || r.blank('customerCountry'))) p.add('customerCountry', 'is required when showShippingOptions is true');
  }
  if (merchantReferenceRaw !== undefined && type !== 'one_time') p.add('merchantReference', 'is only for one_time links (type one_time)');
  let preferredProvider: string | undefined;
  if (provider !== undefined) {
    // The bank must be in the list of the country the payer is shown, and take the currency.
    const listCountry = (preferredCountry ?? (COUNTRIES as readonly string[]).find((c) => c === storeCountry) ?? 'EE') as CountryCode;
    const bank = findBank(listCountry, provider);
    if (!bank) p.add('preferredProvider', `must be a bank code of the ${listCountry} list (see GET /stores/payment-methods)`);
    else if (currency && !bank.supportedCurrencies.includes(currency)) p.add('preferredProvider', `${provider} does not support ${currency}`);
    else preferredProvider = provider;
  }
  if (reference !== undefined && !isValidPaymentReference(reference)) {
    p.add('paymentReference', 'must be a valid structured reference (7-3-1 check digit or RF creditor reference)');
  }
  p.throwIfAny();
  return {
    type,
    description: description!,
    amount: amount!,
    currency: currency!,
    locale,
    askAdditionalInfo: askAdditionalInfo!,
    showShippingOptions,
    customerCountry: customerCountryRaw ?? null,
    expiresAt: expiresAt!,
    merchantReference: merchantReferenceRaw ?? null,
    notificationUrl: notificationUrl ?? null,
    returnUrl: returnUrl ?? null,
    preferredProvider: preferredProvider ?? null,
    preferredCountry: preferredCountry ?? (preferredProvider ? ((COUNTRIES as readonly string[]).includes(storeCountry) ? (storeCountry as CountryCode) : 'EE') : null),
    paymentReference: reference ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Wire schemas

const Str = (description: string) => Type.String({ description });
const NullableStr = (description: string) => nullable(Type.String(), { description });

/** The answer of POST /payment-links (the spec's three strings). */
export const CreatedLinkSchema = Type.Object(
  {
    uuid: Str('Payment link UUID'),
    url: Str("The link's page"),
    shortUrl: Str("A short URL that redirects to the link's page"),
  },
  { title: 'CreatedPaymentLink' },
);

/** GET /payment-links/:uuid (not shown by the spec; docs/decisions.md "Payment links"). */
export const PaymentLinkSchema = Type.Object(
  {
    uuid: Str('Payment link UUID'),
    url: Str("The link's page"),
    shortUrl: Str('Short URL (redirects to url)'),
    status: Type.Enum([...LINK_STATUSES], { description: 'ACTIVE (orders accepted), PAID (a one_time link whose order is paid), EXPIRED (past expiresAt, not paid)' }),
    type: Type.Enum([...LINK_TYPES]),
    description: Str('Shown on the page'),
    amount: Str('Decimal string, without shipping'),
    currency: Str('EUR or PLN'),
    locale: Str('Page language'),
    expiresAt: Str('ISO 8601'),
    merchantReference: NullableStr('one_time links only'),
    notificationUrl: NullableStr('Where the orders are notified (null: no notifications)'),
    returnUrl: NullableStr("Where the payer returns (null: Kassa's thank-you page)"),
    askAdditionalInfo: Type.Boolean(),
    showShippingOptions: Type.Boolean(),
    customerCountry: NullableStr('Shipping destination country'),
    preferredProvider: NullableStr('Bank code'),
    preferredCountry: NullableStr('Bank list country'),
    paymentReference: NullableStr('Structured bank payment reference'),
    orderCount: Type.Integer({ description: 'Orders created through the link' }),
    paidOrderCount: Type.Integer({ description: 'Of them, paid ones (PAID or refunded since)' }),
    createdAt: Str('ISO 8601'),
  },
  { title: 'PaymentLink' },
);

/** The payment link payload, for the document. */
export const LinkPayloadSchema = Type.Object(
  {
    accessKey: Str("The store's access key"),
    description: Type.String({ maxLength: DESCRIPTION_MAX }),
    currency: Type.Enum([...CURRENCIES]),
    amount: Type.Union([Type.Number(), Type.String()], { description: 'Up to 2 decimals, > 0' }),
    locale: Type.Optional(Type.Enum([...LOCALES])),
    askAdditionalInfo: Type.Boolean(),
    expiresAt: Str('ISO 8601; without an offset read as UTC; must be in the future'),
    type: Type.Optional(Type.Enum([...LINK_TYPES])),
    notificationUrl: Type.Optional(Str('Receives {orderToken} for each order')),
    returnUrl: Type.Optional(Str('Where the payer returns, with order-token')),
    preferredProvider: Type.Optional(Str('Bank code')),
    preferredCountry: Type.Optional(Type.Enum([...COUNTRIES])),
    merchantReference: Type.Optional(Str('one_time links only; unique in the store')),
    paymentReference: Type.Optional(Str('Structured reference')),
    showShippingOptions: Type.Optional(Type.Boolean()),
    customerCountry: Type.Optional(Str('Required with showShippingOptions')),
    exp: Type.Number(),
  },
  { additionalProperties: true, title: 'PaymentLinkPayload', description: 'The payload of the POST /payment-links token' },
);
