/**
 * The payment-method list of a store (GET /stores/payment-methods): only enabled methods, each
 * with its processor and logo, and for bank payments the banks of every country.
 */
import type { Store } from '../../stores/service.js';
import { BANKS, COUNTRIES, COUNTRY_CURRENCIES, type CountryCode } from './catalogue/banks.js';
import { METHOD_DEFINITIONS, type PaymentMethodName } from './catalogue/methods.js';
import type { Env } from '../../platform/env.js';
import { countriesOn, isOffered } from './countries.js';
import type { Offer } from './offer.js';

export interface BankEntry {
  code: string;
  name: string;
  logoUrl: string;
  supportedCurrencies: string[];
  uiPosition: number;
}

export interface CountrySetup {
  supportedCurrencies: string[];
  paymentMethods: BankEntry[];
}

export interface MethodEntry {
  processor: string;
  logoUrl: string;
  requiredToBeEnabled?: boolean;
  setup?: Record<string, CountrySetup>;
}

export interface StorePaymentMethods {
  uuid: string;
  name: string;
  paymentMethods: Partial<Record<PaymentMethodName, MethodEntry>>;
}

export const bankLogoUrl = (publicUrl: string, code: string) => `${publicUrl}/logos/banks/${encodeURIComponent(code)}.svg`;
export const methodLogoUrl = (publicUrl: string, method: string) => `${publicUrl}/logos/methods/${method}.svg`;

/** The bank lists of `countries` (default every country), keyed by country. */
export function bankSetup(publicUrl: string, countries: readonly CountryCode[] = COUNTRIES, hasBank: Offer['hasBank'] = () => true): Record<string, CountrySetup> {
  const setup: Record<string, CountrySetup> = {};
  for (const country of countries) {
    const banks = BANKS[country].filter((b) => hasBank(country, b.code));
    if (banks.length === 0) continue;
    setup[country] = {
      supportedCurrencies: [...COUNTRY_CURRENCIES[country]],
      paymentMethods: banks.map((b) => ({
        code: b.code,
        name: b.name,
        logoUrl: bankLogoUrl(publicUrl, b.code),
        supportedCurrencies: [...b.supportedCurrencies],
        uiPosition: b.uiPosition,
      })),
    };
  }
  return setup;
}

/** The methods offered in `env`: a method switched off in every country is absent, bank payments list only the countries where they are on. */
export function storePaymentMethods(store: Store, env: Env, publicUrl: string, processorOf: (m: PaymentMethodName) => string, offer: Offer): StorePaymentMethods {
  const paymentMethods: StorePaymentMethods['paymentMethods'] = {};
  for (const m of store.enabledMethods) {
    // A method production has no connector for is absent there, as if switched off.
    if (!isOffered(store, env, m) || offer.missing(m)) continue;
    const entry: MethodEntry = { processor: processorOf(m), logoUrl: methodLogoUrl(publicUrl, m) };
    // A method a merchant must switch on in the back office before using it.
    if (METHOD_DEFINITIONS[m].requiredToBeEnabled) entry.requiredToBeEnabled = true;
    if (m === 'paymentInitiation') entry.setup = bankSetup(publicUrl, countriesOn(store, env, m), offer.hasBank);
    paymentMethods[m] = entry;
  }
  return { uuid: store.id, name: store.name, paymentMethods };
}
