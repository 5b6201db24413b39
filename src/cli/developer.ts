/**
 * The developer CLI: commands a merchant's developer runs with a store's keys (not the operator's
 * token). See docs/decisions.md "The developer CLI" and "The developer CLI, second pass".
 *   kassa listen --forward-to http://localhost:3000/notify [--max-events N] [--json]   (developer/listen.ts)
 *   kassa trigger EVENT [...] [--json]                                                 (developer/trigger.ts)
 *   kassa orders list|get, kassa refunds create                                        (developer/orders.ts)
 * Keys: --access-key/--secret-key or KASSA_ACCESS_KEY/KASSA_SECRET_KEY; --env sandbox|production
 * (default sandbox). Server: as every command's (kit.ts `server`); the payments API under
 * KASSA_PAYMENTS_PATH / KASSA_PAYMENTS_SANDBOX_PATH (defaults /api, /sandbox/api) as the server's.
 * Other commands run with a store's keys reuse developer/api.ts (`storeContext`, `storeApi`).
 */
import { parseArgs } from 'node:util';
import type { Io } from './kit.js';
import { storeContext } from './developer/api.js';
import { orders, refunds } from './developer/orders.js';
import { trigger, TRIGGER_EVENTS } from './developer/trigger.js';

export const DEVELOPER_OPTIONS = {
  'access-key': { type: 'string' },
  'secret-key': { type: 'string' },
  'forward-to': { type: 'string' },
  'max-events': { type: 'string' },
  order: { type: 'string' },
  amount: { type: 'string' },
  'idempotency-key': { type: 'string' },
  'notification-url': { type: 'string' },
  'webhook-url': { type: 'string' },
  limit: { type: 'string' },
  shipment: { type: 'string' },
  env: { type: 'string' },
  status: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

const eventLines = Object.entries(TRIGGER_EVENTS)
  .map(([event, what]) => `        ${event.padEnd(28)} ${what}`)
  .join('\n');

export const DEVELOPER_USAGE = `developer commands (a store's keys: --access-key K --secret-key S, or KASSA_ACCESS_KEY/KASSA_SECRET_KEY;
  --env sandbox|production, default sandbox):
  kassa listen --forward-to URL [--max-events N] [--json]   forwards the store's notifications and webhooks as they happen
  kassa trigger EVENT [--order UUID] [--amount 1.00] [--notification-url URL] [--shipment UUID] [--webhook-url URL] [--json]
        drives a sandbox object through the event, creating the order or shipment when none is given; a store with no
        shipping webhook gets --webhook-url (kept), or a stand-in deleted when the trigger ends:
${eventLines}
  kassa orders list [--limit N (default 20, at most 100)] [--status PENDING|PAID|ABANDONED|PARTIALLY_REFUNDED|REFUNDED] [--json]
  kassa orders get UUID [--json]
  kassa refunds create --order UUID --amount 1.00 [--idempotency-key K] [--json]`;

/** `kassa listen|trigger|orders|refunds …` (argv from the command's own word on). */
export async function developerCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: DEVELOPER_OPTIONS });
  const [noun, verb, subject] = positionals;
  const c = storeContext(values, io.out, io.progress);
  // listen alone needs the notification requests' module (and its pg, logger, metrics): loaded when run.
  if (noun === 'listen') await (await import('./developer/listen.js')).listen(c, values);
  else if (noun === 'trigger') await trigger(c, verb, values);
  else if (noun === 'orders') await orders(c, verb, subject, values);
  else await refunds(c, verb, values);
}
