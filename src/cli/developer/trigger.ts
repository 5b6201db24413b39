/**
 * `kassa trigger EVENT`: drives a sandbox object through one event, creating what it needs with
 * the store's keys, through the same APIs and sandbox test helpers a merchant's CI uses; the
 * server makes the change and sends the notification or webhook (so `kassa listen` forwards it).
 */
import { randomUUID } from 'node:crypto';
import { plural, usageError } from '../kit.js';
import { storeApi, type StoreContext } from './api.js';
import { makeLabelFile } from '../labels.js';
import { createRefund, orderLine, refundLine, type Order, type Refund, type DeveloperValues } from './orders.js';

/** The refund amount's cents choose the sandbox simulators' outcome (docs/sandbox.md). */
const REJECTING_CENTS = ['51', '52', '53', '54', '55'];

const SHIPMENT_STATUSES = ['inTransit', 'awaitingCollection', 'delivered', 'returned'] as const;

/** Every event `kassa trigger` drives, with what it does (the usage text and --help list them all). */
export const TRIGGER_EVENTS = {
  'order.paid': 'creates an order and pays it (order notification PAID)',
  'order.declined': 'creates an order and declines its payment',
  'order.canceled': 'creates an order and cancels its payment',
  'order.abandoned': "creates an order and moves the store's sandbox clock past its payment window (ABANDONED)",
  'refund.successful': 'pays an order and refunds --amount (default 1.00): refund notification SUCCESSFUL',
  'refund.rejected': 'pays an order and refunds an amount ending in .51-.55 (default 1.51): the processor rejects it (REJECTED)',
  'shipment.registered': 'creates a sandbox shipment (omniva, EE) registered with the carrier',
  'shipment.registrationFailed': 'creates a sandbox shipment the carrier refuses',
  'shipment.labelsCreated': 'requests a label file for a registered shipment (also labelFile.ready)',
  'labelFile.ready': 'as shipment.labelsCreated: the label file becomes ready',
  'shipment.inTransit': 'moves a shipment to inTransit (shipment.statusUpdated)',
  'shipment.awaitingCollection': 'moves a shipment to awaitingCollection (shipment.statusUpdated)',
  'shipment.delivered': 'moves a shipment to delivered (shipment.statusUpdated)',
  'shipment.returned': 'moves a shipment to returned (shipment.statusUpdated)',
} as const;
export type TriggerEvent = keyof typeof TRIGGER_EVENTS;

const isEvent = (e: string | undefined): e is TriggerEvent => e !== undefined && Object.hasOwn(TRIGGER_EVENTS, e);

/** What one trigger did: the --json document and the lines of the text output. */
interface Done {
  json: Record<string, unknown>;
  steps: string[];
}

export async function trigger(c: StoreContext, event: string | undefined, values: DeveloperValues): Promise<void> {
  if (!isEvent(event)) throw usageError(`trigger needs an event: ${Object.keys(TRIGGER_EVENTS).join(', ')}`);
  if (c.env !== 'sandbox') throw usageError('trigger drives sandbox objects only (--env sandbox)');
  const steps: string[] = [];
  const done = event.startsWith('order.')
    ? await orderEvent(c, event, values, steps)
    : event.startsWith('refund.')
      ? await refundEvent(c, event, values, steps)
      : await shippingEvent(c, event, values, steps);
  if (c.json) c.out(JSON.stringify({ event, ...done.json }));
  else for (const s of done.steps) c.out(s);
}

/** Bank payments for order events; refund events pay by card (refundable without the store's bank-refund switch). */
async function newOrder(c: StoreContext, values: DeveloperValues, steps: string[], opts: { expiresIn?: number; method?: 'paymentInitiation' | 'cardPayments' } = {}): Promise<string> {
  if (values.order) return values.order;
  const total = 10;
  const created = (await storeApi(c, 'POST', '/orders', {
    data: {
      merchantReference: `kassa-trigger-${randomUUID()}`,
      returnUrl: 'https://shop.example/return',
      notificationUrl: values['notification-url'] ?? 'https://shop.example/notify',
      grandTotal: total,
      currency: 'EUR',
      locale: 'en',
      payment: { method: opts.method ?? 'paymentInitiation', amount: total, currency: 'EUR' },
      ...(opts.expiresIn !== undefined ? { expiresIn: opts.expiresIn } : {}),
    },
  })) as Order;
  steps.push(`created ${orderLine(created)}`);
  return created.uuid;
}

