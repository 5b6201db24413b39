/**
 * JSON Schema of the order object on the wire: documents the response in OpenAPI and lets
 * Fastify serialise it with a compiled serializer instead of JSON.stringify.
 */
import { ADDRESS_FIELDS } from './schema.js';

const str = { type: 'string' } as const;

/** The spec's refund object (POST /refunds, and the items of an order's `refunds`). */
export const refundResponseSchema = {
  type: 'object',
  properties: { uuid: str, amount: { type: 'number' }, status: str, currency: str, createdAt: str, type: str },
  required: ['uuid', 'amount', 'status', 'currency', 'createdAt', 'type'],
} as const;
const nullableStr = { type: ['string', 'null'] } as const;

const address = {
  type: ['object', 'null'],
  properties: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, nullableStr])),
} as const;

const paymentIntent = {
  type: 'object',
  properties: {
    uuid: str,
    paymentMethodType: str,
    paymentMethodMetadata: { type: 'object', additionalProperties: true },
    amount: str,
    currency: str,
    status: str,
    serviceFee: nullableStr,
    serviceFeeCurrency: nullableStr,
    createdAt: str,
  },
} as const;

export const orderResponseSchema = {
  type: 'object',
  properties: {
    uuid: str,
    paymentStatus: str,
    locale: str,
    merchantReference: str,
    merchantReferenceDisplay: str,
    merchantReturnUrl: str,
    merchantNotificationUrl: str,
    grandTotal: str,
    currency: str,
    paymentMethodType: str,
    storeUuid: str,
    paymentIntents: { type: 'array', items: paymentIntent },
    refunds: { type: 'array', items: refundResponseSchema },
    availableForRefund: { type: 'number' },
    isRefundableType: { type: 'boolean' },
    lineItems: {
      type: 'array',
      items: { type: 'object', properties: { name: str, quantity: { type: 'number' }, finalPrice: { type: 'number' } } },
    },
    billingAddress: address,
    shippingAddress: address,
    expiresAt: nullableStr,
    createdAt: str,
    storeName: str,
    businessName: str,
    paymentUrl: nullableStr,
  },
} as const;

export const errorResponseSchema = {
  type: 'object',
  properties: { statusCode: { type: 'integer' }, message: str, error: str },
} as const;
