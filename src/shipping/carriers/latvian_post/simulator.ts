/**
 * Latvian Post's sandbox: answers `parcelsApi/create` requests as the carrier would,
 * deterministically, with `{field: message}` errors per parcel key (and under `sender`).
 *
 * | input                                              | answer                                          |
 * | receiver name containing `UNAVAILABLE`             | HTTP 503 `{error}` (retryable)                  |
 * | receiver or sender name containing `FAIL`          | `name_surname`: rejected                        |
 * | phone of zeros only, or not 5–15 digits            | `phone`                                         |
 * | postal code not in the API's format (LV `LV-1234`, LT/EE 5 digits) | `zipcode`                       |
 * | courier receiver without street/city/zipcode       | "Nav norādīts" on that field                    |
 * | parcel over 30 kg / longest side over 150 cm       | `package_weight` / `dimensions`                 |
 * | locker parcel not fitting the country's lockers (LV 38×38×58, LT 35×36×61 cm) | `dimensions`         |
 * | COD or age check the method does not offer there   | `post_payment` / `age_check`                    |
 * | anything else                                      | each key → an S10 number `CE…LV`                |
 */
import type { CountryCode, LockerSize } from '../contract.js';
import { isValidPostalCode } from '../countries.js';
import type { CarrierSimulator } from '../kit/adapter.js';
import { MAGIC, evaluate, fits, type PartyView, type SandboxIssue, type SandboxRule, type SandboxView, type ServiceView } from '../kit/sandbox-rules.js';
import { nthSequence } from '../kit/sandbox.js';
import { latvianPostDefinition } from './definition.js';
import {
  LATVIAN_POST_COUNTRY_IDS,
  type LatvianPostFieldErrors,
  type LatvianPostLockerSize,
  type LatvianPostParcel,
  type LatvianPostRequest,
  type LatvianPostResponse,
  type LatvianPostSender,
} from './mapper.js';
import { LOCKER_BOX_LT, LOCKER_BOX_LV } from './rates.js';

const COUNTRY_BY_ID = new Map<number, CountryCode>(Object.entries(LATVIAN_POST_COUNTRY_IDS).map(([c, id]) => [id, c as CountryCode]));

/** "Not given" for missing values, "not given correctly" for the rest, as the API words them. */
const PREFIX: Readonly<Record<SandboxRule, string>> = {
  required: 'Nav norādīts',
  nameRejected: 'Nav pareizi norādīts',
  phoneInvalid: 'Nav pareizi norādīts',
  postalInvalid: 'Nav pareizi norādīts',
  countryNotServed: 'Valsts nav pareizi norādīta',
  tooHeavy: 'Pārsniegts svars',
  tooLarge: 'Pārsniegti izmēri',
  dimensionsRequired: 'Nav norādīts',
  serviceNotAvailable: 'Pakalpojums nav pieejams',
  codCurrency: 'Nav pareizi norādīts',
};

/** The API's postal code formats: LV `LV-1234`, LT and EE digits only. */
function postalCodeValid(country: string, postalCode: string): boolean {
  if (country === 'LT' || country === 'EE') return /^\d{5}$/.test(postalCode);
  return isValidPostalCode(country, postalCode);
}

const SEP = '\u0000';
const path = (key: string, field: string): string => `${key}${SEP}${field}`;

function receiverView(key: string, p: LatvianPostParcel, country: string, courier: boolean): PartyView {
  return {
    role: 'receiver',
    name: { path: path(key, 'name_surname'), value: p.name_surname },
    phone: { path: path(key, 'phone'), value: p.phone },
    street: { path: path(key, 'street'), value: p.street },
    city: { path: path(key, 'city'), value: p.city },
    postalCode: { path: path(key, 'zipcode'), value: p.zipcode },
    country: { path: path(key, 'country_id'), value: country },
    addressRequired: courier,
  };
}

function senderView(s: LatvianPostSender): PartyView {
  return {
    role: 'sender',
    name: { path: path('sender', 'name_surname'), value: s.name_surname },
    phone: { path: path('sender', 'phone'), value: s.phone },
    street: { path: path('sender', 'street'), value: s.street },
    city: { path: path('sender', 'city'), value: s.city },
    postalCode: { path: path('sender', 'zipcode'), value: s.zipcode },
    country: { path: path('sender', 'country_id'), value: s.country_id === null ? null : (COUNTRY_BY_ID.get(s.country_id) ?? null) },
    addressRequired: true,
  };
}