async function pay(c: StoreContext, orderUuid: string, outcome: 'paid' | 'declined' | 'canceled', steps: string[]): Promise<Order> {
  const { order } = (await storeApi(c, 'POST', `/test-helpers/orders/${encodeURIComponent(orderUuid)}/pay`, { outcome })) as { order: Order };
  steps.push(`${outcome} ${orderLine(order)}`);
  return order;
}

async function orderEvent(c: StoreContext, event: TriggerEvent, values: DeveloperValues, steps: string[]): Promise<Done> {
  if (event === 'order.abandoned') {
    // The shortest payment window (5 minutes), so the store's sandbox clock moves as little as it can.
    const orderUuid = await newOrder(c, values, steps, { expiresIn: 5 });
    // The server abandons the order (and every other order of the store's sandbox whose window has
    // passed) when its clock moves past the window, and announces it.
    const before = (await storeApi(c, 'GET', `/orders/${encodeURIComponent(orderUuid)}`)) as Order & { expiresAt: string | null };
    const { now } = (await storeApi(c, 'GET', '/test-helpers/clock')) as { now: string };
    const seconds = before.expiresAt ? Math.max(0, Math.ceil((Date.parse(before.expiresAt) - Date.parse(now)) / 1000) + 1) : 0;
    if (seconds > 0) {
      const moved = (await storeApi(c, 'POST', '/test-helpers/clock/advance', { seconds })) as { now: string };
      steps.push(`moved the store's sandbox clock ${seconds} s forward, to ${moved.now}`);
    }
    const order = (await storeApi(c, 'GET', `/orders/${encodeURIComponent(orderUuid)}`)) as Order;
    steps.push(`abandoned ${orderLine(order)}`);
    return { json: { orderUuid, order, clockMovedSeconds: seconds }, steps };
  }
  const orderUuid = await newOrder(c, values, steps);
  const order = await pay(c, orderUuid, event === 'order.declined' ? 'declined' : event === 'order.canceled' ? 'canceled' : 'paid', steps);
  return { json: { orderUuid, order }, steps };
}

async function refundEvent(c: StoreContext, event: TriggerEvent, values: DeveloperValues, steps: string[]): Promise<Done> {
  const rejecting = event === 'refund.rejected';
  const amount = values.amount ?? (rejecting ? '1.51' : '1.00');
  const cents = /\.(\d\d)$/.exec(amount)?.[1];
  if (rejecting && !REJECTING_CENTS.includes(cents ?? '')) throw usageError(`refund.rejected needs --amount ending in .${REJECTING_CENTS.join(', .')} (the sandbox's rejecting amounts)`);
  if (!rejecting && cents !== undefined && (REJECTING_CENTS.includes(cents) || cents === '57'))
    throw usageError(`refund.successful needs an --amount not ending in .51-.55 or .57 (those are the sandbox's other outcomes)`);
  let order: Order | undefined;
  const orderUuid = values.order ?? (await newOrder(c, values, steps, { method: 'cardPayments' }));
  if (!values.order) order = await pay(c, orderUuid, 'paid', steps);
  const settled = (await storeApi(c, 'POST', '/test-helpers/settle')) as { settledPayments: number };
  steps.push(`settled ${plural(settled.settledPayments, 'payment')}`);
  // PENDING now; the running server's refund worker takes it to the processor, which answers by
  // the amount's cents, and sends the refund notification with the outcome.
  const refund: Refund = await createRefund(c, { ...values, order: orderUuid, amount });
  steps.push(`created ${refundLine(refund)} (the server's refund worker completes it and sends the notification)`);
  return { json: { orderUuid, ...(order ? { order } : {}), refund }, steps };
}

