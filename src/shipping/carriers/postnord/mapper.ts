/**
 * PostNord's Shipment (booking) API: the EDI instruction in JSON (`/rest/shipment/v3/edi`): one
 * `shipment[]` with its `service` (`basicServiceCode`, `additionalServiceCode[]`), `parties`
 * (`consignor` identified by the customer number, `consignee`, and for service points and lockers
 * the `deliveryParty` identified by the point's id) and one `goodsItem[].items[]` entry per parcel;
 * weights in kg (`KGM`), dimensions in cm (`CMT`), phones in E.164 (`+46701234567`). The answer is
 * a booking with the shipment id and one item id per parcel, or a `compositeFault` whose faults name
 * the parameter they are about. Pure: builds the request, reads the answer.
 */
import type { AdditionalServiceCode, CourierServiceType, Party, PickupPointType, RegisteredParcel, RegistrationErrorCode, RegistrationRequest, RegistrationResult } from '../contract.js';
import type { CarrierMapper } from '../kit/adapter.js';
import { blankToNull, gramsToKg, phoneNational, phonePrefix, postalCodeForCarrier, registrationError, specField, type PathRule } from '../kit/model.js';
import { postnordDefinition } from './definition.js';

/**
 * The spec's additional services as PostNord additional-service codes. PostNord offers neither
 * through this service (its simulator refuses both, as the methods declare); the codes are
 * Kassa's names, PostNord's own codes for them were not found in public sources.
 */
export const POSTNORD_ADDITIONAL_SERVICES: Readonly<Record<AdditionalServiceCode, string>> = Object.freeze({
  cod: 'COD',
  ageVerification: 'AGE_CHECK',
});

/** PostNord's basic services: 17 MyPack Home, 18 Parcel (business), 19 MyPack Collect (service points and lockers). */
export type PostnordServiceCode = '17' | '18' | '19';

/** Service code table: the spec's method and subtype → PostNord's basic service. */
export const POSTNORD_SERVICES: Readonly<Record<`pickupPoint/${PickupPointType}` | `courier/${CourierServiceType}`, PostnordServiceCode | null>> = Object.freeze({
  'pickupPoint/parcelShop': '19',
  'pickupPoint/parcelMachine': '19',
  'pickupPoint/postOffice': null,
  'courier/standard': '17',
  'courier/standardB2B': '18',
});

export interface PostnordMeasure {
  value: number;
  unit: 'KGM' | 'CMT';
}

export interface PostnordAddress {
  streets: string[];
  postalCode: string | null;
  city: string | null;
  countryCode: string;
}

export interface PostnordParty {
  nameIdentification: { name: string; companyName?: string };
  address: PostnordAddress;
  contact: { contactName: string; emailAddress?: string; smsNo: string };
}

export interface PostnordItem {
  /** `0`: PostNord allocates the item id. */
  itemIdentification: { itemId: '0' };
  /** Kassa's parcel id. */
  reference: string;
  grossWeight: PostnordMeasure;
  dimensions?: { length: PostnordMeasure; width: PostnordMeasure; height: PostnordMeasure };
}

export interface PostnordShipment {
  shipmentIdentification: { shipmentId: '0' };
  service: { basicServiceCode: PostnordServiceCode; additionalServiceCode: string[] };
  numberOfPackages: { value: number };
  totalGrossWeight: PostnordMeasure;
  references: { referenceNo: string; referenceType: 'CU' }[];
  freeText: { usageCode: 'DEL'; text: string }[];
  parties: {
    consignor: { issuerCode: 'Z12'; partyIdentification: { partyId: string; partyIdType: '160' }; party: PostnordParty };
    consignee: { party: PostnordParty };
    /** The service point or locker (partyIdType 156). */
    deliveryParty?: { partyIdentification: { partyId: string; partyIdType: '156' } };
  };
  goodsItem: { packageTypeCode: 'PC'; items: PostnordItem[] }[];
}

export interface PostnordRequest {
  messageFunction: 'Instruction';
  /** Kassa's shipment id: the idempotency key. */
  messageId: string;
  updateIndicator: 'Original';
  shipment: PostnordShipment[];
}

