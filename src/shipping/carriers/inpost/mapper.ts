/**
 * InPost's shipments API (JSON, snake_case, shaped like the locker networks' ShipX-style
 * interfaces): `service` code, `custom_attributes.target_point` for lockers, parcels with a
 * locker `template` or dimensions in millimetres and the weight in kg, `additional_services`
 * codes with COD as a decimal amount. Phones go as the national number plus `phone_prefix`.
 * Validation errors come back as nested `details` (`{receiver: {phone: ['invalid_phone']}}`),
 * flattened here into the spec's fields. Pure: builds the request, reads the answer.
 */
import type {
  AdditionalService,
  CourierServiceType,
  Party,
  PickupPointType,
  RegisteredParcel,
  RegistrationError,
  RegistrationErrorCode,
  RegistrationRequest,
  RegistrationResult,
} from '../contract.js';
import type { CarrierMapper } from '../kit/adapter.js';
import { blankToNull, gramsToKg, phoneNational, phonePrefix, postalCodeForCarrier, registrationError, serviceField, specField, type PathRule } from '../kit/model.js';
import { fits } from '../kit/sandbox-rules.js';
import { inpostDefinition } from './definition.js';

export type InPostService = 'inpost_locker_standard' | 'inpost_courier_standard' | 'inpost_courier_b2b';
export type InPostTemplate = 'small' | 'medium' | 'large';
export type InPostAdditionalService = 'cod' | 'adult_18';

export const INPOST_SERVICES: Readonly<Record<`pickupPoint/${PickupPointType}` | `courier/${CourierServiceType}`, InPostService | null>> = Object.freeze({
  'pickupPoint/parcelMachine': 'inpost_locker_standard',
  'pickupPoint/postOffice': null,
  'pickupPoint/parcelShop': null,
  'courier/standard': 'inpost_courier_standard',
  'courier/standardB2B': 'inpost_courier_b2b',
});

/**
 * InPost's locker templates, smallest first: gabaryt A, B and C (height × width × depth in cm,
 * 25 kg each); the largest is the WooCommerce plugin's parcel-machine maximum (38 × 41 × 64 cm,
 * class-montonio-inpost-parcel-machines.php, rounded to InPost's published C of 41 × 38 × 64).
 */
export const INPOST_TEMPLATES: readonly { template: InPostTemplate; cm: readonly [number, number, number] }[] = Object.freeze([
  { template: 'small', cm: [8, 38, 64] },
  { template: 'medium', cm: [19, 38, 64] },
  { template: 'large', cm: [41, 38, 64] },
] as const);

/** The smallest template the parcel fits (turned any way); `small` when its measures are unknown, null when none fits. */
export function templateFor(p: { lengthCm: number | null; widthCm: number | null; heightCm: number | null }): InPostTemplate | null {
  if (p.lengthCm === null || p.widthCm === null || p.heightCm === null) return 'small';
  const sides = [p.lengthCm, p.widthCm, p.heightCm] as const;
  const found = INPOST_TEMPLATES.find(({ cm }) => fits(sides, cm));
  return found ? found.template : null;
}

export const INPOST_ADDITIONAL_SERVICES: Readonly<Record<AdditionalService['code'], InPostAdditionalService>> = Object.freeze({
  cod: 'cod',
  ageVerification: 'adult_18',
});

export interface InPostPeer {
  name: string;
  company_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  /** National number. */
  phone: string;
  phone_prefix: string;
  address: { street: string | null; city: string | null; post_code: string | null; country_code: string };
}

export interface InPostParcel {
  id: string;
  template: InPostTemplate | null;
  dimensions: { length: number; width: number; height: number; unit: 'mm' } | null;
  weight: { amount: number; unit: 'kg' };
}

export interface InPostRequest {
  external_customer_id: string;
  organization_id: string;
  reference: string | null;
  comments: string | null;
  service: InPostService;
  custom_attributes: { target_point: string | null };
  receiver: InPostPeer;
  sender: InPostPeer;
  parcels: InPostParcel[];
  additional_services: InPostAdditionalService[];
  /** Amount in the currency's units, 2 decimals. */
  cod: { amount: number; currency: string } | null;
}

/** Nested validation details: `{receiver: {address: {post_code: ['invalid_post_code']}}}`. */
export interface InPostDetails {
  [key: string]: InPostDetails | string[];
}

export type InPostErrorKey = 'rejected' | 'required' | 'invalid_phone' | 'invalid_post_code' | 'not_served' | 'too_heavy' | 'too_large' | 'dimensions_required' | 'not_available' | 'invalid_currency';

export type InPostResponse =
  | { status: 'confirmed'; id: number; parcels: { id: string; tracking_number: string; template: InPostTemplate | null }[] }
  | { status: 400 | 503; error: 'validation_failed' | 'service_unavailable'; message: string; details: InPostDetails };

export const INPOST_ERRORS: Readonly<Record<InPostErrorKey, RegistrationErrorCode>> = Object.freeze({
  rejected: 'INVALID_FIELD',
  required: 'REQUIRED_FIELD',
  invalid_phone: 'INVALID_PHONE',
  invalid_post_code: 'INVALID_POSTAL_CODE',
  not_served: 'INVALID_FIELD',
  too_heavy: 'PARCEL_TOO_HEAVY',
  too_large: 'PARCEL_TOO_LARGE',
  dimensions_required: 'DIMENSIONS_REQUIRED',
  not_available: 'SERVICE_NOT_AVAILABLE',
  invalid_currency: 'INVALID_FIELD',
});

