/**
 * Delivers due notifications: claims them with FOR UPDATE SKIP LOCKED (so any number of workers
 * share the queue), POSTs the token, records the attempt as a row (with the first bytes of the
 * answer, outbound.ts), and schedules the next try from the retry table.
 *
 * At least once, and a repeat is recognisable: the token is signed once, saved on the row before
 * it is first sent, and every later attempt of the notification sends those same bytes while they
 * stay good (signed with the store's current secret, the same claims, at least half the lifetime
 * left); only then is it signed afresh. A short lease renewed while the attempt runs (the claim
 * loop's heartbeat) keeps other workers off it; a worker that died leaves it to another within
 * LEASE_SECONDS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { CallbackTimeoutError, postJson, PrivateAddressError, type CallbackPolicy } from '../platform/outbound.js';
import type { Clock } from '../platform/clock.js';
import pg from 'pg';
import type { Db } from '../platform/db.js';
import { ClaimLoop, HEARTBEAT_MS, LEASE_SECONDS, renewLeases } from '../platform/claim-loop.js';
import { uuidv7 } from '../platform/ids.js';
import { redactUrl } from '../platform/observability.js';
import { sign } from '../platform/jwt.js';
import type { Env } from '../platform/env.js';
import { claimDue, recordAttempt, saveToken, WAKE_CHANNEL, type ClaimedRow, type NotificationKind } from './store.js';
import { isSuccessStatus, isWebhookSuccess, nextDelayMs, ORDER_TOKEN_TTL_S, REFUND_TOKEN_TTL_S, WEBHOOK_TOKEN_TTL_S } from './schedule.js';

type Claimed = ClaimedRow;

/**
 * A store's current key of an environment, which signs its notifications (the composition root
 * passes stores' KeyResolver: the outbox sits below the domains and imports none of them).
 */
export interface SigningKeys {
  forStore(storeId: string, env: Env): Promise<{ accessKey: string; secretKey: string }>;
}

export interface DeliveryLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface KindRules {
  /** The body's field holding the token. */
  field: string;
  /** The query parameter that repeats the token (deployed plugins read it there), if any. */
  queryParam: string | null;
  tokenTtlS: number;
  isSuccess: (status: number) => boolean;
  /** Whether the token's claims gain the key's accessKey (payments' notifications name their key). */
  withAccessKey: boolean;
}

/** How each kind of notification is sent, as data. */
export const KIND_RULES: Readonly<Record<NotificationKind, KindRules>> = {
  order: { field: 'orderToken', queryParam: 'order-token', tokenTtlS: ORDER_TOKEN_TTL_S, isSuccess: isSuccessStatus, withAccessKey: true },
  refund: { field: 'refundToken', queryParam: 'refund-token', tokenTtlS: REFUND_TOKEN_TTL_S, isSuccess: isSuccessStatus, withAccessKey: true },
  webhook: { field: 'payload', queryParam: null, tokenTtlS: WEBHOOK_TOKEN_TTL_S, isSuccess: isWebhookSuccess, withAccessKey: false },
  // The snake_case API's webhooks: the WooCommerce plugin reads $_REQUEST['webhook_token'] (query
  // or form field); the JSON body repeats it for receivers that read the body.
  legacy_webhook: { field: 'webhook_token', queryParam: 'webhook_token', tokenTtlS: WEBHOOK_TOKEN_TTL_S, isSuccess: isWebhookSuccess, withAccessKey: false },
};

/**
 * Whether a token saved at an earlier attempt may be sent again, byte for byte: signed with the
 * store's current `secret` (not before a roll), carrying exactly `claims` (same access key, same
 * event), and valid for at least half its lifetime `ttlS` from `nowS` (a receiver that verifies
 * it late still finds it unexpired). Anything else is signed afresh.
 */
export function reusableToken(token: string, claims: Record<string, unknown>, secret: string, nowS: number, ttlS: number): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const mac = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== mac.length || !timingSafeEqual(given, mac)) return false;
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return false;
  }
  const { iat: _iat, exp, ...signed } = payload;
  if (typeof exp !== 'number' || exp - nowS < ttlS / 2) return false;
  // As the claims go on the wire (JSON drops undefined members).
  return isDeepStrictEqual(signed, JSON.parse(JSON.stringify(claims)));
}

/** The URL and body of a notification: `{orderToken}`, `{refundToken}` or `{payload}`, per KIND_RULES. */
export function notificationRequest(kind: NotificationKind, url: string, token: string): { url: string; body: string } {
  const rules = KIND_RULES[kind];
  const u = new URL(url);
  if (rules.queryParam) u.searchParams.set(rules.queryParam, token);
  return { url: u.toString(), body: JSON.stringify({ [rules.field]: token }) };
}