export type PostnordFaultCode =
  | 'INVALID_PARTY'
  | 'MISSING_PARAM'
  | 'INVALID_PHONE'
  | 'INVALID_POSTAL_CODE'
  | 'INVALID_COUNTRY'
  | 'WEIGHT_EXCEEDED'
  | 'SIZE_EXCEEDED'
  | 'DIMENSIONS_MISSING'
  | 'INVALID_ADDITIONAL_SERVICE'
  | 'INVALID_CURRENCY'
  | 'SERVICE_UNAVAILABLE';

export interface PostnordFault {
  faultCode: PostnordFaultCode;
  explanationText: string;
  paramValues: { param: string; value: string }[];
}

export type PostnordResponse =
  | { bookingResponse: { bookingId: string; idInformation: { status: 'OK'; ids: { idType: 'shipmentId' | 'itemId'; value: string }[] }[] } }
  | { message: string; compositeFault: { faults: PostnordFault[] } };

/** The sandbox's fault codes in the unified model. */
export const POSTNORD_FAULTS: Readonly<Record<PostnordFaultCode, RegistrationErrorCode>> = Object.freeze({
  INVALID_PARTY: 'INVALID_FIELD',
  MISSING_PARAM: 'REQUIRED_FIELD',
  INVALID_PHONE: 'INVALID_PHONE',
  INVALID_POSTAL_CODE: 'INVALID_POSTAL_CODE',
  INVALID_COUNTRY: 'INVALID_FIELD',
  WEIGHT_EXCEEDED: 'PARCEL_TOO_HEAVY',
  SIZE_EXCEEDED: 'PARCEL_TOO_LARGE',
  DIMENSIONS_MISSING: 'DIMENSIONS_REQUIRED',
  INVALID_ADDITIONAL_SERVICE: 'SERVICE_NOT_AVAILABLE',
  INVALID_CURRENCY: 'INVALID_FIELD',
  SERVICE_UNAVAILABLE: 'CARRIER_UNAVAILABLE',
});

const PARTY_FIELDS: Readonly<Record<string, string>> = {
  'nameIdentification.name': 'name',
  'contact.smsNo': 'phoneNumber',
  'address.postalCode': 'postalCode',
  'address.countryCode': 'country',
  'address.streets': 'streetAddress',
  'address.city': 'locality',
};

const PARTY_PATH = /^shipment\[0\]\.parties\.(consignee|consignor)\.party\.(.+)$/;

/** PostNord's parameter paths → the spec's fields. */
export const POSTNORD_PATHS: readonly PathRule[] = [
  [PARTY_PATH, (m) => `${m[1] === 'consignee' ? 'receiver' : 'sender'}.${PARTY_FIELDS[m[2] ?? ''] ?? m[2] ?? ''}`],
  [/^shipment\[0\]\.goodsItem\[0\]\.items\[(\d+)\]\.grossWeight$/, (m) => `parcels[${m[1] ?? ''}].weight`],
  [/^shipment\[0\]\.goodsItem\[0\]\.items\[(\d+)\]$/, (m) => `parcels[${m[1] ?? ''}]`],
  [/^shipment\[0\]\.service\.additionalServiceCode\[(\d+)\]$/, (m) => `shippingMethod.additionalServices[${m[1] ?? ''}]`],
];

/** `+46` and `070-123 45 67` → `+46701234567` (the national trunk 0 dropped). */
export function postnordPhone(countryCode: string, national: string): string {
  return `${phonePrefix(countryCode)}${phoneNational(national).replace(/^0/, '')}`;
}

function party(p: Party, country: string): PostnordParty {
  const company = blankToNull(p.companyName);
  const email = blankToNull(p.email);
  const street = blankToNull(p.streetAddress);
  return {
    nameIdentification: company ? { name: p.name, companyName: company } : { name: p.name },
    address: { streets: street ? [street] : [], postalCode: postalCodeForCarrier(country, p.postalCode), city: blankToNull(p.locality), countryCode: country },
    contact: email
      ? { contactName: p.name, emailAddress: email, smsNo: postnordPhone(p.phoneCountryCode, p.phoneNumber) }
      : { contactName: p.name, smsNo: postnordPhone(p.phoneCountryCode, p.phoneNumber) },
  };
}

