/**
 * The snake_case shipping API's wire (shipping-legacy.md): TypeBox descriptions for the OpenAPI
 * document, and the hand-written reader of the shipment creation body, which stays the authority:
 * every problem is named by its snake_case key, all in one 400. Units are converted once here
 * (weights kg → grams, totals → minor units). Rules needing the catalogue and the store's
 * contracts are the service's.
 */
import { Type } from 'typebox';
import { nullable } from '../../platform/schemas.js';
import { isObject, Problems, Reader, type Json } from '../../platform/validate.js';
import { parseAmount } from '../../platform/money.js';
import { CALLING_CODE, isCountryCode, splitInternationalPhone } from '../carriers/countries.js';
import { MAX_PARCELS, scaledInteger, type ParcelInput, type PartyInput } from '../shipments/schema.js';
import { resolveLegacyIdentifier, type LegacyShippingMethod } from './methods.js';

const COUNTRY = { pattern: /^[A-Z]{2}$/, patternHint: 'must be a two-letter country code (e.g. EE)' };
const MAX_WEIGHT_G = 1_000_000;

export const BILLING_KEYS = [
  'billing_first_name',
  'billing_last_name',
  'billing_company',
  'billing_street_address_1',
  'billing_street_address_2',
  'billing_locality',
  'billing_region',
  'billing_postal_code',
  'billing_country',
  'billing_email',
  'billing_phone_number',
] as const;
export type Billing = Record<(typeof BILLING_KEYS)[number], string | null>;

export interface LegacyShipmentInput {
  merchantReference: string;
  /** Null: created, not registered (no carrier chosen). */
  method: (LegacyShippingMethod & { identifier: string }) | null;
  pickupPointUuid: string | null;
  parcels: ParcelInput[];
  receiver: PartyInput;
  sender: PartyInput;
  /** Street lines as sent (the v2 party keeps one street line: both joined). */
  street2: { shipping: string | null; sender: string | null };
  billing: Billing;
  currency: string | null;
  shippingTotalMinor: number | null;
  totalMinor: number | null;
  paymentMethod: string | null;
  webhookUrl: string | null;
}

const text = Type.String();
const optText = nullable(Type.String());

/** Described only (the reader is the authority): the WooCommerce plugin sends numbers as numbers or strings, absent values as "" or null. */
export const LegacyShipmentBody = Type.Object(
  {
    merchant_reference: text,
    sender_name: text,
    sender_phone_number: text,
    sender_street_address_1: text,
    sender_locality: text,
    sender_postal_code: text,
    sender_country: Type.String({ description: 'Two letters' }),
    shipping_first_name: text,
    shipping_phone_number: Type.Optional(nullable(Type.String({ description: 'Required; null or "" falls back to billing_phone_number (older WooCommerce has no shipping phone)' }))),
    parcels: Type.Array(Type.Object({ weight: Type.Union([Type.Number(), Type.String()], { description: 'kg, up to 2 decimals, may be 0' }) }), { minItems: 1, maxItems: MAX_PARCELS }),
    shipping_method: Type.Optional(
      nullable(
        Type.String({
          description:
            '<carrier code>_parcel_machines | _post_offices | _parcel_shops | _parcel_shop | _courier (also itella_* for smartpost, venipak_post_offices for Venipak parcel shops, the spec placeholders carrier_a…d); omitted: created, not registered',
        }),
      ),
    ),
    pickup_point_uuid: Type.Optional(optText),
    currency: Type.Optional(optText),
    shipping_total: Type.Optional(nullable(Type.Union([Type.Number(), Type.String()]))),
    total: Type.Optional(nullable(Type.Union([Type.Number(), Type.String()]))),
    payment_method: Type.Optional(optText),
    webhook_url: Type.Optional(optText),
  },
  { additionalProperties: true, title: 'LegacyShipmentBody' },
);

