/** The developer CLI's event feed (`kassa listen`): query and answer schemas. */
import { Type } from 'typebox';
import { ORDER_STATUSES } from '../orders/states.js';
import { OrderSchema } from '../orders/schema.js';

export const MAX_EVENTS = 100;

export const EventsQuery = Type.Object(
  {
    after: Type.Optional(Type.String({ description: 'The `seq` of the last event received (a cursor); none: only events from now on' })),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: `At most this many events: 1 to ${MAX_EVENTS} (default ${MAX_EVENTS})` })),
  },
  { additionalProperties: false },
);

export const CliEvent = Type.Object({
  id: Type.String({ description: 'The notification id' }),
  seq: Type.String({ description: 'The feed position (a decimal number); pass the last one back as `after`' }),
  kind: Type.Union([Type.Literal('order'), Type.Literal('refund'), Type.Literal('webhook'), Type.Literal('legacy_webhook')]),
  subjectId: Type.String({ description: 'The order, refund or shipment the notification is about' }),
  createdAt: Type.String({ format: 'date-time' }),
  url: Type.String({ description: 'The URL Kassa delivers to (with the token in the query where Kassa puts it there)' }),
  body: Type.String({ description: 'The JSON body Kassa POSTs, token signed now with the store’s key, exactly as the delivery worker signs it' }),
});

export const EventsAnswer = Type.Object({
  events: Type.Array(CliEvent),
  cursor: Type.String({ description: 'The `seq` to pass as `after` next (the last event’s, or the newest existing when there was none; "0" for a store without events)' }),
});

export const MAX_ORDERS = 100;

export const OrdersQuery = Type.Object(
  {
    limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: `At most this many orders: 1 to ${MAX_ORDERS} (default 20)` })),
    status: Type.Optional(Type.Enum([...ORDER_STATUSES], { description: 'Only orders with this paymentStatus' })),
  },
  { additionalProperties: false },
);

export const OrdersAnswer = Type.Object({ orders: Type.Array(OrderSchema) });
