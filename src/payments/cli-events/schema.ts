/** The developer CLI's event feed (`kassa listen`): query and answer schemas. */
import { Type } from 'typebox';
import { ORDER_STATUSES } from '../orders/states.js';
import { OrderSchema } from '../orders/schema.js';

export const MAX_EVENTS = 100;
/** The longest a request of the feed may wait for the next event (seconds): below proxies' idle timeouts. */
export const MAX_WAIT_S = 25;

export const EventsQuery = Type.Object(
  {
    after: Type.Optional(Type.String({ description: 'The `cursor` of the last event received ("<transaction>.<seq>"; "0.0" is the beginning); none: only events from now on' })),
    wait: Type.Optional(
      Type.String({
        pattern: '^[0-9]+$',
        description: `With \`after\`: when there is no event yet, hold the request up to this many seconds (0 to ${MAX_WAIT_S}, default 0) and answer as soon as one commits. At most 10 waiting requests per store (429), fewer when the server is full or shutting down (503)`,
      }),
    ),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: `At most this many events: 1 to ${MAX_EVENTS} (default ${MAX_EVENTS})` })),
  },
  { additionalProperties: false },
);

export const CliEvent = Type.Object({
  id: Type.String({ description: 'The notification id' }),
  cursor: Type.String({ description: 'The feed position ("<transaction>.<seq>"); pass the last one back as `after`' }),
  kind: Type.Union([Type.Literal('order'), Type.Literal('refund'), Type.Literal('webhook'), Type.Literal('legacy_webhook')]),
  subjectId: Type.String({ description: 'The order, refund or shipment the notification is about' }),
  createdAt: Type.String({ format: 'date-time' }),
  url: Type.String({ description: 'The URL Kassa delivers to (with the token in the query where Kassa puts it there)' }),
  body: Type.String({ description: 'The JSON body Kassa POSTs, token signed now with the store’s key, exactly as the delivery worker signs it' }),
});

export const EventsAnswer = Type.Object({
  events: Type.Array(CliEvent),
  cursor: Type.String({ description: 'The cursor to pass as `after` next (the last event’s; without events the one given, or "now" when none was)' }),
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
