/**
 * Smartpost's sandbox: answers Smartpost orders as the carrier would, deterministically.
 *
 * | input                                              | answer                                        |
 * | receiver name containing `UNAVAILABLE`             | UNAVAILABLE / PN-9000 (retryable)             |
 * | receiver or sender name containing `FAIL`          | PN-1001 on that name                          |
 * | phone number of zeros only, or not 5–15 digits     | PN-1003 on that phone                         |
 * | postal code not in the country's format            | PN-1004                                       |
 * | courier receiver without street/city/postcode      | PN-1002                                       |
 * | parcel over 35 kg / longest side over 200 cm       | PN-2001 / PN-2002                             |
 * | parcel not fitting its locker size                 | PN-2002                                       |
 * | Finnish courier parcel without dimensions          | PN-2003                                       |
 * | extra the method does not offer in the country     | PN-3001                                       |
 * | anything else                                      | CREATED: 14-digit tracking codes; a 6-digit   |
 * |                                                    | drop-off code per parcel when `dropOffCode`   |
 */
import type { AdditionalServiceCode } from '../contract.js';
import { isValidPostalCode } from '../countries.js';
import type { CarrierSimulator } from '../kit/adapter.js';
import { MAGIC, evaluate, type PartyView, type SandboxRule } from '../kit/sandbox-rules.js';
import { nthSequence, sandboxDropOffPin, sandboxId } from '../kit/sandbox.js';
import { smartpostDefinition } from './definition.js';
import type { SmartpostErrorCode, SmartpostExtraCode, SmartpostParty, SmartpostRequest, SmartpostResponse } from './mapper.js';

const RULE_CODES: Readonly<Record<SandboxRule, SmartpostErrorCode>> = {
  nameRejected: 'PN-1001',
  required: 'PN-1002',
  phoneInvalid: 'PN-1003',
  postalInvalid: 'PN-1004',
  countryNotServed: 'PN-1005',
  tooHeavy: 'PN-2001',
  tooLarge: 'PN-2002',
  dimensionsRequired: 'PN-2003',
  serviceNotAvailable: 'PN-3001',
  codCurrency: 'PN-3002',
};

const EXTRA_SERVICES: Readonly<Record<SmartpostExtraCode, AdditionalServiceCode>> = { COD: 'cod', AGE18: 'ageVerification' };

function party(role: 'receiver' | 'sender', p: SmartpostParty, addressRequired: boolean): PartyView {
  const base = `order.${role === 'receiver' ? 'recipient' : 'sender'}`;
  return {
    role,
    name: { path: `${base}.name`, value: p.name },
    phone: { path: `${base}.phone`, value: p.phone.number },
    street: { path: `${base}.street`, value: p.street },
    city: { path: `${base}.city`, value: p.city },
    postalCode: { path: `${base}.postcode`, value: p.postcode },
    country: { path: `${base}.country`, value: p.country },
    addressRequired,
  };
}

export const smartpostSimulator: CarrierSimulator<SmartpostRequest, SmartpostResponse> = {
  handle(req, ctx) {
    const o = req.order;
    const outcome = evaluate(
      {
        destination: { path: 'order.recipient.country', value: o.recipient.country },
        methodType: o.product === 'PN_COURIER' ? 'courier' : 'pickupPoint',
        receiver: party('receiver', o.recipient, o.product === 'PN_COURIER'),
        sender: party('sender', o.sender, true),
        parcels: o.parcels.map((p, i) => ({
          weightGrams: { path: `order.parcels[${i}].grossWeightG`, value: p.grossWeightG },
          dimensionsCm: {
            path: `order.parcels[${i}]`,
            value: p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null ? ([p.lengthCm, p.widthCm, p.heightCm] as const) : null,
          },
        })),
        services: o.extras.map((e, k) => ({ path: `order.extras[${k}]`, code: EXTRA_SERVICES[e.code], currency: e.currency, currencyPath: `order.extras[${k}].currency` })),
        lockerSize: o.parcels[0]?.lockerSize ?? null,
        postalCodeValid: isValidPostalCode,
      },
      smartpostDefinition,
    );
    if (outcome.kind === 'unavailable') {
      return { status: 'UNAVAILABLE', problems: [{ path: null, code: 'PN-9000', detail: `Smartpost is temporarily unavailable (sandbox: the receiver name contains ${MAGIC.unavailable})` }] };
    }
    if (outcome.issues.length > 0) {
      return { status: 'REJECTED', problems: outcome.issues.map((i) => ({ path: i.path, code: RULE_CODES[i.rule], detail: i.message })) };
    }
    const scheme = smartpostDefinition.trackingNumber;
    return {
      status: 'CREATED',
      orderId: sandboxId('PN-', o.reference, 12),
      parcels: o.parcels.map((p, i) => {
        const trackingCode = scheme.generate(nthSequence(ctx.sequenceStart, i, scheme.capacity), 'FI');
        return { ref: p.ref, trackingCode, dropOffCode: o.dropOffCode ? sandboxDropOffPin('smartpost', trackingCode, 6) : null };
      }),
    };
  },
};
