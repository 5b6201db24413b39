/**
 * Payment method system names and the currencies each method supports.
 * Source: spec/payments.md, "Payment method system names".
 * Data only: no I/O, no side effects.
 */

/** Currency codes used by the payments interface. */
export type CurrencyCode = 'EUR' | 'PLN';

/** Payment method system names, as used as keys of `paymentMethods`. */
export type PaymentMethodName = 'paymentInitiation' | 'cardPayments' | 'mobilePay' | 'blik' | 'bnpl' | 'hirePurchase';

/** All payment method system names, in spec table order. */
export const PAYMENT_METHODS: readonly PaymentMethodName[] = Object.freeze(['paymentInitiation', 'cardPayments', 'mobilePay', 'blik', 'bnpl', 'hirePurchase'] as const);

/** Supported currencies per payment method (spec table, "Supported currencies"). */
export const METHOD_CURRENCIES: Record<PaymentMethodName, readonly CurrencyCode[]> = Object.freeze({
  paymentInitiation: Object.freeze(['EUR', 'PLN'] as const),
  cardPayments: Object.freeze(['EUR', 'PLN'] as const),
  mobilePay: Object.freeze(['EUR'] as const),
  blik: Object.freeze(['PLN'] as const),
  bnpl: Object.freeze(['EUR'] as const),
  hirePurchase: Object.freeze(['EUR'] as const),
});

/** Human-readable short labels (used on method logos). */
export const METHOD_LABELS: Readonly<Record<PaymentMethodName, string>> = Object.freeze({
  paymentInitiation: 'Bank',
  cardPayments: 'Card',
  mobilePay: 'MobilePay',
  blik: 'BLIK',
  bnpl: 'Pay later',
  hirePurchase: 'Instalments',
});

export function isPaymentMethodName(value: string): value is PaymentMethodName {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}
