/**
 * ORLEN Paczka's web service (SOAP 1.1, `WebServicePwR.asmx`), operation
 * `GenerateLabelBusinessPackListTwo`: `PartnerID`, `Format`, `AutoDestinationChange` and a
 * `BusinessPackList` of `BusinessPack` elements, one per parcel: `DestinationCode` (the pickup
 * point), `BoxSize` (S, M, L), `CashOnDelivery` with `AmountCashOnDelivery` and `PackValue` in
 * grosze, `TransferDescription`, the receiver (`FirstName`, `LastName`, `PhoneNumber` of 9
 * digits, `EMail`…) and the sender (`Sender…`), `SenderOrders` (the order reference) and
 * `PrintAdress`. The answer has a row per pack: `Err` (000 saved; 006–008 saved with a changed
 * point), `ErrDes`, `PackCode_RUCH` (13 digits), `DestinationCode`, `PackPrice`; a SOAP fault
 * when the service is down. Modelled here as JSON (the element names as they are). Pure.
 *
 * Kassa's assumptions: the client adds `PartnerKey`; `kassa` (the parcel's weight and measures
 * and the services the BusinessPack has no element for, which the published BusinessPack does
 * not carry; a real client checks them before calling ORLEN); `Pack` in the answer's rows (the
 * index of the BusinessPack a row answers; the sandbox lists every problem of a pack); the Err
 * codes 901–907 (sandbox checks for which no ORLEN code is published).
 */
import type { LockerSize, Party, RegisteredParcel, RegistrationErrorCode, RegistrationRequest, RegistrationResult } from '../contract.js';
import { CALLING_CODE, normalizePostalCode } from '../countries.js';
import type { CarrierMapper } from '../kit/adapter.js';
import { blankToNull, phoneNational, phonePrefix, registrationError, serviceField } from '../kit/model.js';
import { fits } from '../kit/sandbox-rules.js';
import { orlenDefinition } from './definition.js';
import { ORLEN_BOXES } from './rates.js';

export type OrlenBoxSize = 'S' | 'M' | 'L';

/** Kassa's locker sizes as ORLEN's three boxes. */
export const ORLEN_BOX_OF: Readonly<Record<LockerSize, OrlenBoxSize>> = Object.freeze({ XS: 'S', S: 'S', M: 'M', L: 'L', XL: 'L' });

export interface OrlenBusinessPack {
  DestinationCode: string;
  BoxSize: OrlenBoxSize | null;
  /** Grosze. */
  PackValue: string | null;
  CashOnDelivery: boolean;
  /** Grosze, first pack only. */
  AmountCashOnDelivery: string | null;
  TransferDescription: string | null;
  Insurance: boolean;
  FirstName: string | null;
  LastName: string | null;
  CompanyName: string | null;
  EMail: string | null;
  /** 9 digits (Polish numbers without +48). */
  PhoneNumber: string;
  StreetName: string | null;
  BuildingNumber: string | null;
  City: string | null;
  /** `12-345`. */
  PostCode: string | null;
  SenderFirstName: string | null;
  SenderLastName: string | null;
  SenderCompanyName: string | null;
  SenderEMail: string | null;
  SenderStreetName: string;
  SenderBuildingNumber: string;
  SenderCity: string;
  SenderPostCode: string;
  SenderPhoneNumber: string;
  SenderOrders: string | null;
  /** 1: the sender's address on the label. */
  PrintAdress: '1';
}

