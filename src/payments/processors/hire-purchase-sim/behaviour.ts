/**
 * The hire-purchase simulator's credit rules and plans. Pure.
 *
 * Credit is declined for amounts below 100.00 EUR or above 10 000.00 EUR (and for any other
 * currency); otherwise the shopper picks 6, 12, 24 or 36 months at 0 % interest, paid in equal
 * monthly instalments of whole cents with the remainder on the first.
 */
import type { Currency } from '../../../platform/money.js';
import { splitMinor } from '../sim-kit/protocol.js';
import { PLAN_MONTHS, type PlanMonths } from './mapper.js';

export const CREDIT_LIMITS = { currency: 'EUR', minMinor: 10_000, maxMinor: 1_000_000 } as const;
export const DEFAULT_MONTHS: PlanMonths = 12;

export function creditApproved(amountMinor: number, currency: Currency): boolean {
  return currency === CREDIT_LIMITS.currency && amountMinor >= CREDIT_LIMITS.minMinor && amountMinor <= CREDIT_LIMITS.maxMinor;
}

export interface Plan {
  months: PlanMonths;
  firstMinor: number;
  monthlyMinor: number;
}

export function plans(amountMinor: number): Plan[] {
  return PLAN_MONTHS.map((months) => {
    const parts = splitMinor(amountMinor, months);
    return { months, firstMinor: parts[0] ?? 0, monthlyMinor: parts[1] ?? parts[0] ?? 0 };
  });
}
