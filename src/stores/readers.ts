/**
 * Readers of a store's settings, shared by the operator API (PATCH /operator/stores/:uuid) and the
 * back office's Settings forms: one validation, each problem named by its field.
 */
import { PAYMENT_METHODS, type PaymentMethodName } from '../payments/methods/catalogue/methods.js';
import { isValidIban, normalizeIban } from '../platform/iban.js';
import type { Reader } from '../platform/validate.js';
import { readParty } from '../shipping/shipments/schema.js';
import type { PayoutAccount, StoreAddress } from './service.js';

export function readMethods(r: Reader): PaymentMethodName[] | undefined {
  const arr = r.array('enabledMethods');
  if (!arr) return undefined;
  const bad = arr.filter((m) => typeof m !== 'string' || !(PAYMENT_METHODS as readonly string[]).includes(m));
  if (bad.length) r.p.add('enabledMethods', `must list only ${PAYMENT_METHODS.join(', ')}`);
  return [...new Set(arr as PaymentMethodName[])];
}

/**
 * `shippingAddress`: the fields a shipment's sender requires (name, streetAddress, locality,
 * postalCode, country, phoneCountryCode, phoneNumber; companyName, region, email optional).
 * undefined when absent; null (clear it) only where `nullable`.
 */
export function readShippingAddress(r: Reader, nullable: boolean): StoreAddress | null | undefined {
  if (nullable && r.obj.shippingAddress === null) return null;
  const ar = r.object('shippingAddress');
  const a = ar && readParty(ar, 'sender', true);
  if (!a) return undefined;
  return {
    name: a.name,
    companyName: a.companyName,
    streetAddress: a.streetAddress!,
    locality: a.locality!,
    region: a.region,
    postalCode: a.postalCode!,
    country: a.country!,
    phoneCountryCode: a.phoneCountryCode,
    phoneNumber: a.phoneNumber,
    email: a.email,
  };
}

/** `payoutAccount`: {iban (ISO 13616, checked), accountName}; null (clear it) only where `nullable`. */
export function readPayoutAccount(r: Reader, nullable: boolean): PayoutAccount | null | undefined {
  if (nullable && r.obj.payoutAccount === null) return null;
  const ar = r.object('payoutAccount');
  if (!ar) return undefined;
  const iban = ar.string('iban', { required: true, max: 42 });
  const accountName = ar.string('accountName', { required: true, min: 1, max: 140 });
  if (iban !== undefined && !isValidIban(iban)) r.p.add('payoutAccount.iban', 'must be a valid IBAN');
  return iban !== undefined && accountName !== undefined && isValidIban(iban) ? { iban: normalizeIban(iban), accountName } : undefined;
}
