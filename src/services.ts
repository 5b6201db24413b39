/**
 * The composition root: builds every service once from config and the database, for the API
 * (buildApp) and the workers alike. Dependencies are passed in, never looked up. The database
 * stays here: routes get services, never `db`. One clock (real time) and one callback-URL policy
 * are made here and handed to whoever needs them; a store's sandbox time is `store_now()` in SQL.
 */
import type { Config } from './config.js';
import type { Db } from './platform/db.js';
import { systemClock, type Clock } from './platform/clock.js';
import { SecretBox } from './platform/crypto.js';
import { CallbackPolicy } from './platform/outbound.js';
import { HealthService } from './platform/observability.js';
import { KeyResolver } from './stores/auth.js';
import { StoreService } from './stores/service.js';
import { probeKeys } from './stores/store.js';
import { KeyService } from './stores/keys.js';
import { LedgerService } from './ledger/service.js';
import { OrderService } from './payments/orders/service.js';
import { HostedPayments } from './payments/hosted-pages/service.js';
import { NotificationDelivery, type DeliveryLog } from './notifications/delivery.js';
import { OutboxService } from './notifications/service.js';
import { countPending } from './notifications/store.js';
import { CliEventService } from './payments/cli-events/service.js';
import { FeedWake } from './payments/cli-events/wake.js';
import { ProcessorRegistry } from './payments/processors/registry.js';
import { PROCESSORS } from './payments/processors/index.js';
import { OrderDirectory } from './payments/processors/sim-kit/directory.js';
import type { AttemptSink, ProcessorContext } from './payments/processors/contract.js';
import { ConnectorStore } from './connectors/store.js';
import { ConnectorService } from './connectors/service.js';
import type { ConnectorKind } from './connectors/kinds.js';
import { SelfFetch } from './platform/self-fetch.js';
import { ApiError } from './platform/errors.js';
import { createHmac } from 'node:crypto';
import { RefundService } from './payments/refunds/service.js';
import { wakeWaitingForFunds } from './payments/refunds/store.js';
import { SandboxService } from './payments/sandbox/service.js';
import { SessionService } from './payments/sessions/service.js';
import { PayoutService } from './payouts/service.js';
import { CarrierContractService } from './shipping/contracts/service.js';
import { ShippingMethodsService } from './shipping/methods/service.js';
import { CarrierRegistry } from './shipping/carriers/registry.js';
import { outputNames } from './shipping/names.js';
import { ShipmentRegistration } from './shipping/shipments/registration.js';
import { ShipmentService } from './shipping/shipments/service.js';
import { LegacyShippingService } from './shipping/legacy/service.js';
import { LabelFileService } from './shipping/label-files/service.js';
import { TrackingService } from './shipping/tracking/service.js';
import { WebhookService } from './shipping/webhooks/service.js';
import { LegacyWebhookService } from './shipping/legacy/webhooks/service.js';
import { PaymentLinkService } from './payments/links/service.js';
import { BackOffice } from './backoffice/service.js';
import { ShippingOffice } from './backoffice/shipping/service.js';

