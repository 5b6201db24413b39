/**
 * Helpers the mappers share: the rules the spec states in terms of the unified model (which
 * locker size applies, whether a drop-off PIN is asked for, which handover method applies), unit
 * conversions, and reading a carrier's error paths back into the spec's field names.
 */
import {
  CONTRACT_HANDOVER_METHOD,
  LOCKER_SIZES,
  type AdditionalServiceCode,
  type CarrierDefinition,
  type LockerSize,
  type ParcelHandoverMethod,
  type RegistrationError,
  type RegistrationErrorCode,
  type RegistrationRequest,
} from '../contract.js';
import { isCountryCode, normalizePhonePrefix, normalizePostalCode } from '../countries.js';
import { fits } from './sandbox-rules.js';

/**
 * The compartment size of the shipment: the request's `lockerSize`, else (pickup-point shipments
 * only) the contract's `defaultLockerSize`; null for carriers without lockers or when neither is set.
 */
export function effectiveLockerSize(def: CarrierDefinition, input: RegistrationRequest): LockerSize | null {
  if (!def.lockerSizes) return null;
  if (input.lockerSize) return input.lockerSize;
  return input.shippingMethod.type === 'pickupPoint' ? input.account.defaultLockerSize : null;
}

/**
 * The smallest of the carrier's compartments that every parcel with known sides fits (turned any
 * way, within its weight); null when the carrier has none, no parcel has sides, or none fits all.
 * What a carrier picks when neither the shipment nor the contract names a size.
 */
export function smallestFittingLockerSize(def: CarrierDefinition, parcels: readonly RegistrationRequest['parcels'][number][]): LockerSize | null {
  const table = def.lockerSizes;
  if (!table) return null;
  const measured = parcels.filter((p) => p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null);
  if (measured.length === 0) return null;
  return (
    LOCKER_SIZES.find((size) => {
      const c = table[size];
      return measured.every((p) => p.weightGrams <= c.maxWeightKg * 1000 && fits([p.lengthCm!, p.widthCm!, p.heightCm!], [c.heightCm, c.widthCm, c.depthCm]));
    }) ?? null
  );
}

/**
 * Whether the shipment gets a drop-off PIN under the carrier's rule. `withService`: the account
 * has the service and, for a carrier whose lockers take `lockerSize`, a locker size results
 * (without a size the shipment registers without one; the spec's lockerSize rule); a carrier
 * without locker sizes (DPD) issues it on the service alone.
 */
export function dropOffPinRequested(def: CarrierDefinition, input: RegistrationRequest): boolean {
  switch (def.dropOffPin) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'withService':
      return input.account.dropOffPinServiceEnabled && (!def.lockerSizes || effectiveLockerSize(def, input) !== null);
  }
}

/** The request's handover method, else the contract's, for carriers that have handover methods. */
export function effectiveHandoverMethod(def: CarrierDefinition, input: RegistrationRequest): ParcelHandoverMethod | null {
  if (!def.parcelHandoverMethods) return null;
  const chosen = input.parcelHandoverMethod ?? (input.account.parcelHandoverMethod ? CONTRACT_HANDOVER_METHOD[input.account.parcelHandoverMethod] : null);
  return chosen && def.parcelHandoverMethods.includes(chosen) ? chosen : null;
}

/** The postal code in canonical form when it can be read, else as given (the carrier then rejects it). */
export function postalCodeForCarrier(country: string | null | undefined, postalCode: string | null | undefined): string | null {
  if (postalCode === null || postalCode === undefined || postalCode.trim() === '') return null;
  if (country && isCountryCode(country)) return normalizePostalCode(country, postalCode) ?? postalCode.trim();
  return postalCode.trim();
}

export function phonePrefix(input: string): string {
  return normalizePhonePrefix(input);
}

export function phoneNational(input: string): string {
  return input.replace(/[\s\-().]/g, '');
}

export function blankToNull(v: string | null | undefined): string | null {
  return v === null || v === undefined || v.trim() === '' ? null : v.trim();
}

/** Grams to kilograms (3 decimals at most, exact for integer grams). */
export function gramsToKg(grams: number): number {
  return Number((grams / 1000).toFixed(3));
}

/** A carrier error path rule: a pattern of the carrier's path, and the spec's field it names. */
export type PathRule = readonly [RegExp, (m: RegExpExecArray, input: RegistrationRequest) => string | undefined];

/** The spec's field named by a carrier's error path; undefined when no rule knows the path. */
/**
 * The rule for a carrier's error path on a party: the pattern captures the carrier's word for the
 * party (`recipient`/`receiver`/`sender`) and then its field name, which `fields` translates to the
 * spec's (unknown names pass through): `order.recipient.postcode` → `receiver.postalCode`.
 */
export function partyPathRule(pattern: RegExp, fields: Readonly<Record<string, string>>): PathRule {
  return [
    pattern,
    (m) => {
      const party = m[1] === 'recipient' || m[1] === 'receiver' ? 'receiver' : 'sender';
      const field = m[2] ?? '';
      return `${party}.${fields[field] ?? field}`;
    },
  ];
}

export function specField(rules: readonly PathRule[], nativePath: string | null | undefined, input: RegistrationRequest): string | undefined {
  if (nativePath === null || nativePath === undefined) return undefined;
  for (const [re, to] of rules) {
    const m = re.exec(nativePath);
    if (m) return to(m, input);
  }
  return undefined;
}

/** `shippingMethod.additionalServices[k]` of the request's service with that code. */
export function serviceField(input: RegistrationRequest, code: AdditionalServiceCode, suffix = ''): string | undefined {
  const k = input.additionalServices.findIndex((s) => s.code === code);
  return k < 0 ? undefined : `shippingMethod.additionalServices[${k}]${suffix}`;
}

/** One error of the unified model, leaving `field` out when unknown. */
export function registrationError(code: RegistrationErrorCode, message: string, field: string | undefined): RegistrationError {
  return field === undefined ? { code, message } : { field, code, message };
}
