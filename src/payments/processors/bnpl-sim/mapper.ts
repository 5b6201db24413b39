/**
 * The pay-later simulator's protocol: a signed request with the period to preselect; a signed
 * result with the period the shopper took. Pure.
 */
import { Errors } from '../../../platform/errors.js';
import type { SimulatorMapper } from '../sim-kit/adapter.js';
import { BASE_REQUEST_FIELDS, BASE_RETURN_FIELDS, baseRequest, baseRequestFields, baseReturnFields, CANCEL_REASON, parseBaseRequest, returnOutcome, type SimRequest } from '../sim-kit/protocol.js';
import type { Fields } from '../sim-kit/signing.js';

export type Period = 1 | 2 | 3;
export const PERIODS: readonly Period[] = [1, 2, 3];

export interface BnplRequest extends SimRequest {
  period: Period;
}

export const BNPL_REQUEST_FIELDS = [...BASE_REQUEST_FIELDS, 'period'] as const;
export const BNPL_RETURN_FIELDS = [...BASE_RETURN_FIELDS, 'period'] as const;

export function parsePeriod(v: string | undefined): Period | undefined {
  return PERIODS.find((p) => String(p) === v);
}

export type BnplDecision = { action: 'approve'; period: Period } | { action: 'decline' } | { action: 'cancel' };

export function bnplReturnFields(r: BnplRequest, d: BnplDecision): Record<string, string> {
  if (d.action === 'approve') return { ...baseReturnFields(r, 'approved', ''), period: String(d.period) };
  if (d.action === 'decline') return { ...baseReturnFields(r, 'declined', 'DECLINED'), period: '' };
  return { ...baseReturnFields(r, 'canceled', CANCEL_REASON), period: '' };
}

export const bnplMapper: SimulatorMapper<BnplRequest> = {
  refPrefix: 'bnpl',
  entryPath: '/simulators/bnpl/pay',
  requestFieldNames: BNPL_REQUEST_FIELDS,
  returnFieldNames: BNPL_RETURN_FIELDS,
  buildRequest: (input, ctx) => ({ ...baseRequest(input, ctx), period: input.choice.period ?? 1 }),
  requestFields: (r) => ({ ...baseRequestFields(r), period: String(r.period) }),
  parseRequest(f: Fields) {
    const base = parseBaseRequest(f);
    const period = parsePeriod(f.period);
    return base && period ? { ...base, period } : undefined;
  },
  parseReturn: (processor, f) =>
    returnOutcome(processor, f, (paid) => {
      const period = parsePeriod(paid.period);
      if (!period) throw Errors.badRequest('the pay-later return of a payment lacks the period');
      return { metadata: { period } };
    }),
};
