/** The BLIK simulator's protocol: a signed payment request and a signed result. Pure. */
import type { SimulatorMapper } from '../sim-kit/adapter.js';
import { BASE_REQUEST_FIELDS, BASE_RETURN_FIELDS, baseMapper, baseReturnFields, CANCEL_REASON, type DeclineReason, type SimRequest } from '../sim-kit/protocol.js';

export type BlikRequest = SimRequest;
export const BLIK_REQUEST_FIELDS = BASE_REQUEST_FIELDS;
export const BLIK_RETURN_FIELDS = BASE_RETURN_FIELDS;

export type BlikDecision = { action: 'approve' } | { action: 'decline'; reason: DeclineReason } | { action: 'cancel' };

export function blikReturnFields(r: BlikRequest, d: BlikDecision): Record<string, string> {
  if (d.action === 'approve') return baseReturnFields(r, 'approved', '');
  if (d.action === 'decline') return baseReturnFields(r, 'declined', d.reason);
  return baseReturnFields(r, 'canceled', CANCEL_REASON);
}

export const blikMapper: SimulatorMapper<BlikRequest> = baseMapper({ refPrefix: 'blik', entryPath: '/simulators/blik/pay' });
