/**
 * Parcelnord's order API (JSON): one order with its parcels; weights in grams, dimensions in
 * centimetres, COD in cents; the phone split into prefix and number; the handover method as
 * PICKUP (a courier collects from the sender) or DROPOFF (the sender uses a parcel machine).
 * Every parcel comes back with a drop-off code. Pure: builds the request, reads the answer.
 */
import type {
  AdditionalService,
  CourierServiceType,
  LockerSize,
  ParcelHandoverMethod,
  Party,
  PickupPointType,
  RegisteredParcel,
  RegistrationErrorCode,
  RegistrationRequest,
  RegistrationResult,
} from '../contract.js';
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
import { parcelnordDefinition } from './definition.js';

export type ParcelnordProduct = 'PN_LOCKER' | 'PN_COURIER';
export type ParcelnordHandover = 'PICKUP' | 'DROPOFF';
export type ParcelnordExtraCode = 'COD' | 'AGE18';

/** Service code table. */
export const PARCELNORD_PRODUCTS: Readonly<Record<`pickupPoint/${PickupPointType}` | `courier/${CourierServiceType}`, ParcelnordProduct | null>> = Object.freeze({
  'pickupPoint/parcelMachine': 'PN_LOCKER',
  'pickupPoint/postOffice': null,
  'pickupPoint/parcelShop': null,
  'courier/standard': 'PN_COURIER',
  'courier/standardB2B': null,
});

export const PARCELNORD_HANDOVER: Readonly<Record<ParcelHandoverMethod, ParcelnordHandover>> = Object.freeze({
  courierPickUp: 'PICKUP',
  terminalDropOff: 'DROPOFF',
});

/** When neither the shipment nor the contract says: the sender drops the parcel off at a machine. */
export const PARCELNORD_DEFAULT_HANDOVER: ParcelnordHandover = 'DROPOFF';

export const PARCELNORD_EXTRAS: Readonly<Record<AdditionalService['code'], ParcelnordExtraCode>> = Object.freeze({
  cod: 'COD',
  ageVerification: 'AGE18',
});

export interface ParcelnordParty {
  name: string;
  company: string | null;
  phone: { prefix: string; number: string };
  email: string | null;
  street: string | null;
  city: string | null;
  postcode: string | null;
  country: string;
}

export interface ParcelnordParcel {
  ref: string;
  grossWeightG: number;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  lockerSize: LockerSize | null;
}

export interface ParcelnordExtra {
  code: ParcelnordExtraCode;
  amountCents?: number;
  currency?: string;
}

export interface ParcelnordRequest {
  account: string;
  order: {
    reference: string;
    customerReference: string | null;
    product: ParcelnordProduct;
    handover: ParcelnordHandover;
    destinationPlaceId: string | null;
    recipient: ParcelnordParty;
    sender: ParcelnordParty;
    parcels: ParcelnordParcel[];
    extras: ParcelnordExtra[];
    notes: string | null;
  };
}

export type ParcelnordErrorCode =
  | 'PN-1001'
  | 'PN-1002'
  | 'PN-1003'
  | 'PN-1004'
  | 'PN-1005'
  | 'PN-2001'
  | 'PN-2002'
  | 'PN-2003'
  | 'PN-3001'
  | 'PN-3002'
  | 'PN-9000';

export type ParcelnordResponse =
  | { status: 'CREATED'; orderId: string; parcels: { ref: string; trackingCode: string; dropOffCode: string }[] }
  | { status: 'REJECTED' | 'UNAVAILABLE'; problems: { path: string | null; code: ParcelnordErrorCode; detail: string }[] };

export const PARCELNORD_ERRORS: Readonly<Record<ParcelnordErrorCode, RegistrationErrorCode>> = Object.freeze({
  'PN-1001': 'INVALID_FIELD',
  'PN-1002': 'REQUIRED_FIELD',
  'PN-1003': 'INVALID_PHONE',
  'PN-1004': 'INVALID_POSTAL_CODE',
  'PN-1005': 'INVALID_FIELD',
  'PN-2001': 'PARCEL_TOO_HEAVY',
  'PN-2002': 'PARCEL_TOO_LARGE',
  'PN-2003': 'DIMENSIONS_REQUIRED',
  'PN-3001': 'SERVICE_NOT_AVAILABLE',
  'PN-3002': 'INVALID_FIELD',
  'PN-9000': 'CARRIER_UNAVAILABLE',
});

