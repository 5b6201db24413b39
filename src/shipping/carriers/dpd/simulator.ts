/**
 * DPD's sandbox: answers storeOrders requests as the carrier would, deterministically.
 *
 * | input                                              | answer                                        |
 * | receiver name containing `UNAVAILABLE`             | systemFault SW-503 (retryable)                |
 * | receiver or sender name containing `FAIL`          | fault SW-401 on that name1                    |
 * | phone number of zeros only, or not 5–15 digits     | fault SW-403 on that phone                    |
 * | postal code not in the country's digits            | fault SW-404 on that zipCode                  |
 * | courier receiver without street/city/zip          | fault SW-402                                  |
 * | parcel over 31.5 kg / longest side over 175 cm     | fault SW-411 / SW-412                         |
 * | COD or age check the method does not offer         | fault SW-421                                  |
 * | anything else                                      | 14-digit parcel numbers, an MPS id; a 6-digit |
 * |                                                    | drop-off code per parcel when `dropOffCode`   |
 */
import type { CarrierSimulator } from '../kit/adapter.js';
import { MAGIC, evaluate, type PartyView, type SandboxRule, type ServiceView } from '../kit/sandbox-rules.js';
import { nthSequence, sandboxDropOffPin, sandboxId } from '../kit/sandbox.js';
import { dpdDefinition } from './definition.js';
import { swiftPostalCodeValid, type SwiftAddress, type SwiftFaultCode, type SwiftRequest, type SwiftResponse } from './mapper.js';

const RULE_CODES: Readonly<Record<SandboxRule, SwiftFaultCode>> = {
  nameRejected: 'SW-401',
  required: 'SW-402',
  phoneInvalid: 'SW-403',
  postalInvalid: 'SW-404',
  countryNotServed: 'SW-405',
  tooHeavy: 'SW-411',
  tooLarge: 'SW-412',
  dimensionsRequired: 'SW-413',
  serviceNotAvailable: 'SW-421',
  codCurrency: 'SW-422',
};

function party(role: 'receiver' | 'sender', a: SwiftAddress, addressRequired: boolean): PartyView {
  const base = `generalShipmentData.${role === 'receiver' ? 'recipient' : 'sender'}`;
  const dash = a.phone.indexOf('-');
  return {
    role,
    name: { path: `${base}.name1`, value: a.name1 },
    phone: { path: `${base}.phone`, value: a.phone.startsWith('+') && dash > 0 ? a.phone.slice(dash + 1) : a.phone },
    street: { path: `${base}.street`, value: a.street },
    city: { path: `${base}.city`, value: a.city },
    postalCode: { path: `${base}.zipCode`, value: a.zipCode },
    country: { path: `${base}.country`, value: a.country },
    addressRequired,
  };
}

function volume(v: string | null): readonly [number, number, number] | null {
  if (v === null || !/^\d{9}$/.test(v)) return null;
  return [Number(v.slice(0, 3)), Number(v.slice(3, 6)), Number(v.slice(6, 9))];
}

export const dpdSimulator: CarrierSimulator<SwiftRequest, SwiftResponse> = {
  handle(req, ctx) {
    const g = req.order.generalShipmentData;
    const data = req.order.productAndServiceData;
    const services: ServiceView[] = [];
    if (data.cod) services.push({ path: 'productAndServiceData.cod', code: 'cod', currency: data.cod.currency, currencyPath: 'productAndServiceData.cod.currency' });
    if (data.ageCheck) services.push({ path: 'productAndServiceData.ageCheck', code: 'ageVerification' });
    const outcome = evaluate(
      {
        destination: { path: 'generalShipmentData.recipient.country', value: g.recipient.country },
        methodType: g.product === 'PS' ? 'pickupPoint' : 'courier',
        receiver: party('receiver', g.recipient, g.product !== 'PS'),
        sender: party('sender', g.sender, true),
        parcels: req.order.parcels.map((p, i) => ({
          weightGrams: { path: `parcels[${i}].weight`, value: p.weight * 10 },
          dimensionsCm: { path: `parcels[${i}].volume`, value: volume(p.volume) },
        })),
        services,
        lockerSize: null,
        postalCodeValid: swiftPostalCodeValid,
      },
      dpdDefinition,
    );
    if (outcome.kind === 'unavailable') {
      return { orderResult: null, systemFault: { faultCode: 'SW-503', field: null, message: `DPD is temporarily unavailable (sandbox: the receiver name contains ${MAGIC.unavailable})` } };
    }
    if (outcome.issues.length > 0) {
      return {
        orderResult: {
          shipmentResponses: [
            {
              identificationNumber: g.identificationNumber,
              mpsId: null,
              parcelInformation: [],
              faults: outcome.issues.map((i) => ({ faultCode: RULE_CODES[i.rule], field: i.path, message: i.message })),
            },
          ],
        },
        systemFault: null,
      };
    }
    const scheme = dpdDefinition.trackingNumber;
    const numbers = req.order.parcels.map((_, i) => scheme.generate(nthSequence(ctx.sequenceStart, i, scheme.capacity), 'EE'));
    return {
      orderResult: {
        shipmentResponses: [
          {
            identificationNumber: g.identificationNumber,
            mpsId: `MPS${numbers[0] ?? ''}${sandboxId('', g.identificationNumber, 4)}`,
            parcelInformation: numbers.map((parcelLabelNumber) => ({
              parcelLabelNumber,
              dropOffCode: req.order.productAndServiceData.dropOffCode ? sandboxDropOffPin('dpd', parcelLabelNumber, 6) : null,
            })),
            faults: [],
          },
        ],
      },
      systemFault: null,
    };
  },
};
