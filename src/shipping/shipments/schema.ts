/**
 * Reading the POST /shipments and PATCH /shipments/:id bodies: every structural problem is
 * collected and answered in one 400 naming each field. Units are converted once here: weights
 * (kg, at most 2 decimals) to grams, dimensions (m, at most 2 decimals) to millimetres, the COD
 * amount to minor units. Rules that need the catalogue or the store's contracts are the
 * service's (see service.ts).
 */
import { Type } from 'typebox';
import { nullable, stringEnum } from '../../platform/schemas.js';
import { isObject, Problems, Reader, type Json } from '../../platform/validate.js';
import { isUuid } from '../../platform/ids.js';
import { SHIPMENT_STATUSES } from './states.js';
import { parseAmount } from '../../platform/money.js';
import {
  ADDITIONAL_SERVICE_CODES,
  LOCKER_SIZES,
  PARCEL_HANDOVER_METHODS,
  REGISTRATION_ERROR_CODES,
  SHIPPING_METHOD_TYPES,
  type LockerSize,
  type ParcelHandoverMethod,
  type ShippingMethodType,
} from '../carriers/contract.js';
import { CALLING_CODE, isCountryCode, normalizePhonePrefix, splitInternationalPhone } from '../carriers/countries.js';

/** Not shown by the spec; Kassa's cap on parcels per shipment. */
export const MAX_PARCELS = 50;
export const COD_MIN_MINOR = 1;
export const COD_MAX_MINOR = 1_000_000;
/** Caps on one parcel (far above every carrier's limit; the carrier checks its own). */
const MAX_WEIGHT_G = 1_000_000;
const MAX_SIDE_MM = 10_000;

export const PRODUCT_LIMITS = Object.freeze({
  sku: 100,
  name: 255,
  quantity: 999,
  barcode: 100,
  attributes: 20,
  imageUrl: 2048,
  storeProductUrl: 2048,
  description: 5000,
  products: 1000,
});

export interface PartyInput {
  name: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  streetAddress: string | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  phoneCountryCode: string;
  phoneNumber: string;
  email: string | null;
}

export interface ParcelInput {
  weightG: number;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
}

export type AdditionalServiceInput = { code: 'cod'; amountMinor: number } | { code: 'ageVerification' };

export interface MethodInput {
  type: ShippingMethodType;
  id: string;
  additionalServices: AdditionalServiceInput[];
  parcelHandoverMethod: ParcelHandoverMethod | null;
  lockerSize: LockerSize | null;
}

export interface ProductInput {
  sku: string;
  name: string;
  quantity: number;
  barcode: string | null;
  price: number | null;
  currency: string | null;
  attributes: Json | null;
  imageUrl: string | null;
  storeProductUrl: string | null;
  description: string | null;
}

export interface CreateShipmentInput {
  merchantReference: string | null;
  serviceOrderUuid: string | null;
  orderComment: string | null;
  synchronous: boolean;
  shippingMethod: MethodInput;
  parcels: ParcelInput[];
  receiver: PartyInput;
  /** Null: the store's default sender. */
  sender: PartyInput | null;
  products: ProductInput[] | null;
  /** Where this shipment's events are POSTed besides the registered webhooks (null: nowhere else). */
  notificationUrl: string | null;
}

export interface PatchShipmentInput {
  synchronous: boolean;
  shippingMethod?: MethodInput;
  parcels?: ParcelInput[];
  receiver?: PartyInput;
  sender?: PartyInput;
  /** Given: replaces the stored one (null clears it). */
  notificationUrl?: string | null;
}

/**
 * A wire decimal (JSON number or numeric string) with at most `decimals` decimals, times
 * 10^`shift`, as an exact integer (read from its digits, never by multiplying floats).
 */
export function scaledInteger(v: unknown, decimals: number, shift: number): { ok: true; value: number } | { ok: false; reason: string } {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(withoutFloatNoise(v, decimals)) : '') : typeof v === 'string' ? v.trim() : null;
  if (text === null) return { ok: false, reason: 'must be a number' };
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return { ok: false, reason: 'must be a number' };
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return { ok: false, reason: `must have at most ${decimals} decimal places` };
  const value = Number(`${m[2]}${frac.padEnd(shift, '0')}`) * (m[1] ? -1 : 1);
  return { ok: true, value };
}

