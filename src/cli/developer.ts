/**
 * The developer CLI: commands a merchant's developer runs with a store's keys (not the operator's
 * token). See docs/decisions.md "The developer CLI".
 *   kassa listen --forward-to http://localhost:3000/notify [--max-events N] [--json]
 *   kassa trigger order.paid|order.declined|order.canceled|order.abandoned|refund.successful [--order UUID] [--amount 1.00] [--json]
 *   kassa trigger shipment.inTransit|shipment.awaitingCollection|shipment.delivered|shipment.returned --shipment UUID [--json]
 *   kassa orders list [--limit N] [--status PAID|…] [--json]
 *   kassa orders get UUID [--json]
 *   kassa refunds create --order UUID --amount 1.00 [--idempotency-key K] [--json]
 * Keys: --access-key/--secret-key or KASSA_ACCESS_KEY/KASSA_SECRET_KEY; --env sandbox|production
 * (default sandbox). Server: KASSA_URL (default http://localhost:8080); the payments API under
 * KASSA_PAYMENTS_PATH / KASSA_PAYMENTS_SANDBOX_PATH (defaults /api, /sandbox/api) as the server's.
 */
import type { CliEventView } from '../payments/cli-events/service.js';
import { randomUUID } from 'node:crypto';
import { systemClock } from '../platform/clock.js';
import { sign } from '../platform/jwt.js';
import { KIND_RULES, notificationRequest } from '../payments/notifications/delivery.js';
import { parseArgs } from 'node:util';
import { CliError, usageError, type Io } from './kit.js';

export const DEVELOPER_OPTIONS = {
  'access-key': { type: 'string' },
  'secret-key': { type: 'string' },
  'forward-to': { type: 'string' },
  'max-events': { type: 'string' },
  order: { type: 'string' },
  amount: { type: 'string' },
  'idempotency-key': { type: 'string' },
  'notification-url': { type: 'string' },
  limit: { type: 'string' },
  shipment: { type: 'string' },
} as const;

export const DEVELOPER_USAGE = `developer commands (a store's keys: --access-key K --secret-key S, or KASSA_ACCESS_KEY/KASSA_SECRET_KEY;
  --env sandbox|production, default sandbox):
  kassa listen --forward-to URL [--max-events N] [--json]   forwards the store's notifications and webhooks as they happen
  kassa trigger order.paid|order.declined|order.canceled|order.abandoned|refund.successful [--order UUID] [--amount 1.00]
        [--notification-url URL] [--json]   drives a sandbox object through the event (creates the order when none is given)
  kassa trigger shipment.inTransit|shipment.awaitingCollection|shipment.delivered|shipment.returned --shipment UUID [--json]
  kassa orders list [--limit N (default 20, at most 100)] [--status PENDING|PAID|ABANDONED|PARTIALLY_REFUNDED|REFUNDED] [--json]
  kassa orders get UUID [--json]
  kassa refunds create --order UUID --amount 1.00 [--idempotency-key K] [--json]`;

const DEVELOPER_WORDS = new Set(['listen', 'trigger', 'orders', 'refunds']);

type Values = { [K in keyof typeof DEVELOPER_OPTIONS]?: string | undefined } & { env?: string | undefined; json?: boolean | undefined; status?: string | undefined };

const usage = usageError;

/** A developer command's keys, environment and API bases (exported for the other developer command modules, e.g. labels.ts). */
export interface Ctx {
  env: 'sandbox' | 'production';
  accessKey: string;
  secretKey: string;
  base: string;
  /** The shipping API (v2) of the environment. */
  shippingBase: string;
  json: boolean;
  out: (s: string) => void;
  err: (s: string) => void;
}

