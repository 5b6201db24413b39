/**
 * Unisend's REST API v2 (JSON, OAuth2 bearer token): each parcel is created with
 * `POST /api/v2/parcel` (`idRef`, `plan: {code}`, `parcel: {type, size, weight, partCount}`,
 * `receiver`, `sender`, `services`), then `POST /api/v2/shipping/initiate` with their `idRefs`
 * registers them; `GET /shipping/status/{requestId}` gives each parcel's barcode. The request
 * below is that batch: one parcel per Kassa parcel (`idRef` `<shipment id>/<n>`) and the
 * initiation. Plan `TERMINAL` (locker) or `HANDS` (courier); the parcel type's first letter is how
 * the sender hands it over (`H`: a courier collects, `T`: dropped at a terminal), the second where
 * it goes (`T2T`, `H2T`, `T2H`, `H2H`). Every parcel has a size XS–XL, courier ones too (as
 * Lithuanian Post's own plugin does, the smallest that fits; Unisend takes no measures). Weights in grams, COD as a decimal
 * (EUR). Errors are `[{error, error_description, field}]`. Pure.
 */
import { formatAmount } from '../../../platform/money.js';
import type { LockerSize, Party, RegisteredParcel, RegistrationErrorCode, RegistrationParcel, RegistrationRequest, RegistrationResult } from '../contract.js';
import { LOCKER_SIZES } from '../contract.js';
import type { CarrierMapper } from '../kit/adapter.js';
import {
  blankToNull,
  effectiveHandoverMethod,
  effectiveLockerSize,
  partyPathRule,
  phoneNational,
  phonePrefix,
  postalCodeForCarrier,
  registrationError,
  specField,
  type PathRule,
} from '../kit/model.js';
import { fits } from '../kit/sandbox-rules.js';
import { unisendDefinition } from './definition.js';

export type UnisendPlanCode = 'TERMINAL' | 'HANDS';
export type UnisendParcelType = 'T2T' | 'H2T' | 'T2H' | 'H2H';
/** `cod` is Unisend's; `age18` is the sandbox's name for an age check Unisend does not offer. */
export type UnisendServiceCode = 'cod' | 'age18';

export interface UnisendAddress {
  /** The locker, for plan TERMINAL. */
  terminalId: string | null;
  locality: string | null;
  address: string | null;
  postalCode: string | null;
  countryCode: string;
}

export interface UnisendParty {
  name: string;
  companyName: string | null;
  contacts: { phone: string; email: string | null };
  address: UnisendAddress;
}

export interface UnisendService {
  code: UnisendServiceCode;
  /** COD amount, a decimal in EUR. */
  value?: string;
}

export interface UnisendParcelRequest {
  idRef: string;
  plan: { code: UnisendPlanCode };
  /** `size`: null when the parcel fits no compartment (or not the one asked for): Unisend refuses it. */
  parcel: { type: UnisendParcelType; size: LockerSize | null; weight: number; partCount: number };
  receiver: UnisendParty;
  sender: UnisendParty;
  services: UnisendService[] | null;
  comment: string | null;
}

export interface UnisendRequest {
  parcels: UnisendParcelRequest[];
  initiate: { idRefs: string[] };
}

export interface UnisendShippingStatus {
  requestId: string;
  status: 'SUCCESSFUL' | 'PARTIALLY_SUCCESSFUL' | 'ERROR' | 'IN_PROGRESS';
  items: { idRef: string; status: 'OK' | 'FAILED' | 'COURIER_PENDING' | 'COURIER_CALLED'; barcode: string | null }[];
}

/** Error names are the sandbox's (Unisend's own are not public); the shape is Unisend's. */
export type UnisendErrorName =
  | 'NotBlank'
  | 'InvalidValue'
  | 'InvalidPhone'
  | 'InvalidPostalCode'
  | 'CountryNotServed'
  | 'TooHeavy'
  | 'TooLarge'
  | 'DimensionsRequired'
  | 'ServiceNotAvailable'
  | 'InvalidCurrency'
  | 'ServiceUnavailable';

export interface UnisendErrorItem {
  error: UnisendErrorName;
  error_description: string;
  field: string | null;
}

export interface UnisendResponse {
  httpStatus: number;
  body: UnisendShippingStatus | UnisendErrorItem[];
}

export const UNISEND_PLANS: Readonly<Record<'pickupPoint' | 'courier', UnisendPlanCode>> = Object.freeze({ pickupPoint: 'TERMINAL', courier: 'HANDS' });

export const UNISEND_ERRORS: Readonly<Record<UnisendErrorName, RegistrationErrorCode>> = Object.freeze({
  NotBlank: 'REQUIRED_FIELD',
  InvalidValue: 'INVALID_FIELD',
  InvalidPhone: 'INVALID_PHONE',
  InvalidPostalCode: 'INVALID_POSTAL_CODE',
  CountryNotServed: 'INVALID_FIELD',
  TooHeavy: 'PARCEL_TOO_HEAVY',
  TooLarge: 'PARCEL_TOO_LARGE',
  DimensionsRequired: 'DIMENSIONS_REQUIRED',
  ServiceNotAvailable: 'SERVICE_NOT_AVAILABLE',
  InvalidCurrency: 'INVALID_FIELD',
  ServiceUnavailable: 'CARRIER_UNAVAILABLE',
});

