/** Wire schemas of the sandbox test helpers (/sandbox/api/test-helpers/…). */
import { Type, type TSchema } from 'typebox';
import { CHANNELS } from '../../ledger/chart.js';
import { CURRENCIES } from '../../platform/money.js';
import { documentedOnly, idParam } from '../../platform/schemas.js';
import { OrderSchema, RefundSchema } from '../orders/schema.js';
import { PayoutSchema } from '../../payouts/schema.js';

export const OUTCOMES = ['paid', 'declined', 'canceled'] as const;
export const MAX_ADVANCE_MINUTES = 366 * 24 * 60;

export const OrderUuidParams = Type.Object({ orderUuid: idParam('Sandbox order UUID (a malformed one is a 400)') });
export const RefundUuidParams = Type.Object({ refundUuid: idParam('Refund UUID (a malformed one is a 400)') });

/** The body of …/orders/:orderUuid/pay; the route's Reader checks it (null or absent means `{}`). */
export const PayBody = documentedOnly(
  Type.Union([
    Type.Object(
      {
        outcome: Type.Optional(Type.Enum([...OUTCOMES], { description: 'How the attempt ends (default paid)' })),
        senderIban: Type.Optional(Type.String({ maxLength: 34, description: "Bank payments: the payer's IBAN (default a test IBAN)" })),
        senderName: Type.Optional(Type.String({ maxLength: 140, description: "Bank payments: the payer's name" })),
        providerName: Type.Optional(Type.String({ maxLength: 140, description: "Bank payments: the payer's bank" })),
      },
      { additionalProperties: true },
    ),
    Type.Null(),
  ]),
  // What Fastify validated before the document existed (kept: the tests know its answers).
  {
    type: ['object', 'null'],
    properties: {
      outcome: { type: 'string', enum: [...OUTCOMES] },
      senderIban: { type: 'string' },
      senderName: { type: 'string' },
      providerName: { type: 'string' },
    },
  } as unknown as TSchema,
);

export const PayAnswer = Type.Object({
  order: OrderSchema,
  redirectUrl: Type.String({ description: "Where the hosted page would send the shopper (the merchant's returnUrl with the order token)" }),
});

export const ClockAnswer = Type.Object({ now: Type.String({ description: "The store's sandbox time (ISO 8601)" }) });

const WholeNumber = (max: number, description: string) => Type.Integer({ minimum: 0, maximum: max, description });

export const AdvanceBody = documentedOnly(
  Type.Object(
    {
      minutes: Type.Optional(WholeNumber(MAX_ADVANCE_MINUTES, 'Minutes to move forward')),
      seconds: Type.Optional(WholeNumber(MAX_ADVANCE_MINUTES * 60, 'Seconds to move forward')),
    },
    { additionalProperties: true, description: 'minutes and/or seconds; together they must move the clock forward' },
  ),
  { type: 'object', properties: { minutes: { type: 'number' }, seconds: { type: 'number' } } } as unknown as TSchema,
);

export const SettleAnswer = Type.Object({
  now: Type.String({ description: "The store's sandbox time (ISO 8601)" }),
  settledPayments: Type.Integer({ description: 'How many payments this settled' }),
});

export const TopUpBody = documentedOnly(
  Type.Object(
    {
      channel: Type.Enum([...CHANNELS], { description: 'Settlement channel' }),
      currency: Type.Enum([...CURRENCIES]),
      amount: Type.Union([Type.Number(), Type.String()], { description: 'Up to 2 decimals; at least 0.01' }),
    },
    { additionalProperties: true },
  ),
  { type: 'object', properties: { channel: { type: 'string' }, currency: { type: 'string' }, amount: {} } } as unknown as TSchema,
);

export const TopUpAnswer = Type.Object({
  channel: Type.Enum([...CHANNELS]),
  currency: Type.Enum([...CURRENCIES]),
  amount: Type.Number(),
});

export const CancelledRefund = RefundSchema;

export const PayoutsRunAnswer = Type.Object({ payouts: Type.Array(PayoutSchema) });