export function context(values: Pick<Values, 'access-key' | 'secret-key' | 'env' | 'json'>, out: (s: string) => void, err: (s: string) => void): Ctx {
  const env = values.env ?? 'sandbox';
  if (env !== 'sandbox' && env !== 'production') throw usage('--env sandbox|production');
  const accessKey = values['access-key'] ?? process.env.KASSA_ACCESS_KEY;
  const secretKey = values['secret-key'] ?? process.env.KASSA_SECRET_KEY;
  if (!accessKey || !secretKey) throw usage("the store's keys are required: --access-key and --secret-key (or KASSA_ACCESS_KEY, KASSA_SECRET_KEY)");
  const server = (process.env.KASSA_URL || 'http://localhost:8080').replace(/\/+$/, '');
  const path = env === 'production' ? process.env.KASSA_PAYMENTS_PATH || '/api' : process.env.KASSA_PAYMENTS_SANDBOX_PATH || '/sandbox/api';
  const shipping = env === 'production' ? process.env.KASSA_SHIPPING_PATH || '/shipping/api/v2' : process.env.KASSA_SHIPPING_SANDBOX_PATH || '/sandbox/shipping/api/v2';
  return { env, accessKey, secretKey, base: server + path.replace(/\/+$/, ''), shippingBase: server + shipping.replace(/\/+$/, ''), json: values.json ?? false, out, err };
}

const nowS = () => Math.floor(systemClock.now().getTime() / 1000);
const token = (c: Ctx, claims: Record<string, unknown> = {}) => sign({ accessKey: c.accessKey, ...claims, iat: nowS(), exp: nowS() + 600 }, c.secretKey);

export async function api(c: Ctx, method: string, route: string, body?: { data: Record<string, unknown> } | Record<string, unknown>, base = c.base): Promise<unknown> {
  let res: Response;
  const signedBody = body && 'data' in body ? { data: token(c, body.data as Record<string, unknown>) } : body;
  try {
    res = await fetch(base + route, {
      method,
      headers: { ...(body && 'data' in body ? {} : { authorization: `Bearer ${token(c)}` }), ...(signedBody ? { 'content-type': 'application/json' } : {}) },
      body: signedBody ? JSON.stringify(signedBody) : undefined,
    });
  } catch (e) {
    throw new CliError(`cannot reach the Kassa server at ${base} (is it running? set KASSA_URL): ${(e as Error).message}`);
  }
  const json = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new CliError(`${method} ${route} failed: ${res.status} ${json?.message ?? ''}`.trim());
  return json;
}

interface Order {
  uuid: string;
  merchantReference: string;
  paymentStatus: string;
  /** "10.00" on the wire (the order view formats amounts). */
  grandTotal: string | number;
  currency: string;
}
interface Refund {
  uuid: string;
  status: string;
  amount: number;
  currency: string;
}
const orderLine = (o: Order) => `order ${o.uuid}  ${o.merchantReference}  ${o.paymentStatus}  ${Number(o.grandTotal).toFixed(2)} ${o.currency}`;
const refundLine = (r: Refund) => `refund ${r.uuid}  ${r.status}  ${r.amount.toFixed(2)} ${r.currency}`;

/** `kassa listen|trigger|orders|refunds …` (argv from the command's own word on). */
export async function developerCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...DEVELOPER_OPTIONS, env: { type: 'string' }, status: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const [noun, verb, subject] = positionals;
  await developer(noun, verb, subject, values, io.out, io.progress);
}

/** Runs a developer command; false when `noun` is none of them. */
export async function developer(noun: string | undefined, verb: string | undefined, subject: string | undefined, values: Values, out: (s: string) => void, err: (s: string) => void = (s) => process.stderr.write(s + '\n')): Promise<boolean> {
  if (!noun || !DEVELOPER_WORDS.has(noun)) return false;
  const c = context(values, out, err);
  if (noun === 'listen') await listen(c, values);
  else if (noun === 'trigger') await trigger(c, verb, values);
  else if (noun === 'orders') {
    if (verb === 'list') {
      const q = new URLSearchParams();
      if (values.limit !== undefined) {
        if (!/^\d+$/.test(values.limit)) throw usage('--limit must be a whole number');
        q.set('limit', values.limit);
      }
      if (values.status !== undefined) q.set('status', values.status);
      // The server checks the range and the status, naming what is wrong.
      const { orders } = (await api(c, 'GET', `/cli/orders${q.size ? `?${q}` : ''}`)) as { orders: Order[] };
      if (c.json) out(JSON.stringify(orders));
      else for (const o of orders) out(orderLine(o));
      return true;
    }
    if (verb !== 'get') throw usage(verb ? `unknown command "orders ${verb}"` : '"orders" needs a command');
    if (!subject) throw usage('the order uuid is required');
    const o = (await api(c, 'GET', `/orders/${encodeURIComponent(subject)}`)) as Order;
    out(c.json ? JSON.stringify(o) : orderLine(o));
  } else {
    if (verb !== 'create') throw usage(verb ? `unknown command "refunds ${verb}"` : '"refunds" needs a command');
    const r = await createRefund(c, values);
    out(c.json ? JSON.stringify(r) : refundLine(r));
  }
  return true;
}

