/**
 * PostNord's sandbox: answers EDI booking instructions as PostNord would, deterministically.
 *
 * | input                                              | answer                                         |
 * | receiver name containing `UNAVAILABLE`             | compositeFault SERVICE_UNAVAILABLE (retryable) |
 * | receiver or sender name containing `FAIL`          | INVALID_PARTY on that nameIdentification.name  |
 * | phone number of zeros only, or not 5–15 digits     | INVALID_PHONE on that contact.smsNo            |
 * | postal code not in the country's format            | INVALID_POSTAL_CODE                            |
 * | courier receiver without street/city/postcode      | MISSING_PARAM                                  |
 * | destination PostNord does not serve                | INVALID_COUNTRY                                |
 * | parcel over 35 kg / longest side over 150 cm       | WEIGHT_EXCEEDED / SIZE_EXCEEDED                |
 * | additional service code (none are offered)         | INVALID_ADDITIONAL_SERVICE                     |
 * | anything else                                      | a booking: shipment id `70…` (17 digits) and   |
 * |                                                    | one S10 item id `UA…SE` per parcel             |
 *
 * The item id's country is the sender's when PostNord posts from there, else the destination's.
 */
import { isCountryCode, isValidPostalCode, splitInternationalPhone } from '../countries.js';
import type { CarrierSimulator } from '../kit/adapter.js';
import { MAGIC, evaluate, type PartyView, type SandboxRule, type SandboxView } from '../kit/sandbox-rules.js';
import { nthSequence, sandboxId } from '../kit/sandbox.js';
import { postnordDefinition } from './definition.js';
import type { PostnordFaultCode, PostnordParty, PostnordRequest, PostnordResponse } from './mapper.js';

const RULE_CODES: Readonly<Record<SandboxRule, PostnordFaultCode>> = {
  nameRejected: 'INVALID_PARTY',
  required: 'MISSING_PARAM',
  phoneInvalid: 'INVALID_PHONE',
  postalInvalid: 'INVALID_POSTAL_CODE',
  countryNotServed: 'INVALID_COUNTRY',
  tooHeavy: 'WEIGHT_EXCEEDED',
  tooLarge: 'SIZE_EXCEEDED',
  dimensionsRequired: 'DIMENSIONS_MISSING',
  serviceNotAvailable: 'INVALID_ADDITIONAL_SERVICE',
  codCurrency: 'INVALID_CURRENCY',
};

function party(role: 'receiver' | 'sender', p: PostnordParty, addressRequired: boolean): PartyView {
  const base = `shipment[0].parties.${role === 'receiver' ? 'consignee' : 'consignor'}.party`;
  return {
    role,
    name: { path: `${base}.nameIdentification.name`, value: p.nameIdentification.name },
    phone: { path: `${base}.contact.smsNo`, value: splitInternationalPhone(p.contact.smsNo)?.national ?? p.contact.smsNo },
    street: { path: `${base}.address.streets`, value: p.address.streets[0] ?? null },
    city: { path: `${base}.address.city`, value: p.address.city },
    postalCode: { path: `${base}.address.postalCode`, value: p.address.postalCode },
    country: { path: `${base}.address.countryCode`, value: p.address.countryCode },
    addressRequired,
  };
}

const fault = (message: string, faults: { faultCode: PostnordFaultCode; explanationText: string; param: string | null }[]): PostnordResponse => ({
  message,
  compositeFault: { faults: faults.map((f) => ({ faultCode: f.faultCode, explanationText: f.explanationText, paramValues: f.param === null ? [] : [{ param: f.param, value: '' }] })) },
});

export const postnordSimulator: CarrierSimulator<PostnordRequest, PostnordResponse> = {
  handle(req, ctx) {
    const s = req.shipment[0];
    if (!s) return fault('Bad request', [{ faultCode: 'MISSING_PARAM', explanationText: 'shipment is empty', param: 'shipment' }]);
    const courier = s.parties.deliveryParty === undefined;
    const items = s.goodsItem[0]?.items ?? [];
    const view: SandboxView = {
      destination: { path: 'shipment[0].parties.consignee.party.address.countryCode', value: s.parties.consignee.party.address.countryCode },
      methodType: courier ? 'courier' : 'pickupPoint',
      receiver: party('receiver', s.parties.consignee.party, courier),
      sender: party('sender', s.parties.consignor.party, true),
      parcels: items.map((it, i) => ({
        weightGrams: { path: `shipment[0].goodsItem[0].items[${i}].grossWeight`, value: Math.round(it.grossWeight.value * 1000) },
        dimensionsCm: { path: `shipment[0].goodsItem[0].items[${i}]`, value: it.dimensions ? ([it.dimensions.length.value, it.dimensions.width.value, it.dimensions.height.value] as const) : null },
      })),
      services: [],
      lockerSize: null,
      postalCodeValid: isValidPostalCode,
    };
    const outcome = evaluate(view, postnordDefinition);
    if (outcome.kind === 'unavailable') {
      return fault('Service unavailable', [
        { faultCode: 'SERVICE_UNAVAILABLE', explanationText: `PostNord is temporarily unavailable (sandbox: the receiver name contains ${MAGIC.unavailable})`, param: null },
      ]);
    }
    const extra = s.service.additionalServiceCode.map((code, k) => ({
      faultCode: 'INVALID_ADDITIONAL_SERVICE' as const,
      explanationText: `additional service ${code} is not offered`,
      param: `shipment[0].service.additionalServiceCode[${k}]`,
    }));
    if (outcome.issues.length > 0 || extra.length > 0) {
      return fault('Validation failed', [...outcome.issues.map((i) => ({ faultCode: RULE_CODES[i.rule], explanationText: i.message, param: i.path })), ...extra]);
    }
    const scheme = postnordDefinition.trackingNumber;
    const senderCountry = s.parties.consignor.party.address.countryCode;
    const destination = s.parties.consignee.party.address.countryCode;
    const served = (c: string) => isCountryCode(c) && postnordDefinition.countries.includes(c);
    const postedIn = served(senderCountry) && isCountryCode(senderCountry) ? senderCountry : isCountryCode(destination) ? destination : 'SE';
    return {
      bookingResponse: {
        bookingId: sandboxId('B', req.messageId, 12),
        idInformation: [
          {
            status: 'OK',
            ids: [
              { idType: 'shipmentId', value: sandboxId('70', req.messageId, 15) },
              ...items.map((_, i) => ({ idType: 'itemId' as const, value: scheme.generate(nthSequence(ctx.sequenceStart, i, scheme.capacity), postedIn) })),
            ],
          },
        ],
      },
    };
  },
};
