/**
 * The service's processing fee per payment method, as data: a percentage (basis points) plus a
 * fixed part, in the payment's currency, never below a minimum. Integer arithmetic only.
 */
import type { PaymentMethodName } from './methods/catalogue/methods.js';

export interface FeeRule {
  basisPoints: number; // 1 bp = 0.01 %
  fixedMinor: number;
  minimumMinor: number;
}

export const FEE_SCHEDULE: Readonly<Record<PaymentMethodName, FeeRule>> = {
  paymentInitiation: { basisPoints: 50, fixedMinor: 0, minimumMinor: 10 },
  cardPayments: { basisPoints: 150, fixedMinor: 10, minimumMinor: 10 },
  mobilePay: { basisPoints: 150, fixedMinor: 10, minimumMinor: 10 },
  blik: { basisPoints: 120, fixedMinor: 0, minimumMinor: 10 },
  bnpl: { basisPoints: 300, fixedMinor: 0, minimumMinor: 50 },
  hirePurchase: { basisPoints: 250, fixedMinor: 0, minimumMinor: 50 },
};

/** Fee in minor units, rounded half up, never above the amount itself. */
export function serviceFee(method: PaymentMethodName, amountMinor: number): number {
  const rule = FEE_SCHEDULE[method];
  const pct = Math.floor((amountMinor * rule.basisPoints + 5_000) / 10_000);
  return Math.min(amountMinor, Math.max(rule.minimumMinor, pct + rule.fixedMinor));
}