/**
 * A JSON number that is a `decimals`-place value plus binary floating-point noise (PHP's
 * json_encode prints 0.1 * 3 as 0.30000000000000004; the WooCommerce plugin sums parcel weights
 * so) is read as that value. The noise is a few units in the last place; anything larger (0.305)
 * is a real extra decimal and is left to be refused.
 */
function withoutFloatNoise(v: number, decimals: number): number {
  const rounded = Number(v.toFixed(decimals));
  return rounded !== v && Math.abs(rounded - v) <= 8 * Number.EPSILON * Math.max(1, Math.abs(v)) ? rounded : v;
}

function measure(r: Reader, key: string, opts: { required: boolean; max: number; unit: string; zeroIsUnset?: boolean }): number | undefined {
  const v = r.obj[key];
  // A side of 0 is how clients say "unknown" (the WooCommerce plugin sends 0 for products without dimensions).
  if (v === undefined || v === null || (opts.zeroIsUnset && (v === 0 || (typeof v === 'string' && /^\s*0*(\.0*)?\s*$/.test(v) && v.trim() !== '')))) {
    if (opts.required) r.p.add(r.name(key), 'is required');
    return undefined;
  }
  const s = scaledInteger(v, 2, 3);
  if (!s.ok) {
    r.p.add(r.name(key), s.reason);
    return undefined;
  }
  if (s.value <= 0) {
    r.p.add(r.name(key), 'must be greater than 0');
    return undefined;
  }
  if (s.value > opts.max) {
    r.p.add(r.name(key), `must be at most ${opts.max / 1000} ${opts.unit}`);
    return undefined;
  }
  return s.value;
}

/** The party's object with every string trimmed (clients send "Riia tn 15 " and "" alike). */
function trimmed(r: Reader): Reader {
  return new Reader(r.p, Object.fromEntries(Object.entries(r.obj).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])), r.prefix);
}

/** An optional text field; empty (what clients send for what the shopper left out) is null. */
function opt(r: Reader, key: string, opts: { max?: number; pattern?: RegExp; patternHint?: string } = {}): string | null {
  if (r.blank(key)) return null;
  return r.string(key, { max: 255, ...opts }) ?? null;
}

const COUNTRY = { pattern: /^[A-Z]{2}$/, patternHint: 'must be an ISO 3166-1 alpha-2 code (e.g. EE)' };

/**
 * Receiver or sender. `addressRequired`: street, locality, postal code and country (a sender; a
 * courier receiver). Strings are trimmed, and optional ones that are empty are null.
 *
 * The phone: `phoneCountryCode` may be omitted (the WooCommerce plugin never sends it) when the
 * number carries its code (`+37255512345`, `00372…`): it is split into the two fields. Without
 * either, the code is the party's country's; a receiver of another country gets the shipping
 * method's (the service's). A number whose own code contradicts `phoneCountryCode` is refused.
 */
export function readParty(raw: Reader, role: 'receiver' | 'sender', addressRequired: boolean): PartyInput | undefined {
  const r = trimmed(raw);
  const before = r.p.list.length;
  const name = r.string('name', { required: true, max: 255 });
  const text = (key: string, max: number, extra: { pattern?: RegExp; patternHint?: string } = {}) =>
    addressRequired ? (r.string(key, { required: true, max, ...extra }) ?? null) : opt(r, key, { max, ...extra });
  const firstName = role === 'receiver' ? opt(r, 'firstName') : null;
  const lastName = role === 'receiver' ? opt(r, 'lastName') : null;
  const companyName = opt(r, 'companyName');
  const streetAddress = text('streetAddress', 255);
  const locality = text('locality', 255);
  const region = opt(r, 'region');
  const postalCode = text('postalCode', 32);
  const country = text('country', 255, COUNTRY);
  const code = opt(r, 'phoneCountryCode', { max: 8, pattern: /^(\+|00)?\d{1,4}$/, patternHint: 'must be like +372, 372 or 00372' });
  let phoneNumber = r.string('phoneNumber', { required: true, max: 32 }) ?? '';
  let phoneCountryCode = code ?? '';
  const split = phoneNumber ? splitInternationalPhone(phoneNumber) : undefined;
  if (split && code !== null && normalizePhonePrefix(code) !== split.countryCode) {
    r.p.add(r.name('phoneNumber'), `starts with ${split.countryCode} but phoneCountryCode is ${code}`);
  } else if (split) {
    phoneCountryCode = code ?? split.countryCode;
    phoneNumber = split.national;
  } else if (code === null && isCountryCode(country)) phoneCountryCode = CALLING_CODE[country];
  if (phoneNumber && !phoneCountryCode && role === 'sender') r.p.add(r.name('phoneCountryCode'), 'is required (or a phoneNumber starting with +)');
  const email = opt(r, 'email', { max: 320 });
  const party: PartyInput = { name: name ?? '', firstName, lastName, companyName, streetAddress, locality, region, postalCode, country, phoneCountryCode, phoneNumber, email };
  return r.p.list.length === before ? party : undefined;
}

