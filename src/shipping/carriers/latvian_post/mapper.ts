/**
 * Latvian Post's e-commerce API (Express Pasts, `POST https://express.pasts.lv/parcelsApi/create`,
 * form fields `secret` and `parcels[<your id>][<field>]`), as its public integrations (the
 * official OpenCart and Magento modules) use it: one entry per parcel, keyed by the sender's own
 * id; `type` Ie (domestic) / Be (Baltic); the pickup point as `station_id` (LV lockers),
 * `terminal_id` (LT partner lockers), with the compartment `size` for both, or `pickup` +
 * `pickup_zipcode` (post offices);
 * weight in kg, measures in metres; phone digits only; LV postal codes `LV-1234`, other
 * countries' digits only; cash on delivery as `post_payment` with `post_payment_sum` (decimal
 * EUR). The answer maps each id to its tracking number, or to `{field: message}` errors (Latvian
 * messages; "Nav norādīts…" when a value is missing). Pure.
 *
 * Kassa's assumptions, not seen in the sources: the sender block (the real API takes the sender
 * from the account behind `secret`; Kassa sends the shipment's sender as the return address),
 * `post_payment_currency`, `age_check`, and the `{status, body}` envelope (HTTP status and JSON body). The
 * client adds `secret` from the account's credentials.
 */
import { formatAmount } from '../../../platform/money.js';
import type { CountryCode, LockerSize, Party, RegisteredParcel, RegistrationErrorCode, RegistrationRequest, RegistrationResult } from '../contract.js';
import { CALLING_CODE, isCountryCode, normalizePostalCode, postalCodeDigits } from '../countries.js';
import type { CarrierMapper } from '../kit/adapter.js';
import { blankToNull, effectiveLockerSize, gramsToKg, smallestFittingLockerSize, phoneNational, phonePrefix, registrationError, serviceField } from '../kit/model.js';
import { latvianPostDefinition } from './definition.js';

export type LatvianPostLockerSize = 'Small' | 'Medium' | 'Large';

/** The spec's locker sizes → the compartment words the API takes. */
export const LOCKER_SIZES: Readonly<Record<LockerSize, LatvianPostLockerSize>> = Object.freeze({
  XS: 'Small',
  S: 'Small',
  M: 'Medium',
  L: 'Large',
  XL: 'Large',
});

/** Express Pasts' own country ids (its `countriesApi`), as the official modules default them. */
export const LATVIAN_POST_COUNTRY_IDS: Readonly<Partial<Record<CountryCode, number>>> = Object.freeze({ EE: 1, LT: 2, LV: 7 });

export type LatvianPostType = 'Ie' | 'Be';

export interface LatvianPostParcel {
  /** Ie: inside Latvia; Be: Baltic (LT, EE). */
  type: LatvianPostType;
  name_surname: string;
  company_name: string | null;
  /** Digits only: the national number when the prefix is the country's own, else with the country code. */
  phone: string;
  email: string | null;
  country_id: number | null;
  city: string | null;
  street: string | null;
  house: string | null;
  /** LV: `LV-1234`; LT, EE: digits only. */
  zipcode: string | null;
  /** kg, 3 decimals. */
  package_weight: number;
  /** Metres, 2 decimals; null when not given. */
  length: number | null;
  width: number | null;
  height: number | null;
  /** Express courier priority within Latvia (X1: next working day). */
  delivery_priority: 'X1' | null;
  /** LV parcel locker. */
  station_id: string | null;
  /** LT partner parcel locker. */
  terminal_id: string | null;
  /** The compartment, for a parcel locker (LV station or LT/EE terminal). */
  size: LatvianPostLockerSize | null;
  /** Post office pickup: 1, with the office in `pickup_zipcode`. */
  pickup: 0 | 1;
  pickup_zipcode: string | null;
  /** 1 when the parcel is one of several of the shipment. */
  multiparcel: 0 | 1;
  /** Cash on delivery (first parcel only). */
  post_payment: 0 | 1;
  /** Decimal string, `12.50`. */
  post_payment_sum: string | null;
  post_payment_currency: string | null;
  /** Payment reference (the merchant's order reference). */
  post_payment_aim: string | null;
  /** Age check on delivery (Kassa's assumption: no such field is known; the carrier refuses it). */
  age_check: 0 | 1;
  sms_invite: 0 | 1;
  comments: string | null;
}

export interface LatvianPostSender {
  name_surname: string;
  company_name: string | null;
  phone: string;
  email: string | null;
  country_id: number | null;
  city: string;
  street: string;
  zipcode: string;
}

export interface LatvianPostRequest {
  sender: LatvianPostSender;
  /** Keyed by Kassa's `<shipment id>/<n>`. */
  parcels: { [parcelKey: string]: LatvianPostParcel };
}

