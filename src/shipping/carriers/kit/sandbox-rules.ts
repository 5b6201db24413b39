/**
 * The sandbox carriers' shared rules: the documented magic inputs and the realistic checks every
 * simulated carrier applies. A simulator reads its own request into a {@link SandboxView} (paths
 * are the carrier's own field names), gets the issues back, and answers them in its own error
 * format; the carrier's mapper maps them back to the spec's fields. Pure and deterministic.
 *
 * Magic inputs (also in README.md):
 * | input                                            | outcome                                      |
 * | receiver name containing `UNAVAILABLE`           | carrier down: retryable failure, no checks   |
 * | receiver or sender name containing `FAIL`        | rejected, error on that name                 |
 * | phone number of zeros only (e.g. `0000000`)      | invalid phone                                |
 * Realistic checks: phone 5–15 digits; postal code in the country's format; courier receivers
 * need street, locality, postal code and country; the destination must be a country the carrier
 * serves (that it is the shipping method's own country is the shipment service's check); parcel
 * weight and longest side within the carrier's limits; dimensions when the method requires them;
 * a parcel must fit the locker size used; additional services offered by the method; COD in the
 * destination's currency.
 */
import type { AdditionalServiceCode, CarrierDefinition, CarrierMethod, CountryCode, LockerSize, ShippingMethodType } from '../contract.js';
import { COD_CURRENCY, POSTAL_CODE_EXAMPLE, isCountryCode } from '../countries.js';

export const MAGIC = Object.freeze({
  /** In the receiver's or the sender's name: registration is rejected naming that field. */
  fail: 'FAIL',
  /** In the receiver's name: the carrier is down; the failure is retryable. */
  unavailable: 'UNAVAILABLE',
});

export type SandboxRule = 'nameRejected' | 'required' | 'phoneInvalid' | 'postalInvalid' | 'countryNotServed' | 'tooHeavy' | 'tooLarge' | 'dimensionsRequired' | 'serviceNotAvailable' | 'codCurrency';

export interface SandboxIssue {
  /** The carrier's own field path. */
  path: string;
  rule: SandboxRule;
  message: string;
}

export interface Field<T> {
  path: string;
  value: T;
}

export interface PartyView {
  role: 'receiver' | 'sender';
  name: Field<string>;
  /** National number as sent (without the country prefix). */
  phone: Field<string>;
  street: Field<string | null>;
  city: Field<string | null>;
  postalCode: Field<string | null>;
  country: Field<string | null>;
  /** Street, city, postal code and country are required (courier receivers, senders). */
  addressRequired: boolean;
}

export interface ParcelView {
  weightGrams: Field<number>;
  /** Length, width, height in cm when all three were sent. */
  dimensionsCm: Field<readonly [number, number, number] | null>;
}

export interface ServiceView {
  path: string;
  code: AdditionalServiceCode;
  /** COD currency. */
  currency?: string;
  currencyPath?: string;
}

export interface SandboxView {
  /** Where the parcels go, as the request says (the receiver's address country). */
  destination: Field<string>;
  methodType: ShippingMethodType;
  receiver: PartyView;
  sender: PartyView;
  parcels: readonly ParcelView[];
  services: readonly ServiceView[];
  /** The compartment size the parcels go through, if any. */
  lockerSize: LockerSize | null;
  /** The carrier's own postal code format (some carriers take digits only). */
  postalCodeValid(country: string, postalCode: string): boolean;
}

export type SandboxOutcome = { kind: 'unavailable' } | { kind: 'checked'; issues: SandboxIssue[] };

const blank = (v: string | null | undefined): boolean => v === null || v === undefined || v.trim() === '';

export function phoneProblem(nationalNumber: string): string | undefined {
  const digits = nationalNumber.replace(/[\s\-().]/g, '');
  if (/^0+$/.test(digits)) return 'is all zeros';
  if (!/^\d{5,15}$/.test(digits)) return 'must be 5 to 15 digits';
  return undefined;
}

