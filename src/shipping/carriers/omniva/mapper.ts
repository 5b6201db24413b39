/**
 * Omniva's shipment API (JSON, shaped like the region's post's OMX interface): one `shipments[]`
 * item per parcel, consolidated into one group; receiver and sender as "addressees" with the
 * phone in E.123 form (`+372 5551234`); weight in kg, dimensions in metres; COD amount as a
 * decimal string. Pure: builds the request, reads the answer.
 */
import { formatAmount } from '../../../platform/money.js';
import type { AdditionalService, CourierServiceType, Party, PickupPointType, RegisteredParcel, RegistrationErrorCode, RegistrationRequest, RegistrationResult } from '../contract.js';
import type { CarrierMapper } from '../kit/adapter.js';
import { blankToNull, dropOffPinRequested, gramsToKg, partyPathRule, phoneNational, phonePrefix, postalCodeForCarrier, registrationError, specField, type PathRule } from '../kit/model.js';
import { omnivaDefinition } from './definition.js';

export type OmnivaChannel = 'PARCEL_MACHINE' | 'POST_OFFICE' | 'COURIER';
export type OmnivaMainService = 'PARCEL' | 'BUSINESS_PARCEL';
export type OmnivaAddOnCode = 'COD' | 'AGE_CHECK_18';

/** Service code table: the spec's method and subtype → Omniva's channel and main service. */
export const OMNIVA_SERVICES: Readonly<Record<`pickupPoint/${PickupPointType}` | `courier/${CourierServiceType}`, { deliveryChannel: OmnivaChannel; mainService: OmnivaMainService } | null>> =
  Object.freeze({
    'pickupPoint/parcelMachine': { deliveryChannel: 'PARCEL_MACHINE', mainService: 'PARCEL' },
    'pickupPoint/postOffice': { deliveryChannel: 'POST_OFFICE', mainService: 'PARCEL' },
    'pickupPoint/parcelShop': null,
    'courier/standard': { deliveryChannel: 'COURIER', mainService: 'PARCEL' },
    'courier/standardB2B': { deliveryChannel: 'COURIER', mainService: 'BUSINESS_PARCEL' },
  });

/** Additional service code table. */
export const OMNIVA_ADDONS: Readonly<Record<AdditionalService['code'], OmnivaAddOnCode>> = Object.freeze({
  cod: 'COD',
  ageVerification: 'AGE_CHECK_18',
});

export interface OmnivaAddress {
  country: string;
  postcode: string | null;
  /** Town or city. */
  deliverypoint: string | null;
  street: string | null;
  /** The pickup point (parcel machine or post office) the parcel goes to. */
  offloadPostcode: string | null;
}

export interface OmnivaAddressee {
  personName: string;
  companyName: string | null;
  /** E.123: `+372 5551234`. */
  contactMobile: string;
  contactEmail: string | null;
  address: OmnivaAddress;
}

export interface OmnivaAddOn {
  code: OmnivaAddOnCode;
  /** COD: amount as a decimal string. */
  amount?: string;
  currency?: string;
}

export interface OmnivaMeasurement {
  /** kg, 3 decimals. */
  weight: number;
  /** Metres, 2 decimals; null when not given. */
  length: number | null;
  width: number | null;
  height: number | null;
}

export interface OmnivaShipment {
  partnerShipmentId: string;
  mainService: OmnivaMainService;
  deliveryChannel: OmnivaChannel;
  returnAllowed: boolean;
  reference: string | null;
  comment: string | null;
  measurement: OmnivaMeasurement;
  addOns: OmnivaAddOn[];
  receiverAddressee: OmnivaAddressee;
  senderAddressee: OmnivaAddressee;
}

export interface OmnivaRequest {
  customerCode: string;
  /** Kassa's shipment id: the group's idempotency key. */
  fileId: string;
  shipments: OmnivaShipment[];
}

export type OmnivaErrorCode =
  | 'E101_ADDRESSEE_REJECTED'
  | 'E102_MISSING'
  | 'E103_PHONE'
  | 'E104_POSTCODE'
  | 'E105_COUNTRY'
  | 'E201_WEIGHT'
  | 'E202_SIZE'
  | 'E203_MEASUREMENTS'
  | 'E301_ADDON'
  | 'E302_ADDON_CURRENCY'
  | 'E900_UNAVAILABLE';

export type OmnivaResponse =
  | { resultCode: 'OK'; groupId: string; savedShipments: { partnerShipmentId: string; barcode: string }[] }
  | { resultCode: 'VALIDATION_ERROR' | 'SERVICE_UNAVAILABLE'; messages: { field: string | null; code: OmnivaErrorCode; text: string }[] };

/** Omniva's error codes in the unified model. */
export const OMNIVA_ERRORS: Readonly<Record<OmnivaErrorCode, RegistrationErrorCode>> = Object.freeze({
  E101_ADDRESSEE_REJECTED: 'INVALID_FIELD',
  E102_MISSING: 'REQUIRED_FIELD',
  E103_PHONE: 'INVALID_PHONE',
  E104_POSTCODE: 'INVALID_POSTAL_CODE',
  E105_COUNTRY: 'INVALID_FIELD',
  E201_WEIGHT: 'PARCEL_TOO_HEAVY',
  E202_SIZE: 'PARCEL_TOO_LARGE',
  E203_MEASUREMENTS: 'DIMENSIONS_REQUIRED',
  E301_ADDON: 'SERVICE_NOT_AVAILABLE',
  E302_ADDON_CURRENCY: 'INVALID_FIELD',
  E900_UNAVAILABLE: 'CARRIER_UNAVAILABLE',
});

