/**
 * DPD's storeOrders API (JSON, shaped like the big parcel networks' shipment services):
 * `generalShipmentData` with the product code and both addresses, `parcels[]` with the weight in
 * decagrams (10 g, rounded up) and the volume as one `LLLWWWHHH` string of centimetres,
 * `productAndServiceData` with the parcel shop, COD (in cents) and age check. Postal codes go as
 * digits only (`LV-1050` → `1050`, `00-950` → `00950`); phones as `+372-5551234`. Faults carry
 * a code and the field. Pure: builds the request, reads the answer.
 */
import type { CourierServiceType, Party, PickupPointType, RegisteredParcel, RegistrationErrorCode, RegistrationRequest, RegistrationResult } from '../contract.js';
import { POSTAL_CODE_DIGITS, isCountryCode, isValidPostalCode, postalCodeDigits } from '../countries.js';
import type { CarrierMapper } from '../kit/adapter.js';
import { blankToNull, dropOffPinRequested, partyPathRule, phoneNational, phonePrefix, postalCodeForCarrier, registrationError, serviceField, specField, type PathRule } from '../kit/model.js';
import { dpdDefinition } from './definition.js';

export type SwiftProduct = 'CL' | 'B2B' | 'PS';

/** Service code table: Classic, Business, Pickup (DPD's one product for its parcel shops and pickup lockers). */
export const SWIFT_PRODUCTS: Readonly<Record<`pickupPoint/${PickupPointType}` | `courier/${CourierServiceType}`, SwiftProduct | null>> = Object.freeze({
  'courier/standard': 'CL',
  'courier/standardB2B': 'B2B',
  'pickupPoint/parcelShop': 'PS',
  'pickupPoint/parcelMachine': 'PS',
  'pickupPoint/postOffice': null,
});

export interface SwiftAddress {
  name1: string;
  name2: string | null;
  street: string | null;
  country: string;
  zipCode: string | null;
  city: string | null;
  /** `+372-5551234`. */
  phone: string;
  email: string | null;
}

export interface SwiftParcel {
  customerReferenceNumber1: string;
  /** Decagrams (10 g), rounded up. */
  weight: number;
  /** `LLLWWWHHH` in whole centimetres; null when not given. */
  volume: string | null;
}

export interface SwiftRequest {
  order: {
    generalShipmentData: {
      identificationNumber: string;
      customerNumber: string;
      product: SwiftProduct;
      mpsCustomerReferenceNumber1: string | null;
      sender: SwiftAddress;
      recipient: SwiftAddress;
    };
    parcels: SwiftParcel[];
    productAndServiceData: {
      orderType: 'consignment';
      parcelShopDelivery: { parcelShopId: string } | null;
      cod: { amount: number; currency: string; inkasso: 'cash' } | null;
      ageCheck: boolean;
      /** A label-free drop-off code per parcel (the account's drop-off PIN service). */
      dropOffCode: boolean;
      comment: string | null;
    };
  };
}

export type SwiftFaultCode = 'SW-401' | 'SW-402' | 'SW-403' | 'SW-404' | 'SW-405' | 'SW-411' | 'SW-412' | 'SW-413' | 'SW-421' | 'SW-422' | 'SW-503';

export interface SwiftFault {
  faultCode: SwiftFaultCode;
  field: string | null;
  message: string;
}

export type SwiftResponse =
  | {
      orderResult: {
        shipmentResponses: {
          identificationNumber: string;
          mpsId: string | null;
          parcelInformation: { parcelLabelNumber: string; dropOffCode?: string | null }[];
          faults: SwiftFault[];
        }[];
      };
      systemFault: null;
    }
  | { orderResult: null; systemFault: SwiftFault };

export const SWIFT_FAULTS: Readonly<Record<SwiftFaultCode, RegistrationErrorCode>> = Object.freeze({
  'SW-401': 'INVALID_FIELD',
  'SW-402': 'REQUIRED_FIELD',
  'SW-403': 'INVALID_PHONE',
  'SW-404': 'INVALID_POSTAL_CODE',
  'SW-405': 'INVALID_FIELD',
  'SW-411': 'PARCEL_TOO_HEAVY',
  'SW-412': 'PARCEL_TOO_LARGE',
  'SW-413': 'DIMENSIONS_REQUIRED',
  'SW-421': 'SERVICE_NOT_AVAILABLE',
  'SW-422': 'INVALID_FIELD',
  'SW-503': 'CARRIER_UNAVAILABLE',
});

const PARTY_FIELDS: Readonly<Record<string, string>> = {
  name1: 'name',
  phone: 'phoneNumber',
  zipCode: 'postalCode',
  country: 'country',
  street: 'streetAddress',
  city: 'locality',
};

