/**
 * InPost's sandbox: answers shipment requests as the carrier would, deterministically.
 *
 * | input                                              | answer                                          |
 * | receiver name containing `UNAVAILABLE`             | 503 service_unavailable (retryable)             |
 * | receiver or sender name containing `FAIL`          | 400, details `{receiver: {name: ['rejected']}}` |
 * | phone number of zeros only, or not 5–15 digits     | 400, `invalid_phone`                            |
 * | postal code not in the country's format            | 400, `invalid_post_code`                        |
 * | courier receiver without street/city/post code     | 400, `required`                                 |
 * | courier parcel without dimensions                  | 400, `dimensions_required`                      |
 * | parcel over 25 kg / longest side over 150 cm       | 400, `too_heavy` / `too_large`                  |
 * | locker parcel fitting no template, or not its own  | 400, `too_large`                                |
 * | service the method does not offer in the country   | 400, `not_available`                            |
 * | anything else                                      | confirmed: 24-digit tracking numbers            |
 */
import { isValidPostalCode } from '../countries.js';
import type { CarrierSimulator } from '../kit/adapter.js';
import { MAGIC, evaluate, fits, type PartyView, type SandboxRule } from '../kit/sandbox-rules.js';
import { nthSequence, sandboxId } from '../kit/sandbox.js';
import { inpostDefinition } from './definition.js';
import { INPOST_TEMPLATES, type InPostAdditionalService, type InPostDetails, type InPostErrorKey, type InPostPeer, type InPostRequest, type InPostResponse, type InPostTemplate } from './mapper.js';

const RULE_KEYS: Readonly<Record<SandboxRule, InPostErrorKey>> = {
  nameRejected: 'rejected',
  required: 'required',
  phoneInvalid: 'invalid_phone',
  postalInvalid: 'invalid_post_code',
  countryNotServed: 'not_served',
  tooHeavy: 'too_heavy',
  tooLarge: 'too_large',
  dimensionsRequired: 'dimensions_required',
  serviceNotAvailable: 'not_available',
  codCurrency: 'invalid_currency',
};

const TEMPLATE_CM = new Map<InPostTemplate, readonly [number, number, number]>(INPOST_TEMPLATES.map((t) => [t.template, t.cm]));

const SERVICE_CODES = { cod: 'cod', adult_18: 'ageVerification' } as const satisfies Record<InPostAdditionalService, string>;

function party(role: 'receiver' | 'sender', p: InPostPeer, addressRequired: boolean): PartyView {
  return {
    role,
    name: { path: `${role}.name`, value: p.name },
    phone: { path: `${role}.phone`, value: p.phone },
    street: { path: `${role}.address.street`, value: p.address.street },
    city: { path: `${role}.address.city`, value: p.address.city },
    postalCode: { path: `${role}.address.post_code`, value: p.address.post_code },
    country: { path: `${role}.address.country_code`, value: p.address.country_code },
    addressRequired,
  };
}

/** Puts `key` under the dotted `path` of nested details. */
function addDetail(details: InPostDetails, path: string, key: string): void {
  const parts = path.split('.');
  let node = details;
  parts.forEach((part, i) => {
    const existing = node[part];
    if (i === parts.length - 1) {
      if (Array.isArray(existing)) existing.push(key);
      else node[part] = [key];
      return;
    }
    if (existing === undefined || Array.isArray(existing)) node[part] = {};
    node = node[part] as InPostDetails;
  });
}

export const inpostSimulator: CarrierSimulator<InPostRequest, InPostResponse> = {
  handle(req, ctx) {
    const courier = req.service !== 'inpost_locker_standard';
    const outcome = evaluate(
      {
        destination: { path: 'receiver.address.country_code', value: req.receiver.address.country_code },
        methodType: courier ? 'courier' : 'pickupPoint',
        receiver: party('receiver', req.receiver, courier),
        sender: party('sender', req.sender, true),
        parcels: req.parcels.map((p, i) => ({
          weightGrams: { path: `parcels.${i}.weight`, value: Math.round(p.weight.amount * 1000) },
          dimensionsCm: {
            path: `parcels.${i}.dimensions`,
            value: p.dimensions ? ([Math.ceil(p.dimensions.length / 10), Math.ceil(p.dimensions.width / 10), Math.ceil(p.dimensions.height / 10)] as const) : null,
          },
        })),
        services: req.additional_services.map((s) => ({ path: `additional_services.${s}`, code: SERVICE_CODES[s], currency: req.cod?.currency, currencyPath: 'cod.currency' })),
        lockerSize: null,
        postalCodeValid: isValidPostalCode,
      },
      inpostDefinition,
    );
    if (outcome.kind === 'unavailable') {
      return { status: 503, error: 'service_unavailable', message: `InPost is temporarily unavailable (sandbox: the receiver name contains ${MAGIC.unavailable})`, details: {} };
    }
    // A locker parcel goes in the compartment of its template: none, or one it does not fit, is too large.
    if (!courier) {
      req.parcels.forEach((p, i) => {
        const box = p.template ? TEMPLATE_CM.get(p.template) : undefined;
        const cm = p.dimensions ? ([p.dimensions.length, p.dimensions.width, p.dimensions.height].map((mm) => Math.ceil(mm / 10)) as [number, number, number]) : null;
        if (!box || (cm && !fits(cm, box))) outcome.issues.push({ path: `parcels.${i}.template`, rule: 'tooLarge', message: `parcel ${i + 1} fits no locker compartment` });
      });
    }
    if (outcome.issues.length > 0) {
      const details: InPostDetails = {};
      for (const issue of outcome.issues) addDetail(details, issue.path, RULE_KEYS[issue.rule]);
      return { status: 400, error: 'validation_failed', message: outcome.issues[0]?.message ?? 'validation failed', details };
    }
    const scheme = inpostDefinition.trackingNumber;
    return {
      status: 'confirmed',
      id: Number(sandboxId('', req.external_customer_id, 9)) + 100_000_000,
      parcels: req.parcels.map((p, i) => {
        const tn = scheme.generate(nthSequence(ctx.sequenceStart, i, scheme.capacity), 'PL');
        return { id: p.id, tracking_number: tn, template: p.template };
      }),
    };
  },
};
