/**
 * The MobilePay simulator's protocol: a signed payment request; a signed result naming the
 * (masked) phone whose app approved or rejected it. Pure.
 */
import { Errors } from '../../../platform/errors.js';
import type { SimulatorMapper } from '../sim-kit/adapter.js';
import { BASE_REQUEST_FIELDS, BASE_RETURN_FIELDS, baseMapper, baseReturnFields, CANCEL_REASON, type SimRequest } from '../sim-kit/protocol.js';

export type MobilePayRequest = SimRequest;

export const MOBILEPAY_REQUEST_FIELDS = BASE_REQUEST_FIELDS;
/** The app step's state: the request and the masked phone it was sent to. */
export const MOBILEPAY_APP_FIELDS = [...BASE_REQUEST_FIELDS, 'phone'] as const;
export const MOBILEPAY_RETURN_FIELDS = [...BASE_RETURN_FIELDS, 'phone'] as const;

export type MobilePayDecision = { action: 'approve'; phone: string } | { action: 'reject'; phone: string } | { action: 'cancel' };

export function mobilePayReturnFields(r: MobilePayRequest, d: MobilePayDecision): Record<string, string> {
  const status = d.action === 'approve' ? 'approved' : d.action === 'reject' ? 'declined' : 'canceled';
  const reason = d.action === 'reject' ? 'REJECTED_IN_APP' : d.action === 'cancel' ? CANCEL_REASON : '';
  return { ...baseReturnFields(r, status, reason), phone: d.action === 'cancel' ? '' : d.phone };
}

export const mobilePayMapper: SimulatorMapper<MobilePayRequest> = baseMapper({
  refPrefix: 'mobilepay',
  entryPath: '/simulators/mobilepay/pay',
  extraReturnFields: ['phone'],
  paid(f) {
    if (!f.phone) throw Errors.badRequest('the MobilePay return of a payment lacks the phone');
    return { metadata: { phone: f.phone } };
  },
});