/** A receiver whose phone code is still unknown gets the calling code of the shipment's country. */
export function withCallingCode<P extends PartyInput>(party: P, countryCode: string): P {
  return party.phoneCountryCode || !isCountryCode(countryCode) ? party : { ...party, phoneCountryCode: CALLING_CODE[countryCode] };
}

function readMethod(r: Reader): MethodInput | undefined {
  const before = r.p.list.length;
  const type = r.oneOf('type', SHIPPING_METHOD_TYPES, true);
  const id = r.string('id', { required: true, max: 128 });
  const services: AdditionalServiceInput[] = [];
  const list = r.array('additionalServices', { max: ADDITIONAL_SERVICE_CODES.length });
  const seen = new Set<string>();
  list?.forEach((item, i) => {
    const name = `${r.name('additionalServices')}[${i}]`;
    if (!isObject(item)) {
      r.p.add(name, 'must be an object');
      return;
    }
    const s = new Reader(r.p, item, name);
    const code = s.oneOf('code', ADDITIONAL_SERVICE_CODES, true);
    if (code && seen.has(code)) r.p.add(s.name('code'), `${code} is given twice`);
    if (code) seen.add(code);
    if (code === 'cod') {
      const params = s.object('params', true);
      if (!params) return;
      const raw = params.obj['amount'];
      if (raw === undefined || raw === null) {
        r.p.add(params.name('amount'), 'is required');
        return;
      }
      const a = parseAmount(raw);
      if (!a.ok) r.p.add(params.name('amount'), a.reason);
      else if (a.minor < COD_MIN_MINOR || a.minor > COD_MAX_MINOR) r.p.add(params.name('amount'), 'must be from 0.01 to 10000');
      else services.push({ code: 'cod', amountMinor: a.minor });
    } else if (code === 'ageVerification') services.push({ code });
  });
  const parcelHandoverMethod = r.oneOf('parcelHandoverMethod', PARCEL_HANDOVER_METHODS) ?? null;
  const lockerSize = r.oneOf('lockerSize', LOCKER_SIZES) ?? null;
  if (r.p.list.length !== before) return undefined;
  return { type: type!, id: id!, additionalServices: services, parcelHandoverMethod, lockerSize };
}

function readParcels(r: Reader): ParcelInput[] | undefined {
  const before = r.p.list.length;
  const list = r.array('parcels', { required: true, max: MAX_PARCELS });
  if (!list) return undefined;
  if (list.length === 0) r.p.add('parcels', 'must have at least 1 parcel');
  const out: ParcelInput[] = [];
  list.forEach((item, i) => {
    const name = `parcels[${i}]`;
    if (!isObject(item)) {
      r.p.add(name, 'must be an object');
      return;
    }
    const pr = new Reader(r.p, item, name);
    const weightG = measure(pr, 'weight', { required: true, max: MAX_WEIGHT_G, unit: 'kg' });
    const side = { required: false, max: MAX_SIDE_MM, unit: 'm', zeroIsUnset: true };
    const lengthMm = measure(pr, 'length', side) ?? null;
    const widthMm = measure(pr, 'width', side) ?? null;
    const heightMm = measure(pr, 'height', side) ?? null;
    if (weightG !== undefined) out.push({ weightG, lengthMm, widthMm, heightMm });
  });
  return r.p.list.length === before ? out : undefined;
}