function checkParty(p: PartyView, view: SandboxView, issues: SandboxIssue[]): void {
  if (blank(p.name.value)) issues.push({ path: p.name.path, rule: 'required', message: `${p.role} name is required` });
  else if (p.name.value.includes(MAGIC.fail)) {
    issues.push({ path: p.name.path, rule: 'nameRejected', message: `${p.role} name rejected by the carrier (sandbox: the name contains ${MAGIC.fail})` });
  }
  const phone = phoneProblem(p.phone.value);
  if (phone) issues.push({ path: p.phone.path, rule: 'phoneInvalid', message: `${p.role} phone number ${phone}` });
  if (p.addressRequired) {
    const address = [
      ['street address', p.street],
      ['locality', p.city],
      ['postal code', p.postalCode],
      ['country', p.country],
    ] as const;
    for (const [label, f] of address) {
      if (blank(f.value)) issues.push({ path: f.path, rule: 'required', message: `${p.role} ${label} is required` });
    }
  }
  const country = blank(p.country.value) ? (p.role === 'receiver' ? view.destination.value : null) : p.country.value;
  const postal = p.postalCode.value;
  if (!blank(postal) && postal !== null && country && !view.postalCodeValid(country, postal)) {
    const hint = isCountryCode(country) ? ` (like ${POSTAL_CODE_EXAMPLE[country]})` : '';
    issues.push({ path: p.postalCode.path, rule: 'postalInvalid', message: `${p.role} postal code ${postal} is not in the ${country} format${hint}` });
  }
}

/** Whether a box of the given sides fits a compartment, turned any way. */
export function fits(sides: readonly [number, number, number], box: readonly [number, number, number]): boolean {
  const a = [...sides].sort((x, y) => x - y);
  const b = [...box].sort((x, y) => x - y);
  return a.every((v, i) => v <= b[i]!);
}

export function methodOf(def: CarrierDefinition, country: CountryCode, type: ShippingMethodType): CarrierMethod | undefined {
  return def.methods[country]?.find((m) => m.type === type);
}

export function evaluate(view: SandboxView, def: CarrierDefinition): SandboxOutcome {
  if (view.receiver.name.value.includes(MAGIC.unavailable)) return { kind: 'unavailable' };
  const issues: SandboxIssue[] = [];
  checkParty(view.receiver, view, issues);
  checkParty(view.sender, view, issues);
  const destination = view.destination.value;
  const served = isCountryCode(destination) && def.countries.includes(destination);
  if (!served) {
    issues.push({ path: view.destination.path, rule: 'countryNotServed', message: `${def.name} does not deliver to ${destination}` });
  }
  const method = served ? methodOf(def, destination, view.methodType) : undefined;
  const locker = view.lockerSize && def.lockerSizes ? def.lockerSizes[view.lockerSize] : undefined;
  view.parcels.forEach((parcel) => {
    const grams = parcel.weightGrams.value;
    if (grams > def.parcelLimits.maxWeightGrams) {
      issues.push({ path: parcel.weightGrams.path, rule: 'tooHeavy', message: `parcel weighs ${grams / 1000} kg; ${def.name} takes at most ${def.parcelLimits.maxWeightGrams / 1000} kg` });
    } else if (locker && grams > locker.maxWeightKg * 1000) {
      issues.push({ path: parcel.weightGrams.path, rule: 'tooHeavy', message: `parcel weighs ${grams / 1000} kg; the ${view.lockerSize ?? ''} compartment takes at most ${locker.maxWeightKg} kg` });
    }
    const dims = parcel.dimensionsCm.value;
    if (!dims) {
      if (method?.constraints.parcelDimensionsRequired) {
        issues.push({ path: parcel.dimensionsCm.path, rule: 'dimensionsRequired', message: `${def.name} ${view.methodType} needs the length, width and height of every parcel` });
      }
      return;
    }
    if (Math.max(...dims) > def.parcelLimits.maxLengthCm) {
      issues.push({ path: parcel.dimensionsCm.path, rule: 'tooLarge', message: `parcel's longest side ${Math.max(...dims)} cm exceeds ${def.parcelLimits.maxLengthCm} cm` });
    } else if (locker && !fits(dims, [locker.heightCm, locker.widthCm, locker.depthCm])) {
      issues.push({
        path: parcel.dimensionsCm.path,
        rule: 'tooLarge',
        message: `parcel ${dims.join('×')} cm does not fit the ${view.lockerSize ?? ''} compartment (${locker.heightCm}×${locker.widthCm}×${locker.depthCm} cm)`,
      });
    }
  });
  if (!served) return { kind: 'checked', issues };
  for (const s of view.services) {
    if (!method?.additionalServices.includes(s.code)) {
      issues.push({ path: s.path, rule: 'serviceNotAvailable', message: `${s.code} is not offered with ${def.name} ${view.methodType} in ${destination}` });
    } else if (s.code === 'cod' && s.currency !== COD_CURRENCY[destination]) {
      const currency = COD_CURRENCY[destination];
      issues.push({
        path: s.currencyPath ?? s.path,
        rule: 'codCurrency',
        message: currency ? `cash on delivery in ${destination} is collected in ${currency}` : `there is no cash on delivery in ${destination}`,
      });
    }
  }
  return { kind: 'checked', issues };
}
