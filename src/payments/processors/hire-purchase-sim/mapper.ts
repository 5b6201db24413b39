/**
 * The hire-purchase simulator's protocol: a signed request; a signed result with the plan
 * (months) the shopper signed. Pure.
 */
import { Errors } from '../../../platform/errors.js';
import type { AttemptOutcome } from '../../orders/service.js';
import type { SimulatorMapper } from '../sim-kit/adapter.js';
import {
  BASE_REQUEST_FIELDS,
  BASE_RETURN_FIELDS,
  CANCEL_REASON,
  baseRequest,
  baseRequestFields,
  baseReturnFields,
  parseBaseRequest,
  parseBaseReturn,
  unpaidOutcome,
  type SimRequest,
} from '../sim-kit/protocol.js';
import type { Fields } from '../sim-kit/signing.js';

export const PLAN_MONTHS = [6, 12, 24, 36] as const;
export type PlanMonths = (typeof PLAN_MONTHS)[number];

export type HirePurchaseRequest = SimRequest;
export const HP_REQUEST_FIELDS = BASE_REQUEST_FIELDS;
export const HP_RETURN_FIELDS = [...BASE_RETURN_FIELDS, 'months'] as const;

export function parseMonths(v: string | undefined): PlanMonths | undefined {
  return PLAN_MONTHS.find((m) => String(m) === v);
}

export type HirePurchaseDecision =
  | { action: 'approve'; months: PlanMonths }
  | { action: 'decline'; reason: 'DECLINED' | 'CREDIT_DECLINED' }
  | { action: 'cancel' };

export function hirePurchaseReturnFields(r: HirePurchaseRequest, d: HirePurchaseDecision): Record<string, string> {
  if (d.action === 'approve') return { ...baseReturnFields(r, 'approved', ''), months: String(d.months) };
  if (d.action === 'decline') return { ...baseReturnFields(r, 'declined', d.reason), months: '' };
  return { ...baseReturnFields(r, 'canceled', CANCEL_REASON), months: '' };
}

export const hirePurchaseMapper: SimulatorMapper<HirePurchaseRequest> = {
  refPrefix: 'hp',
  entryPath: '/simulators/hire-purchase/pay',
  requestFieldNames: HP_REQUEST_FIELDS,
  returnFieldNames: HP_RETURN_FIELDS,
  buildRequest: (input, ctx) => baseRequest(input, ctx),
  requestFields: (r) => baseRequestFields(r),
  parseRequest: (f: Fields) => parseBaseRequest(f),
  parseReturn(processor: string, f: Fields): AttemptOutcome {
    const base = parseBaseReturn(f);
    if (base.status !== 'approved') return unpaidOutcome(processor, base);
    const months = parseMonths(f.months);
    if (!months) throw Errors.badRequest('the hire-purchase return of a payment lacks the plan');
    return { kind: 'paid', processor, processorReference: base.ref, metadata: { months } };
  },
};
