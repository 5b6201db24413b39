/**
 * What an environment can take payments with, given its connectors (payments/processors/registry.ts
 * builds it): the sandbox everything; production only the methods whose connector is configured
 * and, for bank payments, only the banks configured. Everything a shopper or merchant is offered
 * (the method list, the hosted page's banks, POST /orders) reads it.
 */
import type { CountryCode } from './catalogue/banks.js';
import type { PaymentMethodName } from './catalogue/methods.js';

export interface Offer {
  /** Why `m` cannot be paid in this environment (names the missing connector); undefined when it can. */
  missing(m: PaymentMethodName): string | undefined;
  /** Whether the bank `code` of `country` can be paid in this environment. */
  hasBank(country: CountryCode, code: string): boolean;
}

export const EVERYTHING: Offer = { missing: () => undefined, hasBank: () => true };