const PARTY_FIELDS: Readonly<Record<string, string>> = {
  personName: 'name',
  contactMobile: 'phoneNumber',
  'address.postcode': 'postalCode',
  'address.country': 'country',
  'address.street': 'streetAddress',
  'address.deliverypoint': 'locality',
};

/** Omniva's error paths → the spec's fields. */
export const OMNIVA_PATHS: readonly PathRule[] = [
  partyPathRule(/^shipments\[\d+\]\.(receiver|sender)Addressee\.(.+)$/, PARTY_FIELDS),
  [/^shipments\[(\d+)\]\.measurement\.weight$/, (m) => `parcels[${m[1] ?? ''}].weight`],
  [/^shipments\[(\d+)\]\.measurement$/, (m) => `parcels[${m[1] ?? ''}]`],
  [/^shipments\[0\]\.addOns\[(\d+)\]\.(?:amount|currency)$/, (m) => `shippingMethod.additionalServices[${m[1] ?? ''}].params.amount`],
  [/^shipments\[0\]\.addOns\[(\d+)\]$/, (m) => `shippingMethod.additionalServices[${m[1] ?? ''}]`],
];

function addressee(p: Party, country: string, offloadPostcode: string | null): OmnivaAddressee {
  return {
    personName: p.name,
    companyName: blankToNull(p.companyName),
    contactMobile: `${phonePrefix(p.phoneCountryCode)} ${phoneNational(p.phoneNumber)}`.trim(),
    contactEmail: blankToNull(p.email),
    address: {
      country,
      postcode: postalCodeForCarrier(country, p.postalCode),
      deliverypoint: blankToNull(p.locality),
      street: blankToNull(p.streetAddress),
      offloadPostcode,
    },
  };
}

const metres = (cm: number | null): number | null => (cm === null ? null : cm / 100);

export const omnivaMapper: CarrierMapper<OmnivaRequest, OmnivaResponse> = {
  buildRequest(input: RegistrationRequest): OmnivaRequest {
    const method = input.shippingMethod;
    const service = OMNIVA_SERVICES[`${method.type}/${method.subtype}` as keyof typeof OMNIVA_SERVICES];
    if (!service) throw new Error(`Omniva has no ${method.type} ${method.subtype}`);
    const receiverCountry = blankToNull(input.receiver.country) ?? method.countryCode;
    const receiver = addressee(input.receiver, receiverCountry, method.type === 'pickupPoint' ? method.id : null);
    const sender = addressee(input.sender, input.sender.country, null);
    return {
      customerCode: input.account.logisticsContractNumber ?? input.account.username ?? '',
      fileId: input.shipmentId,
      shipments: input.parcels.map((parcel, i): OmnivaShipment => {
        const addOns: OmnivaAddOn[] = [];
        for (const s of input.additionalServices) {
          // Cash on delivery is collected once, with the group's first parcel.
          if (s.code === 'cod') {
            if (i === 0) addOns.push({ code: OMNIVA_ADDONS.cod, amount: formatAmount(s.amountMinor), currency: s.currency });
          } else {
            addOns.push({ code: OMNIVA_ADDONS[s.code] });
          }
        }
        return {
          partnerShipmentId: `${input.shipmentId}/${i + 1}`,
          mainService: service.mainService,
          deliveryChannel: service.deliveryChannel,
          returnAllowed: input.account.returnsAllowed,
          reference: input.merchantReference,
          comment: input.orderComment,
          measurement: {
            weight: gramsToKg(parcel.weightGrams),
            length: metres(parcel.lengthCm),
            width: metres(parcel.widthCm),
            height: metres(parcel.heightCm),
          },
          addOns,
          receiverAddressee: receiver,
          senderAddressee: sender,
        };
      }),
    };
  },

  parseResponse(answer: OmnivaResponse, input: RegistrationRequest): RegistrationResult {
    if (answer.resultCode !== 'OK') {
      return {
        ok: false,
        retryable: answer.resultCode === 'SERVICE_UNAVAILABLE',
        errors: answer.messages.map((m) => registrationError(OMNIVA_ERRORS[m.code] ?? 'CARRIER_ERROR', m.text, specField(OMNIVA_PATHS, m.field, input))),
      };
    }
    const byId = new Map(answer.savedShipments.map((s) => [s.partnerShipmentId, s]));
    const parcels: RegisteredParcel[] = [];
    for (let i = 0; i < input.parcels.length; i++) {
      const saved = byId.get(`${input.shipmentId}/${i + 1}`);
      if (!saved || !omnivaDefinition.trackingNumber.isValid(saved.barcode)) {
        return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `Omniva answered without a valid barcode for parcel ${i + 1}` }] };
      }
      // The machine takes the parcel by its barcode: the drop-off PIN is the barcode (rule `always`).
      const dropOffPin = dropOffPinRequested(omnivaDefinition, input) ? saved.barcode : null;
      parcels.push({ carrierParcelId: saved.barcode, trackingLink: omnivaDefinition.trackingUrl(saved.barcode), dropOffPin });
    }
    return { ok: true, carrierShipmentId: answer.groupId, parcels };
  },
};