const SENDER = { name: 'Kassa Trigger OÜ', streetAddress: 'Pärnu mnt 10', locality: 'Tallinn', postalCode: '10148', country: 'EE', phoneCountryCode: '+372', phoneNumber: '6001234' };
/** The omniva simulator refuses a receiver whose name contains FAIL (src/shipping/carriers/omniva/simulator.ts). */
const receiver = (fail: boolean) => ({ name: fail ? 'FAIL Kassa Trigger' : 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234' });

interface Shipment {
  id: string;
  status: string;
}
interface LabelFile {
  id: string;
  status: string;
}

/**
 * Shipping events are written to the outbox (which `kassa listen` reads) only for a registered
 * webhook. A store with none gets one for this trigger: --webhook-url is registered and kept (the
 * developer asked for it); otherwise a stand-in (https://shop.example/shipping-webhook) that is
 * deleted when the trigger ends, so no webhook that can never be delivered to stays behind (its
 * deliveries end as failed at once; the listener still forwards the events). Returns the clean-up.
 */
async function ensureWebhook(c: StoreContext, values: DeveloperValues, steps: string[]): Promise<() => Promise<void>> {
  const none = async () => {};
  const { data } = (await storeApi(c, 'GET', '/webhooks', undefined, { base: c.shippingBase })) as { data: { id: string; url: string }[] };
  if (data.length) return none;
  const kept = values['webhook-url'];
  const url = kept ?? 'https://shop.example/shipping-webhook';
  const hook = (await storeApi(c, 'POST', '/webhooks', { url }, { base: c.shippingBase })) as { id: string };
  if (kept) {
    steps.push(`registered webhook ${hook.id} -> ${url} (the store had none; shipping events are sent only to registered webhooks)`);
    return none;
  }
  steps.push(`registered webhook ${hook.id} -> ${url} for this trigger (the store had none; shipping events are sent only to registered webhooks)`);
  return async () => {
    await storeApi(c, 'DELETE', `/webhooks/${encodeURIComponent(hook.id)}`, undefined, { base: c.shippingBase });
    steps.push(`deleted webhook ${hook.id} (kassa listen forwards the events; --webhook-url URL keeps a webhook of your own)`);
  };
}

async function newShipment(c: StoreContext, fail: boolean, steps: string[]): Promise<Shipment> {
  const s = (await storeApi(
    c,
    'POST',
    '/shipments',
    {
      synchronous: true,
      merchantReference: `kassa-trigger-${randomUUID()}`,
      sender: SENDER,
      receiver: receiver(fail),
      shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' },
      parcels: [{ weight: 1 }],
    },
    { base: c.shippingBase },
  )) as Shipment;
  steps.push(`created shipment ${s.id}  ${s.status}`);
  return s;
}

const LABEL_WAIT_MS = 60_000;

/** Requests a label file and waits (progress on stderr) until the server's worker has made it ready or failed it. */
async function labelFile(c: StoreContext, shipmentId: string, steps: string[]): Promise<LabelFile> {
  const f = await makeLabelFile(c, [shipmentId], LABEL_WAIT_MS);
  steps.push(`label file ${f.id}  ${f.status}`);
  return f;
}

async function shippingEvent(c: StoreContext, event: TriggerEvent, values: DeveloperValues, steps: string[]): Promise<Done> {
  const cleanUp = await ensureWebhook(c, values, steps);
  try {
    return await shippingSteps(c, event, values, steps);
  } finally {
    await cleanUp();
  }
}

async function shippingSteps(c: StoreContext, event: TriggerEvent, values: DeveloperValues, steps: string[]): Promise<Done> {
  const failing = event === 'shipment.registrationFailed';
  let shipment: Shipment = values.shipment && !failing && event !== 'shipment.registered' ? { id: values.shipment, status: '' } : await newShipment(c, failing, steps);
  const created = !values.shipment || failing || event === 'shipment.registered';
  if (event === 'shipment.registered' || event === 'shipment.registrationFailed') return { json: { shipmentId: shipment.id, shipment }, steps };
  if (event === 'shipment.labelsCreated' || event.startsWith('labelFile.')) {
    const file = await labelFile(c, shipment.id, steps);
    return { json: { shipmentId: shipment.id, labelFile: file }, steps };
  }
  const status = event.slice('shipment.'.length) as (typeof SHIPMENT_STATUSES)[number];
  // A new shipment is picked up first: the later statuses follow inTransit.
  const path = created && status !== 'inTransit' ? ['inTransit', status] : [status];
  for (const to of path) {
    // The server checks each move against the shipment's state machine (409 when it cannot happen).
    shipment = (await storeApi(c, 'POST', `/test-helpers/shipments/${encodeURIComponent(shipment.id)}/status`, { status: to }, { base: c.shippingBase })) as Shipment;
    steps.push(`moved shipment ${shipment.id} to ${shipment.status}`);
  }
  return { json: { shipmentId: shipment.id, shipment }, steps };
}
