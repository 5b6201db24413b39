/** The refund request token's payload (spec: Refund request token payload), checked field by field. */
import { Type } from 'typebox';
import { isUuid } from '../../platform/ids.js';
import { Problems, Reader, isObject } from '../../platform/validate.js';

/** The smallest refund: 0.05 in the order's currency (the spec's 0.05 EUR; PLN orders alike). */
export const MIN_REFUND_MINOR = 5;
export const MAX_IDEMPOTENCY_KEY = 255;

export interface RefundInput {
  orderUuid: string;
  amountMinor: number;
  idempotencyKey: string;
}

/**
 * Amounts may be numbers or numeric strings (deployed plugins send strings); idempotency keys are
 * any non-empty string up to 255 characters (a UUID is recommended, not required). Every problem
 * is reported in one 400.
 */
export function parseRefundPayload(claims: unknown): RefundInput {
  const p = new Problems();
  const r = new Reader(p, isObject(claims) ? claims : {});
  const orderUuid = r.string('orderUuid', { required: true });
  if (orderUuid !== undefined && !isUuid(orderUuid)) p.add('orderUuid', 'must be a UUID');
  const amountMinor = r.amount('amount', { required: true, min: MIN_REFUND_MINOR, minText: '0.05' });
  const idempotencyKey = r.string('idempotencyKey', { required: true, min: 1, max: MAX_IDEMPOTENCY_KEY });
  if (typeof (claims as Record<string, unknown> | null)?.iat !== 'number') p.add('iat', 'is required (Unix seconds)');
  p.throwIfAny();
  return { orderUuid: orderUuid!, amountMinor: amountMinor!, idempotencyKey: idempotencyKey! };
}

/** The refund request token's payload, for the document (parseRefundPayload above validates it). */
export const RefundPayloadSchema = Type.Object(
  {
    accessKey: Type.String({ description: "The store's access key" }),
    orderUuid: Type.String({ format: 'uuid', description: 'Order UUID' }),
    amount: Type.Union([Type.Number(), Type.String()], { description: 'Up to 2 decimals; at least 0.05' }),
    idempotencyKey: Type.String({ minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY, description: 'Unique per refund request; re-sending it identifies a retry' }),
    iat: Type.Number({ description: 'Unix seconds' }),
    exp: Type.Number({ description: 'Unix seconds' }),
  },
  { additionalProperties: true, title: 'RefundPayload' },
);
