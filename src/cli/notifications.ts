/**
 * `kassa notifications …`: the outbox as the operator sees it (/operator/notifications).
 *   kassa notifications list [--status failed|pending|delivered] [--store UUID] [--json]
 *   kassa notifications resend NOTIFICATION_ID [--json]
 *   kassa notifications show NOTIFICATION_ID [--json]      every attempt: outcome, duration, response status and excerpt, error, time
 */
import { parseArgs } from 'node:util';
import { listLines, operatorCall, plural, usageError, type Io } from './kit.js';

export const NOTIFICATIONS_USAGE = `  kassa notifications list [--status failed|pending|delivered (default failed)] [--store UUID] [--json]
  kassa notifications resend NOTIFICATION_ID [--json]
  kassa notifications show NOTIFICATION_ID [--json]`;

export async function notificationsCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { status: { type: 'string' }, store: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const [, verb, subject] = positionals;
  return notifications(verb, subject, values, io);
}

interface AttemptOut {
  attempt: number;
  startedAt: string;
  durationMs: number;
  outcome: string;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  nextAttemptAt: string | null;
}

interface NotificationOut {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  url: string;
  subjectId: string;
  lastAttempt: { at: string; responseStatus: number | null; error: string | null } | null;
}

/** The outbox as the operator sees it; re-sending one that failed. */
async function notifications(verb: string | undefined, id: string | undefined, values: { status?: string | undefined; store?: string | undefined; json?: boolean | undefined }, io: Io): Promise<void> {
  const out = io.out;
  const line = (n: NotificationOut) =>
    `${n.id}  ${n.kind.padEnd(7)} ${n.status.padEnd(9)} ${plural(n.attempts, 'attempt').padStart(11)}  ${n.lastAttempt ? `last ${n.lastAttempt.responseStatus ?? n.lastAttempt.error}` : ''}  ${n.url}`;
  if (verb === 'list') {
    const q = new URLSearchParams({ status: values.status ?? 'failed', ...(values.store ? { storeUuid: values.store } : {}) });
    const { notifications: list } = (await operatorCall('GET', `/operator/notifications?${q}`)) as { notifications: NotificationOut[] };
    if (values.json) return out(JSON.stringify(list));
    return listLines(io, list, `${values.status ?? 'failed'} notifications`, line);
  }
  if (verb === 'resend') {
    if (!id) throw usageError('the notification id is required');
    const n = (await operatorCall('POST', `/operator/notifications/${encodeURIComponent(id)}/resend`, {})) as NotificationOut;
    if (values.json) return out(JSON.stringify(n));
    return out(`queued again: ${line(n)}`);
  }
  if (verb === 'show') {
    if (!id) throw usageError('the notification id is required');
    const n = (await operatorCall('GET', `/operator/notifications/${encodeURIComponent(id)}`)) as NotificationOut & { deliveryAttempts: AttemptOut[] };
    if (values.json) return out(JSON.stringify(n));
    out(line(n));
    if (!n.deliveryAttempts.length) return out('  no attempt yet');
    for (const a of n.deliveryAttempts) {
      out(
        `  #${a.attempt}  ${a.startedAt}  ${a.outcome.padEnd(9)} ${String(a.durationMs).padStart(6)} ms  ${a.responseStatus ?? '—'}${a.error ? `  ${a.error}` : ''}${a.nextAttemptAt ? `  next ${a.nextAttemptAt}` : ''}`,
      );
      // The excerpt is clean text (no control characters but newlines and tabs): indented under its attempt.
      if (a.responseExcerpt) for (const l of a.responseExcerpt.split(/\r?\n/)) out(`      | ${l}`);
    }
    return;
  }
  throw usageError(verb ? `unknown command "notifications ${verb}"` : `"notifications" needs a command`);
}
