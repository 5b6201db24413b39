/**
 * Unisend's sandbox: answers a batch of Unisend parcels and their shipping initiation as the
 * carrier would, deterministically.
 *
 * | input                                              | answer                                          |
 * | receiver name containing `UNAVAILABLE`             | HTTP 503 ServiceUnavailable (retryable)         |
 * | receiver or sender name containing `FAIL`          | 400 InvalidValue on that name                   |
 * | phone number of zeros only, or not 5–15 digits     | 400 InvalidPhone on contacts.phone              |
 * | postal code not in the country's format            | 400 InvalidPostalCode                           |
 * | courier receiver without address/locality/postcode | 400 NotBlank                                    |
 * | parcel over 30 kg / longest side over 74 cm        | 400 TooHeavy / TooLarge                         |
 * | parcel not fitting its size's compartment          | 400 TooLarge                                    |
 * | service the method does not offer (age18)          | 400 ServiceNotAvailable                         |
 * | anything else                                      | 200 SUCCESSFUL: an S10 barcode `CE…LT` per idRef |
 */
import { createHash } from 'node:crypto';
import type { AdditionalServiceCode } from '../contract.js';
import { isValidPostalCode, splitInternationalPhone } from '../countries.js';
import type { CarrierSimulator } from '../kit/adapter.js';
import { MAGIC, evaluate, type PartyView, type SandboxIssue, type SandboxRule } from '../kit/sandbox-rules.js';
import { nthSequence } from '../kit/sandbox.js';
import { unisendDefinition } from './definition.js';
import type { UnisendErrorName, UnisendParty, UnisendRequest, UnisendResponse, UnisendServiceCode } from './mapper.js';

const RULE_ERRORS: Readonly<Record<SandboxRule, UnisendErrorName>> = {
  nameRejected: 'InvalidValue',
  required: 'NotBlank',
  phoneInvalid: 'InvalidPhone',
  postalInvalid: 'InvalidPostalCode',
  countryNotServed: 'CountryNotServed',
  tooHeavy: 'TooHeavy',
  tooLarge: 'TooLarge',
  dimensionsRequired: 'DimensionsRequired',
  serviceNotAvailable: 'ServiceNotAvailable',
  codCurrency: 'InvalidCurrency',
};

const SERVICES: Readonly<Record<UnisendServiceCode, AdditionalServiceCode>> = { cod: 'cod', age18: 'ageVerification' };

function party(role: 'receiver' | 'sender', p: UnisendParty, addressRequired: boolean): PartyView {
  const base = `parcels[0].${role}`;
  return {
    role,
    name: { path: `${base}.name`, value: p.name },
    phone: { path: `${base}.contacts.phone`, value: splitInternationalPhone(p.contacts.phone)?.national ?? p.contacts.phone },
    street: { path: `${base}.address.address`, value: p.address.address },
    city: { path: `${base}.address.locality`, value: p.address.locality },
    postalCode: { path: `${base}.address.postalCode`, value: p.address.postalCode },
    country: { path: `${base}.address.countryCode`, value: p.address.countryCode },
    addressRequired,
  };
}

function rank(path: string): number {
  const parcel = /^parcels\[(\d+)\]\.parcel/.exec(path)?.[1];
  return parcel === undefined ? -1 : Number(parcel);
}

/** A UUID-shaped id derived from the text. */
function requestId(text: string): string {
  const h = createHash('sha256').update(`unisend:${text}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const unisendSimulator: CarrierSimulator<UnisendRequest, UnisendResponse> = {
  handle(req, ctx) {
    const first = req.parcels[0];
    if (!first) return { httpStatus: 400, body: [{ error: 'NotBlank', error_description: 'idRefs is empty', field: 'initiate.idRefs' }] };
    const isTerminal = first.plan.code === 'TERMINAL';
    const outcome = evaluate(
      {
        destination: { path: 'parcels[0].receiver.address.countryCode', value: first.receiver.address.countryCode },
        methodType: isTerminal ? 'pickupPoint' : 'courier',
        receiver: party('receiver', first.receiver, !isTerminal),
        sender: party('sender', first.sender, true),
        // Unisend takes sizes, not measures: the mapper sends no size for a parcel that fits none.
        parcels: req.parcels.map((p, i) => ({ weightGrams: { path: `parcels[${i}].parcel.weight`, value: p.parcel.weight }, dimensionsCm: { path: `parcels[${i}].parcel`, value: null } })),
        services: (first.services ?? []).map((s, k) => ({ path: `parcels[0].services[${k}]`, code: SERVICES[s.code], currency: 'EUR' })),
        lockerSize: null,
        postalCodeValid: isValidPostalCode,
      },
      unisendDefinition,
    );
    if (outcome.kind === 'unavailable') {
      return {
        httpStatus: 503,
        body: [{ error: 'ServiceUnavailable', error_description: `Unisend is temporarily unavailable (sandbox: the receiver name contains ${MAGIC.unavailable})`, field: null }],
      };
    }
    const issues: SandboxIssue[] = [...outcome.issues];
    req.parcels.forEach((p, i) => {
      if (p.parcel.size === null) issues.push({ path: `parcels[${i}].parcel`, rule: 'tooLarge', message: 'parcel fits no Unisend size (XS–XL, at most 35 × 61 × 74.5 cm), or not the one asked for' });
    });
    // Keep the parcel order of the answer: party and service issues first, then parcels by index.
    issues.sort((a, b) => rank(a.path) - rank(b.path));
    if (issues.length > 0) return { httpStatus: 400, body: issues.map((i) => ({ error: RULE_ERRORS[i.rule], error_description: i.message, field: i.path })) };
    const scheme = unisendDefinition.trackingNumber;
    return {
      httpStatus: 200,
      body: {
        requestId: requestId(req.initiate.idRefs.join(',')),
        status: 'SUCCESSFUL',
        items: req.parcels.map((p, i) => ({
          idRef: p.idRef,
          status: p.parcel.type.startsWith('H') ? 'COURIER_PENDING' : 'OK',
          barcode: scheme.generate(nthSequence(ctx.sequenceStart, i, scheme.capacity), 'LT'),
        })),
      },
    };
  },
};