function readProducts(r: Reader): ProductInput[] | null | undefined {
  const list = r.array('products', { max: PRODUCT_LIMITS.products });
  if (!list) return null;
  const before = r.p.list.length;
  const out: ProductInput[] = [];
  list.forEach((item, i) => {
    const name = `products[${i}]`;
    if (!isObject(item)) {
      r.p.add(name, 'must be an object');
      return;
    }
    const pr = new Reader(r.p, item, name);
    const sku = pr.string('sku', { required: true, max: PRODUCT_LIMITS.sku });
    const pname = pr.string('name', { required: true, max: PRODUCT_LIMITS.name });
    const quantity = pr.number('quantity', { required: true, exclusiveMin: 0, max: PRODUCT_LIMITS.quantity });
    const barcode = pr.string('barcode', { max: PRODUCT_LIMITS.barcode }) ?? null;
    let price: number | null = null;
    if (pr.has('price')) {
      const s = scaledInteger(item['price'], 2, 2);
      if (!s.ok) r.p.add(pr.name('price'), s.reason);
      else if (s.value < 0) r.p.add(pr.name('price'), 'must not be negative');
      else price = s.value / 100;
    }
    const currency = pr.string('currency', { pattern: /^[A-Z]{3}$/, patternHint: 'must be an ISO 4217 code (e.g. EUR)' }) ?? null;
    const attrs = pr.object('attributes');
    if (attrs && Object.keys(attrs.obj).length > PRODUCT_LIMITS.attributes) r.p.add(pr.name('attributes'), `must have at most ${PRODUCT_LIMITS.attributes} attributes`);
    const imageUrl = pr.string('imageUrl', { max: PRODUCT_LIMITS.imageUrl }) ?? null;
    const storeProductUrl = pr.string('storeProductUrl', { max: PRODUCT_LIMITS.storeProductUrl }) ?? null;
    const rawDescription = pr.string('description', { max: PRODUCT_LIMITS.description * 4 });
    const description = rawDescription === undefined ? null : stripHtml(rawDescription);
    if (description !== null && description.length > PRODUCT_LIMITS.description) r.p.add(pr.name('description'), `must be at most ${PRODUCT_LIMITS.description} characters`);
    if (sku !== undefined && pname !== undefined && quantity !== undefined) {
      out.push({ sku, name: pname, quantity, barcode, price, currency, attributes: attrs ? attrs.obj : null, imageUrl, storeProductUrl, description });
    }
  });
  return r.p.list.length === before ? out : undefined;
}

