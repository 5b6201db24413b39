/**
 * Venipak's shipment import (`POST /import/send.php`, form fields `user`, `pass`, `xml_text`):
 * an XML `<description type="1">` holding a `<manifest title name>` with one `<shipment>` per
 * Kassa shipment: `<sender>`, `<consignee>`, `<attribute>` and one `<pack>` per parcel. Here the
 * XML travels as JSON with the same element names (`toXml` renders the real document). The
 * SENDER numbers the packs (`V` + API id + `E` + 7-digit serial, from the contract's reserved
 * sequence); Venipak answers `<answer type="ok">` with one `<text>` per pack number, or
 * `<answer type="error">` with `<error code shipment pack><text>` items, which carry no field
 * path: the code says which field. Weights in kg, volume in m³, postal codes as digits, phones in
 * international form (`+37061234567`), COD as a decimal with its currency (`cod_type`).
 * Pickup points: the consignee's `company_code` is the point's code. Pure.
 */
import { escapeXml } from '../../../platform/html.js';
import { formatAmount } from '../../../platform/money.js';
import type { Party, RegisteredParcel, RegistrationError, RegistrationErrorCode, RegistrationRequest, RegistrationResult } from '../contract.js';
import { isCountryCode, isValidPostalCode, postalCodeDigits } from '../countries.js';
import type { CarrierMapper } from '../kit/adapter.js';
import { blankToNull, gramsToKg, phoneNational, phonePrefix, postalCodeForCarrier, registrationError, serviceField } from '../kit/model.js';
import { nthSequence, sandboxSequenceStart } from '../kit/sandbox.js';
import { venipakDefinition } from './definition.js';
import { VENIPAK_SANDBOX_API_ID, venipakPackNumber } from './pack-number.js';

/** `<sender>`, `<consignee>`. */
export interface VenipakParty {
  name: string;
  /** A company's registration code; for a pickup point consignee, the point's code. */
  company_code: string | null;
  country: string;
  city: string | null;
  address: string | null;
  /** Digits only for LT/LV/EE (`44311`, `3001`). */
  post_code: string | null;
  contact_person: string;
  /** International form, no spaces: `+37061234567`. */
  contact_tel: string;
  contact_email: string | null;
}

/** `<attribute>`. */
export interface VenipakAttribute {
  /** The merchant's reference. */
  shipment_code: string | null;
  /** `nwd`: next working day, Venipak's standard. */
  delivery_type: 'nwd';
  /** COD amount, a decimal; null without COD. */
  cod: string | null;
  cod_type: string | null;
  /** Age check at delivery (18). */
  min_age: number | null;
  comment_text: string | null;
}

/** `<pack>`. */
export interface VenipakPack {
  pack_no: string;
  /** Kassa's parcel id. */
  doc_no: string;
  /** kg, 3 decimals. */
  weight: number;
  /** m³; null without dimensions. */
  volume: number | null;
  /** cm; null when not given. */
  length: number | null;
  width: number | null;
  height: number | null;
}

export interface VenipakShipment {
  sender: VenipakParty;
  consignee: VenipakParty;
  attribute: VenipakAttribute;
  pack: VenipakPack[];
}

export interface VenipakRequest {
  /** Form field `user` (the password travels beside it and is not part of the document). */
  user: string;
  description: {
    /** 1: shipments (2 is a courier invitation). */
    type: 1;
    manifest: {
      /** API id + yymmdd + 3-digit counter: one manifest per sender and day. */
      title: string;
      name: string;
      shipment: VenipakShipment[];
    };
  };
}

export interface VenipakError {
  code: number;
  /** Index of the shipment in the manifest. */
  shipment: number;
  /** The pack number concerned, or empty. */
  pack: string;
  text: string;
}

export type VenipakAnswer = { type: 'ok'; text: { value: string; shipment: string }[] } | { type: 'error'; error: VenipakError[] };

/** The HTTP exchange: an answer document, or none (Venipak down). */
export interface VenipakResponse {
  httpStatus: number;
  answer: VenipakAnswer | null;
}

/** The account's Venipak API id when the contract gives one (5 digits), else the sandbox's. */
export function venipakApiId(input: RegistrationRequest): string {
  const n = input.account.logisticsContractNumber?.trim() ?? '';
  return /^\d{5}$/.test(n) ? n : VENIPAK_SANDBOX_API_ID;
}

/** The pack numbers of the shipment's parcels: the contract's reserved sequence, else the sandbox's. */
export function venipakPackNumbers(input: RegistrationRequest): string[] {
  const capacity = venipakDefinition.trackingNumber.capacity;
  const start = input.sequenceStart ?? sandboxSequenceStart(input.shipmentId, capacity);
  const apiId = venipakApiId(input);
  return input.parcels.map((_, i) => venipakPackNumber(apiId, nthSequence(start, i, capacity)));
}