const PARTY_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  phone: 'phoneNumber',
  postcode: 'postalCode',
  country: 'country',
  street: 'streetAddress',
  city: 'locality',
};

export const PARCELNORD_PATHS: readonly PathRule[] = [
  partyPathRule(/^order\.(recipient|sender)\.(\w+)$/, PARTY_FIELDS),
  [/^order\.parcels\[(\d+)\]\.grossWeightG$/, (m) => `parcels[${m[1] ?? ''}].weight`],
  [/^order\.parcels\[(\d+)\]$/, (m) => `parcels[${m[1] ?? ''}]`],
  [/^order\.extras\[(\d+)\]\.(?:amountCents|currency)$/, (m) => `shippingMethod.additionalServices[${m[1] ?? ''}].params.amount`],
  [/^order\.extras\[(\d+)\]$/, (m) => `shippingMethod.additionalServices[${m[1] ?? ''}]`],
];

function party(p: Party, country: string): ParcelnordParty {
  return {
    name: p.name,
    company: blankToNull(p.companyName),
    phone: { prefix: phonePrefix(p.phoneCountryCode), number: phoneNational(p.phoneNumber) },
    email: blankToNull(p.email),
    street: blankToNull(p.streetAddress),
    city: blankToNull(p.locality),
    postcode: postalCodeForCarrier(country, p.postalCode),
    country,
  };
}

export const parcelnordMapper: CarrierMapper<ParcelnordRequest, ParcelnordResponse> = {
  buildRequest(input: RegistrationRequest): ParcelnordRequest {
    const method = input.shippingMethod;
    const product = PARCELNORD_PRODUCTS[`${method.type}/${method.subtype}` as keyof typeof PARCELNORD_PRODUCTS];
    if (!product) throw new Error(`Parcelnord has no ${method.type} ${method.subtype}`);
    const handover = effectiveHandoverMethod(parcelnordDefinition, input);
    const size = effectiveLockerSize(parcelnordDefinition, input);
    return {
      account: input.account.username ?? input.account.logisticsContractNumber ?? '',
      order: {
        reference: input.shipmentId,
        customerReference: input.merchantReference,
        product,
        handover: handover ? PARCELNORD_HANDOVER[handover] : PARCELNORD_DEFAULT_HANDOVER,
        destinationPlaceId: method.type === 'pickupPoint' ? method.id : null,
        recipient: party(input.receiver, blankToNull(input.receiver.country) ?? method.countryCode),
        sender: party(input.sender, input.sender.country),
        parcels: input.parcels.map((p) => ({
          ref: p.id,
          grossWeightG: p.weightGrams,
          lengthCm: p.lengthCm,
          widthCm: p.widthCm,
          heightCm: p.heightCm,
          lockerSize: size,
        })),
        extras: input.additionalServices.map((s): ParcelnordExtra =>
          s.code === 'cod' ? { code: PARCELNORD_EXTRAS.cod, amountCents: s.amountMinor, currency: s.currency } : { code: PARCELNORD_EXTRAS[s.code] },
        ),
        notes: input.orderComment,
      },
    };
  },

  parseResponse(answer: ParcelnordResponse, input: RegistrationRequest): RegistrationResult {
    if (answer.status !== 'CREATED') {
      return {
        ok: false,
        retryable: answer.status === 'UNAVAILABLE',
        errors: answer.problems.map((p) => registrationError(PARCELNORD_ERRORS[p.code] ?? 'CARRIER_ERROR', p.detail, specField(PARCELNORD_PATHS, p.path, input))),
      };
    }
    const byRef = new Map(answer.parcels.map((p) => [p.ref, p]));
    const parcels: RegisteredParcel[] = [];
    for (const parcel of input.parcels) {
      const got = byRef.get(parcel.id);
      if (!got || !parcelnordDefinition.trackingNumber.isValid(got.trackingCode)) {
        return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `Parcelnord answered without a valid tracking code for parcel ${parcel.id}` }] };
      }
      parcels.push({ carrierParcelId: got.trackingCode, trackingLink: parcelnordDefinition.trackingUrl(got.trackingCode), dropOffPin: got.dropOffCode });
    }
    return { ok: true, carrierShipmentId: answer.orderId, parcels };
  },
};
