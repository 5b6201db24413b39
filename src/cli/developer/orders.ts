/** `kassa orders list|get` and `kassa refunds create`, with the store's keys. */
import { randomUUID } from 'node:crypto';
import { listLines, usageError } from '../kit.js';
import { storeApi, type KeyOptions, type StoreContext } from './api.js';

/** Every option of the developer commands (parsed once by developer.ts). */
export type DeveloperValues = KeyOptions & {
  'forward-to'?: string | undefined;
  'max-events'?: string | undefined;
  order?: string | undefined;
  amount?: string | undefined;
  'idempotency-key'?: string | undefined;
  'notification-url'?: string | undefined;
  'webhook-url'?: string | undefined;
  limit?: string | undefined;
  shipment?: string | undefined;
  status?: string | undefined;
};

export interface Order {
  uuid: string;
  merchantReference: string;
  paymentStatus: string;
  /** "10.00" on the wire (the order view formats amounts). */
  grandTotal: string | number;
  currency: string;
}
export interface Refund {
  uuid: string;
  status: string;
  amount: number;
  currency: string;
}
export const orderLine = (o: Order): string => `order ${o.uuid}  ${o.merchantReference}  ${o.paymentStatus}  ${Number(o.grandTotal).toFixed(2)} ${o.currency}`;
export const refundLine = (r: Refund): string => `refund ${r.uuid}  ${r.status}  ${r.amount.toFixed(2)} ${r.currency}`;

function amountOption(values: DeveloperValues): number {
  const a = values.amount;
  if (!a || !/^\d+(\.\d{1,2})?$/.test(a)) throw usageError("--amount is required, in the currency's units (e.g. 1.00)");
  return Number(a);
}

export async function createRefund(c: StoreContext, values: DeveloperValues): Promise<Refund> {
  if (!values.order) throw usageError('--order UUID is required');
  const amount = amountOption(values);
  // The server checks the order, the amount and the refund rules, naming what is wrong.
  return (await storeApi(c, 'POST', '/refunds', {
    data: { orderUuid: values.order, amount, idempotencyKey: values['idempotency-key'] ?? randomUUID() },
  })) as Refund;
}

export async function orders(c: StoreContext, verb: string | undefined, subject: string | undefined, values: DeveloperValues): Promise<void> {
  if (verb === 'list') {
    const q = new URLSearchParams();
    if (values.limit !== undefined) {
      if (!/^\d+$/.test(values.limit)) throw usageError('--limit must be a whole number');
      q.set('limit', values.limit);
    }
    if (values.status !== undefined) q.set('status', values.status);
    // The server checks the range and the status, naming what is wrong.
    const { orders: list } = (await storeApi(c, 'GET', `/cli/orders${q.size ? `?${q}` : ''}`)) as { orders: Order[] };
    if (c.json) c.out(JSON.stringify(list));
    else listLines({ out: c.out, progress: c.err }, list, 'orders', orderLine);
    return;
  }
  if (verb !== 'get') throw usageError(verb ? `unknown command "orders ${verb}"` : '"orders" needs a command');
  if (!subject) throw usageError('the order uuid is required');
  const o = (await storeApi(c, 'GET', `/orders/${encodeURIComponent(subject)}`)) as Order;
  c.out(c.json ? JSON.stringify(o) : orderLine(o));
}

export async function refunds(c: StoreContext, verb: string | undefined, values: DeveloperValues): Promise<void> {
  if (verb !== 'create') throw usageError(verb ? `unknown command "refunds ${verb}"` : '"refunds" needs a command');
  const r = await createRefund(c, values);
  c.out(c.json ? JSON.stringify(r) : refundLine(r));
}
