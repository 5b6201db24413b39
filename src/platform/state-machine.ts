/**
 * State machines as data (DESIGN §3, §6): every resource with a status (order, payment intent,
 * refund, shipment, label file) declares its statuses, its initial status and its transitions in
 * a `states.ts` beside it; this file is the one place that applies them.
 *
 * - In TypeScript, `transition(m, from, event)` checks the move against the table and returns the
 *   transition with its flags (notify, webhook event …); it throws a TransitionError otherwise.
 * - In SQL, `sqlMove(m, to, n)` gives the SET of the new status and the guard of the statement
 *   that writes it: the row moves only if its current status is one the table allows into `to`
 *   (`status = ANY($n+1::text[])`). The guard lives in the same statement as the write, so a row
 *   changed by someone else since it was read (or a caller that skipped the check) moves nowhere;
 *   the statement reports how many rows it moved and the caller treats a shortfall as an error.
 * - Filters that must stay literals for a partial index (`WHERE status = 'pending'` of the queues
 *   and sweepers: a generic plan cannot prove a parameter matches an index predicate) are written
 *   with `sqlStatusIn`, from the table's constants, never as hand-typed strings.
 *
 * Nothing here takes a lock: callers keep their row locks, SKIP LOCKED and lock order
 * (ledger/lock-order.ts) exactly as before; the guard only narrows rows a statement already touches.
 */

/** One transition of a table: the statuses it leaves from, the one it goes to, and its flags. */
export interface TransitionSpec<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}

export interface Machine<S extends string, E extends string, T extends TransitionSpec<S>> {
  /** The resource, as a sentence names it ("order", "label file"). */
  readonly name: string;
  readonly statuses: readonly S[];
  /** The status a new row is written with. */
  readonly initial: S;
  /** The transitions by event name. Several events may join the same two statuses (their flags differ). */
  readonly transitions: Readonly<Record<E, T>>;
}

/** Statuses are inlined into SQL by sqlStatusIn: only plain words. */
const SQL_SAFE = /^[A-Za-z_]+$/;

/** Checks a table (every status it names is declared, and SQL-safe) and freezes it. */
export function defineMachine<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>): Machine<S, E, T> {
  const known = new Set<string>(m.statuses);
  for (const s of m.statuses) if (!SQL_SAFE.test(s)) throw new Error(`${m.name}: status ${JSON.stringify(s)} is not a plain word`);
  if (known.size !== m.statuses.length) throw new Error(`${m.name}: a status is declared twice`);
  if (!known.has(m.initial)) throw new Error(`${m.name}: initial status ${m.initial} is not declared`);
  for (const [event, t] of Object.entries<TransitionSpec<S>>(m.transitions)) {
    for (const s of [...t.from, t.to]) if (!known.has(s)) throw new Error(`${m.name}: ${event} names undeclared status ${s}`);
    if (t.from.length === 0 || new Set(t.from).size !== t.from.length) throw new Error(`${m.name}: ${event} needs distinct from statuses`);
    Object.freeze(t.from);
    Object.freeze(t);
  }
  Object.freeze(m.statuses);
  Object.freeze(m.transitions);
  return Object.freeze(m);
}

const article = (noun: string): string => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/** A move the table does not allow (a bug in the caller, or a row that changed since it was read). */
export class TransitionError extends Error {
  constructor(
    readonly machine: string,
    readonly event: string,
    readonly from: string,
    message = `cannot ${event} ${article(machine)} ${machine} that is ${from}`,
  ) {
    super(message);
    this.name = 'TransitionError';
  }
}

/** Applies `event` to a row in status `from`: the transition with its flags, or a TransitionError. */
export function transition<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>, from: S, event: E): T {
  const t = m.transitions[event];
  if (!t.from.includes(from)) throw new TransitionError(m.name, event, from);
  return t;
}

function entries<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>): [E, T][] {
  return Object.entries(m.transitions) as [E, T][];
}

/** Whether some transition of the table goes from `from` to `to`. */
export function canMove<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>, from: S, to: S): boolean {
  return entries(m).some(([, t]) => t.to === to && t.from.includes(from));
}

/** The statuses a row may be in to move into `to` (what the SQL guard of a write into `to` allows), in declaration order. */
export function sourcesOf<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>, to: S): S[] {
  return m.statuses.filter((from) => canMove(m, from, to));
}

/** from → the statuses it may move to, for every status (final ones map to []), in declaration order. */
export function adjacency<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>): Readonly<Record<S, readonly S[]>> {
  const out = {} as Record<S, readonly S[]>;
  for (const from of m.statuses) out[from] = Object.freeze(m.statuses.filter((to) => canMove(m, from, to)));
  return Object.freeze(out);
}

/** Every status reachable from `start` (the initial status by default), `start` included. */
export function reachable<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>, start: S = m.initial): Set<S> {
  const seen = new Set<S>([start]);
  const next = adjacency(m);
  const queue: S[] = [start];
  for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
    for (const to of next[s]) {
      if (seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }
  return seen;
}

/** A status as an SQL literal, from the table's constants (its statuses are plain words). */
export function sqlStatus<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>, s: S): string {
  if (!m.statuses.includes(s) || !SQL_SAFE.test(s)) throw new Error(`${m.name}: unknown status ${s}`);
  return `'${s}'`;
}

/**
 * A filter on statuses as literals from the table (`status = 'pending'`, `status IN ('A', 'B')`):
 * for queries a partial index must match (`WHERE status = 'pending'`), which a parameter cannot.
 */
export function sqlStatusIn<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>, column: string, statuses: readonly S[]): string {
  if (statuses.length === 0) throw new Error(`${m.name}: empty status filter on ${column}`);
  const list = statuses.map((s) => sqlStatus(m, s));
  return list.length === 1 ? `${column} = ${list[0]}` : `${column} IN (${list.join(', ')})`;
}

/** The SQL of a write into `to`: `set` and `guard` take parameters $n (the new status) and $n+1 (the allowed sources). */
export interface SqlMove<S extends string> {
  set: string;
  guard: string;
  values: [S, S[]];
}

/**
 * The SET and WHERE of a statement moving rows into `to`, with their two parameter values.
 * `column` may be qualified (`o.status`) for the guard; the SET names the bare column.
 */
export function sqlMove<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>, to: S, n: number, column = 'status'): SqlMove<S> {
  const from = sourcesOf(m, to);
  if (from.length === 0) throw new Error(`${m.name}: no transition goes to ${to}`);
  const bare = column.slice(column.lastIndexOf('.') + 1);
  return { set: `${bare} = $${n}`, guard: `${column} = ANY($${n + 1}::text[])`, values: [to, from] };
}

/** Throws when a guarded write moved fewer rows than it meant to (the rows were not in an allowed status). */
export function expectMoved<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>, to: S, moved: number | null, wanted: number, subject: string): void {
  if ((moved ?? 0) === wanted) return;
  throw new TransitionError(
    m.name,
    `move to ${to}`,
    'not in an allowed status',
    `${m.name} ${subject}: ${moved ?? 0} of ${wanted} row(s) moved to ${to}; the others were not in ${sourcesOf(m, to).join(' or ')}`,
  );
}

/** Every allowed move as "from → to", in declaration order: what a table's test pins down. */
export function allowedMoves<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>): string[] {
  const next = adjacency(m);
  return m.statuses.flatMap((from) => next[from].map((to) => `${from} → ${to}`));
}
