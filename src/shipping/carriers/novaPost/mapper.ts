/**
 * Nova Post's shipment API: Nova Poshta's JSON API, one endpoint taking
 * `{apiKey, modelName, calledMethod, methodProperties}` and answering
 * `{success, data, errors, warnings, info, errorCodes, …}`. A shipment is an express waybill
 * (`InternetDocument`, `save`): the parties in the API's "new address" form (names, city, street
 * and phone as text rather than Nova Poshta's directory refs), phones as digits with the country
 * code (`380671234567`), weights in kg, each parcel a seat of `OptionsSeat` (cm), the service type
 * from where the sender hands the parcel in (a branch: `Warehouse…`) and where it is delivered
 * (`…Warehouse` for branches and poshtomats, `…Doors` for the courier). Pure: builds the request,
 * reads the answer.
 *
 * Nova Poshta's errors carry no field, only a text and a code; the sandbox's texts start with the
 * property they are about (`RecipientsPhone: …`), which is read back into the spec's field.
 */
import type { CourierServiceType, PickupPointType, RegisteredParcel, RegistrationErrorCode, RegistrationRequest, RegistrationResult } from '../contract.js';
import type { CarrierMapper } from '../kit/adapter.js';
import { blankToNull, gramsToKg, phoneNational, phonePrefix, postalCodeForCarrier, registrationError, serviceField, specField, type PathRule } from '../kit/model.js';
import { formatAmount } from '../../../platform/money.js';
import { novaPostDefinition } from './definition.js';

/** The shipment's additional services as Nova Poshta's document fields (absent when none). */
function services(input: RegistrationRequest): Pick<NovaPostDocumentProperties, 'BackwardDeliveryData' | 'AgeVerification'> {
  const out: Pick<NovaPostDocumentProperties, 'BackwardDeliveryData' | 'AgeVerification'> = {};
  for (const s of input.additionalServices) {
    if (s.code === 'cod') out.BackwardDeliveryData = [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: formatAmount(s.amountMinor) }];
    else out.AgeVerification = '1';
  }
  return out;
}

export type NovaPostServiceType = 'WarehouseWarehouse' | 'WarehouseDoors';

/** Service code table: the spec's method and subtype → Nova Poshta's service type. */
export const NOVA_POST_SERVICES: Readonly<Record<`pickupPoint/${PickupPointType}` | `courier/${CourierServiceType}`, NovaPostServiceType | null>> = Object.freeze({
  'pickupPoint/parcelMachine': 'WarehouseWarehouse',
  'pickupPoint/parcelShop': 'WarehouseWarehouse',
  'pickupPoint/postOffice': null,
  'courier/standard': 'WarehouseDoors',
  'courier/standardB2B': null,
});

/** One parcel: a seat of the waybill. */
export interface NovaPostSeat {
  /** kg. */
  weight: number;
  /** cm; absent when not given. */
  volumetricLength?: number;
  volumetricWidth?: number;
  volumetricHeight?: number;
  /** Kassa's parcel id. */
  cargoDescription: string;
}

export interface NovaPostDocumentProperties {
  PayerType: 'Sender';
  PaymentMethod: 'NonCash';
  CargoType: 'Parcel';
  ServiceType: NovaPostServiceType;
  SeatsAmount: number;
  /** kg, all seats. */
  Weight: number;
  OptionsSeat: NovaPostSeat[];
  Description: string;
  /** The merchant's reference, printed on the label. */
  InfoRegClientBarcodes: string | null;
  AdditionalInformation: string | null;
  /** The sender counterparty (the contract's account). */
  Sender: string;
  SenderName: string;
  SendersPhone: string;
  SenderCountry: string;
  SenderCityName: string;
  SenderAddressName: string;
  SenderPostcode: string | null;
  NewAddress: '1';
  RecipientType: 'PrivatePerson' | 'Organization';
  RecipientName: string;
  RecipientsPhone: string;
  RecipientEmail: string | null;
  RecipientCountry: string;
  RecipientCityName: string | null;
  /** Courier: the street and house. */
  RecipientAddressName: string | null;
  RecipientPostcode: string | null;
  /** Pickup point: the branch or poshtomat. */
  RecipientWarehouseIndex: string | null;
  /** Cash on delivery: money sent back to the sender (Nova Poshta's backward delivery of CargoType Money). */
  BackwardDeliveryData?: { PayerType: 'Recipient'; CargoType: 'Money'; RedeliveryString: string }[];
  /** Age check at hand-over (Kassa's name: Nova Poshta publishes none; refused where not offered). */
  AgeVerification?: '1';
}