export class NotificationDelivery {
  private listener: pg.Client | undefined;
  private readonly loop: ClaimLoop<Claimed>;
  /** How long a claim or a renewal holds a notification. */
  private readonly leaseSeconds: number;

  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly opts: {
      concurrency: number;
      timeoutMs: number;
      pollMs?: number;
      databaseUrl?: string;
      log: DeliveryLog;
      /** The deployment's rule for callback URLs (the composition root's one policy). */
      callbacks: CallbackPolicy;
      /** Real time, for the tokens it signs (`iat`). */
      clock: Clock;
      /** How a webhook's stored claims go on the wire (the deployment's shipping names); default as stored. */
      webhookClaims?: (claims: Record<string, unknown>) => unknown;
      /** The lease and its renewal; default LEASE_SECONDS renewed every HEARTBEAT_MS (tests shorten them). */
      lease?: { seconds: number; renewEveryMs: number };
    },
  ) {
    this.leaseSeconds = opts.lease?.seconds ?? LEASE_SECONDS;
    const lease = { table: 'notifications', leaseSeconds: this.leaseSeconds };
    this.loop = new ClaimLoop<Claimed>({
      name: 'notification worker',
      concurrency: opts.concurrency,
      pollMs: opts.pollMs ?? 1000,
      claim: (limit) => this.claim(limit),
      work: (n) => this.attempt(n),
      heartbeat: {
        everyMs: opts.lease?.renewEveryMs ?? HEARTBEAT_MS,
        renew: async (items) =>
          void (await renewLeases(
            db,
            lease,
            items.map((n) => n.id),
          )),
      },
      log: () => opts.log,
    });
  }

  /** Claims up to `limit` due notifications. */
  async claim(limit: number): Promise<Claimed[]> {
    return claimDue(this.db, this.leaseSeconds, limit);
  }

  /** One attempt at one claimed notification; never throws. */
  async attempt(n: Claimed): Promise<void> {
    const started = this.opts.clock.now();
    const timer = performance.now(); // a stopwatch, not the time of day
    let status: number | null = null;
    let excerpt: string | null = null;
    let error: string | null = null;
    try {
      const key = await this.keys.forStore(n.store_id, n.env);
      const claims =
        n.kind === 'webhook' ? ((this.opts.webhookClaims?.(n.claims) ?? n.claims) as Record<string, unknown>) : KIND_RULES[n.kind].withAccessKey ? { ...n.claims, accessKey: key.accessKey } : n.claims;
      const token = await this.tokenFor(n, claims, key.secretKey);
      const req = notificationRequest(n.kind, n.url, token);
      ({ status, excerpt } = await postJson(req.url, req.body, {
        timeoutMs: this.opts.timeoutMs,
        // Sandbox merchants test against their own machines; production goes to public addresses only.
        allowPrivate: this.opts.callbacks.allowsPrivateAddress(n.env),
        headers: { 'user-agent': 'Kassa-Notifications/1' },
      }));
    } catch (err) {
      const e = err as Error & { code?: string };
      error = e instanceof PrivateAddressError || e instanceof CallbackTimeoutError ? e.message : (e.code ?? e.message);
    }
    const duration = Math.round(performance.now() - timer);
    const ok = status !== null && KIND_RULES[n.kind].isSuccess(status);
    const delay = ok ? null : nextDelayMs(n.attempt_count);
    const outcome = ok ? 'delivered' : delay === null ? 'failed' : 'retry';
    if (!ok && !error) error = `answered ${status}; ${KIND_RULES[n.kind].isSuccess === isWebhookSuccess ? 'only 2xx counts' : 'only 200 or 201 count'} as received`;
    try {
      await recordAttempt(this.db, {
        id: uuidv7(),
        notificationId: n.id,
        attempt: n.attempt_count,
        startedAt: started,
        durationMs: duration,
        responseStatus: status,
        error,
        outcome,
        delayMs: delay,
        responseExcerpt: excerpt,
      });
    } catch (err) {
      // The lease expires and another attempt follows; nothing is lost.
      this.opts.log.error({ err, notification: n.id }, 'could not record a notification attempt');
    }
    const entry = { notification: n.id, kind: n.kind, attempt: n.attempt_count, status, durationMs: duration, outcome };
    if (ok) this.opts.log.info(entry, 'notification delivered');
    else this.opts.log.warn({ ...entry, url: redactUrl(n.url), error }, `notification not delivered to ${redactUrl(n.url)}`);
  }

  /**
   * The token this attempt sends: the one saved at an earlier attempt while it stays good
   * (reusableToken), else a fresh one, saved before it is sent, so that a redelivery (after a
   * crash, a timeout, an error answer) repeats these bytes. Not saved, not sent: a failed save
   * fails the attempt.
   */
  private async tokenFor(n: Claimed, claims: Record<string, unknown>, secret: string): Promise<string> {
    const nowS = Math.floor(this.opts.clock.now().getTime() / 1000);
    const ttlS = KIND_RULES[n.kind].tokenTtlS;
    if (n.token && reusableToken(n.token, claims, secret, nowS, ttlS)) return n.token;
    const token = sign({ ...claims, iat: nowS, exp: nowS + ttlS }, secret);
    await saveToken(this.db, n.id, token);
    return token;
  }

  /** Delivers everything due now (used by tests and the sandbox); returns how many were attempted. */
  drain(): Promise<number> {
    return this.loop.drain();
  }

  async start(): Promise<void> {
    if (this.opts.databaseUrl && !this.listener) {
      try {
        this.listener = new pg.Client({ connectionString: this.opts.databaseUrl });
        this.listener.on('error', () => undefined);
        await this.listener.connect();
        this.listener.on('notification', () => this.loop.wake());
        await this.listener.query(`LISTEN ${WAKE_CHANNEL}`);
      } catch (err) {
        this.opts.log.warn({ err }, 'LISTEN unavailable; notifications are polled');
        this.listener = undefined;
      }
    }
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.listener?.end().catch(() => undefined);
  }
}
