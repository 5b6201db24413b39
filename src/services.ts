/**
 * The composition root: builds every service once from config and the database, for the API
 * (buildApp) and the workers alike. Dependencies are passed in, never looked up.
 */
import type { Config } from './config.js';
import type { Db } from './platform/db.js';
import { SecretBox } from './platform/crypto.js';
import { KeyResolver } from './stores/auth.js';
import { StoreService } from './stores/service.js';
import { OrderService } from './payments/orders/service.js';
import { ProcessorRegistry } from './payments/processors/registry.js';
import { RefundService } from './payments/refunds/service.js';
import { PayoutService } from './payouts/service.js';
import { builtInProcessors } from './payments/processors/index.js';
import { OrderDirectory } from './payments/processors/sim-kit/directory.js';
import { CarrierContractService } from './shipping/contracts/service.js';
import { ShippingMethodsService } from './shipping/methods/service.js';
import { CarrierRegistry } from './shipping/carriers/registry.js';
import { ShipmentRegistration } from './shipping/shipments/registration.js';
import { ShipmentService } from './shipping/shipments/service.js';
import { LabelFileService } from './shipping/label-files/service.js';

export interface Services {
  config: Config;
  db: Db;
  box: SecretBox;
  stores: StoreService;
  keys: KeyResolver;
  orders: OrderService;
  processors: ProcessorRegistry;
  carrierContracts: CarrierContractService;
  shippingMethods: ShippingMethodsService;
  carriers: CarrierRegistry;
  shipments: ShipmentService;
  labelFiles: LabelFileService;
  refunds: RefundService;
  payouts: PayoutService;
}

/** `databaseUrl`: the database `db` connects to (export workers open their own connection there). */
export function createServices(config: Config, db: Db, masterKey: string, databaseUrl: string): Services {
  const box = new SecretBox(masterKey);
  const keys = new KeyResolver(db, box, config.authCacheMs);
  const stores = new StoreService(db, box);
  const orders = new OrderService(db, keys, config.publicUrl);
  const carrierContracts = new CarrierContractService(db, box, config.publicUrl);
  const carriers = new CarrierRegistry();
  const processors = new ProcessorRegistry(builtInProcessors(config.publicUrl, new OrderDirectory(orders, keys)));
  const registration = new ShipmentRegistration(db, carriers, carrierContracts, { concurrency: config.workerConcurrency, publicUrl: config.publicUrl });
  return {
    config,
    db,
    box,
    stores,
    keys,
    orders,
    processors,
    carrierContracts,
    shippingMethods: new ShippingMethodsService(carrierContracts),
    carriers,
    shipments: new ShipmentService(db, carrierContracts, registration, { allowPrivateCallbacks: config.allowPrivateCallbacks }),
    refunds: new RefundService(db, processors, { concurrency: config.workerConcurrency, sandboxPath: config.paymentsSandboxPath }),
    payouts: new PayoutService(db, {
      stores,
      keys,
      schedule: config.payoutSchedule,
      databaseUrl,
      baseUrl: (env) => `${config.publicUrl}${env === 'production' ? config.paymentsPath : config.paymentsSandboxPath}`,
    }),
    labelFiles: new LabelFileService(db, { keys, baseUrl: (env) => `${config.publicUrl}${env === 'production' ? config.shippingPath : config.shippingSandboxPath}` }, { concurrency: config.workerConcurrency }),
  };
}