export const LegacyShipmentResponse = Type.Object(
  {
    uuid: Type.String(),
    shipping_method: nullable(
      Type.Object({
        uuid: Type.String(),
        identifier: Type.String(),
        name: Type.String(),
        provider_name: Type.String(),
        type: Type.String(),
        available_in_countries: Type.Array(Type.String()),
      }),
    ),
    currency: nullable(Type.String()),
    shipping_total: nullable(Type.String()),
    total: nullable(Type.String()),
    ...Object.fromEntries(
      [
        ...BILLING_KEYS,
        'shipping_first_name',
        'shipping_last_name',
        'shipping_company',
        'shipping_street_address_1',
        'shipping_street_address_2',
        'shipping_locality',
        'shipping_region',
        'shipping_postal_code',
        'shipping_country',
        'shipping_email',
        'shipping_phone_number',
        'sender_name',
        'sender_street_address_1',
        'sender_street_address_2',
        'sender_locality',
        'sender_region',
        'sender_postal_code',
        'sender_country',
        'sender_phone_number',
      ].map((k) => [k, nullable(Type.String())]),
    ),
    payment_method: nullable(Type.String()),
    merchant_reference: Type.String(),
    error_reason: nullable(Type.String()),
    duplicate_shipment_sort_order: Type.Integer(),
    status: Type.String({ description: "Kassa's addition: registered_with_provider, label_created, or Kassa's own status names (docs/decisions.md)" }),
  },
  { title: 'LegacyShipment' },
);

export const LabelFromStoreBody = Type.Object({ merchant_references: Type.Array(Type.String(), { minItems: 1, maxItems: 100 }) }, { additionalProperties: true, title: 'LegacyLabelFromStoreBody' });
export const LabelFromStoreResponse = Type.Object({ url: Type.String({ format: 'uri' }) }, { title: 'LegacyLabelFile' });

/** An optional string; "" (what the plugin sends for what the shopper left out) and null are null. */
function opt(r: Reader, key: string, max = 255, extra: { pattern?: RegExp; patternHint?: string } = {}): string | null {
  if (r.blank(key)) return null;
  const v = r.string(key, { max, ...extra });
  return v === undefined ? null : v.trim();
}
function req(r: Reader, key: string, max = 255, extra: { pattern?: RegExp; patternHint?: string } = {}): string {
  return r.string(key, { required: true, max, ...extra })?.trim() ?? '';
}

/** A phone number: `+372…`/`00372…` split into code and number; otherwise the country's code. */
function phone(number: string, countryCode: string | null, country: string | null): { phoneCountryCode: string; phoneNumber: string } {
  const split = splitInternationalPhone(number);
  if (split) return { phoneCountryCode: split.countryCode, phoneNumber: split.national };
  const code = countryCode ? (countryCode.startsWith('+') ? countryCode : `+${countryCode.replace(/^00/, '')}`) : isCountryCode(country) ? CALLING_CODE[country] : '';
  return { phoneCountryCode: code, phoneNumber: number };
}

function minor(r: Reader, key: string): number | null {
  const v = r.obj[key];
  if (v === undefined || v === null || r.blank(key)) return null;
  const a = parseAmount(v);
  if (!a.ok) r.p.add(key, a.reason);
  else if (a.minor < 0) r.p.add(key, 'must not be negative');
  else return a.minor;
  return null;
}

const joinName = (first: string, last: string | null) => (last ? `${first} ${last}` : first);