export interface Services {
  config: Config;
  /** Real time (see platform/clock.ts); a store's sandbox time is store_now() in SQL. */
  clock: Clock;
  /** The one rule for merchants' callback URLs (KASSA_ALLOW_PRIVATE_CALLBACKS). */
  callbacks: CallbackPolicy;
  health: HealthService;
  box: SecretBox;
  stores: StoreService;
  keys: KeyResolver;
  /** A store's API keys: list, roll with an overlap, end the overlap. */
  storeKeys: KeyService;
  ledger: LedgerService;
  orders: OrderService;
  hostedPages: HostedPayments;
  /** Embedded card payments: sessions, draft payment intents, the card form's payments. */
  sessions: SessionService;
  processors: ProcessorRegistry;
  /** What every processor family's routes and adapters are given (simulators, webhooks, pollers). */
  processorContext: ProcessorContext;
  /** The real parties production reaches (Stripe, banks): settings and sealed secrets, set by the operator. */
  connectors: ConnectorStore;
  connectorAdmin: ConnectorService;
  /** Connectors' HTTP client; buildApp attaches the app so the sandbox reaches its simulators in-process. */
  selfFetch: SelfFetch;
  outbox: OutboxService;
  /** The feed of `kassa listen` (GET <payments base>/cli/events). */
  cliEvents: CliEventService;
  sandbox: SandboxService;
  carrierContracts: CarrierContractService;
  shippingMethods: ShippingMethodsService;
  carriers: CarrierRegistry;
  shipments: ShipmentService;
  labelFiles: LabelFileService;
  /** The snake_case shipping API (shipping-legacy.md) over the same shipments and label files. */
  legacyShipping: LegacyShippingService;
  tracking: TrackingService;
  webhooks: WebhookService;
  /** The snake_case shipping API's tracking webhook URL (PATCH /stores/store-webhook). */
  legacyWebhooks: LegacyWebhookService;
  refunds: RefundService;
  payouts: PayoutService;
  /** Payment links: their API, page, the orders they create and their shipments. */
  links: PaymentLinkService;
  /** The back office (/dashboard): its users, sessions and views of a store. */
  backoffice: BackOffice;
  /** The back office's Shipping reads (shipments, history, deliveries). */
  shippingOffice: ShippingOffice;
  /**
   * A notification (and webhook) delivery worker wired as the deployment runs it. Each call is a
   * new worker: workers share nothing in memory, only the database.
   */
  notificationDelivery(opts: { log: DeliveryLog; timeoutMs?: number; concurrency?: number }): NotificationDelivery;
}

/** Every connector kind the processors declare, once each. */
function connectorKinds(families: typeof PROCESSORS): ConnectorKind[] {
  const kinds = new Map<string, ConnectorKind>();
  for (const f of families) if (f.connector) kinds.set(f.connector.kind, f.connector);
  return [...kinds.values()];
}

export interface ServiceOptions {
  /** Real time; the system clock unless a test pins it. */
  clock?: Clock;
  /**
   * A replica (pool and URL) for reads that tolerate staleness: the back office's lists and
   * search, and exports. Everything else, and every merchant's GET of what it just wrote, reads
   * the primary.
   */
  replica?: { db: Db; url: string };
}

/**
 * `databaseUrl`: a direct (session) connection to the database `db` reaches, which may be a
 * transaction pooler: the LISTEN wake-ups connect there, and exports (without a replica).
 */