/** A parcel's (or the sender's) errors: field → message. */
export interface LatvianPostFieldErrors {
  [field: string]: string;
}

export type LatvianPostResponse =
  /** Each key of the request: its tracking number, or its errors; `sender`: the sender's errors. */
  | { status: 200; body: { [key: string]: string | LatvianPostFieldErrors } }
  /** An account or service error. */
  | { status: 401 | 503; body: { error: string } };

/** The key of the parcel with index `i`. */
export const parcelKey = (shipmentId: string, i: number): string => `${shipmentId}/${i + 1}`;

const PARTY_FIELDS: Readonly<Record<string, string>> = {
  name_surname: 'name',
  company_name: 'companyName',
  phone: 'phoneNumber',
  email: 'email',
  country_id: 'country',
  city: 'locality',
  street: 'streetAddress',
  house: 'streetAddress',
  zipcode: 'postalCode',
};

/** The field's code in the unified model: by the field, and "Nav norādīt…" (not given) for missing values. */
function codeOf(field: string, message: string): RegistrationErrorCode {
  if (/^Nav norādīt/.test(message)) return field === 'length' || field === 'dimensions' ? 'DIMENSIONS_REQUIRED' : 'REQUIRED_FIELD';
  switch (field) {
    case 'phone':
      return 'INVALID_PHONE';
    case 'zipcode':
      return 'INVALID_POSTAL_CODE';
    case 'package_weight':
      return 'PARCEL_TOO_HEAVY';
    case 'dimensions':
      return 'PARCEL_TOO_LARGE';
    case 'post_payment':
    case 'age_check':
      return 'SERVICE_NOT_AVAILABLE';
    default:
      return 'INVALID_FIELD';
  }
}

/** The spec's field of an error on `field` under `key` (`sender` or a parcel key). */
function specFieldOf(key: string, field: string, input: RegistrationRequest): string | undefined {
  if (key === 'sender') return PARTY_FIELDS[field] ? `sender.${PARTY_FIELDS[field]}` : undefined;
  const i = input.parcels.findIndex((_, n) => parcelKey(input.shipmentId, n) === key);
  if (i < 0) return undefined;
  if (field === 'package_weight') return `parcels[${i}].weight`;
  if (field === 'dimensions' || field === 'length' || field === 'width' || field === 'height') return `parcels[${i}]`;
  if (field === 'post_payment' || field === 'post_payment_sum' || field === 'post_payment_currency') {
    return serviceField(input, 'cod', field === 'post_payment' ? '' : '.params.amount');
  }
  if (field === 'age_check') return serviceField(input, 'ageVerification');
  return PARTY_FIELDS[field] ? `receiver.${PARTY_FIELDS[field]}` : undefined;
}

/** Phone digits: national when the prefix is `country`'s own, else with the country code. */
function phoneDigits(p: Party, country: string | null): string {
  const prefix = phonePrefix(p.phoneCountryCode);
  const national = phoneNational(p.phoneNumber).replace(/\D/g, '');
  const own = country && isCountryCode(country) ? CALLING_CODE[country] : null;
  return prefix === '' || prefix === own ? national : `${prefix.slice(1)}${national}`;
}

/** LV keeps `LV-1234`; LT and EE take digits; an unreadable code is sent as given. */
function zipcode(country: string | null, postalCode: string | null | undefined): string | null {
  const given = blankToNull(postalCode);
  if (given === null || !country || !isCountryCode(country)) return given;
  const canonical = normalizePostalCode(country, given);
  if (!canonical) return given;
  return country === 'LV' ? canonical : postalCodeDigits(canonical);
}

/** `Lielā iela 5` → street `Lielā iela`, house `5` (the last word, when it has a digit). */
function splitStreet(street: string | null): { street: string | null; house: string | null } {
  if (street === null) return { street: null, house: null };
  const words = street.split(/\s+/);
  const last = words[words.length - 1] ?? '';
  return words.length > 1 && /\d/.test(last) ? { street: words.slice(0, -1).join(' '), house: last } : { street, house: null };
}

const metres = (cm: number | null): number | null => (cm === null ? null : cm / 100);

