/**
 * The service's processing fee per payment method, as data: a percentage (basis points) plus a
 * fixed part, in the payment's currency, never below a minimum. Integer arithmetic only.
 */
import { methodTable, type FeeRule, type PaymentMethodName } from './methods/catalogue/methods.js';

export type { FeeRule };

/** Each method's fee rule, from its definition (methods/catalogue/methods.ts). */
export const FEE_SCHEDULE: Readonly<Record<PaymentMethodName, FeeRule>> = methodTable((d) => d.fee);

/** Fee in minor units, rounded half up, never above the amount itself. */
export function serviceFee(method: PaymentMethodName, amountMinor: number): number {
  const rule = FEE_SCHEDULE[method];
  const pct = Math.floor((amountMinor * rule.basisPoints + 5_000) / 10_000);
  return Math.min(amountMinor, Math.max(rule.minimumMinor, pct + rule.fixedMinor));
}