const PEER_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  phone: 'phoneNumber',
  'address.post_code': 'postalCode',
  'address.country_code': 'country',
  'address.street': 'streetAddress',
  'address.city': 'locality',
};

const SERVICE_CODES: Readonly<Record<InPostAdditionalService, AdditionalService['code']>> = { cod: 'cod', adult_18: 'ageVerification' };

export const INPOST_PATHS: readonly PathRule[] = [
  [/^(receiver|sender)\.(.+)$/, (m) => `${m[1] ?? ''}.${PEER_FIELDS[m[2] ?? ''] ?? m[2] ?? ''}`],
  [/^parcels\.(\d+)\.weight$/, (m) => `parcels[${m[1] ?? ''}].weight`],
  [/^parcels\.(\d+)(?:\.\w+)?$/, (m) => `parcels[${m[1] ?? ''}]`],
  [/^cod(?:\.\w+)?$/, (_, input) => serviceField(input, 'cod', '.params.amount')],
  [/^additional_services\.(cod|adult_18)$/, (m, input) => serviceField(input, SERVICE_CODES[m[1] as InPostAdditionalService])],
];

/** Flattens nested details to `[path, key]` pairs: `receiver.address.post_code`, `invalid_post_code`. */
export function flattenDetails(details: InPostDetails, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(details)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) for (const v of value) out.push([path, v]);
    else out.push(...flattenDetails(value, path));
  }
  return out;
}

function peer(p: Party, country: string): InPostPeer {
  return {
    name: p.name,
    company_name: blankToNull(p.companyName),
    first_name: blankToNull(p.firstName),
    last_name: blankToNull(p.lastName),
    email: blankToNull(p.email),
    phone: phoneNational(p.phoneNumber),
    phone_prefix: phonePrefix(p.phoneCountryCode),
    address: {
      street: blankToNull(p.streetAddress),
      city: blankToNull(p.locality),
      post_code: postalCodeForCarrier(country, p.postalCode),
      country_code: country,
    },
  };
}

const ERROR_TEXT: Readonly<Record<InPostErrorKey, string>> = {
  rejected: 'was rejected by InPost',
  required: 'is required',
  invalid_phone: 'is not a valid phone number',
  invalid_post_code: 'is not a valid postal code',
  not_served: 'is a country InPost does not deliver to',
  too_heavy: 'is over the weight limit',
  too_large: 'is over the size limit or does not fit the locker size',
  dimensions_required: 'needs length, width and height',
  not_available: 'is not offered with this shipping method',
  invalid_currency: "must be in the destination's currency",
};

function isErrorKey(key: string): key is InPostErrorKey {
  return Object.hasOwn(INPOST_ERRORS, key);
}

export const inpostMapper: CarrierMapper<InPostRequest, InPostResponse> = {
  buildRequest(input: RegistrationRequest): InPostRequest {
    const method = input.shippingMethod;
    const service = INPOST_SERVICES[`${method.type}/${method.subtype}` as keyof typeof INPOST_SERVICES];
    if (!service) throw new Error(`InPost has no ${method.type} ${method.subtype}`);
    const cod = input.additionalServices.find((s) => s.code === 'cod');
    return {
      external_customer_id: input.shipmentId,
      organization_id: input.account.logisticsContractNumber ?? input.account.username ?? '',
      reference: input.merchantReference,
      comments: input.orderComment,
      service,
      custom_attributes: { target_point: method.type === 'pickupPoint' ? method.id : null },
      receiver: peer(input.receiver, blankToNull(input.receiver.country) ?? method.countryCode),
      sender: peer(input.sender, input.sender.country),
      parcels: input.parcels.map((p) => ({
        id: p.id,
        template: method.type === 'pickupPoint' ? templateFor(p) : null,
        dimensions: p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null ? { length: p.lengthCm * 10, width: p.widthCm * 10, height: p.heightCm * 10, unit: 'mm' } : null,
        weight: { amount: gramsToKg(p.weightGrams), unit: 'kg' },
      })),
      additional_services: input.additionalServices.map((s) => INPOST_ADDITIONAL_SERVICES[s.code]),
      cod: cod?.code === 'cod' ? { amount: cod.amountMinor / 100, currency: cod.currency } : null,
    };
  },

  parseResponse(answer: InPostResponse, input: RegistrationRequest): RegistrationResult {
    if (answer.status !== 'confirmed') {
      const errors: RegistrationError[] = flattenDetails(answer.details).map(([path, key]) => {
        const field = specField(INPOST_PATHS, path, input);
        const text = isErrorKey(key) ? ERROR_TEXT[key] : key.replace(/_/g, ' ');
        return registrationError(isErrorKey(key) ? INPOST_ERRORS[key] : 'CARRIER_ERROR', `${field ?? path} ${text}`, field);
      });
      if (errors.length === 0) errors.push({ code: answer.status === 503 ? 'CARRIER_UNAVAILABLE' : 'CARRIER_ERROR', message: answer.message });
      return { ok: false, retryable: answer.status === 503, errors };
    }
    const byId = new Map(answer.parcels.map((p) => [p.id, p]));
    const parcels: RegisteredParcel[] = [];
    for (const parcel of input.parcels) {
      const got = byId.get(parcel.id);
      if (!got || !inpostDefinition.trackingNumber.isValid(got.tracking_number)) {
        return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `InPost answered without a valid tracking number for parcel ${parcel.id}` }] };
      }
      parcels.push({ carrierParcelId: got.tracking_number, trackingLink: inpostDefinition.trackingUrl(got.tracking_number), dropOffPin: null });
    }
    return { ok: true, carrierShipmentId: String(answer.id), parcels };
  },
};
