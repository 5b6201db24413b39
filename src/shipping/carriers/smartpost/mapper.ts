/**
 * Smartpost's order API (JSON): one order with its parcels; weights in grams, dimensions in
 * centimetres, COD in cents; the phone split into prefix and number; the locker size, and
 * whether a drop-off code is wanted (the account's service and a size), which comes back per parcel. Pure: builds the request, reads the answer.
 */
import type { AdditionalService, CourierServiceType, LockerSize, Party, PickupPointType, RegisteredParcel, RegistrationErrorCode, RegistrationRequest, RegistrationResult } from '../contract.js';
import type { CarrierMapper } from '../kit/adapter.js';
import { blankToNull, dropOffPinRequested, effectiveLockerSize, partyPathRule, phoneNational, phonePrefix, postalCodeForCarrier, registrationError, specField, type PathRule } from '../kit/model.js';
import { smartpostDefinition } from './definition.js';

export type SmartpostProduct = 'PN_LOCKER' | 'PN_OFFICE' | 'PN_COURIER';
export type SmartpostExtraCode = 'COD' | 'AGE18';

/** Service code table. */
export const SMARTPOST_PRODUCTS: Readonly<Record<`pickupPoint/${PickupPointType}` | `courier/${CourierServiceType}`, SmartpostProduct | null>> = Object.freeze({
  'pickupPoint/parcelMachine': 'PN_LOCKER',
  'pickupPoint/postOffice': 'PN_OFFICE',
  'pickupPoint/parcelShop': null,
  'courier/standard': 'PN_COURIER',
  'courier/standardB2B': null,
});

export const SMARTPOST_EXTRAS: Readonly<Record<AdditionalService['code'], SmartpostExtraCode>> = Object.freeze({
  cod: 'COD',
  ageVerification: 'AGE18',
});

export interface SmartpostParty {
  name: string;
  company: string | null;
  phone: { prefix: string; number: string };
  email: string | null;
  street: string | null;
  city: string | null;
  postcode: string | null;
  country: string;
}

export interface SmartpostParcel {
  ref: string;
  grossWeightG: number;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  lockerSize: LockerSize | null;
}

export interface SmartpostExtra {
  code: SmartpostExtraCode;
  amountCents?: number;
  currency?: string;
}

export interface SmartpostRequest {
  account: string;
  order: {
    reference: string;
    customerReference: string | null;
    product: SmartpostProduct;
    /** A drop-off code per parcel is wanted (the account has the service and a locker size results). */
    dropOffCode: boolean;
    destinationPlaceId: string | null;
    recipient: SmartpostParty;
    sender: SmartpostParty;
    parcels: SmartpostParcel[];
    extras: SmartpostExtra[];
    notes: string | null;
  };
}

export type SmartpostErrorCode = 'PN-1001' | 'PN-1002' | 'PN-1003' | 'PN-1004' | 'PN-1005' | 'PN-2001' | 'PN-2002' | 'PN-2003' | 'PN-3001' | 'PN-3002' | 'PN-9000';

export type SmartpostResponse =
  | { status: 'CREATED'; orderId: string; parcels: { ref: string; trackingCode: string; dropOffCode: string | null }[] }
  | { status: 'REJECTED' | 'UNAVAILABLE'; problems: { path: string | null; code: SmartpostErrorCode; detail: string }[] };

export const SMARTPOST_ERRORS: Readonly<Record<SmartpostErrorCode, RegistrationErrorCode>> = Object.freeze({
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

export const SMARTPOST_PATHS: readonly PathRule[] = [
  partyPathRule(/^order\.(recipient|sender)\.(\w+)$/, PARTY_FIELDS),
  [/^order\.parcels\[(\d+)\]\.grossWeightG$/, (m) => `parcels[${m[1] ?? ''}].weight`],
  [/^order\.parcels\[(\d+)\]$/, (m) => `parcels[${m[1] ?? ''}]`],
  [/^order\.extras\[(\d+)\]\.(?:amountCents|currency)$/, (m) => `shippingMethod.additionalServices[${m[1] ?? ''}].params.amount`],
  [/^order\.extras\[(\d+)\]$/, (m) => `shippingMethod.additionalServices[${m[1] ?? ''}]`],
];

function party(p: Party, country: string): SmartpostParty {
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

export const smartpostMapper: CarrierMapper<SmartpostRequest, SmartpostResponse> = {
  buildRequest(input: RegistrationRequest): SmartpostRequest {
    const method = input.shippingMethod;
    const product = SMARTPOST_PRODUCTS[`${method.type}/${method.subtype}` as keyof typeof SMARTPOST_PRODUCTS];
    if (!product) throw new Error(`Smartpost has no ${method.type} ${method.subtype}`);
    const size = effectiveLockerSize(smartpostDefinition, input);
    return {
      account: input.account.username ?? input.account.logisticsContractNumber ?? '',
      order: {
        reference: input.shipmentId,
        customerReference: input.merchantReference,
        product,
        dropOffCode: dropOffPinRequested(smartpostDefinition, input),
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
        extras: input.additionalServices.map(
          (s): SmartpostExtra => (s.code === 'cod' ? { code: SMARTPOST_EXTRAS.cod, amountCents: s.amountMinor, currency: s.currency } : { code: SMARTPOST_EXTRAS[s.code] }),
        ),
        notes: input.orderComment,
      },
    };
  },

  parseResponse(answer: SmartpostResponse, input: RegistrationRequest): RegistrationResult {
    if (answer.status !== 'CREATED') {
      return {
        ok: false,
        retryable: answer.status === 'UNAVAILABLE',
        errors: answer.problems.map((p) => registrationError(SMARTPOST_ERRORS[p.code] ?? 'CARRIER_ERROR', p.detail, specField(SMARTPOST_PATHS, p.path, input))),
      };
    }
    const byRef = new Map(answer.parcels.map((p) => [p.ref, p]));
    const parcels: RegisteredParcel[] = [];
    for (const parcel of input.parcels) {
      const got = byRef.get(parcel.id);
      if (!got || !smartpostDefinition.trackingNumber.isValid(got.trackingCode)) {
        return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `Smartpost answered without a valid tracking code for parcel ${parcel.id}` }] };
      }
      parcels.push({ carrierParcelId: got.trackingCode, trackingLink: smartpostDefinition.trackingUrl(got.trackingCode), dropOffPin: got.dropOffCode });
    }
    return { ok: true, carrierShipmentId: answer.orderId, parcels };
  },
};