/** yymmdd of a UUIDv7's timestamp (the shipment's creation day, UTC); `000000` for other ids. */
export function manifestDay(shipmentId: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7/i.test(shipmentId)) return '000000';
  const ms = parseInt(shipmentId.replace(/-/g, '').slice(0, 12), 16);
  const d = new Date(ms);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
}

/** Venipak's postal codes: the digits of the three countries' codes; others as written. */
export function venipakPostalCodeValid(country: string, postCode: string): boolean {
  return isCountryCode(country) ? new RegExp(`^\\d{${country === 'LV' ? 4 : 5}}$`).test(postCode) : isValidPostalCode(country, postCode);
}

function postCode(country: string, postalCode: string | null | undefined): string | null {
  const canonical = postalCodeForCarrier(country, postalCode);
  if (canonical === null) return null;
  return isCountryCode(country) && isValidPostalCode(country, canonical) ? postalCodeDigits(canonical) : canonical;
}

function party(p: Party, country: string, companyCode: string | null): VenipakParty {
  return {
    name: p.name,
    company_code: companyCode,
    country,
    city: blankToNull(p.locality),
    address: blankToNull(p.streetAddress),
    post_code: postCode(country, p.postalCode),
    contact_person: p.name,
    contact_tel: `${phonePrefix(p.phoneCountryCode)}${phoneNational(p.phoneNumber)}`,
    contact_email: blankToNull(p.email),
  };
}

const cubicMetres = (l: number | null, w: number | null, h: number | null): number | null => (l === null || w === null || h === null ? null : Number(((l * w * h) / 1_000_000).toFixed(6)));

/** How a Venipak error code reads in the unified model (codes from Venipak's import manual as the public plugins list them; those marked assumed are Kassa's sandbox's own). */
interface ErrorRule {
  code: RegistrationErrorCode;
  field(input: RegistrationRequest, packIndex: number): string | undefined;
  /** The field was left empty: REQUIRED_FIELD instead. */
  blank?(input: RegistrationRequest): boolean;
}

const empty = (v: string | null | undefined): boolean => v === null || v === undefined || v.trim() === '';
const on = (field: string) => (): string => field;
const pack =
  (suffix: string) =>
  (_: RegistrationRequest, i: number): string | undefined =>
    i < 0 ? undefined : `parcels[${i}]${suffix}`;

export const VENIPAK_ERRORS: Readonly<Record<number, ErrorRule>> = Object.freeze({
  20: { code: 'INVALID_FIELD', field: on('receiver.name'), blank: (r) => empty(r.receiver.name) },
  21: { code: 'INVALID_FIELD', field: on('receiver.country') },
  22: { code: 'REQUIRED_FIELD', field: on('receiver.locality') },
  23: { code: 'REQUIRED_FIELD', field: on('receiver.streetAddress') },
  24: { code: 'INVALID_POSTAL_CODE', field: on('receiver.postalCode'), blank: (r) => empty(r.receiver.postalCode) },
  44: { code: 'INVALID_FIELD', field: pack('.weight') },
  46: { code: 'PARCEL_TOO_LARGE', field: pack('') },
  /** Assumed: a pack over Venipak's weight limit. */
  47: { code: 'PARCEL_TOO_HEAVY', field: pack('.weight') },
  /** Assumed: a pack without the dimensions its service needs. */
  48: { code: 'DIMENSIONS_REQUIRED', field: pack('') },
  50: { code: 'INVALID_FIELD', field: on('sender.name'), blank: (r) => empty(r.sender.name) },
  51: { code: 'INVALID_FIELD', field: on('sender.country') },
  52: { code: 'REQUIRED_FIELD', field: on('sender.locality') },
  53: { code: 'REQUIRED_FIELD', field: on('sender.streetAddress') },
  54: { code: 'INVALID_POSTAL_CODE', field: on('sender.postalCode'), blank: (r) => empty(r.sender.postalCode) },
  /** Assumed: the sender's phone (the manual's list has the receiver's, 85). */
  55: { code: 'INVALID_PHONE', field: on('sender.phoneNumber') },
  85: { code: 'INVALID_PHONE', field: on('receiver.phoneNumber') },
  95: { code: 'INVALID_FIELD', field: on('receiver.country') },
  /** Assumed: COD not offered with the service. */
  99: { code: 'SERVICE_NOT_AVAILABLE', field: (r) => serviceField(r, 'cod') },
  /** Assumed: COD in another currency than the destination's. */
  100: { code: 'INVALID_FIELD', field: (r) => serviceField(r, 'cod', '.params.amount') },
  /** Assumed: an age check (min_age) not offered with the service. */
  101: { code: 'SERVICE_NOT_AVAILABLE', field: (r) => serviceField(r, 'ageVerification') },
});