export const latvianPostMapper: CarrierMapper<LatvianPostRequest, LatvianPostResponse> = {
  buildRequest(input: RegistrationRequest): LatvianPostRequest {
    const method = input.shippingMethod;
    const country = blankToNull(input.receiver.country) ?? method.countryCode;
    const address = splitStreet(blankToNull(input.receiver.streetAddress));
    const cod = input.additionalServices.find((s) => s.code === 'cod');
    const ageCheck = input.additionalServices.some((s) => s.code === 'ageVerification');
    const receiver = {
      name_surname: input.receiver.name,
      company_name: blankToNull(input.receiver.companyName),
      phone: phoneDigits(input.receiver, country),
      email: blankToNull(input.receiver.email),
      country_id: isCountryCode(country) ? (LATVIAN_POST_COUNTRY_IDS[country] ?? null) : null,
      city: blankToNull(input.receiver.locality),
      street: address.street,
      house: address.house,
      zipcode: zipcode(country, input.receiver.postalCode),
    };
    const parcels: { [key: string]: LatvianPostParcel } = {};
    const lockerSize = effectiveLockerSize(latvianPostDefinition, input) ?? smallestFittingLockerSize(latvianPostDefinition, input.parcels) ?? 'M';
    input.parcels.forEach((parcel, i) => {
      const dims = parcel.lengthCm !== null && parcel.widthCm !== null && parcel.heightCm !== null;
      parcels[parcelKey(input.shipmentId, i)] = {
        type: country === 'LV' ? 'Ie' : 'Be',
        ...receiver,
        package_weight: gramsToKg(parcel.weightGrams),
        length: dims ? metres(parcel.lengthCm) : null,
        width: dims ? metres(parcel.widthCm) : null,
        height: dims ? metres(parcel.heightCm) : null,
        delivery_priority: method.type === 'courier' && country === 'LV' ? 'X1' : null,
        station_id: method.type === 'pickupPoint' && method.subtype === 'parcelMachine' && country === 'LV' ? method.id : null,
        terminal_id: method.type === 'pickupPoint' && method.subtype === 'parcelMachine' && country !== 'LV' ? method.id : null,
        // The shipment's size, else the contract's default, else the smallest compartment the parcels
        // fit; Medium when their sides are unknown, as the official modules send.
        size: method.type === 'pickupPoint' && method.subtype === 'parcelMachine' ? LOCKER_SIZES[lockerSize] : null,
        pickup: method.type === 'pickupPoint' && method.subtype === 'postOffice' ? 1 : 0,
        pickup_zipcode: method.type === 'pickupPoint' && method.subtype === 'postOffice' ? method.id : null,
        multiparcel: input.parcels.length > 1 ? 1 : 0,
        post_payment: cod && i === 0 ? 1 : 0,
        post_payment_sum: cod && i === 0 ? formatAmount(cod.amountMinor) : null,
        post_payment_currency: cod && i === 0 ? cod.currency : null,
        post_payment_aim: cod && i === 0 ? (input.merchantReference ?? input.shipmentId) : null,
        age_check: ageCheck && i === 0 ? 1 : 0,
        sms_invite: 1,
        comments: blankToNull(input.orderComment),
      };
    });
    return {
      sender: {
        name_surname: input.sender.name,
        company_name: blankToNull(input.sender.companyName),
        phone: phoneDigits(input.sender, input.sender.country),
        email: blankToNull(input.sender.email),
        country_id: isCountryCode(input.sender.country) ? (LATVIAN_POST_COUNTRY_IDS[input.sender.country] ?? null) : null,
        city: input.sender.locality,
        street: input.sender.streetAddress,
        zipcode: zipcode(input.sender.country, input.sender.postalCode) ?? '',
      },
      parcels,
    };
  },

  parseResponse(answer: LatvianPostResponse, input: RegistrationRequest): RegistrationResult {
    if (answer.status !== 200) {
      return {
        ok: false,
        retryable: answer.status === 503,
        errors: [{ code: answer.status === 503 ? 'CARRIER_UNAVAILABLE' : 'CARRIER_ERROR', message: answer.body.error }],
      };
    }
    const errors = Object.entries(answer.body).flatMap(([key, value]) => {
      if (typeof value === 'string') return [];
      return Object.entries(value).map(([field, message]) => {
        const spec = specFieldOf(key, field, input);
        return registrationError(spec === undefined ? 'CARRIER_ERROR' : codeOf(field, message), message, spec);
      });
    });
    if (errors.length > 0) return { ok: false, retryable: false, errors };
    const parcels: RegisteredParcel[] = [];
    for (let i = 0; i < input.parcels.length; i++) {
      const tn = answer.body[parcelKey(input.shipmentId, i)];
      if (typeof tn !== 'string' || !latvianPostDefinition.trackingNumber.isValid(tn)) {
        return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `Latvian Post answered without a valid tracking number for parcel ${i + 1}` }] };
      }
      parcels.push({ carrierParcelId: tn, trackingLink: latvianPostDefinition.trackingUrl(tn), dropOffPin: null });
    }
    return { ok: true, carrierShipmentId: parcels[0]!.carrierParcelId, parcels };
  },
};
