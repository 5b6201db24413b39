/**
 * The hire-purchase simulator's protocol: a signed request; a signed result with the plan
 * (months) the shopper signed. Pure.
 */
import { Errors } from '../../../platform/errors.js';
import type { SimulatorMapper } from '../sim-kit/adapter.js';
import { BASE_REQUEST_FIELDS, BASE_RETURN_FIELDS, baseMapper, baseReturnFields, CANCEL_REASON, type SimRequest } from '../sim-kit/protocol.js';

export const PLAN_MONTHS = [6, 12, 24, 36] as const;
export type PlanMonths = (typeof PLAN_MONTHS)[number];

export type HirePurchaseRequest = SimRequest;
export const HP_REQUEST_FIELDS = BASE_REQUEST_FIELDS;
export const HP_RETURN_FIELDS = [...BASE_RETURN_FIELDS, 'months'] as const;

export function parseMonths(v: string | undefined): PlanMonths | undefined {
  return PLAN_MONTHS.find((m) => String(m) === v);
}

export type HirePurchaseDecision = { action: 'approve'; months: PlanMonths } | { action: 'decline'; reason: 'DECLINED' | 'CREDIT_DECLINED' } | { action: 'cancel' };

export function hirePurchaseReturnFields(r: HirePurchaseRequest, d: HirePurchaseDecision): Record<string, string> {
  if (d.action === 'approve') return { ...baseReturnFields(r, 'approved', ''), months: String(d.months) };
  if (d.action === 'decline') return { ...baseReturnFields(r, 'declined', d.reason), months: '' };
  return { ...baseReturnFields(r, 'canceled', CANCEL_REASON), months: '' };
}

export const hirePurchaseMapper: SimulatorMapper<HirePurchaseRequest> = baseMapper({
  refPrefix: 'hp',
  entryPath: '/simulators/hire-purchase/pay',
  extraReturnFields: ['months'],
  paid(f) {
    const months = parseMonths(f.months);
    if (!months) throw Errors.badRequest('the hire-purchase return of a payment lacks the plan');
    return { metadata: { months } };
  },
});
