/**
 * `kassa listen --forward-to URL`: the store's notifications and webhooks as they happen, each
 * POSTed to a local URL exactly as Kassa's delivery worker sends it (the body and token the
 * server signed with the store's key; the token in the query where Kassa puts it).
 *
 * A long-poll of `GET <payments base>/cli/events?after=CURSOR&wait=25`: the server answers as soon
 * as an event commits (its LISTEN/NOTIFY wake), else empty after 25 s, and the CLI asks again
 * with the cursor of the last event forwarded. When the server is unreachable, restarts, is full
 * (429/503) or the answer does not come, the CLI says so on stderr and asks again with the same
 * cursor, waiting 0.5 s doubling to 5 s: nothing is lost or repeated.
 */
import { KIND_RULES, notificationRequest } from '../../notifications/delivery.js';
import type { CliEventView } from '../../payments/cli-events/service.js';
import { usageError } from '../kit.js';
import { ApiCallError, storeApi, type StoreContext } from './api.js';

/** Seconds the server may hold one request (its MAX_WAIT_S). */
const WAIT_S = 25;
/** A long-poll not answered in this long is given up and asked again (a dead connection). */
const REQUEST_TIMEOUT_MS = (WAIT_S + 10) * 1000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Worth asking again with the same cursor: unreachable, timed out, overloaded or restarting. */
const transient = (e: unknown) => e instanceof ApiCallError && (e.status === undefined || e.status === 429 || e.status >= 500);

export async function listen(c: StoreContext, values: { 'forward-to'?: string | undefined; 'max-events'?: string | undefined }): Promise<void> {
  const target = values['forward-to'];
  if (!target || !URL.canParse(target)) throw usageError('--forward-to URL is required (e.g. http://localhost:3000/notify)');
  const maxOption = values['max-events'];
  if (maxOption !== undefined && !/^[1-9][0-9]{0,8}$/.test(maxOption)) throw usageError('--max-events must be a whole number, at least 1');
  const max = maxOption === undefined ? Infinity : Number(maxOption);
  let { cursor } = (await storeApi(c, 'GET', '/cli/events')) as { cursor: string };
  c.err(`listening for ${c.env} notifications of ${c.accessKey}, forwarding to ${target} (Ctrl-C stops)`);
  let forwarded = 0;
  let retry = RETRY_FIRST_MS;
  while (forwarded < max) {
    let page: { events: CliEventView[]; cursor: string };
    try {
      page = (await storeApi(c, 'GET', `/cli/events?after=${cursor}&wait=${WAIT_S}`, undefined, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })) as typeof page;
    } catch (e) {
      if (!transient(e)) throw e;
      c.err(`${(e as Error).message}; asking again in ${(retry / 1000).toFixed(1)} s from the same cursor`);
      await sleep(retry);
      retry = Math.min(retry * 2, RETRY_MAX_MS);
      continue;
    }
    if (retry !== RETRY_FIRST_MS) c.err('connected again; listening');
    retry = RETRY_FIRST_MS;
    for (const e of page.events) {
      await forward(c, target, e);
      cursor = e.cursor;
      if (++forwarded >= max) return;
    }
    if (!page.events.length) cursor = page.cursor;
  }
}

/**
 * The event's name as `kassa trigger` and the docs name it: order.paid, refund.successful,
 * shipment.statusUpdated (with the new status), labelFile.ready; legacy.shipment_created for the
 * snake_case API's webhooks. Read from the signed token the event carries (the claims its receiver reads).
 */
export function eventName(e: Pick<CliEventView, 'kind' | 'body'>): string {
  const token = (JSON.parse(e.body) as Record<string, string>)[KIND_RULES[e.kind].field] ?? '';
  let claims: Record<string, unknown> = {};
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    /* not a token: the kind alone */
  }
  const word = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  if (e.kind === 'order') return `order.${word(claims.paymentStatus)?.toLowerCase() ?? 'updated'}`;
  if (e.kind === 'refund') return `refund.${word(claims.refundStatus)?.toLowerCase() ?? 'updated'}`;
  if (e.kind === 'legacy_webhook') return `legacy.${word(claims.message) ?? 'webhook'}`;
  const type = word(claims.eventType) ?? 'webhook';
  const status = type === 'shipment.statusUpdated' ? word((claims.data as { status?: unknown } | undefined)?.status) : undefined;
  return status ? `${type} ${status}` : type;
}

/** POSTs one event to the local URL as the delivery worker would, and prints one line about it. */
async function forward(c: StoreContext, target: string, e: CliEventView): Promise<void> {
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
    const cause = (x as Error & { cause?: { code?: string; message?: string } }).cause;
    error = cause?.code ?? cause?.message ?? (x as Error).message;
  }
  const durationMs = Math.round(performance.now() - started);
  const event = eventName(e);
  if (c.json) c.out(JSON.stringify({ id: e.id, event, kind: e.kind, subjectId: e.subjectId, createdAt: e.createdAt, forwardedTo: req.url, status, error, durationMs }));
  else c.out(`${e.createdAt}  ${event.padEnd(28)} ${e.subjectId}  ${e.id}  -> ${status ?? error} (${durationMs} ms)`);
}