const PARTY_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  'contacts.phone': 'phoneNumber',
  'address.postalCode': 'postalCode',
  'address.countryCode': 'country',
  'address.address': 'streetAddress',
  'address.locality': 'locality',
};

export const UNISEND_PATHS: readonly PathRule[] = [
  partyPathRule(/^parcels\[\d+\]\.(receiver|sender)\.(.+)$/, PARTY_FIELDS),
  [/^parcels\[(\d+)\]\.parcel\.weight$/, (m) => `parcels[${m[1] ?? ''}].weight`],
  [/^parcels\[(\d+)\]\.parcel$/, (m) => `parcels[${m[1] ?? ''}]`],
  [/^parcels\[0\]\.services\[(\d+)\]\.currency$/, (m) => `shippingMethod.additionalServices[${m[1] ?? ''}].params.amount`],
  [/^parcels\[0\]\.services\[(\d+)\]$/, (m) => `shippingMethod.additionalServices[${m[1] ?? ''}]`],
];

/** Lithuanian Post's plugin packs a product without dimensions as a 10 cm cube. */
const DEFAULT_BOX = [10, 10, 10] as const;

function sidesOf(p: RegistrationParcel): readonly [number, number, number] | null {
  return p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null ? [p.lengthCm, p.widthCm, p.heightCm] : null;
}

function fitsSize(sides: readonly [number, number, number], size: LockerSize): boolean {
  const c = unisendDefinition.lockerSizes![size];
  return fits(sides, [c.heightCm, c.widthCm, c.depthCm]);
}

/**
 * The parcel's size: the one asked for (request, else the contract's default for lockers) if the
 * parcel fits it, else the smallest it fits (a parcel without measures counts as Lithuanian Post's
 * plugin's 10 cm cube); null when it fits none, or not the one asked for.
 */
export function unisendSize(p: RegistrationParcel, asked: LockerSize | null): LockerSize | null {
  const sides = sidesOf(p);
  if (asked) return sides === null || fitsSize(sides, asked) ? asked : null;
  return LOCKER_SIZES.find((s) => fitsSize(sides ?? DEFAULT_BOX, s)) ?? null;
}

function party(p: Party, country: string, terminalId: string | null): UnisendParty {
  return {
    name: p.name,
    companyName: blankToNull(p.companyName),
    contacts: { phone: `${phonePrefix(p.phoneCountryCode)}${phoneNational(p.phoneNumber)}`, email: blankToNull(p.email) },
    address: {
      terminalId,
      locality: blankToNull(p.locality),
      address: blankToNull(p.streetAddress),
      postalCode: postalCodeForCarrier(country, p.postalCode),
      countryCode: country,
    },
  };
}

const idRef = (input: RegistrationRequest, i: number): string => `${input.shipmentId}/${i + 1}`;

export const unisendMapper: CarrierMapper<UnisendRequest, UnisendResponse> = {
  buildRequest(input: RegistrationRequest): UnisendRequest {
    const method = input.shippingMethod;
    if (method.subtype !== 'parcelMachine' && method.subtype !== 'standard') throw new Error(`Unisend has no ${method.type} ${method.subtype}`);
    const handover = effectiveHandoverMethod(unisendDefinition, input) ?? 'terminalDropOff';
    const type: UnisendParcelType = `${handover === 'courierPickUp' ? 'H' : 'T'}2${method.type === 'pickupPoint' ? 'T' : 'H'}`;
    const size = effectiveLockerSize(unisendDefinition, input);
    const receiver = party(input.receiver, blankToNull(input.receiver.country) ?? method.countryCode, method.type === 'pickupPoint' ? method.id : null);
    const sender = party(input.sender, input.sender.country, null);
    const services = input.additionalServices.map((s): UnisendService => (s.code === 'cod' ? { code: 'cod', value: formatAmount(s.amountMinor) } : { code: 'age18' }));
    const parcels = input.parcels.map(
      (p, i): UnisendParcelRequest => ({
        idRef: idRef(input, i),
        plan: { code: UNISEND_PLANS[method.type] },
        parcel: { type, size: unisendSize(p, size), weight: p.weightGrams, partCount: 1 },
        receiver,
        sender,
        // Services (COD: collected once) ride on the first parcel.
        services: i === 0 && services.length > 0 ? services : null,
        comment: input.orderComment,
      }),
    );
    return { parcels, initiate: { idRefs: parcels.map((p) => p.idRef) } };
  },

  parseResponse(response: UnisendResponse, input: RegistrationRequest): RegistrationResult {
    const body = response.body;
    if (Array.isArray(body)) {
      return {
        ok: false,
        retryable: response.httpStatus >= 500,
        errors: body.map((e) => registrationError(UNISEND_ERRORS[e.error] ?? 'CARRIER_ERROR', e.error_description, specField(UNISEND_PATHS, e.field, input))),
      };
    }
    const parcels: RegisteredParcel[] = [];
    for (let i = 0; i < input.parcels.length; i++) {
      const item = body.items.find((x) => x.idRef === idRef(input, i));
      const barcode = item?.barcode ?? null;
      if (!item || item.status === 'FAILED' || barcode === null || !unisendDefinition.trackingNumber.isValid(barcode)) {
        return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `Unisend answered without a valid barcode for parcel ${i + 1}` }] };
      }
      parcels.push({ carrierParcelId: barcode, trackingLink: unisendDefinition.trackingUrl(barcode), dropOffPin: null });
    }
    return { ok: true, carrierShipmentId: body.requestId, parcels };
  },
};