const cmt = (value: number): PostnordMeasure => ({ value, unit: 'CMT' });
const kgm = (grams: number): PostnordMeasure => ({ value: gramsToKg(grams), unit: 'KGM' });
const failure = (message: string): RegistrationResult => ({ ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message }] });

export const postnordMapper: CarrierMapper<PostnordRequest, PostnordResponse> = {
  buildRequest(input: RegistrationRequest): PostnordRequest {
    const method = input.shippingMethod;
    const basicServiceCode = POSTNORD_SERVICES[`${method.type}/${method.subtype}` as keyof typeof POSTNORD_SERVICES];
    if (!basicServiceCode) throw new Error(`PostNord has no ${method.type} ${method.subtype}`);
    const receiverCountry = blankToNull(input.receiver.country) ?? method.countryCode;
    const comment = blankToNull(input.orderComment);
    return {
      messageFunction: 'Instruction',
      messageId: input.shipmentId,
      updateIndicator: 'Original',
      shipment: [
        {
          shipmentIdentification: { shipmentId: '0' },
          service: { basicServiceCode, additionalServiceCode: input.additionalServices.map((x) => POSTNORD_ADDITIONAL_SERVICES[x.code]) },
          numberOfPackages: { value: input.parcels.length },
          totalGrossWeight: kgm(input.parcels.reduce((sum, p) => sum + p.weightGrams, 0)),
          references: input.merchantReference ? [{ referenceNo: input.merchantReference, referenceType: 'CU' }] : [],
          freeText: comment ? [{ usageCode: 'DEL', text: comment }] : [],
          parties: {
            consignor: {
              issuerCode: 'Z12',
              partyIdentification: { partyId: input.account.logisticsContractNumber ?? input.account.username ?? '', partyIdType: '160' },
              party: party(input.sender, input.sender.country),
            },
            consignee: { party: party(input.receiver, receiverCountry) },
            ...(method.type === 'pickupPoint' ? { deliveryParty: { partyIdentification: { partyId: method.id, partyIdType: '156' as const } } } : {}),
          },
          goodsItem: [
            {
              packageTypeCode: 'PC',
              items: input.parcels.map(
                (p): PostnordItem => ({
                  itemIdentification: { itemId: '0' },
                  reference: p.id,
                  grossWeight: kgm(p.weightGrams),
                  ...(p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null ? { dimensions: { length: cmt(p.lengthCm), width: cmt(p.widthCm), height: cmt(p.heightCm) } } : {}),
                }),
              ),
            },
          ],
        },
      ],
    };
  },

  parseResponse(answer: PostnordResponse, input: RegistrationRequest): RegistrationResult {
    if ('compositeFault' in answer) {
      const faults = answer.compositeFault.faults;
      return {
        ok: false,
        retryable: faults.length > 0 && faults.every((f) => f.faultCode === 'SERVICE_UNAVAILABLE'),
        errors: faults.map((f) => registrationError(POSTNORD_FAULTS[f.faultCode] ?? 'CARRIER_ERROR', f.explanationText, specField(POSTNORD_PATHS, f.paramValues[0]?.param, input))),
      };
    }
    const ids = answer.bookingResponse.idInformation[0]?.ids ?? [];
    const shipmentId = ids.find((i) => i.idType === 'shipmentId')?.value;
    const itemIds = ids.filter((i) => i.idType === 'itemId').map((i) => i.value);
    if (!shipmentId || !postnordDefinition.shipmentIdPattern.test(shipmentId)) return failure('PostNord answered without a shipment id');
    const parcels: RegisteredParcel[] = [];
    for (let i = 0; i < input.parcels.length; i++) {
      const itemId = itemIds[i];
      if (!itemId || !postnordDefinition.trackingNumber.isValid(itemId)) return failure(`PostNord answered without a valid item id for parcel ${i + 1}`);
      parcels.push({ carrierParcelId: itemId, trackingLink: postnordDefinition.trackingUrl(itemId), dropOffPin: null });
    }
    return { ok: true, carrierShipmentId: shipmentId, parcels };
  },
};
