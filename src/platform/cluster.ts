/**
 * Several API processes on one machine (KASSA_API_PROCESSES > 1), with node:cluster.
 *
 * The first process (the primary) keeps what only one process may hold: the start-up checks, the
 * embedded database and the data dir's lock, migrations, the demo store, the workers (role all),
 * the served-URL record and the secret files. It forks the API processes, which share its
 * listening port (each accepting from the one socket: SCHEDULING below), serve the API and
 * nothing else, and connect to the same database with their own pools.
 *
 * Everything an API process is handed (the database URL, the master key, the admin token) goes
 * over its IPC channel, a pipe between the two processes: never the environment (readable in
 * /proc by the same user), never a log line. The messages, all `{kassa: <type>, …}`:
 *
 *   child → primary   ready                      its listener is up: the primary answers `start`
 *   primary → child   start {shared}             the database URL and secrets
 *   child → primary   listening {address}        serving; or failed {message} (and it exits)
 *   primary → child   stop                       stop accepting, finish in-flight requests, exit
 *   child ↔ primary   invalidate {cache, id}     a cache dropped in one process, relayed to the others,
 *   child ↔ primary   invalidated {id}           each of which acknowledges; then the first process's
 *                                                change is answered (the others have dropped it too)
 *   child → primary   scrape {id}                /metrics: the primary collects every process's
 *   primary → child   collect {id}               metrics (collected {id, metrics}), sums them
 *   primary → child   scraped {id, text}         (prom-client's AggregatorRegistry) and answers
 *
 * SCHEDULING. The API processes share one listening socket and each accepts from it (cluster's
 * SCHED_NONE), rather than the primary accepting every connection and handing it round-robin to
 * the next process (SCHED_RR, Node's default on Linux). Round-robin spreads connections more
 * evenly, but a connection handed to a process in the instant it dies is never answered: the
 * primary waits for an acknowledgement that does not come, and the client hangs (measured: the
 * first request after a SIGKILL, sent at once, hung every time; with SCHED_NONE none did, the
 * survivor takes the connections waiting in the shared accept queue). SCHED_NONE also keeps the
 * primary, which runs the workers, out of the accept path. The cost: with few connections the
 * split between processes is uneven (50 keep-alive connections to 2 processes: 17/33 against
 * RR's 27/23). NODE_CLUSTER_SCHED_POLICY=rr chooses round-robin.
 *
 * Supervision: an API process that exits while running is forked again after a backoff (doubling
 * from RESTART_BACKOFF_MS to RESTART_BACKOFF_MAX_MS), logged; more than MAX_RESTARTS within
 * RESTART_WINDOW_MS and the primary gives up (onGiveUp: it stops everything and exits non-zero,
 * for systemd or the container runtime to decide). A process that fails before the first
 * `listening` of all of them fails the start: the others are stopped, nothing is left running.
 */
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import type { MetricsScope } from './observability.js';

/** What an API process is handed by the primary (runtime.ts SharedSecrets). */
export interface Shared {
  databaseUrl: string;
  masterKey: string;
  adminToken: string;
}

type Address = AddressInfo | string | null;
type Metrics = client.MetricObjectWithValues<client.MetricValue<string>>[];

type Message =
  | { kassa: 'ready' }
  | { kassa: 'start'; shared: Shared }
  | { kassa: 'listening'; address: Address }
  | { kassa: 'failed'; message: string }
  | { kassa: 'stop' }
  | { kassa: 'invalidate'; cache: string; id: number }
  | { kassa: 'invalidated'; id: number }
  | { kassa: 'scrape'; id: number }
  | { kassa: 'collect'; id: number }
  | { kassa: 'collected'; id: number; metrics: Metrics[] }
  | { kassa: 'scraped'; id: number; text?: string; error?: string };

const isMessage = (m: unknown): m is Message => typeof m === 'object' && m !== null && typeof (m as { kassa?: unknown }).kassa === 'string';

export interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** How long an API process may take to start (build the app, listen). */
export const START_TIMEOUT_MS = 120_000;
/** How long API processes may take to finish in-flight requests when stopped, before SIGKILL. */
export const STOP_GRACE_MS = 30_000;
export const RESTART_BACKOFF_MS = 250;
export const RESTART_BACKOFF_MAX_MS = 10_000;
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;
/** How long a scrape waits for the API processes' metrics (one that does not answer in time is left out). */
const COLLECT_TIMEOUT_MS = 3_000;
/** How long a change waits for the other API processes to drop their caches. */
const RELAY_TIMEOUT_MS = 1_000;