export function createServices(config: Config, db: Db, masterKey: string, databaseUrl: string, options: ServiceOptions = {}): Services {
  const clock = options.clock ?? systemClock;
  const reads = options.replica?.db ?? db;
  const callbacks = new CallbackPolicy(config.allowPrivateCallbacks);
  const box = new SecretBox(masterKey);
  const keys = new KeyResolver(db, box, config.authCacheMs);
  const stores = new StoreService(db, box, () => keys.invalidate());
  const ledger = new LedgerService(db, wakeWaitingForFunds);
  // A paid payment link order gets its shipment in the PAID transaction (links is built below).
  let links: PaymentLinkService | undefined;
  const orders = new OrderService(db, keys, config.publicUrl, callbacks, clock, {
    afterPaid: (tx, order) => links!.afterPaid(tx, order),
    offer: (env) => processors.offer(env),
  });
  const carrierContracts = new CarrierContractService(db, box, config.publicUrl);
  const carriers = new CarrierRegistry();
  const directory = new OrderDirectory(orders, keys);
  const connectors = new ConnectorStore(db, box, config.authCacheMs);
  const selfFetch = new SelfFetch(config.publicUrl);
  const attempts: AttemptSink = {
    async complete(orderId, outcome, processorReference) {
      try {
        await orders.completeAttempt(orderId, outcome, processorReference);
        return true;
      } catch (e) {
        // The order no longer waits for this attempt (recorded already, or ended): nothing to do.
        if (e instanceof ApiError && e.statusCode === 409) return false;
        throw e;
      }
    },
    async pending(processor, olderThanSeconds, limit) {
      const rows = await orders.waitingAttempts(processor, olderThanSeconds, limit);
      return rows.map((r) => ({ orderId: r.order_id, intentId: r.intent_id, env: r.env, processorReference: r.processor_reference, boundAt: r.bound_at }));
    },
  };
  const processorContext: ProcessorContext = {
    publicUrl: config.publicUrl,
    directory,
    fetch: selfFetch.fetch,
    clock,
    sandboxSecret: (purpose) => createHmac('sha256', masterKey).update(`kassa.sandbox-simulator.${purpose}`).digest('hex'),
    attempts,
    db,
    connectors,
  };
  const processors = new ProcessorRegistry(PROCESSORS, processorContext, connectors);
  const registration = new ShipmentRegistration(db, carriers, carrierContracts, { concurrency: config.workerConcurrency, publicUrl: config.publicUrl });
  const webhookClaims = outputNames(config.shippingNames);
  const shipments = new ShipmentService(db, carrierContracts, registration, callbacks, clock);
  const labelFiles = new LabelFileService(
    db,
    { keys, baseUrl: (env) => `${config.publicUrl}${env === 'production' ? config.shippingPath : config.shippingSandboxPath}`, clock },
    { concurrency: config.workerConcurrency },
  );
  links = new PaymentLinkService(db, { orders, stores, keys, contracts: carrierContracts, shipments, callbacks, publicUrl: config.publicUrl });
  return {
    config,
    clock,
    callbacks,
    health: new HealthService({ probe: (ms) => probeKeys(db, ms), pendingNotifications: () => countPending(db) }),
    box,
    stores,
    keys,
    storeKeys: new KeyService(db, box, keys),
    ledger,
    orders,
    hostedPages: new HostedPayments({ orders, stores, processors, publicUrl: config.publicUrl }),
    sessions: new SessionService({ db, orders, stores, keys, publicUrl: config.publicUrl, clock, processors }),
    processors,
    processorContext,
    connectors,
    connectorAdmin: new ConnectorService(connectors, connectorKinds(PROCESSORS)),
    selfFetch,
    outbox: new OutboxService(db),
    sandbox: new SandboxService(db, ledger),
    carrierContracts,
    shippingMethods: new ShippingMethodsService(carrierContracts),
    carriers,
    shipments,
    links,
    tracking: new TrackingService(db),
    webhooks: new WebhookService(db, callbacks),
    legacyWebhooks: new LegacyWebhookService(db, callbacks),
    refunds: new RefundService(db, processors, { concurrency: config.workerConcurrency, sandboxPath: config.paymentsSandboxPath }),
    payouts: new PayoutService(db, {
      stores,
      keys,
      schedule: config.payoutSchedule,
      databaseUrl: options.replica?.url ?? databaseUrl,
      baseUrl: (env) => `${config.publicUrl}${env === 'production' ? config.paymentsPath : config.paymentsSandboxPath}`,
      clock,
    }),
    labelFiles,
    legacyShipping: new LegacyShippingService(db, carrierContracts, shipments, labelFiles),
    backoffice: new BackOffice(db, reads),
    shippingOffice: new ShippingOffice(db, reads),
    cliEvents: new CliEventService(db, keys, clock, webhookClaims, new FeedWake(databaseUrl)),
    notificationDelivery: (opts) =>
      new NotificationDelivery(db, keys, {
        concurrency: opts.concurrency ?? config.workerConcurrency,
        timeoutMs: opts.timeoutMs ?? config.notificationTimeoutMs,
        databaseUrl,
        log: opts.log,
        webhookClaims,
        callbacks,
        clock,
      }),
  };
}