const cm = (m: number | null): number | null => (m === null ? null : Math.round(m * 100));

const SIZE_OF_WORD: Readonly<Record<LatvianPostLockerSize, LockerSize>> = Object.freeze({ Small: 'S', Medium: 'M', Large: 'XL' });

export const latvianPostSimulator: CarrierSimulator<LatvianPostRequest, LatvianPostResponse> = {
  handle(req, ctx) {
    const entries = Object.entries(req.parcels);
    const [firstKey, first] = entries[0] ?? [];
    if (firstKey === undefined || first === undefined) return { status: 200, body: { sender: { parcels: 'Nav norādīts: no parcels' } } };
    const destination = first.country_id === null ? '' : (COUNTRY_BY_ID.get(first.country_id) ?? '');
    const locker = first.station_id !== null || first.terminal_id !== null;
    const courier = !locker && first.pickup === 0;
    const services: ServiceView[] = [];
    if (first.post_payment === 1)
      services.push({ path: path(firstKey, 'post_payment'), code: 'cod', currency: first.post_payment_currency ?? 'EUR', currencyPath: path(firstKey, 'post_payment_currency') });
    if (first.age_check === 1) services.push({ path: path(firstKey, 'age_check'), code: 'ageVerification' });
    const view: SandboxView = {
      destination: { path: path(firstKey, 'country_id'), value: destination },
      methodType: courier ? 'courier' : 'pickupPoint',
      receiver: receiverView(firstKey, first, destination, courier),
      sender: senderView(req.sender),
      parcels: entries.map(([key, p]) => {
        const [l, w, h] = [cm(p.length), cm(p.width), cm(p.height)];
        return {
          weightGrams: { path: path(key, 'package_weight'), value: Math.round(p.package_weight * 1000) },
          dimensionsCm: { path: path(key, 'dimensions'), value: l !== null && w !== null && h !== null ? ([l, w, h] as const) : null },
        };
      }),
      services,
      // The compartment asked for, read back into the spec's sizes (Large: the largest).
      lockerSize: first.size === null ? null : SIZE_OF_WORD[first.size],
      postalCodeValid,
    };
    const outcome = evaluate(view, latvianPostDefinition);
    if (outcome.kind === 'unavailable') {
      return { status: 503, body: { error: `Latvian Post is temporarily unavailable (sandbox: the receiver name contains ${MAGIC.unavailable})` } };
    }
    const issues: SandboxIssue[] = [...outcome.issues];
    // The lockers' own measures: LV lockers and the LT partner lockers differ.
    if (locker) {
      const box = destination === 'LT' ? LOCKER_BOX_LT : LOCKER_BOX_LV;
      view.parcels.forEach((p) => {
        const dims = p.dimensionsCm.value;
        const tooLarge = issues.some((i) => i.path === p.dimensionsCm.path);
        if (dims && !tooLarge && !fits(dims, [box.heightMm / 10, box.widthMm / 10, box.lengthMm / 10])) {
          issues.push({
            path: p.dimensionsCm.path,
            rule: 'tooLarge',
            message: `parcel ${dims.join('×')} cm does not fit a ${destination} parcel locker (${box.heightMm / 10}×${box.widthMm / 10}×${box.lengthMm / 10} cm)`,
          });
        }
      });
    }
    if (issues.length > 0) {
      const body: { [key: string]: LatvianPostFieldErrors } = {};
      for (const issue of issues) {
        const [key = '', field = ''] = issue.path.split(SEP);
        (body[key] ??= {})[field] = `${PREFIX[issue.rule]}: ${issue.message}`;
      }
      return { status: 200, body };
    }
    const scheme = latvianPostDefinition.trackingNumber;
    const body: { [key: string]: string } = {};
    entries.forEach(([key], i) => {
      body[key] = scheme.generate(nthSequence(ctx.sequenceStart, i, scheme.capacity), 'LV');
    });
    return { status: 200, body };
  },
};