export interface NovaPostRequest {
  apiKey: string;
  modelName: 'InternetDocument';
  calledMethod: 'save';
  methodProperties: NovaPostDocumentProperties;
}

export interface NovaPostSavedDocument {
  /** The waybill's GUID (the same for every seat). */
  Ref: string;
  /** The express waybill number: the seat's tracking number. */
  IntDocNumber: string;
  /** The seat it numbers, from 1 (the sandbox answers one item per seat). */
  SeatNumber: number;
  CostOnSite: number;
  EstimatedDeliveryDate: string;
  TypeDocument: string;
}

export interface NovaPostResponse {
  success: boolean;
  data: NovaPostSavedDocument[];
  errors: string[];
  warnings: string[];
  info: string[];
  messageCodes: string[];
  /** One per error, in the same order. */
  errorCodes: string[];
  warningCodes: string[];
  infoCodes: string[];
}

/**
 * The sandbox's error codes, in Nova Poshta's 11-digit numbering; where Nova Poshta's published
 * list has the same error (unavailable, phone, contacts, length), its code.
 */
export const NOVA_POST_ERRORS: Readonly<Record<string, RegistrationErrorCode>> = Object.freeze({
  '20000100016': 'CARRIER_UNAVAILABLE',
  '20000100018': 'INVALID_PHONE',
  '20000300399': 'INVALID_FIELD',
  '20000300404': 'INVALID_FIELD',
  '20000200210': 'PARCEL_TOO_LARGE',
  '20000400464': 'DIMENSIONS_REQUIRED',
  '20000900001': 'INVALID_POSTAL_CODE',
  '20000900002': 'REQUIRED_FIELD',
  '20000900003': 'INVALID_FIELD',
  '20000900004': 'PARCEL_TOO_HEAVY',
  '20000900005': 'SERVICE_NOT_AVAILABLE',
  '20000900006': 'INVALID_FIELD',
});

const PARTY_FIELDS: Readonly<Record<string, string>> = {
  Name: 'name',
  sPhone: 'phoneNumber',
  Postcode: 'postalCode',
  Country: 'country',
  CityName: 'locality',
  AddressName: 'streetAddress',
};

/** Nova Poshta's properties → the spec's fields. */
export const NOVA_POST_PATHS: readonly PathRule[] = [
  [/^(Recipient|Sender)(Name|sPhone|Postcode|Country|CityName|AddressName)$/, (m) => `${m[1] === 'Recipient' ? 'receiver' : 'sender'}.${PARTY_FIELDS[m[2] ?? ''] ?? ''}`],
  [/^OptionsSeat\[(\d+)\]\.weight$/, (m) => `parcels[${m[1] ?? ''}].weight`],
  [/^OptionsSeat\[(\d+)\]$/, (m) => `parcels[${m[1] ?? ''}]`],
  [/^BackwardDeliveryData$/, (_m, input) => serviceField(input, 'cod')],
  [/^AgeVerification$/, (_m, input) => serviceField(input, 'ageVerification')],
];

/** `+380` and `067 123 4567` → `380671234567` (the national trunk 0 dropped). */
export function novaPostPhone(countryCode: string, national: string): string {
  return `${phonePrefix(countryCode).replace('+', '')}${phoneNational(national).replace(/^0/, '')}`;
}

/** The property an error text names (`RecipientsPhone: …` → `RecipientsPhone`). */
export function errorProperty(text: string): string | undefined {
  return /^([A-Za-z]+(?:\[\d+\])?(?:\.[A-Za-z]+)?):\s/.exec(text)?.[1];
}

const failure = (message: string): RegistrationResult => ({ ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message }] });

