/**
 * Omniva's sandbox: answers Omniva requests as the carrier would, deterministically.
 *
 * | input                                              | answer                                         |
 * | receiver name containing `UNAVAILABLE`             | SERVICE_UNAVAILABLE / E900 (retryable)         |
 * | receiver or sender name containing `FAIL`          | E101_ADDRESSEE_REJECTED on that personName     |
 * | phone number of zeros only, or not 5–15 digits     | E103_PHONE on that contactMobile               |
 * | postal code not in the country's format            | E104_POSTCODE                                  |
 * | courier receiver without street/city/postcode      | E102_MISSING                                   |
 * | parcel over 30 kg / longest side over 150 cm       | E201_WEIGHT / E202_SIZE                        |
 * | add-on the method does not offer in the country    | E301_ADDON                                     |
 * | anything else                                      | OK: S10 barcodes `CE…EE`                       |
 *
 * The barcode's country is the sender's when Omniva posts from there, else the destination's.
 */
import type { AdditionalServiceCode } from '../contract.js';
import { isCountryCode, isValidPostalCode } from '../countries.js';
import type { CarrierSimulator } from '../kit/adapter.js';
import { MAGIC, evaluate, type PartyView, type SandboxRule, type SandboxView } from '../kit/sandbox-rules.js';
import { nthSequence, sandboxId } from '../kit/sandbox.js';
import { omnivaDefinition } from './definition.js';
import type { OmnivaAddOnCode, OmnivaAddressee, OmnivaErrorCode, OmnivaRequest, OmnivaResponse } from './mapper.js';

const RULE_CODES: Readonly<Record<SandboxRule, OmnivaErrorCode>> = {
  nameRejected: 'E101_ADDRESSEE_REJECTED',
  required: 'E102_MISSING',
  phoneInvalid: 'E103_PHONE',
  postalInvalid: 'E104_POSTCODE',
  countryNotServed: 'E105_COUNTRY',
  tooHeavy: 'E201_WEIGHT',
  tooLarge: 'E202_SIZE',
  dimensionsRequired: 'E203_MEASUREMENTS',
  serviceNotAvailable: 'E301_ADDON',
  codCurrency: 'E302_ADDON_CURRENCY',
};

const ADDON_SERVICES: Readonly<Partial<Record<OmnivaAddOnCode, AdditionalServiceCode>>> = { COD: 'cod', AGE_CHECK_18: 'ageVerification' };

/** `+372 5551234` → `5551234`. */
function nationalPart(e123: string): string {
  const [first, ...rest] = e123.trim().split(/\s+/);
  return first?.startsWith('+') ? rest.join('') : e123;
}

function party(role: 'receiver' | 'sender', a: OmnivaAddressee, addressRequired: boolean): PartyView {
  const base = `shipments[0].${role}Addressee`;
  return {
    role,
    name: { path: `${base}.personName`, value: a.personName },
    phone: { path: `${base}.contactMobile`, value: nationalPart(a.contactMobile) },
    street: { path: `${base}.address.street`, value: a.address.street },
    city: { path: `${base}.address.deliverypoint`, value: a.address.deliverypoint },
    postalCode: { path: `${base}.address.postcode`, value: a.address.postcode },
    country: { path: `${base}.address.country`, value: a.address.country },
    addressRequired,
  };
}

const cm = (m: number | null): number | null => (m === null ? null : Math.round(m * 100));

export const omnivaSimulator: CarrierSimulator<OmnivaRequest, OmnivaResponse> = {
  handle(req, ctx) {
    const first = req.shipments[0];
    if (!first) return { resultCode: 'VALIDATION_ERROR', messages: [{ field: 'shipments', code: 'E102_MISSING', text: 'shipments is empty' }] };
    const view: SandboxView = {
      destination: { path: 'shipments[0].receiverAddressee.address.country', value: first.receiverAddressee.address.country },
      methodType: first.deliveryChannel === 'COURIER' ? 'courier' : 'pickupPoint',
      receiver: party('receiver', first.receiverAddressee, first.deliveryChannel === 'COURIER'),
      sender: party('sender', first.senderAddressee, true),
      parcels: req.shipments.map((s, i) => {
        const sides = [cm(s.measurement.length), cm(s.measurement.width), cm(s.measurement.height)] as const;
        const [l, w, h] = sides;
        return {
          weightGrams: { path: `shipments[${i}].measurement.weight`, value: Math.round(s.measurement.weight * 1000) },
          dimensionsCm: { path: `shipments[${i}].measurement`, value: l !== null && w !== null && h !== null ? ([l, w, h] as const) : null },
        };
      }),
      services: first.addOns.flatMap((a, k) => {
        const code = ADDON_SERVICES[a.code];
        if (!code) return [];
        return [{ path: `shipments[0].addOns[${k}]`, code, currency: a.currency, currencyPath: `shipments[0].addOns[${k}].currency` }];
      }),
      lockerSize: null,
      postalCodeValid: isValidPostalCode,
    };
    const outcome = evaluate(view, omnivaDefinition);
    if (outcome.kind === 'unavailable') {
      return {
        resultCode: 'SERVICE_UNAVAILABLE',
        messages: [{ field: null, code: 'E900_UNAVAILABLE', text: `Omniva is temporarily unavailable (sandbox: the receiver name contains ${MAGIC.unavailable})` }],
      };
    }
    if (outcome.issues.length > 0) {
      return { resultCode: 'VALIDATION_ERROR', messages: outcome.issues.map((i) => ({ field: i.path, code: RULE_CODES[i.rule], text: i.message })) };
    }
    const scheme = omnivaDefinition.trackingNumber;
    const senderCountry = first.senderAddressee.address.country;
    const destination = first.receiverAddressee.address.country;
    const postedIn = isCountryCode(senderCountry) && omnivaDefinition.countries.includes(senderCountry) ? senderCountry : isCountryCode(destination) ? destination : 'EE';
    return {
      resultCode: 'OK',
      groupId: sandboxId('BP', req.fileId, 10),
      savedShipments: req.shipments.map((s, i) => {
        const barcode = scheme.generate(nthSequence(ctx.sequenceStart, i, scheme.capacity), postedIn);
        return { partnerShipmentId: s.partnerShipmentId, barcode };
      }),
    };
  },
};