function readError(e: VenipakError, input: RegistrationRequest, packs: readonly string[]): RegistrationError {
  const rule = VENIPAK_ERRORS[e.code];
  if (!rule) return registrationError('CARRIER_ERROR', `Venipak error ${e.code}: ${e.text}`, undefined);
  const field = rule.field(input, packs.indexOf(e.pack));
  return registrationError(rule.blank?.(input) ? 'REQUIRED_FIELD' : rule.code, e.text, field);
}

export const venipakMapper: CarrierMapper<VenipakRequest, VenipakResponse> = {
  buildRequest(input: RegistrationRequest): VenipakRequest {
    const method = input.shippingMethod;
    if (method.type === 'pickupPoint' && method.subtype === 'postOffice') throw new Error('Venipak has no post offices');
    if (method.type === 'courier' && method.subtype !== 'standard') throw new Error(`Venipak has no courier ${method.subtype}`);
    const apiId = venipakApiId(input);
    const packs = venipakPackNumbers(input);
    const cod = input.additionalServices.find((s) => s.code === 'cod');
    const receiverCountry = blankToNull(input.receiver.country) ?? method.countryCode;
    return {
      user: input.account.username ?? '',
      description: {
        type: 1,
        manifest: {
          title: `${apiId}${manifestDay(input.shipmentId)}001`,
          name: 'Kassa',
          shipment: [
            {
              sender: party(input.sender, input.sender.country, null),
              consignee: party(input.receiver, receiverCountry, method.type === 'pickupPoint' ? method.id : null),
              attribute: {
                shipment_code: input.merchantReference,
                delivery_type: 'nwd',
                cod: cod?.code === 'cod' ? formatAmount(cod.amountMinor) : null,
                cod_type: cod?.code === 'cod' ? cod.currency : null,
                min_age: input.additionalServices.some((s) => s.code === 'ageVerification') ? 18 : null,
                comment_text: input.orderComment,
              },
              pack: input.parcels.map((p, i) => ({
                pack_no: packs[i]!,
                doc_no: p.id,
                weight: gramsToKg(p.weightGrams),
                volume: cubicMetres(p.lengthCm, p.widthCm, p.heightCm),
                length: p.lengthCm,
                width: p.widthCm,
                height: p.heightCm,
              })),
            },
          ],
        },
      },
    };
  },

  parseResponse(response: VenipakResponse, input: RegistrationRequest): RegistrationResult {
    const answer = response.answer;
    if (answer === null || response.httpStatus >= 500) {
      return { ok: false, retryable: true, errors: [{ code: 'CARRIER_UNAVAILABLE', message: `Venipak answered HTTP ${response.httpStatus}` }] };
    }
    const packs = venipakPackNumbers(input);
    if (answer.type === 'error') return { ok: false, retryable: false, errors: answer.error.map((e) => readError(e, input, packs)) };
    const parcels: RegisteredParcel[] = [];
    for (const packNo of packs) {
      const got = answer.text.find((t) => t.value === packNo);
      if (!got || !venipakDefinition.trackingNumber.isValid(got.value)) {
        return { ok: false, retryable: false, errors: [{ code: 'CARRIER_ERROR', message: `Venipak did not confirm pack ${packNo}` }] };
      }
      parcels.push({ carrierParcelId: got.value, trackingLink: venipakDefinition.trackingUrl(got.value), dropOffPin: null });
    }
    return { ok: true, carrierShipmentId: answer.text[0]?.shipment ?? '', parcels };
  },
};

function element(name: string, value: string | number | null): string {
  return value === null ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;
}

function partyXml(tag: string, p: VenipakParty): string {
  const fields = [
    element('name', p.name),
    element('company_code', p.company_code),
    element('country', p.country),
    element('city', p.city),
    element('address', p.address),
    element('post_code', p.post_code),
    element('contact_person', p.contact_person),
    element('contact_tel', p.contact_tel),
    element('contact_email', p.contact_email),
  ];
  return `<${tag}>${fields.join('')}</${tag}>`;
}

/** The request as the XML document Venipak's import takes (`xml_text`). */
export function toXml(req: VenipakRequest): string {
  const m = req.description.manifest;
  const shipments = m.shipment.map((s) => {
    const a = s.attribute;
    const attribute = [
      element('shipment_code', a.shipment_code),
      element('delivery_type', a.delivery_type),
      element('cod', a.cod),
      element('cod_type', a.cod_type),
      element('min_age', a.min_age),
      element('comment_text', a.comment_text),
    ].join('');
    const packs = s.pack.map((p) => `<pack>${element('pack_no', p.pack_no)}${element('doc_no', p.doc_no)}${element('weight', p.weight)}${element('volume', p.volume)}</pack>`).join('');
    return `<shipment>${partyXml('sender', s.sender)}${partyXml('consignee', s.consignee)}<attribute>${attribute}</attribute>${packs}</shipment>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><description type="${req.description.type}"><manifest title="${escapeXml(m.title)}" name="${escapeXml(m.name)}">${shipments.join('')}</manifest></description>`;
}