export const novaPostMapper: CarrierMapper<NovaPostRequest, NovaPostResponse> = {
  buildRequest(input: RegistrationRequest): NovaPostRequest {
    const method = input.shippingMethod;
    const serviceType = NOVA_POST_SERVICES[`${method.type}/${method.subtype}` as keyof typeof NOVA_POST_SERVICES];
    if (!serviceType) throw new Error(`Nova Post has no ${method.type} ${method.subtype}`);
    const r = input.receiver;
    const s = input.sender;
    const receiverCountry = blankToNull(r.country) ?? method.countryCode;
    const seats = input.parcels.map(
      (p): NovaPostSeat => ({
        weight: gramsToKg(p.weightGrams),
        ...(p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null ? { volumetricLength: p.lengthCm, volumetricWidth: p.widthCm, volumetricHeight: p.heightCm } : {}),
        cargoDescription: p.id,
      }),
    );
    const courier = method.type === 'courier';
    return {
      apiKey: input.account.username ?? input.account.logisticsContractNumber ?? '',
      modelName: 'InternetDocument',
      calledMethod: 'save',
      methodProperties: {
        PayerType: 'Sender',
        PaymentMethod: 'NonCash',
        CargoType: 'Parcel',
        ServiceType: serviceType,
        SeatsAmount: seats.length,
        Weight: gramsToKg(input.parcels.reduce((sum, p) => sum + p.weightGrams, 0)),
        OptionsSeat: seats,
        Description: blankToNull(input.orderComment) ?? 'Goods',
        InfoRegClientBarcodes: input.merchantReference,
        AdditionalInformation: blankToNull(input.orderComment),
        Sender: input.account.logisticsContractNumber ?? input.account.contractId,
        SenderName: s.name,
        SendersPhone: novaPostPhone(s.phoneCountryCode, s.phoneNumber),
        SenderCountry: s.country,
        SenderCityName: s.locality,
        SenderAddressName: s.streetAddress,
        SenderPostcode: postalCodeForCarrier(s.country, s.postalCode),
        NewAddress: '1',
        RecipientType: blankToNull(r.companyName) ? 'Organization' : 'PrivatePerson',
        RecipientName: r.name,
        RecipientsPhone: novaPostPhone(r.phoneCountryCode, r.phoneNumber),
        RecipientEmail: blankToNull(r.email),
        RecipientCountry: receiverCountry,
        RecipientCityName: blankToNull(r.locality),
        RecipientAddressName: courier ? blankToNull(r.streetAddress) : null,
        RecipientPostcode: postalCodeForCarrier(receiverCountry, r.postalCode),
        RecipientWarehouseIndex: courier ? null : method.id,
        ...services(input),
      },
    };
  },

  parseResponse(answer: NovaPostResponse, input: RegistrationRequest): RegistrationResult {
    if (!answer.success) {
      const codes = answer.errorCodes;
      const unavailable = codes.length > 0 && codes.every((c) => NOVA_POST_ERRORS[c] === 'CARRIER_UNAVAILABLE');
      return {
        ok: false,
        retryable: unavailable,
        errors: answer.errors.map((text, i) => {
          const code = codes[i];
          return registrationError((code !== undefined ? NOVA_POST_ERRORS[code] : undefined) ?? 'CARRIER_ERROR', text, specField(NOVA_POST_PATHS, errorProperty(text), input));
        }),
      };
    }
    const parcels: RegisteredParcel[] = [];
    const ref = answer.data[0]?.Ref;
    for (let i = 0; i < input.parcels.length; i++) {
      const seat = answer.data.find((d) => d.SeatNumber === i + 1);
      if (!seat || !ref || seat.Ref !== ref || !novaPostDefinition.trackingNumber.isValid(seat.IntDocNumber)) {
        return failure(`Nova Post answered without a valid express waybill number for parcel ${i + 1}`);
      }
      parcels.push({ carrierParcelId: seat.IntDocNumber, trackingLink: novaPostDefinition.trackingUrl(seat.IntDocNumber), dropOffPin: null });
    }
    if (!ref) return failure('Nova Post answered without a document');
    return { ok: true, carrierShipmentId: ref, parcels };
  },
};