/** Reads POST /shipments (and create-async): every problem named by its snake_case key, one 400. */
export function parseLegacyShipment(body: unknown): LegacyShipmentInput {
  const p = new Problems();
  if (!isObject(body)) {
    p.add('body', 'must be a JSON object');
    p.throwIfAny();
  }
  const r = new Reader(p, body as Json);
  const merchantReference = req(r, 'merchant_reference', 100);
  const senderName = req(r, 'sender_name');
  const senderPhone = req(r, 'sender_phone_number', 32);
  const senderStreet = req(r, 'sender_street_address_1');
  const senderLocality = req(r, 'sender_locality');
  const senderPostal = req(r, 'sender_postal_code', 32);
  const senderCountry = req(r, 'sender_country', 2, COUNTRY);
  const firstName = req(r, 'shipping_first_name');
  const billing = Object.fromEntries(BILLING_KEYS.map((k) => [k, opt(r, k, k === 'billing_email' ? 320 : 255, k === 'billing_country' ? COUNTRY : {})])) as Billing;
  // Required; older WooCommerce has no shipping phone (the plugin sends null): the billing one then.
  const shippingPhone = r.has('shipping_phone_number') && !r.blank('shipping_phone_number') ? req(r, 'shipping_phone_number', 32) : billing.billing_phone_number;
  if (shippingPhone === null) p.add('shipping_phone_number', 'is required');

  const identifier = opt(r, 'shipping_method', 64);
  const resolved = identifier === null ? undefined : resolveLegacyIdentifier(identifier);
  if (resolved && !resolved.ok) p.add('shipping_method', `${identifier} ${resolved.reason}`);
  const found = resolved?.ok ? resolved.method : undefined;
  const pickupPointUuid = opt(r, 'pickup_point_uuid', 128);
  const courier = found?.type === 'courier';
  if (found && !courier && pickupPointUuid === null) p.add('pickup_point_uuid', `is required for ${identifier} (not a courier method)`);
  const shippingText = (key: string, max = 255, extra = {}) => (courier ? req(r, key, max, extra) : opt(r, key, max, extra));
  const street = shippingText('shipping_street_address_1');
  const locality = shippingText('shipping_locality');
  const postal = shippingText('shipping_postal_code', 32);
  const country = shippingText('shipping_country', 2, COUNTRY) || null;

  const parcels: ParcelInput[] = [];
  const list = r.array('parcels', { required: true, max: MAX_PARCELS });
  if (list && list.length === 0) p.add('parcels', 'must have at least 1 parcel');
  list?.forEach((item, i) => {
    const name = `parcels[${i}].weight`;
    if (!isObject(item)) return p.add(`parcels[${i}]`, 'must be an object');
    const v = item['weight'];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return p.add(name, 'is required');
    const s = scaledInteger(v, 2, 3);
    if (!s.ok) return p.add(name, s.reason);
    if (s.value < 0) return p.add(name, 'must not be negative');
    if (s.value > MAX_WEIGHT_G) return p.add(name, `must be at most ${MAX_WEIGHT_G / 1000} kg`);
    parcels.push({ weightG: s.value, lengthMm: null, widthMm: null, heightMm: null });
  });

  const currency = opt(r, 'currency', 3, { pattern: /^[A-Z]{3}$/, patternHint: 'must be a three-letter code (e.g. EUR)' });
  const shippingTotalMinor = minor(r, 'shipping_total');
  const totalMinor = minor(r, 'total');
  const paymentMethod = opt(r, 'payment_method', 100);
  const webhookUrl = opt(r, 'webhook_url', 2048, { pattern: /^https?:\/\/[^\s]+$/, patternHint: 'must be an http(s) URL' });
  const lastName = opt(r, 'shipping_last_name');
  const senderCode = opt(r, 'sender_phone_country', 8);
  const shippingCode = opt(r, 'shipping_phone_country', 8);
  const receiver: PartyInput = {
    name: joinName(firstName, lastName),
    firstName,
    lastName,
    companyName: opt(r, 'shipping_company'),
    streetAddress: street,
    locality,
    region: opt(r, 'shipping_region'),
    postalCode: postal,
    country,
    ...phone(shippingPhone ?? '', shippingCode, country),
    email: opt(r, 'shipping_email', 320),
  };
  const sender: PartyInput = {
    name: senderName,
    firstName: null,
    lastName: null,
    companyName: null,
    streetAddress: senderStreet,
    locality: senderLocality,
    region: opt(r, 'sender_region'),
    postalCode: senderPostal,
    country: senderCountry,
    ...phone(senderPhone, senderCode, senderCountry),
    email: null,
  };
  const street2 = { shipping: opt(r, 'shipping_street_address_2'), sender: opt(r, 'sender_street_address_2') };
  p.throwIfAny();
  return {
    merchantReference,
    method: found && identifier ? { ...found, identifier } : null,
    pickupPointUuid,
    parcels,
    receiver,
    sender,
    street2,
    billing,
    currency,
    shippingTotalMinor,
    totalMinor,
    paymentMethod,
    webhookUrl,
  };
}

/** POST /shipments/label-from-store: `merchant_references`, a non-empty array of distinct strings. */
export function parseLabelFromStore(body: unknown): string[] {
  const p = new Problems();
  const r = new Reader(p, isObject(body) ? body : {});
  const list = r.array('merchant_references', { required: true, max: 100 });
  if (list && list.length === 0) p.add('merchant_references', 'must have at least 1 reference');
  const seen = new Set<string>();
  list?.forEach((v, i) => {
    if (typeof v !== 'string' || v.trim() === '' || v.length > 100) p.add(`merchant_references[${i}]`, 'must be a non-empty string of at most 100 characters');
    else if (seen.has(v)) p.add(`merchant_references[${i}]`, `${v} is given twice`);
    else seen.add(v);
  });
  p.throwIfAny();
  return [...seen];
}
