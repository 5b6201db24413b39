/**
 * Venipak's sandbox: answers Venipak shipment imports as the carrier would, deterministically.
 * Errors carry Venipak's numeric codes and name the pack concerned, never a field path.
 *
 * | input                                              | answer                                          |
 * | receiver name containing `UNAVAILABLE`             | HTTP 503, no answer document (retryable)        |
 * | receiver or sender name containing `FAIL`          | error 20 (consignee name) / 50 (sender name)    |
 * | phone number of zeros only, or not 5–15 digits     | error 85 (consignee) / 55 (sender, assumed)     |
 * | postal code not the country's digits               | error 24 / 54                                   |
 * | courier consignee without address/city/post code  | errors 23 / 22 / 24                             |
 * | destination Venipak does not serve                 | error 95                                        |
 * | pack over 30 kg / longest side over 150 cm         | error 47 (assumed) / 46, naming the pack        |
 * | pack number not V + 5 digits + E + 7 digits, twice | error 41 / 43                                   |
 * | COD or age check the method does not offer         | error 99 / 101 (assumed)                        |
 * | anything else                                      | `<answer type="ok">`: one text per pack number, |
 * |                                                    | with Venipak's 9-digit shipment id              |
 */
import type { AdditionalServiceCode } from '../contract.js';
import { splitInternationalPhone } from '../countries.js';
import type { CarrierSimulator } from '../kit/adapter.js';
import { evaluate, type PartyView, type SandboxIssue, type SandboxRule, type ServiceView } from '../kit/sandbox-rules.js';
import { sandboxId } from '../kit/sandbox.js';
import { venipakDefinition } from './definition.js';
import { venipakPostalCodeValid, type VenipakError, type VenipakParty, type VenipakRequest, type VenipakResponse } from './mapper.js';

/** Codes of the party fields (Venipak's manual; 55 is the sandbox's own). */
const FIELD_CODES: Readonly<Record<string, number>> = {
  'consignee.name': 20,
  'consignee.country': 21,
  'consignee.city': 22,
  'consignee.address': 23,
  'consignee.post_code': 24,
  'consignee.contact_tel': 85,
  'sender.name': 50,
  'sender.country': 51,
  'sender.city': 52,
  'sender.address': 53,
  'sender.post_code': 54,
  'sender.contact_tel': 55,
  'attribute.cod': 99,
  'attribute.cod_type': 100,
  'attribute.min_age': 101,
};

const RULE_CODES: Readonly<Partial<Record<SandboxRule, number>>> = { countryNotServed: 95, tooHeavy: 47, tooLarge: 46, dimensionsRequired: 48 };

/** `+37061234567` → `61234567`. */
function nationalPart(tel: string): string {
  return splitInternationalPhone(tel)?.national ?? tel;
}

function party(role: 'receiver' | 'sender', p: VenipakParty, addressRequired: boolean): PartyView {
  const base = role === 'receiver' ? 'consignee' : 'sender';
  return {
    role,
    name: { path: `${base}.name`, value: p.name },
    phone: { path: `${base}.contact_tel`, value: nationalPart(p.contact_tel) },
    street: { path: `${base}.address`, value: p.address },
    city: { path: `${base}.city`, value: p.city },
    postalCode: { path: `${base}.post_code`, value: p.post_code },
    country: { path: `${base}.country`, value: p.country },
    addressRequired,
  };
}

function error(issue: SandboxIssue, packs: readonly string[]): VenipakError {
  const packIndex = /^pack\[(\d+)\]/.exec(issue.path)?.[1];
  const code = RULE_CODES[issue.rule] ?? FIELD_CODES[issue.path] ?? 5;
  return { code, shipment: 0, pack: packIndex === undefined ? '' : (packs[Number(packIndex)] ?? ''), text: issue.message };
}

export const venipakSimulator: CarrierSimulator<VenipakRequest, VenipakResponse> = {
  handle(req) {
    const shipment = req.description.manifest.shipment[0];
    if (!shipment) return { httpStatus: 200, answer: { type: 'error', error: [{ code: 92, shipment: 0, pack: '', text: 'The manifest is empty' }] } };
    const a = shipment.attribute;
    const isPickupPoint = shipment.consignee.company_code !== null;
    const services: ServiceView[] = [];
    if (a.cod !== null) services.push({ path: 'attribute.cod', code: 'cod', currency: a.cod_type ?? undefined, currencyPath: 'attribute.cod_type' });
    if (a.min_age !== null) services.push({ path: 'attribute.min_age', code: 'ageVerification' satisfies AdditionalServiceCode });
    const outcome = evaluate(
      {
        destination: { path: 'consignee.country', value: shipment.consignee.country },
        methodType: isPickupPoint ? 'pickupPoint' : 'courier',
        receiver: party('receiver', shipment.consignee, !isPickupPoint),
        sender: party('sender', shipment.sender, true),
        parcels: shipment.pack.map((p, i) => ({
          weightGrams: { path: `pack[${i}].weight`, value: Math.round(p.weight * 1000) },
          dimensionsCm: { path: `pack[${i}]`, value: p.length !== null && p.width !== null && p.height !== null ? ([p.length, p.width, p.height] as const) : null },
        })),
        services,
        lockerSize: null,
        postalCodeValid: venipakPostalCodeValid,
      },
      venipakDefinition,
    );
    if (outcome.kind === 'unavailable') return { httpStatus: 503, answer: null };
    const packs = shipment.pack.map((p) => p.pack_no);
    const errors = outcome.issues.map((i) => error(i, packs));
    packs.forEach((no, i) => {
      if (!venipakDefinition.trackingNumber.isValid(no)) errors.push({ code: 41, shipment: 0, pack: no, text: `Pack number ${no} has the wrong format` });
      else if (packs.indexOf(no) !== i) errors.push({ code: 43, shipment: 0, pack: no, text: `Pack number ${no} is used twice` });
    });
    if (errors.length > 0) return { httpStatus: 200, answer: { type: 'error', error: errors } };
    const shipmentId = sandboxId('', `${req.description.manifest.title}:${packs[0] ?? ''}`, 9);
    return { httpStatus: 200, answer: { type: 'ok', text: packs.map((value) => ({ value, shipment: shipmentId })) } };
  },
};