/** Whether this process is an API process forked by a primary (main.ts then serves only). */
export const isApiProcess = (): boolean => cluster.isWorker;

export interface SupervisorOptions {
  count: number;
  shared: Shared;
  log: Log;
  /** API processes keep dying (over MAX_RESTARTS in RESTART_WINDOW_MS): the primary must stop. */
  onGiveUp(reason: string): void;
  /** The primary's own metrics (its CPU and memory, its workers'), in every scrape. */
  ownMetrics?: () => Promise<Metrics[number][]>;
}

/** The primary's side: the API processes, started, supervised, stopped. */
export class ApiProcesses {
  private readonly live = new Map<number, Worker>();
  private phase: 'starting' | 'running' | 'stopping' = 'starting';
  private restarts: number[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private requests = 0;
  /** Requests to the API processes (ask) waiting for their answers, by id. */
  private readonly asking = new Map<number, { pending: Set<number>; answers: unknown[]; done: () => void }>();
  /** The address the API processes listen on (shared). */
  address: Address = null;

  private constructor(private readonly opts: SupervisorOptions) {}

  /** Forks `count` API processes; resolves once all listen, rejects (none left running) if any fails first. */
  static async start(opts: SupervisorOptions): Promise<ApiProcesses> {
    // The API processes accept from the one listening socket themselves (not round-robin through
    // this process), unless NODE_CLUSTER_SCHED_POLICY says otherwise: see SCHEDULING above.
    if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
    const procs = new ApiProcesses(opts);
    try {
      const addresses = await Promise.all(Array.from({ length: opts.count }, () => procs.fork()));
      if (procs.live.size < opts.count) throw new ApiProcessFailed('An API process exited while the others were starting');
      procs.address = addresses[0] ?? null;
      procs.phase = 'running';
      return procs;
    } catch (err) {
      await procs.stop();
      throw err;
    }
  }

  /** Pids of the API processes now (tests, logs). */
  get pids(): number[] {
    return [...this.live.values()].map((w) => w.process.pid!).filter(Boolean);
  }

  /**
   * A cache dropped by `from`, dropped in every other live API process: resolves when each has
   * acknowledged, has exited, or RELAY_TIMEOUT_MS has passed (a process that hangs does not hold
   * up the change; its cache still expires after KASSA_AUTH_CACHE_MS).
   */
  private async relay(from: Worker, m: { cache: string }): Promise<void> {
    await this.ask((id) => ({ kassa: 'invalidate', cache: m.cache, id }), RELAY_TIMEOUT_MS, from);
  }

  /**
   * Sends a request (its id made here) to every live API process but `except`; resolves with their
   * answers once each has answered (answered) or exited, or when `timeoutMs` has passed.
   */
  private ask<T>(request: (id: number) => Message, timeoutMs: number, except?: Worker): Promise<T[]> {
    const id = this.requests++;
    const pending = new Set<number>();
    const answers: T[] = [];
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.asking.delete(id);
        resolve(answers);
      };
      this.asking.set(id, { pending, answers, done });
      for (const w of this.live.values()) if (w !== except && send(w, request(id))) pending.add(w.id);
      if (pending.size === 0) done();
    });
  }

  /** An API process's answer to request `id` (`answer` undefined: an acknowledgement). */
  private answered(workerId: number, id: number, answer?: unknown): void {
    const c = this.asking.get(id);
    if (!c?.pending.delete(workerId)) return;
    if (answer !== undefined) c.answers.push(answer);
    if (c.pending.size === 0) c.done();
  }

  /** One API process: forked, handed the secrets; resolves with its address once it listens. */
  private fork(): Promise<Address> {
    const worker = cluster.fork();
    this.live.set(worker.id, worker);
    return new Promise<Address>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => fail(`did not listen within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
      const fail = (why: string) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        worker.process.kill('SIGKILL');
        reject(new ApiProcessFailed(`An API process (pid ${worker.process.pid}) ${why}`));
      };
      worker.on('message', (m: unknown) => {
        if (!isMessage(m)) return;
        switch (m.kassa) {
          case 'ready':
            send(worker, { kassa: 'start', shared: this.opts.shared });
            break;
          case 'listening':
            clearTimeout(timer);
            if (!settled) {
              settled = true;
              resolve(m.address);
            }
            break;
          case 'failed':
            fail(`could not start: ${m.message}`);
            break;
          case 'invalidate':
            void this.relay(worker, m).then(() => send(worker, { kassa: 'invalidated', id: m.id }));
            break;
          case 'invalidated':
            this.answered(worker.id, m.id);
            break;
          case 'scrape':
            void this.scrape().then(
              (text) => send(worker, { kassa: 'scraped', id: m.id, text }),
              (err: unknown) => send(worker, { kassa: 'scraped', id: m.id, error: (err as Error).message }),
            );
            break;
          case 'collected':
            this.answered(worker.id, m.id, m.metrics);
            break;
        }
      });
      worker.on('exit', (code, signal) => {
        this.live.delete(worker.id);
        for (const c of this.asking.values()) if (c.pending.delete(worker.id) && c.pending.size === 0) c.done();
        const how = signal ?? `code ${code}`;
        fail(`exited (${how}) before it listened`);
        if (this.phase === 'running') this.restart(worker.process.pid, how);
      });
    });
  }

  private restart(pid: number | undefined, how: string): void {
    const now = performance.now();
    this.restarts = this.restarts.filter((t) => now - t < RESTART_WINDOW_MS);
    if (this.restarts.length >= MAX_RESTARTS) {
      const reason = `API processes exited ${this.restarts.length + 1} times within ${RESTART_WINDOW_MS / 1000} s (the last, pid ${pid}: ${how}); giving up`;
      this.opts.log.error(reason);
      this.opts.onGiveUp(reason);
      return;
    }
    const delay = Math.min(RESTART_BACKOFF_MAX_MS, RESTART_BACKOFF_MS * 2 ** this.restarts.length);
    this.restarts.push(now);
    this.opts.log.warn(`API process ${pid} exited (${how}); starting another in ${delay} ms (${this.restarts.length} of at most ${MAX_RESTARTS} restarts within ${RESTART_WINDOW_MS / 1000} s)`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      // A stop that began meanwhile (a Ctrl-C reaches every process of the group at once) wins.
      if (this.phase !== 'running') return;
      this.fork().then(
        () => {
          if (this.phase === 'running') this.opts.log.info(`API process started in place of ${pid}; ${this.live.size} serving`);
        },
        (err: unknown) => {
          if (this.phase === 'running') this.opts.log.warn((err as Error).message);
        },
      );
    }, delay);
    this.timers.add(timer);
  }

  /** Every API process's metrics and the primary's, summed by prom-client's aggregator. */
  private async scrape(): Promise<string> {
    const metrics = (await this.ask<Metrics[]>((id) => ({ kassa: 'collect', id }), COLLECT_TIMEOUT_MS)).flat();
    if (this.opts.ownMetrics) metrics.push(await this.opts.ownMetrics());
    return client.AggregatorRegistry.aggregate(metrics).metrics();
  }

  /**
   * Stops every API process: each stops accepting, finishes its in-flight requests and exits;
   * after `graceMs` the ones left are killed. Resolves when all have exited.
   */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.phase = 'stopping';
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const exits = [...this.live.values()].map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.process.exitCode !== null || w.process.signalCode !== null) return resolve();
          w.process.once('exit', () => resolve());
          const terminate = () => w.process.kill('SIGTERM');
          if (!send(w, { kassa: 'stop' }, terminate)) terminate();
        }),
    );
    const all = Promise.all(exits);
    const kill = setTimeout(() => {
      for (const w of this.live.values()) w.process.kill('SIGKILL');
    }, graceMs);
    await all;
    clearTimeout(kill);
  }
}

/** An API process could not start: the start fails with this message (main.ts prints it). */
export class ApiProcessFailed extends Error {}

/**
 * Sends `m` to an API process; false when it cannot be sent now. A process that dies as the
 * message goes reports EPIPE later: to `onFail`, never as an uncaught 'error' of the primary.
 */
function send(w: Worker, m: Message, onFail: () => void = () => undefined): boolean {
  if (!w.isConnected()) return false;
  try {
    w.send(m, undefined, (err) => {
      if (err) onFail();
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Anything with a per-process cache to drop (stores/auth.ts KeyResolver, connectors/store.ts
 * ConnectorStore). Callers await it: with several API processes it resolves once the others have
 * dropped theirs too.
 */
export interface Invalidates {
  invalidate(): void | Promise<void>;
}

/** An API process's side: its link to the primary. */
export class PrimaryLink {
  private stopHandlers: (() => void)[] = [];
  private readonly caches = new Map<string, Invalidates>();
  private local: client.Registry | undefined;
  private requests = 0;
  /** Requests to the primary (request) waiting for its reply, by id. */
  private readonly replies = new Map<number, (reply: Message) => void>();

  private constructor() {
    process.on('message', (m: unknown) => {
      if (!isMessage(m)) return;
      switch (m.kassa) {
        case 'stop':
          for (const h of this.stopHandlers) h();
          break;
        case 'invalidate':
          void this.caches.get(m.cache)?.invalidate();
          this.send({ kassa: 'invalidated', id: m.id });
          break;
        case 'invalidated':
          this.replies.get(m.id)?.(m);
          break;
        case 'collect':
          void (this.local ? this.local.getMetricsAsJSON() : Promise.resolve([])).then(
            (metrics) => this.send({ kassa: 'collected', id: m.id, metrics: [metrics as Metrics] }),
            () => this.send({ kassa: 'collected', id: m.id, metrics: [] }),
          );
          break;
        case 'scraped':
          this.replies.get(m.id)?.(m);
          break;
      }
    });
  }

  /** Asks the primary for the database URL and secrets (once this process listens for them). */
  static connect(): Promise<{ link: PrimaryLink; shared: Shared }> {
    const link = new PrimaryLink();
    return new Promise((resolve) => {
      const onStart = (m: unknown) => {
        if (!isMessage(m) || m.kassa !== 'start') return;
        process.off('message', onStart);
        resolve({ link, shared: m.shared });
      };
      process.on('message', onStart);
      link.send({ kassa: 'ready' });
    });
  }

  private send(m: Message): void {
    if (process.connected) process.send?.(m);
  }

  listening(address: Address): void {
    this.send({ kassa: 'listening', address });
  }

  /** Tells the primary why this process could not start; resolves once sent (it exits next). */
  failed(message: string): Promise<void> {
    return new Promise((resolve) => {
      if (!process.connected || !process.send) return resolve();
      process.send({ kassa: 'failed', message } satisfies Message, undefined, {}, () => resolve());
    });
  }

  /** `fn` runs when the primary asks this process to stop. */
  onStop(fn: () => void): void {
    this.stopHandlers.push(fn);
  }

  /**
   * A cache dropped in this process (after a change made here: a key rolled, a store's setting, a
   * connector) is dropped in every other API process too, through the primary, instead of living
   * on there for up to KASSA_AUTH_CACHE_MS. The change's answer waits for it: once a roll is
   * answered, no API process of the node accepts the old secret.
   */
  shareInvalidations(caches: Record<string, Invalidates>): void {
    for (const [name, cache] of Object.entries(caches)) {
      const drop = cache.invalidate.bind(cache);
      this.caches.set(name, { invalidate: drop });
      cache.invalidate = async () => {
        await drop();
        if (!process.connected) return;
        // The primary answers after the others acknowledged or RELAY_TIMEOUT_MS; the wait here bounds a lost primary.
        await this.request((id) => ({ kassa: 'invalidate', cache: name, id }), 2 * RELAY_TIMEOUT_MS);
      };
    }
  }

  /** /metrics in an API process: every API process's metrics and the primary's, summed. */
  readonly metrics: MetricsScope = {
    register: (local) => {
      this.local = local;
    },
    scrape: async () => {
      const reply = await this.request((id) => ({ kassa: 'scrape', id }), COLLECT_TIMEOUT_MS + 2_000);
      if (!reply) throw new Error('the primary process did not answer');
      if (reply.kassa === 'scraped' && reply.text !== undefined) return reply.text;
      throw new Error((reply.kassa === 'scraped' && reply.error) || 'no metrics');
    },
  };

  /** Sends a request (its id made here) to the primary; resolves with its reply, or undefined after `timeoutMs`. */
  private request(message: (id: number) => Message, timeoutMs: number): Promise<Message | undefined> {
    const id = this.requests++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(undefined), timeoutMs).unref();
      const done = (reply: Message | undefined) => {
        clearTimeout(timer);
        this.replies.delete(id);
        resolve(reply);
      };
      this.replies.set(id, done);
      this.send(message(id));
    });
  }
}
