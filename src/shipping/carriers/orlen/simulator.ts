/**
 * ORLEN Paczka's sandbox: answers `GenerateLabelBusinessPackListTwo` as the carrier would,
 * deterministically: a row per pack (000 and a pack code), or a row per problem with its Err.
 *
 * | input                                              | answer                                        |
 * | receiver name containing `UNAVAILABLE`             | SOAP fault (retryable)                        |
 * | receiver or sender name containing `FAIL`          | 901 / 902 (rejected name)                     |
 * | receiver phone of zeros only, or not 5–15 digits   | 133 niepoprawny PhoneNumber (sender: 903)     |
 * | postal code not `12-345`                           | 138 niepoprawny PostCode (sender: 904)        |
 * | sender without street, city or postal code         | 114 / 113 / 116                               |
 * | parcel over 20 kg                                  | 905                                           |
 * | parcel fitting no box, or not its BoxSize          | 141 niepoprawny BoxSize                       |
 * | age check asked for; COD not in PLN                | 906 / 907                                     |
 * | anything else                                      | 000, 13-digit pack codes `21…`                |
 */
import { isValidPostalCode } from '../countries.js';
import type { CarrierSimulator } from '../kit/adapter.js';
import { MAGIC, evaluate, fits, type PartyView, type SandboxIssue, type SandboxView, type ServiceView } from '../kit/sandbox-rules.js';
import { nthSequence } from '../kit/sandbox.js';
import { orlenDefinition } from './definition.js';
import { ORLEN_BOXES } from './rates.js';
import type { OrlenBusinessPack, OrlenRequest, OrlenResponse, OrlenRow } from './mapper.js';

const REQUIRED: Readonly<Record<string, string>> = {
  FirstName: '105',
  PhoneNumber: '103',
  SenderFirstName: '117',
  SenderPhoneNumber: '112',
  SenderStreetName: '114',
  SenderCity: '113',
  SenderPostCode: '116',
};

/** ORLEN's Err for a sandbox issue on a BusinessPack element. */
function errOf(issue: SandboxIssue, field: string): string {
  const sender = field.startsWith('Sender');
  switch (issue.rule) {
    case 'required':
      return REQUIRED[field] ?? '105';
    case 'nameRejected':
      return sender ? '902' : '901';
    case 'phoneInvalid':
      return sender ? '903' : '133';
    case 'postalInvalid':
      return sender ? '904' : '138';
    case 'countryNotServed':
      return '206';
    case 'tooHeavy':
      return '905';
    case 'tooLarge':
    case 'dimensionsRequired':
      return '141';
    case 'serviceNotAvailable':
      return field === 'CashOnDelivery' ? '318' : '906';
    case 'codCurrency':
      return '907';
  }
}

const SEP = '\u0000';
const at = (pack: number, field: string): string => `${pack}${SEP}${field}`;

function party(role: 'receiver' | 'sender', p: OrlenBusinessPack): PartyView {
  const s = role === 'sender' ? 'Sender' : '';
  const name = role === 'sender' ? [p.SenderFirstName, p.SenderLastName] : [p.FirstName, p.LastName];
  const company = role === 'sender' ? p.SenderCompanyName : p.CompanyName;
  return {
    role,
    name: { path: at(0, `${s}FirstName`), value: name.filter((x) => x).join(' ') || (company ?? '') },
    phone: { path: at(0, `${s}PhoneNumber`), value: role === 'sender' ? p.SenderPhoneNumber : p.PhoneNumber },
    street: { path: at(0, `${s}StreetName`), value: role === 'sender' ? p.SenderStreetName : p.StreetName },
    city: { path: at(0, `${s}City`), value: role === 'sender' ? p.SenderCity : p.City },
    postalCode: { path: at(0, `${s}PostCode`), value: role === 'sender' ? p.SenderPostCode : p.PostCode },
    // Every ORLEN address is Polish.
    country: { path: at(0, `${s}Country`), value: 'PL' },
    addressRequired: role === 'sender',
  };
}

export const orlenSimulator: CarrierSimulator<OrlenRequest, OrlenResponse> = {
  handle(req, ctx) {
    const packs = req.BusinessPackList.BusinessPack;
    const first = packs[0];
    if (!first)
      return {
        GenerateLabelBusinessPackListTwoResult: { rows: [{ Pack: 0, Err: '104', ErrDes: 'brak DestinationCode', PackCode_RUCH: null, DestinationCode: null, PackPrice: null }] },
        LabelData: null,
      };
    const services: ServiceView[] = [];
    if (first.CashOnDelivery) services.push({ path: at(0, 'CashOnDelivery'), code: 'cod', currency: req.kassa.codCurrency ?? 'PLN', currencyPath: at(0, 'AmountCashOnDelivery') });
    if (req.kassa.ageVerification) services.push({ path: at(0, 'AgeVerification'), code: 'ageVerification' });
    const view: SandboxView = {
      destination: { path: at(0, 'DestinationCode'), value: 'PL' },
      methodType: 'pickupPoint',
      receiver: party('receiver', first),
      sender: party('sender', first),
      parcels: req.kassa.packs.map((p, i) => ({
        weightGrams: { path: at(i, 'Weight'), value: p.weightGrams },
        dimensionsCm: { path: at(i, 'BoxSize'), value: p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null ? ([p.lengthCm, p.widthCm, p.heightCm] as const) : null },
      })),
      services,
      lockerSize: null,
      postalCodeValid: isValidPostalCode,
    };
    const outcome = evaluate(view, orlenDefinition);
    if (outcome.kind === 'unavailable') {
      return { Fault: { faultcode: 'soap:Server', faultstring: `ORLEN Paczka is temporarily unavailable (sandbox: the receiver name contains ${MAGIC.unavailable})` } };
    }
    const issues = [...outcome.issues];
    // The pack must fit its box (or, without one, the largest).
    view.parcels.forEach((p, i) => {
      const dims = p.dimensionsCm.value;
      const box = ORLEN_BOXES.find((b) => b.code === packs[i]?.BoxSize) ?? ORLEN_BOXES[ORLEN_BOXES.length - 1]!;
      if (dims && !issues.some((x) => x.path === p.dimensionsCm.path) && !fits(dims, [box.heightMm / 10, box.widthMm / 10, box.lengthMm / 10])) {
        issues.push({ path: p.dimensionsCm.path, rule: 'tooLarge', message: `parcel ${dims.join('×')} cm does not fit box ${box.code}` });
      }
    });
    if (issues.length > 0) {
      const rows: OrlenRow[] = issues.map((issue) => {
        const [pack = '0', field = ''] = issue.path.split(SEP);
        return { Pack: Number(pack), Err: errOf(issue, field), ErrDes: issue.message, PackCode_RUCH: null, DestinationCode: first.DestinationCode, PackPrice: null };
      });
      return { GenerateLabelBusinessPackListTwoResult: { rows }, LabelData: null };
    }
    const scheme = orlenDefinition.trackingNumber;
    const PRICE = { S: '999', M: '1199', L: '1499' } as const;
    return {
      GenerateLabelBusinessPackListTwoResult: {
        rows: packs.map((p, i) => ({
          Pack: i,
          Err: '000',
          ErrDes: 'Zapisano',
          PackCode_RUCH: scheme.generate(nthSequence(ctx.sequenceStart, i, scheme.capacity), 'PL'),
          DestinationCode: p.DestinationCode,
          PackPrice: PRICE[p.BoxSize ?? 'M'],
        })),
      },
      // The label itself (base64 PDF10) is left out of the sandbox's answer.
      LabelData: null,
    };
  },
};
