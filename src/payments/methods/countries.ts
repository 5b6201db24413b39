/**
 * Payment methods switched off per country (the back office's Settings, the operator API, the
 * CLI). Only bank payments have a country switch: the payment-method list keys only
 * `paymentInitiation.setup` by country, and only a bank payment carries a country on the order
 * (`methodOptions.preferredCountry`, the list the shopper chooses from). The other methods are on or
 * off for the whole store (`enabledMethods`).
 *
 * One rule, read everywhere a method is offered or accepted: GET /stores/payment-methods, the
 * hosted page's country list and the bank it accepts, POST /orders, payment links and sessions.
 */
import type { Env } from '../../platform/env.js';
import { COUNTRIES, type CountryCode } from './catalogue/banks.js';
import { methodsWith, type MethodsWith, type PaymentMethodName } from './catalogue/methods.js';

/** The methods with a country switch (their definition's `perCountry`). */
export type PerCountryMethod = MethodsWith<'perCountry'>;
export const PER_COUNTRY_METHODS: readonly PerCountryMethod[] = methodsWith('perCountry');

/** Per environment, the countries where a per-country method is off. */
export type CountriesOff = Record<Env, Partial<Record<PerCountryMethod, CountryCode[]>>>;

/** What of a store these rules read (a Store has both). */
interface MethodSwitches {
  enabledMethods: readonly PaymentMethodName[];
  countriesOff: CountriesOff;
}

export const isPerCountryMethod = (m: string): m is PerCountryMethod => (PER_COUNTRY_METHODS as readonly string[]).includes(m);

/** The countries where `method` is offered in `env` (all of them for a method without a country switch). */
export function countriesOn(store: Pick<MethodSwitches, 'countriesOff'>, env: Env, method: PerCountryMethod): CountryCode[] {
  const off = store.countriesOff[env][method] ?? [];
  return COUNTRIES.filter((c) => !off.includes(c));
}

/** Whether the store offers `method` in `env` at all: enabled, and (for bank payments) on in at least one country. */
export function isOffered(store: MethodSwitches, env: Env, method: PaymentMethodName): boolean {
  if (!store.enabledMethods.includes(method)) return false;
  return !isPerCountryMethod(method) || countriesOn(store, env, method).length > 0;
}

/**
 * Why an order (or a link's order) with `method` in `country` is refused, with the field to name;
 * undefined when it is accepted. `country` is the bank list the shopper would see
 * (`preferredCountry`, given or defaulted).
 */
export function methodRefusal(store: MethodSwitches, env: Env, method: PaymentMethodName, country: CountryCode | undefined): { field: string; message: string } | undefined {
  if (!store.enabledMethods.includes(method)) return { field: 'payment.method', message: `${method} is not enabled for this store` };
  if (!isPerCountryMethod(method)) return undefined;
  const on = countriesOn(store, env, method);
  if (on.length === 0) return { field: 'payment.method', message: `${method} is switched off in every country for this store` };
  if (country && !on.includes(country)) {
    return { field: 'payment.methodOptions.preferredCountry', message: `${method} is switched off in ${country} for this store; on in ${on.join(', ')}` };
  }
  return undefined;
}

/** Reads the stored JSON (unknown methods, countries and environments dropped). */
export function countriesOffFromJson(v: unknown): CountriesOff {
  const out: CountriesOff = { sandbox: {}, production: {} };
  if (typeof v !== 'object' || v === null) return out;
  for (const env of ['sandbox', 'production'] as const) {
    const byMethod = (v as Record<string, unknown>)[env];
    if (typeof byMethod !== 'object' || byMethod === null) continue;
    for (const m of PER_COUNTRY_METHODS) {
      const list = (byMethod as Record<string, unknown>)[m];
      if (Array.isArray(list)) out[env][m] = COUNTRIES.filter((c) => list.includes(c));
    }
  }
  return out;
}