/** Tags removed, the few common entities decoded. */
export function stripHtml(s: string): string {
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/**
 * `notificationUrl`: an absolute http(s) URL (as webhook URLs); null or '' means none (WC sends ''
 * for what is not set). Undefined when the key is absent. Whether production may call it is the
 * service's check (it needs the deployment's setting).
 */
function readNotificationUrl(r: Reader): string | null | undefined {
  const v = r.obj['notificationUrl'];
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  return r.url('notificationUrl') ?? null;
}

function bodyReader(p: Problems, body: unknown): Reader {
  if (!isObject(body)) p.add('body', 'must be a JSON object');
  return new Reader(p, isObject(body) ? body : {});
}

export function parseCreateShipment(body: unknown): CreateShipmentInput {
  const p = new Problems();
  const r = bodyReader(p, body);
  const merchantReference = r.string('merchantReference', { max: 255 }) ?? null;
  // montonioOrderUuid: accepted as an alias of serviceOrderUuid (clients of the original service send it).
  const orderKey = r.has('serviceOrderUuid') ? 'serviceOrderUuid' : 'montonioOrderUuid';
  const serviceOrderUuid = r.string(orderKey) ?? null;
  if (serviceOrderUuid !== null && !isUuid(serviceOrderUuid)) p.add(orderKey, 'must be a UUID');
  const orderComment = r.string('orderComment', { max: 1000 }) ?? null;
  const synchronous = r.boolean('synchronous') ?? false;
  const mr = r.object('shippingMethod', true);
  const shippingMethod = mr ? readMethod(mr) : undefined;
  const parcels = readParcels(r);
  const rr = r.object('receiver', true);
  const courier = isObject(r.obj['shippingMethod']) && r.obj['shippingMethod']['type'] === 'courier';
  const receiver = rr ? readParty(rr, 'receiver', courier) : undefined;
  const sr = r.object('sender');
  const sender = sr ? readParty(sr, 'sender', true) : null;
  const products = readProducts(r);
  const notificationUrl = readNotificationUrl(r) ?? null;
  p.throwIfAny();
  return {
    merchantReference,
    serviceOrderUuid,
    orderComment,
    synchronous,
    shippingMethod: shippingMethod!,
    parcels: parcels!,
    receiver: receiver!,
    sender: sender ?? null,
    products: products ?? null,
    notificationUrl,
  };
}

/**
 * `currentType` is the shipment's method type (null: a created shipment, which has none), used
 * for the receiver's courier address rule when the PATCH has no shippingMethod.
 */
export function parsePatchShipment(body: unknown, currentType: ShippingMethodType | null): PatchShipmentInput {
  const p = new Problems();
  const r = bodyReader(p, body);
  if (r.obj['products'] !== undefined) p.add('products', 'cannot be updated');
  const synchronous = r.boolean('synchronous') ?? false;
  const out: PatchShipmentInput = { synchronous };
  const mr = r.object('shippingMethod');
  if (mr) out.shippingMethod = readMethod(mr);
  const type = isObject(r.obj['shippingMethod']) && typeof r.obj['shippingMethod']['type'] === 'string' ? r.obj['shippingMethod']['type'] : currentType;
  if (r.has('parcels')) out.parcels = readParcels(r);
  const rr = r.object('receiver');
  if (rr) out.receiver = readParty(rr, 'receiver', type === 'courier');
  const sr = r.object('sender');
  if (sr) out.sender = readParty(sr, 'sender', true);
  const notificationUrl = readNotificationUrl(r);
  if (notificationUrl !== undefined) out.notificationUrl = notificationUrl;
  p.throwIfAny();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Wire schemas (TypeBox) of the shipment routes. They describe what the parsers above accept,
// which stay the authority (every message and rule is theirs): so numbers may come as numeric
// strings, optional text as "" or null (absent), and every object takes extra keys. See
// docs/decisions.md "Shipping route schemas".

/** An optional text field: "" and null mean absent (clients send "" for what was left out). */
const optText = (description: string, maxLength = 255) => Type.Optional(nullable(Type.String({ maxLength, description })));
/** A JSON number, or the same number as a string (clients send both). */
const decimal = (description: string) => Type.Union([Type.Number(), Type.String({ pattern: '^\\s*-?\\d+(\\.\\d+)?\\s*$' })], { description });
const open = { additionalProperties: true } as const;

const PARTY_ADDRESS = {
  companyName: optText('Company'),
  region: optText('Region or county'),
  email: optText('E-mail address', 320),
};

/** Receiver: name and phone required; the address when the method type is courier. */
export const ReceiverInputSchema = Type.Object(
  {
    name: Type.String({ maxLength: 255, description: 'Full name (trimmed; must not be empty)' }),
    firstName: optText('First name'),
    lastName: optText('Last name'),
    streetAddress: optText('Required when the method type is courier'),
    locality: optText('Required when the method type is courier'),
    postalCode: optText('Required when the method type is courier', 32),
    country: optText('ISO 3166-1 alpha-2; required when the method type is courier'),
    phoneCountryCode: optText('Like +372, 372 or 00372; may be omitted when phoneNumber starts with + or 00, or the country tells it', 8),
    phoneNumber: Type.String({ maxLength: 32, description: 'Without the country code, or with it (+37255512345), then split' }),
    ...PARTY_ADDRESS,
  },
  { ...open, title: 'ReceiverInput' },
);

/** Sender: name, address and phone required when a sender is given. */
export const SenderInputSchema = Type.Object(
  {
    name: Type.String({ maxLength: 255 }),
    streetAddress: Type.String({ maxLength: 255 }),
    locality: Type.String({ maxLength: 255 }),
    postalCode: Type.String({ maxLength: 32 }),
    country: Type.String({ pattern: '^\\s*[A-Z]{2}\\s*$', description: 'ISO 3166-1 alpha-2' }),
    phoneCountryCode: optText('Like +372; may be omitted when phoneNumber starts with + or 00, or the country tells it', 8),
    phoneNumber: Type.String({ maxLength: 32 }),
    ...PARTY_ADDRESS,
  },
  { ...open, title: 'SenderInput' },
);

export const ShippingMethodInputSchema = Type.Object(
  {
    type: stringEnum(SHIPPING_METHOD_TYPES, 'courier or pickupPoint'),
    id: Type.String({ maxLength: 128, description: 'A pickup point or courier service id' }),
    additionalServices: Type.Optional(
      Type.Array(
        Type.Object(
          {
            code: stringEnum(ADDITIONAL_SERVICE_CODES, 'cod or ageVerification'),
            params: Type.Optional(Type.Object({ amount: decimal('COD amount, 0.01 to 10000') }, open)),
          },
          { ...open, description: '`params.amount` is required for cod' },
        ),
        { maxItems: ADDITIONAL_SERVICE_CODES.length },
      ),
    ),
    parcelHandoverMethod: Type.Optional(nullable(stringEnum(PARCEL_HANDOVER_METHODS, 'courierPickUp or terminalDropOff (one carrier only)'))),
    lockerSize: Type.Optional(nullable(stringEnum(LOCKER_SIZES, "Falls back to the contract's defaultLockerSize"))),
  },
  { ...open, title: 'ShippingMethodInput' },
);

export const ParcelInputSchema = Type.Object(
  {
    weight: decimal('kg, more than 0, at most 2 decimals'),
    length: Type.Optional(nullable(decimal('m, at most 2 decimals; 0 means unset'))),
    width: Type.Optional(nullable(decimal('m, at most 2 decimals; 0 means unset'))),
    height: Type.Optional(nullable(decimal('m, at most 2 decimals; 0 means unset'))),
  },
  { ...open, title: 'ParcelInput', description: 'Sides are needed when the method has parcelDimensionsRequired' },
);

export const ProductInputSchema = Type.Object(
  {
    sku: Type.String({ maxLength: PRODUCT_LIMITS.sku }),
    name: Type.String({ maxLength: PRODUCT_LIMITS.name }),
    quantity: decimal(`More than 0, at most ${PRODUCT_LIMITS.quantity}; decimals allowed`),
    barcode: Type.Optional(nullable(Type.String({ maxLength: PRODUCT_LIMITS.barcode }))),
    price: Type.Optional(nullable(decimal('At most 2 decimals'))),
    currency: Type.Optional(nullable(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217' }))),
    attributes: Type.Optional(nullable(Type.Object({}, { additionalProperties: true, maxProperties: PRODUCT_LIMITS.attributes }))),
    imageUrl: Type.Optional(nullable(Type.String({ maxLength: PRODUCT_LIMITS.imageUrl }))),
    storeProductUrl: Type.Optional(nullable(Type.String({ maxLength: PRODUCT_LIMITS.storeProductUrl }))),
    description: Type.Optional(nullable(Type.String({ description: `HTML stripped; at most ${PRODUCT_LIMITS.description} characters after` }))),
  },
  { ...open, title: 'ProductInput' },
);

const NOTIFICATION_URL = Type.Optional(nullable(Type.String({ description: 'Kassa\'s addition: an absolute http(s) URL this shipment\'s events are also POSTed to; null or "" for none' })));

/** POST /shipments. */
export const CreateShipmentBody = Type.Object(
  {
    merchantReference: Type.Optional(nullable(Type.String({ maxLength: 255, description: "Merchant's order reference" }))),
    serviceOrderUuid: Type.Optional(nullable(Type.String({ format: 'uuid', description: 'UUID of the related payments order' }))),
    montonioOrderUuid: Type.Optional(nullable(Type.String({ format: 'uuid', description: "The original service's name of serviceOrderUuid (either is accepted)" }))),
    orderComment: Type.Optional(nullable(Type.String({ maxLength: 1000, description: "Usually the customer's comment" }))),
    synchronous: Type.Optional(nullable(Type.Boolean({ description: 'true: register synchronously and answer the final status; default false (pending)' }))),
    shippingMethod: ShippingMethodInputSchema,
    parcels: Type.Array(ParcelInputSchema, { minItems: 1, maxItems: MAX_PARCELS }),
    receiver: ReceiverInputSchema,
    sender: Type.Optional(nullable(SenderInputSchema)),
    products: Type.Optional(nullable(Type.Array(ProductInputSchema, { maxItems: PRODUCT_LIMITS.products }))),
    notificationUrl: NOTIFICATION_URL,
  },
  { ...open, title: 'CreateShipment' },
);

/** PATCH /shipments/:id: all optional; products cannot be updated. */
export const PatchShipmentBody = Type.Object(
  {
    synchronous: Type.Optional(nullable(Type.Boolean())),
    shippingMethod: Type.Optional(nullable(ShippingMethodInputSchema)),
    parcels: Type.Optional(Type.Array(ParcelInputSchema, { minItems: 1, maxItems: MAX_PARCELS })),
    receiver: Type.Optional(nullable(ReceiverInputSchema)),
    sender: Type.Optional(nullable(SenderInputSchema)),
    notificationUrl: NOTIFICATION_URL,
  },
  { ...open, title: 'PatchShipment' },
);

export const ShipmentParams = Type.Object({ id: Type.String({ description: 'The shipment id (a UUID)' }) });

/** POST /test-helpers/shipments/:id/status (sandbox): `statuses` are the helper's targets. */
export function moveStatusBody(statuses: readonly string[]) {
  return Type.Object({ status: stringEnum(statuses, 'The delivery status to move to') }, { ...open, title: 'MoveShipmentStatus' });
}

const PARTY_OUT = {
  name: Type.String(),
  companyName: nullable(Type.String()),
  streetAddress: nullable(Type.String()),
  locality: nullable(Type.String()),
  region: nullable(Type.String()),
  postalCode: nullable(Type.String()),
  country: nullable(Type.String()),
  phoneCountryCode: Type.String(),
  phoneNumber: Type.String(),
  email: nullable(Type.String()),
};

/** The spec's shipment object (create, update, get; `data` of shipment webhooks). */
export const ShipmentSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    createdAt: Type.String({ format: 'date-time' }),
    status: Type.String({
      enum: [...SHIPMENT_STATUSES],
      description: "created is Kassa's: a shipment made through the snake_case API without shipping_method, not registered with a carrier until a PATCH gives it a shippingMethod",
    }),
    serviceOrderUuid: nullable(Type.String(), 'UUID of a payments order, if linked'),
    montonioOrderUuid: nullable(Type.String(), "The payments order's UUID under the original service's name, which its clients read (equal to serviceOrderUuid)"),
    merchantReference: nullable(Type.String(), 'As sent'),
    sender: Type.Object({ id: Type.String(), ...PARTY_OUT }),
    receiver: Type.Object({ id: Type.String(), firstName: nullable(Type.String()), lastName: nullable(Type.String()), ...PARTY_OUT }),
    parcels: Type.Array(
      Type.Object({
        id: Type.String(),
        weight: Type.Number({ description: 'kg' }),
        length: nullable(Type.Number({ description: 'm' })),
        height: nullable(Type.Number({ description: 'm' })),
        width: nullable(Type.Number({ description: 'm' })),
        carrierParcelId: nullable(Type.String(), 'Tracking number; null until registered'),
        trackingLink: nullable(Type.String(), 'Public URL; null until registered'),
        dropOffPin: nullable(Type.String(), 'Code to hand over the parcel without a printed label; null until the carrier issues one'),
      }),
    ),
    shippingMethod: nullable(
      Type.Object({
        id: Type.String(),
        type: stringEnum(SHIPPING_METHOD_TYPES),
        carrierCode: Type.String(),
        countryCode: Type.String(),
      }),
      "Null only while status is created (Kassa's extension; never for a shipment created through v2)",
    ),
    carrierShipmentId: nullable(Type.String()),
    store: Type.Object({ id: Type.String() }),
    products: nullable(
      Type.Array(
        Type.Object({
          id: Type.String(),
          createdAt: Type.String({ format: 'date-time' }),
          sku: Type.String(),
          name: Type.String(),
          barcode: nullable(Type.String()),
          quantity: Type.Number(),
        }),
      ),
    ),
    errors: nullable(
      Type.Array(
        Type.Object({
          field: Type.Optional(Type.String({ description: 'The request field, e.g. receiver.phoneNumber' })),
          code: stringEnum(REGISTRATION_ERROR_CODES),
          message: Type.String(),
        }),
      ),
      "Kassa's addition: the carrier's reasons while registrationFailed (or the last outage while pending), else null",
    ),
  },
  { title: 'Shipment' },
);