/** Not ORLEN's: what the BusinessPack does not carry (see the module comment). */
export interface OrlenKassaPack {
  weightGrams: number;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

export interface OrlenRequest {
  operation: 'GenerateLabelBusinessPackListTwo';
  PartnerID: string;
  AutoDestinationChange: boolean;
  Format: 'PDF10';
  BusinessPackList: { BusinessPack: OrlenBusinessPack[] };
  kassa: { packs: OrlenKassaPack[]; codCurrency: string | null; ageVerification: boolean };
}

export interface OrlenRow {
  /** The BusinessPack (index) the row answers. */
  Pack: number;
  Err: string;
  ErrDes: string;
  PackCode_RUCH: string | null;
  DestinationCode: string | null;
  /** Grosze. */
  PackPrice: string | null;
}

export type OrlenResponse = { GenerateLabelBusinessPackListTwoResult: { rows: OrlenRow[] }; LabelData: string | null } | { Fault: { faultcode: 'soap:Server'; faultstring: string } };

/** Err codes saying the pack was saved. */
export const ORLEN_SAVED = Object.freeze(['000', '006', '007', '008']);

type FieldOf = (pack: number, input: RegistrationRequest) => string | undefined;

/** ORLEN's Err codes (100–318 published; 901–907 the sandbox's) in the unified model. */
export const ORLEN_ERRORS: Readonly<Record<string, { code: RegistrationErrorCode; field: FieldOf }>> = Object.freeze({
  '103': { code: 'REQUIRED_FIELD', field: () => 'receiver.phoneNumber' },
  '104': { code: 'REQUIRED_FIELD', field: () => 'shippingMethod.id' },
  '105': { code: 'REQUIRED_FIELD', field: () => 'receiver.name' },
  '111': { code: 'REQUIRED_FIELD', field: () => 'sender.email' },
  '112': { code: 'REQUIRED_FIELD', field: () => 'sender.phoneNumber' },
  '113': { code: 'REQUIRED_FIELD', field: () => 'sender.locality' },
  '114': { code: 'REQUIRED_FIELD', field: () => 'sender.streetAddress' },
  '115': { code: 'REQUIRED_FIELD', field: () => 'sender.streetAddress' },
  '116': { code: 'REQUIRED_FIELD', field: () => 'sender.postalCode' },
  '117': { code: 'REQUIRED_FIELD', field: () => 'sender.name' },
  '133': { code: 'INVALID_PHONE', field: () => 'receiver.phoneNumber' },
  '138': { code: 'INVALID_POSTAL_CODE', field: () => 'receiver.postalCode' },
  '141': { code: 'PARCEL_TOO_LARGE', field: (i) => `parcels[${i}]` },
  '206': { code: 'INVALID_FIELD', field: () => 'shippingMethod.id' },
  '318': { code: 'SERVICE_NOT_AVAILABLE', field: (_, input) => serviceField(input, 'cod') },
  '901': { code: 'INVALID_FIELD', field: () => 'receiver.name' },
  '902': { code: 'INVALID_FIELD', field: () => 'sender.name' },
  '903': { code: 'INVALID_PHONE', field: () => 'sender.phoneNumber' },
  '904': { code: 'INVALID_POSTAL_CODE', field: () => 'sender.postalCode' },
  '905': { code: 'PARCEL_TOO_HEAVY', field: (i) => `parcels[${i}].weight` },
  '906': { code: 'SERVICE_NOT_AVAILABLE', field: (_, input) => serviceField(input, 'ageVerification') },
  '907': { code: 'INVALID_FIELD', field: (_, input) => serviceField(input, 'cod', '.params.amount') },
});

/** The national number when the prefix is Poland's, else the digits with the country code. */
function phone(p: Party): string {
  const prefix = phonePrefix(p.phoneCountryCode);
  const national = phoneNational(p.phoneNumber).replace(/\D/g, '');
  return prefix === '' || prefix === CALLING_CODE.PL ? national : `${prefix.slice(1)}${national}`;
}

function names(p: Party): { first: string | null; last: string | null } {
  const first = blankToNull(p.firstName);
  const last = blankToNull(p.lastName);
  if (first || last) return { first, last };
  const words = p.name.trim().split(/\s+/);
  return words.length > 1 ? { first: words.slice(0, -1).join(' '), last: words[words.length - 1] ?? null } : { first: blankToNull(p.name), last: null };
}

function street(s: string | null): { street: string | null; building: string | null } {
  if (s === null) return { street: null, building: null };
  const words = s.split(/\s+/);
  const last = words[words.length - 1] ?? '';
  return words.length > 1 && /\d/.test(last) ? { street: words.slice(0, -1).join(' '), building: last } : { street: s, building: null };
}

const postCode = (v: string | null | undefined): string | null => {
  const given = blankToNull(v);
  return given === null ? null : (normalizePostalCode('PL', given) ?? given);
};

/** The smallest box the parcel fits (turned any way); null when it has no measures or fits none. */
export function boxFor(l: number | null, w: number | null, h: number | null): OrlenBoxSize | null {
  if (l === null || w === null || h === null) return null;
  const box = ORLEN_BOXES.find((b) => fits([l, w, h], [b.heightMm / 10, b.widthMm / 10, b.lengthMm / 10]));
  return box ? box.code : null;
}

export const orlenMapper: CarrierMapper<OrlenRequest, OrlenResponse> = {
  buildRequest(input: RegistrationRequest): OrlenRequest {
    const method = input.shippingMethod;
    const cod = input.additionalServices.find((s) => s.code === 'cod');
    const receiver = names(input.receiver);
    // A sender without a first and last name is a company (ORLEN takes names or a company name).
    const senderIsCompany = !blankToNull(input.sender.firstName) && !blankToNull(input.sender.lastName);
    const sender = senderIsCompany ? { first: null, last: null } : names(input.sender);
    const receiverStreet = street(blankToNull(input.receiver.streetAddress));
    const senderStreet = street(input.sender.streetAddress);
    const asked = input.lockerSize ?? (method.type === 'pickupPoint' ? input.account.defaultLockerSize : null);
    return {
      operation: 'GenerateLabelBusinessPackListTwo',
      PartnerID: input.account.logisticsContractNumber ?? input.account.username ?? '',
      AutoDestinationChange: false,
      Format: 'PDF10',
      BusinessPackList: {
        BusinessPack: input.parcels.map(
          (parcel, i): OrlenBusinessPack => ({
            DestinationCode: method.id,
            // The parcel's measures choose the box; without them the asked size (or the contract's).
            BoxSize: boxFor(parcel.lengthCm, parcel.widthCm, parcel.heightCm) ?? (parcel.lengthCm === null && asked ? ORLEN_BOX_OF[asked] : null),
            PackValue: cod && i === 0 ? String(cod.amountMinor) : null,
            CashOnDelivery: Boolean(cod && i === 0),
            AmountCashOnDelivery: cod && i === 0 ? String(cod.amountMinor) : null,
            TransferDescription: cod && i === 0 ? (input.merchantReference ?? input.shipmentId).slice(0, 70) : null,
            Insurance: false,
            FirstName: receiver.first,
            LastName: receiver.last,
            CompanyName: blankToNull(input.receiver.companyName),
            EMail: blankToNull(input.receiver.email),
            PhoneNumber: phone(input.receiver),
            StreetName: receiverStreet.street,
            BuildingNumber: receiverStreet.building,
            City: blankToNull(input.receiver.locality),
            PostCode: postCode(input.receiver.postalCode),
            SenderFirstName: sender.first,
            SenderLastName: sender.last,
            SenderCompanyName: blankToNull(input.sender.companyName) ?? (senderIsCompany ? input.sender.name : null),
            SenderEMail: blankToNull(input.sender.email),
            SenderStreetName: senderStreet.street ?? '',
            // ORLEN requires a building number; integrations send "." when the address has none.
            SenderBuildingNumber: senderStreet.building ?? '.',
            SenderCity: input.sender.locality,
            SenderPostCode: postCode(input.sender.postalCode) ?? '',
            SenderPhoneNumber: phone(input.sender),
            SenderOrders: blankToNull(input.merchantReference)?.slice(0, 30) ?? null,
            PrintAdress: '1',
          }),
        ),
      },
      kassa: {
        packs: input.parcels.map((p) => ({ weightGrams: p.weightGrams, lengthCm: p.lengthCm, widthCm: p.widthCm, heightCm: p.heightCm })),
        codCurrency: cod ? cod.currency : null,
        ageVerification: input.additionalServices.some((s) => s.code === 'ageVerification'),
      },
    };
  },

  parseResponse(answer: OrlenResponse, input: RegistrationRequest): RegistrationResult {
    if ('Fault' in answer) {
      return { ok: false, retryable: true, errors: [{ code: 'CARRIER_UNAVAILABLE', message: answer.Fault.faultstring }] };
    }
    const rows = answer.GenerateLabelBusinessPackListTwoResult.rows;
    const failed = rows.filter((r) => !ORLEN_SAVED.includes(r.Err));
    if (failed.length > 0) {
      return {
        ok: false,
        retryable: false,
        errors: failed.map((r) => {
          const known = ORLEN_ERRORS[r.Err];
          return known ? registrationError(known.code, r.ErrDes, known.field(r.Pack, input)) : registrationError('CARRIER_ERROR', r.ErrDes, undefined);
        }),
      };
    }
    const parcels: RegisteredParcel[] = [];
    for (let i = 0; i < input.parcels.length; i++) {
      const code = rows.find((r) => r.Pack === i)?.PackCode_RUCH;
      if (!code || !orlenDefinition.trackingNumber.isValid(code)) {
        return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `ORLEN Paczka answered without a valid pack code for parcel ${i + 1}` }] };
      }
      parcels.push({ carrierParcelId: code, trackingLink: orlenDefinition.trackingUrl(code), dropOffPin: null });
    }
    return { ok: true, carrierShipmentId: parcels[0]!.carrierParcelId, parcels };
  },
};