export const SWIFT_PATHS: readonly PathRule[] = [
  partyPathRule(/^generalShipmentData\.(recipient|sender)\.(\w+)$/, PARTY_FIELDS),
  [/^parcels\[(\d+)\]\.weight$/, (m) => `parcels[${m[1] ?? ''}].weight`],
  [/^parcels\[(\d+)\]\.volume$/, (m) => `parcels[${m[1] ?? ''}]`],
  [/^productAndServiceData\.cod\.currency$/, (_, input) => serviceField(input, 'cod', '.params.amount')],
  [/^productAndServiceData\.cod$/, (_, input) => serviceField(input, 'cod')],
  [/^productAndServiceData\.ageCheck$/, (_, input) => serviceField(input, 'ageVerification')],
];

/** DPD's postal codes: the digits of the five countries' codes; others as written. */
export function swiftPostalCodeValid(country: string, zipCode: string): boolean {
  return isCountryCode(country) ? new RegExp(`^\\d{${POSTAL_CODE_DIGITS[country]}}$`).test(zipCode) : isValidPostalCode(country, zipCode);
}

function zip(country: string, postalCode: string | null | undefined): string | null {
  const canonical = postalCodeForCarrier(country, postalCode);
  if (canonical === null) return null;
  return isCountryCode(country) && isValidPostalCode(country, canonical) ? postalCodeDigits(canonical) : canonical;
}

function address(p: Party, country: string): SwiftAddress {
  const company = blankToNull(p.companyName);
  return {
    name1: p.name,
    name2: company,
    street: blankToNull(p.streetAddress),
    country,
    zipCode: zip(country, p.postalCode),
    city: blankToNull(p.locality),
    phone: [phonePrefix(p.phoneCountryCode), phoneNational(p.phoneNumber)].filter((x) => x !== '').join('-'),
    email: blankToNull(p.email),
  };
}

const side = (cm: number): string => String(Math.min(999, Math.max(0, Math.ceil(cm)))).padStart(3, '0');

export const dpdMapper: CarrierMapper<SwiftRequest, SwiftResponse> = {
  buildRequest(input: RegistrationRequest): SwiftRequest {
    const method = input.shippingMethod;
    const product = SWIFT_PRODUCTS[`${method.type}/${method.subtype}` as keyof typeof SWIFT_PRODUCTS];
    if (!product) throw new Error(`DPD has no ${method.type} ${method.subtype}`);
    const cod = input.additionalServices.find((s) => s.code === 'cod');
    return {
      order: {
        generalShipmentData: {
          identificationNumber: input.shipmentId,
          customerNumber: input.account.logisticsContractNumber ?? input.account.username ?? '',
          product,
          mpsCustomerReferenceNumber1: input.merchantReference,
          sender: address(input.sender, input.sender.country),
          recipient: address(input.receiver, blankToNull(input.receiver.country) ?? method.countryCode),
        },
        parcels: input.parcels.map((p) => ({
          customerReferenceNumber1: p.id,
          weight: Math.ceil(p.weightGrams / 10),
          volume: p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null ? `${side(p.lengthCm)}${side(p.widthCm)}${side(p.heightCm)}` : null,
        })),
        productAndServiceData: {
          orderType: 'consignment',
          parcelShopDelivery: method.type === 'pickupPoint' ? { parcelShopId: method.id } : null,
          cod: cod?.code === 'cod' ? { amount: cod.amountMinor, currency: cod.currency, inkasso: 'cash' } : null,
          ageCheck: input.additionalServices.some((s) => s.code === 'ageVerification'),
          dropOffCode: dropOffPinRequested(dpdDefinition, input),
          comment: input.orderComment,
        },
      },
    };
  },

  parseResponse(answer: SwiftResponse, input: RegistrationRequest): RegistrationResult {
    if (answer.orderResult === null) {
      const f = answer.systemFault;
      return { ok: false, retryable: f.faultCode === 'SW-503', errors: [registrationError(SWIFT_FAULTS[f.faultCode] ?? 'CARRIER_ERROR', f.message, undefined)] };
    }
    const shipment = answer.orderResult.shipmentResponses[0];
    if (!shipment) return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: 'DPD answered without a shipment' }] };
    if (shipment.faults.length > 0) {
      return {
        ok: false,
        retryable: false,
        errors: shipment.faults.map((f) => registrationError(SWIFT_FAULTS[f.faultCode] ?? 'CARRIER_ERROR', f.message, specField(SWIFT_PATHS, f.field, input))),
      };
    }
    const numbers = shipment.parcelInformation.map((p) => p.parcelLabelNumber);
    const codes = shipment.parcelInformation.map((p) => p.dropOffCode ?? null);
    if (numbers.length !== input.parcels.length || !numbers.every((n) => dpdDefinition.trackingNumber.isValid(n))) {
      return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: 'DPD answered without a valid parcel number for every parcel' }] };
    }
    const parcels: RegisteredParcel[] = numbers.map((n, i) => ({ carrierParcelId: n, trackingLink: dpdDefinition.trackingUrl(n), dropOffPin: codes[i] ?? null }));
    return { ok: true, carrierShipmentId: shipment.mpsId ?? shipment.identificationNumber, parcels };
  },
};
