/** The BLIK simulator's protocol: a signed payment request and a signed result. Pure. */
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
  type DeclineReason,
  type SimRequest,
} from '../sim-kit/protocol.js';
import type { Fields } from '../sim-kit/signing.js';

export type BlikRequest = SimRequest;
export const BLIK_REQUEST_FIELDS = BASE_REQUEST_FIELDS;
export const BLIK_RETURN_FIELDS = BASE_RETURN_FIELDS;

export type BlikDecision = { action: 'approve' } | { action: 'decline'; reason: DeclineReason } | { action: 'cancel' };

export function blikReturnFields(r: BlikRequest, d: BlikDecision): Record<string, string> {
  if (d.action === 'approve') return baseReturnFields(r, 'approved', '');
  if (d.action === 'decline') return baseReturnFields(r, 'declined', d.reason);
  return baseReturnFields(r, 'canceled', CANCEL_REASON);
}

export const blikMapper: SimulatorMapper<BlikRequest> = {
  refPrefix: 'blik',
  entryPath: '/simulators/blik/pay',
  requestFieldNames: BLIK_REQUEST_FIELDS,
  returnFieldNames: BLIK_RETURN_FIELDS,
  buildRequest: (input, ctx) => baseRequest(input, ctx),
  requestFields: (r) => baseRequestFields(r),
  parseRequest: (f: Fields) => parseBaseRequest(f),
  parseReturn(processor: string, f: Fields): AttemptOutcome {
    const base = parseBaseReturn(f);
    if (base.status !== 'approved') return unpaidOutcome(processor, base);
    return { kind: 'paid', processor, processorReference: base.ref };
  },
};