function amountOption(values: Values): number {
  const a = values.amount;
  if (!a || !/^\d+(\.\d{1,2})?$/.test(a)) throw usage('--amount is required, in the currency\'s units (e.g. 1.00)');
  return Number(a);
}

async function createRefund(c: Ctx, values: Values): Promise<Refund> {
  if (!values.order) throw usage('--order UUID is required');
  const amount = amountOption(values);
  // The server checks the order, the amount and the refund rules, naming what is wrong.
  return (await api(c, 'POST', '/refunds', {
    data: { orderUuid: values.order, amount, idempotencyKey: values['idempotency-key'] ?? randomUUID() },
  })) as Refund;
}

const TRIGGERS = ['order.paid', 'order.declined', 'order.canceled', 'order.abandoned', 'refund.successful'] as const;

/** The delivery statuses the sandbox's shipment test helper moves a shipment to (shipping/shipments/states.ts). */
const SHIPMENT_TRIGGERS = ['shipment.inTransit', 'shipment.awaitingCollection', 'shipment.delivered', 'shipment.returned'] as const;

async function trigger(c: Ctx, event: string | undefined, values: Values): Promise<void> {
  const all = [...TRIGGERS, ...SHIPMENT_TRIGGERS];
  if (!all.includes(event as (typeof all)[number])) throw usage(`trigger needs an event: ${all.join(', ')}`);
  if (c.env !== 'sandbox') throw usage('trigger drives sandbox objects only (--env sandbox)');
  if (event!.startsWith('shipment.')) {
    if (!values.shipment) throw usage(`${event} needs --shipment UUID (a registered sandbox shipment)`);
    const status = event!.slice('shipment.'.length);
    // The server checks the move against the shipment's state machine (409 when it cannot happen).
    const s = (await api(c, 'POST', `/test-helpers/shipments/${encodeURIComponent(values.shipment)}/status`, { status }, c.shippingBase)) as { id: string; status: string };
    if (c.json) return c.out(JSON.stringify({ event, shipmentId: s.id, shipment: s }));
    return c.out(`moved shipment ${s.id} to ${s.status}`);
  }
  const steps: string[] = [];
  let orderUuid = values.order;
  if (!orderUuid) {
    const total = 10;
    const created = (await api(c, 'POST', '/orders', {
      data: {
        merchantReference: `kassa-trigger-${randomUUID()}`,
        returnUrl: 'https://shop.example/return',
        notificationUrl: values['notification-url'] ?? 'https://shop.example/notify',
        grandTotal: total,
        currency: 'EUR',
        locale: 'en',
        payment: { method: 'paymentInitiation', amount: total, currency: 'EUR' },
        // The shortest payment window, so order.abandoned moves the sandbox clock as little as it can.
        ...(event === 'order.abandoned' ? { expiresIn: 5 } : {}),
      },
    })) as Order;
    orderUuid = created.uuid;
    steps.push(`created ${orderLine(created)}`);
  }
  if (event === 'order.abandoned') {
    // The store's sandbox clock moves past the order's payment window; the server abandons it
    // (and every other order of the store's sandbox whose window has passed) and announces it.
    const before = (await api(c, 'GET', `/orders/${encodeURIComponent(orderUuid)}`)) as Order & { expiresAt: string | null };
    const { now } = (await api(c, 'GET', '/test-helpers/clock')) as { now: string };
    const seconds = before.expiresAt ? Math.max(0, Math.ceil((Date.parse(before.expiresAt) - Date.parse(now)) / 1000) + 1) : 0;
    if (seconds > 0) {
      const moved = (await api(c, 'POST', '/test-helpers/clock/advance', { seconds })) as { now: string };
      steps.push(`moved the store's sandbox clock ${seconds} s forward, to ${moved.now}`);
    }
    const order = (await api(c, 'GET', `/orders/${encodeURIComponent(orderUuid)}`)) as Order;
    steps.push(`abandoned ${orderLine(order)}`);
    if (c.json) return c.out(JSON.stringify({ event, orderUuid, order, clockMovedSeconds: seconds }));
    for (const s of steps) c.out(s);
    return;
  }
  const outcome = event === 'order.declined' ? 'declined' : event === 'order.canceled' ? 'canceled' : 'paid';
  let order: Order | undefined;
  if (event !== 'refund.successful' || !values.order) {
    const paid = (await api(c, 'POST', `/test-helpers/orders/${encodeURIComponent(orderUuid)}/pay`, { outcome })) as { order: Order };
    order = paid.order;
    steps.push(`${outcome} ${orderLine(order)}`);
  }
  let refund: Refund | undefined;
  if (event === 'refund.successful') {
    const settled = (await api(c, 'POST', '/test-helpers/settle')) as { settledPayments: number };
    steps.push(`settled ${settled.settledPayments} payment(s)`);
    refund = await createRefund(c, { ...values, order: orderUuid, amount: values.amount ?? '1.00' });
    steps.push(`created ${refundLine(refund)}`);
  }
  if (c.json) return c.out(JSON.stringify({ event, orderUuid, ...(order ? { order } : {}), ...(refund ? { refund } : {}) }));
  for (const s of steps) c.out(s);
}


