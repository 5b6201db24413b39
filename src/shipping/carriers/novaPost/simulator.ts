/**
 * Nova Post's sandbox: answers Nova Poshta `InternetDocument.save` calls as the carrier would,
 * deterministically.
 *
 * | input                                              | answer                                            |
 * | receiver name containing `UNAVAILABLE`             | success false, 20000100016 (retryable)            |
 * | receiver or sender name containing `FAIL`          | 20000300399 / 20000300404 on RecipientName / SenderName |
 * | phone number of zeros only, or not 5–15 digits     | 20000100018 on that phone                         |
 * | postal code not in the country's format            | 20000900001                                       |
 * | courier receiver without street/city/postcode      | 20000900002                                       |
 * | destination Nova Post does not serve               | 20000900003 on RecipientCountry                   |
 * | parcel over 30 kg / longest side over 120 cm       | 20000900004 / 20000200210                         |
 * | additional service (none are offered)              | 20000900005                                       |
 * | anything else                                      | success: one data item per seat, each with its    |
 * |                                                    | express waybill number `20…` (14 digits)          |
 *
 * Every error text starts with the property it is about (`RecipientsPhone: …`).
 */
import { createHash } from 'node:crypto';
import { isValidPostalCode, splitInternationalPhone } from '../countries.js';
import type { CarrierSimulator } from '../kit/adapter.js';
import { MAGIC, evaluate, type PartyView, type SandboxIssue, type SandboxRule, type SandboxView } from '../kit/sandbox-rules.js';
import { nthSequence } from '../kit/sandbox.js';
import { novaPostDefinition } from './definition.js';
import type { NovaPostDocumentProperties, NovaPostRequest, NovaPostResponse } from './mapper.js';

const RULE_CODES: Readonly<Record<Exclude<SandboxRule, 'nameRejected'>, string>> = {
  required: '20000900002',
  phoneInvalid: '20000100018',
  postalInvalid: '20000900001',
  countryNotServed: '20000900003',
  tooHeavy: '20000900004',
  tooLarge: '20000200210',
  dimensionsRequired: '20000400464',
  serviceNotAvailable: '20000900005',
  codCurrency: '20000900006',
};

function codeOf(issue: SandboxIssue): string {
  if (issue.rule === 'nameRejected') return issue.path.startsWith('Recipient') ? '20000300399' : '20000300404';
  return RULE_CODES[issue.rule];
}

/** `380671234567` → `671234567` (the national part after the country code). */
function nationalPart(phone: string): string {
  return splitInternationalPhone(`+${phone}`)?.national ?? phone;
}

/** Nova Poshta's property of each party field: `Recipient…` and `Sender…` (the phones `RecipientsPhone`, `SendersPhone`). */
const PARTY_PROPERTIES = {
  receiver: { name: 'RecipientName', phone: 'RecipientsPhone', street: 'RecipientAddressName', city: 'RecipientCityName', postalCode: 'RecipientPostcode', country: 'RecipientCountry' },
  sender: { name: 'SenderName', phone: 'SendersPhone', street: 'SenderAddressName', city: 'SenderCityName', postalCode: 'SenderPostcode', country: 'SenderCountry' },
} as const satisfies Record<'receiver' | 'sender', Record<string, keyof NovaPostDocumentProperties>>;

function party(role: 'receiver' | 'sender', p: NovaPostDocumentProperties, addressRequired: boolean): PartyView {
  const k = PARTY_PROPERTIES[role];
  const field = (key: keyof typeof k) => ({ path: k[key], value: p[k[key]] });
  return {
    role,
    name: { path: k.name, value: p[k.name] },
    phone: { path: k.phone, value: nationalPart(p[k.phone]) },
    street: field('street'),
    city: field('city'),
    postalCode: field('postalCode'),
    country: field('country'),
    addressRequired,
  };
}

/** A GUID derived from the shipment (Nova Poshta's `Ref` form). */
function sandboxRef(seed: string): string {
  const h = createHash('sha256').update(`novaPost:ref:${seed}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const answer = (over: Partial<NovaPostResponse>): NovaPostResponse => ({
  success: false,
  data: [],
  errors: [],
  warnings: [],
  info: [],
  messageCodes: [],
  errorCodes: [],
  warningCodes: [],
  infoCodes: [],
  ...over,
});

export const novaPostSimulator: CarrierSimulator<NovaPostRequest, NovaPostResponse> = {
  handle(req, ctx) {
    const p = req.methodProperties;
    const view: SandboxView = {
      destination: { path: 'RecipientCountry', value: p.RecipientCountry },
      methodType: p.ServiceType === 'WarehouseDoors' ? 'courier' : 'pickupPoint',
      receiver: party('receiver', p, p.ServiceType === 'WarehouseDoors'),
      sender: party('sender', p, true),
      parcels: p.OptionsSeat.map((s, i) => ({
        weightGrams: { path: `OptionsSeat[${i}].weight`, value: Math.round(s.weight * 1000) },
        dimensionsCm: {
          path: `OptionsSeat[${i}]`,
          value:
            s.volumetricLength !== undefined && s.volumetricWidth !== undefined && s.volumetricHeight !== undefined ? ([s.volumetricLength, s.volumetricWidth, s.volumetricHeight] as const) : null,
        },
      })),
      services: [
        ...(p.BackwardDeliveryData ? [{ path: 'BackwardDeliveryData', code: 'cod' as const }] : []),
        ...(p.AgeVerification ? [{ path: 'AgeVerification', code: 'ageVerification' as const }] : []),
      ],
      lockerSize: null,
      postalCodeValid: isValidPostalCode,
    };
    const outcome = evaluate(view, novaPostDefinition);
    if (outcome.kind === 'unavailable') {
      return answer({ errors: [`Service: Nova Post is temporarily unavailable (sandbox: the receiver name contains ${MAGIC.unavailable})`], errorCodes: ['20000100016'] });
    }
    if (outcome.issues.length > 0) {
      return answer({ errors: outcome.issues.map((i) => `${i.path}: ${i.message}`), errorCodes: outcome.issues.map(codeOf) });
    }
    const scheme = novaPostDefinition.trackingNumber;
    const ref = sandboxRef(`${req.apiKey}/${p.Sender}/${p.OptionsSeat.map((s) => s.cargoDescription).join(',')}`);
    return answer({
      success: true,
      data: p.OptionsSeat.map((_, i) => ({
        Ref: ref,
        IntDocNumber: scheme.generate(nthSequence(ctx.sequenceStart, i, scheme.capacity), 'UA'),
        SeatNumber: i + 1,
        CostOnSite: 0,
        EstimatedDeliveryDate: '',
        TypeDocument: 'InternetDocument',
      })),
    });
  },
};
