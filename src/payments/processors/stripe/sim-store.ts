/** SQL of the Stripe simulator (tables stripe_sim_*, migration 030). */
import type { Queryable } from '../../../platform/db.js';
import type { ChargeDetails, JsonObject, PaymentIntentRow, PaymentMethodRow, RefundRow, SimCard } from './sim-objects.js';

export async function insertPaymentMethod(q: Queryable, id: string, card: SimCard, at: Date): Promise<PaymentMethodRow> {
  const { rows } = await q.query<PaymentMethodRow>('INSERT INTO stripe_sim_payment_methods (id, card, created_at) VALUES ($1, $2, $3) RETURNING *', [id, JSON.stringify(card), at]);
  return rows[0]!;
}

export async function readPaymentMethod(q: Queryable, id: string): Promise<PaymentMethodRow | undefined> {
  const { rows } = await q.query<PaymentMethodRow>('SELECT * FROM stripe_sim_payment_methods WHERE id = $1', [id]);
  return rows[0];
}

export async function insertPaymentIntent(
  q: Queryable,
  p: { id: string; clientSecret: string; amount: number; currency: string; description: string | null; metadata: Record<string, string>; at: Date },
): Promise<PaymentIntentRow> {
  const { rows } = await q.query<PaymentIntentRow>(
    `INSERT INTO stripe_sim_payment_intents (id, client_secret, amount, currency, description, metadata, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'requires_payment_method', $7) RETURNING *`,
    [p.id, p.clientSecret, p.amount, p.currency, p.description, JSON.stringify(p.metadata), p.at],
  );
  return rows[0]!;
}

/** A PaymentIntent, locked for the transaction when `lock`. */
export async function readPaymentIntent(q: Queryable, id: string, lock = false): Promise<PaymentIntentRow | undefined> {
  const { rows } = await q.query<PaymentIntentRow>(`SELECT * FROM stripe_sim_payment_intents WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export interface IntentChange {
  status: string;
  payment_method?: string | null;
  last_payment_error?: JsonObject | null;
  next_action?: JsonObject | null;
  latest_charge?: string | null;
  charge_details?: ChargeDetails | null;
  cancellation_reason?: string | null;
  canceled_at?: Date | null;
  amount_refunded?: number;
}

export async function updatePaymentIntent(q: Queryable, id: string, c: IntentChange): Promise<PaymentIntentRow> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [k, v] of Object.entries(c)) {
    values.push(v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v);
    sets.push(`${k} = $${values.length}`);
  }
  const { rows } = await q.query<PaymentIntentRow>(`UPDATE stripe_sim_payment_intents SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, values);
  return rows[0]!;
}

export async function updateFields(q: Queryable, id: string, f: { amount: number; currency: string; description: string | null; metadata: Record<string, string> }): Promise<PaymentIntentRow> {
  const { rows } = await q.query<PaymentIntentRow>('UPDATE stripe_sim_payment_intents SET amount = $2, currency = $3, description = $4, metadata = $5 WHERE id = $1 RETURNING *', [
    id,
    f.amount,
    f.currency,
    f.description,
    JSON.stringify(f.metadata),
  ]);
  return rows[0]!;
}

export async function insertRefund(q: Queryable, r: Omit<RefundRow, 'created_at'>, at: Date): Promise<RefundRow> {
  const { rows } = await q.query<RefundRow>(
    `INSERT INTO stripe_sim_refunds (id, payment_intent, amount, currency, status, failure_reason, metadata, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [r.id, r.payment_intent, r.amount, r.currency, r.status, r.failure_reason, JSON.stringify(r.metadata), at],
  );
  return rows[0]!;
}

export async function readRefund(q: Queryable, id: string): Promise<RefundRow | undefined> {
  const { rows } = await q.query<RefundRow>('SELECT * FROM stripe_sim_refunds WHERE id = $1', [id]);
  return rows[0];
}

export async function insertEvent(q: Queryable, id: string, type: string, object: JsonObject, at: Date): Promise<void> {
  await q.query('INSERT INTO stripe_sim_events (id, type, object, created_at) VALUES ($1, $2, $3, $4)', [id, type, JSON.stringify(object), at]);
}

export async function listEvents(q: Queryable, limit: number, type: string | undefined): Promise<{ objects: JsonObject[]; hasMore: boolean }> {
  const { rows } = await q.query<{ object: JsonObject }>(`SELECT object FROM stripe_sim_events WHERE ($1::text IS NULL OR type = $1) ORDER BY seq DESC LIMIT $2`, [type ?? null, limit + 1]);
  return { objects: rows.slice(0, limit).map((r) => r.object), hasMore: rows.length > limit };
}

/** Serialises the requests of one Idempotency-Key (until the transaction ends). */
export async function lockKey(q: Queryable, key: string): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtextextended('stripe-sim:' || $1, 0))", [key]);
}

export async function readIdempotent(q: Queryable, key: string): Promise<{ request: string; status: number; body: JsonObject } | undefined> {
  const { rows } = await q.query<{ request: string; status: number; body: JsonObject }>('SELECT request, status, body FROM stripe_sim_idempotency WHERE key = $1', [key]);
  return rows[0];
}

export async function saveIdempotent(q: Queryable, key: string, request: string, status: number, body: JsonObject, at: Date): Promise<void> {
  await q.query('INSERT INTO stripe_sim_idempotency (key, request, status, body, created_at) VALUES ($1, $2, $3, $4, $5)', [key, request, status, JSON.stringify(body), at]);
}

/** True the first time a key is seen (its outage happens now), false afterwards. */
export async function firstOutage(q: Queryable, key: string, at: Date): Promise<boolean> {
  const r = await q.query('INSERT INTO stripe_sim_outages (key, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [key, at]);
  return (r.rowCount ?? 0) === 1;
}