type CliEvent = CliEventView;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const POLL_MS = 200;

/**
 * Polls the store's event feed from "now" and forwards each event to --forward-to: the same body
 * (token signed by the server with the store's key) and the token in the query where Kassa puts it.
 * One line per event; --max-events N stops after N (scripts and tests).
 */
async function listen(c: Ctx, values: Values): Promise<void> {
  const target = values['forward-to'];
  if (!target || !URL.canParse(target)) throw usage('--forward-to URL is required (e.g. http://localhost:3000/notify)');
  const max = values['max-events'] === undefined ? Infinity : Number(values['max-events']);
  if (!Number.isInteger(max) && max !== Infinity) throw usage('--max-events must be a whole number');
  let { cursor } = (await api(c, 'GET', '/cli/events')) as { cursor: string };
  c.err(`listening for ${c.env} notifications of ${c.accessKey}, forwarding to ${target} (Ctrl-C stops)`);
  let forwarded = 0;
  while (forwarded < max) {
    const page = (await api(c, 'GET', `/cli/events?after=${cursor}`)) as { events: CliEvent[]; cursor: string };
    for (const e of page.events) {
      const field = KIND_RULES[e.kind].field;
      const tokenValue = (JSON.parse(e.body) as Record<string, string>)[field]!;
      const req = notificationRequest(e.kind, target, tokenValue);
      const started = performance.now();
      let status: number | null = null;
      let error: string | null = null;
      try {
        const res = await fetch(req.url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Kassa-Notifications/1 (kassa listen)' }, body: req.body });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
      } catch (x) {
        error = (x as Error & { cause?: { code?: string } }).cause?.code ?? (x as Error).message;
      }
      const durationMs = Math.round(performance.now() - started);
      if (c.json) c.out(JSON.stringify({ id: e.id, kind: e.kind, subjectId: e.subjectId, createdAt: e.createdAt, forwardedTo: req.url, status, error, durationMs }));
      else c.out(`${e.createdAt}  ${e.kind.padEnd(7)} ${e.subjectId}  -> ${status ?? error} (${durationMs} ms)`);
      cursor = e.seq;
      if (++forwarded >= max) return;
    }
    if (!page.events.length) await sleep(POLL_MS);
  }
}
