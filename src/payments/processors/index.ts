/**
 * The built-in processors: one simulator per payment method, and their pages. The adapters are
 * built with the services (createServices → builtInProcessors) and read orders and store keys
 * through the directory; the pages are registered by the gateway.
 */
import type { FastifyInstance } from 'fastify';
import { systemClock } from '../../platform/clock.js';
import type { Services } from '../../services.js';
import type { ProcessorAdapter } from './contract.js';
import { SimulatedProcessor } from './sim-kit/adapter.js';
import { OrderDirectory, type SimulatorDirectory } from './sim-kit/directory.js';
import type { SimulatorDeps } from './sim-kit/flow.js';
import { bankSimDefinition } from './bank-sim/definition.js';
import { bankMapper } from './bank-sim/mapper.js';
import { bankSimulatorRoutes } from './bank-sim/simulator.js';
import { cardSimDefinition } from './card-sim/definition.js';
import { cardMapper } from './card-sim/mapper.js';
import { cardSimulatorRoutes } from './card-sim/simulator.js';
import { mobilePaySimDefinition } from './mobilepay-sim/definition.js';
import { mobilePayMapper } from './mobilepay-sim/mapper.js';
import { mobilePaySimulatorRoutes } from './mobilepay-sim/simulator.js';
import { blikSimDefinition } from './blik-sim/definition.js';
import { blikMapper } from './blik-sim/mapper.js';
import { blikSimulatorRoutes } from './blik-sim/simulator.js';
import { bnplSimDefinition } from './bnpl-sim/definition.js';
import { bnplMapper } from './bnpl-sim/mapper.js';
import { bnplSimulatorRoutes } from './bnpl-sim/simulator.js';
import { hirePurchaseSimDefinition } from './hire-purchase-sim/definition.js';
import { hirePurchaseMapper } from './hire-purchase-sim/mapper.js';
import { hirePurchaseSimulatorRoutes } from './hire-purchase-sim/simulator.js';

/** One adapter per payment method (the registry's list). */
export function builtInProcessors(publicUrl: string, directory: SimulatorDirectory): ProcessorAdapter[] {
  return [
    new SimulatedProcessor(bankSimDefinition, bankMapper, publicUrl, directory),
    new SimulatedProcessor(cardSimDefinition, cardMapper, publicUrl, directory),
    new SimulatedProcessor(mobilePaySimDefinition, mobilePayMapper, publicUrl, directory),
    new SimulatedProcessor(blikSimDefinition, blikMapper, publicUrl, directory),
    new SimulatedProcessor(bnplSimDefinition, bnplMapper, publicUrl, directory),
    new SimulatedProcessor(hirePurchaseSimDefinition, hirePurchaseMapper, publicUrl, directory),
  ];
}

/** The simulators' own pages under /simulators/<family>/…. */
export async function simulatorRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { services } = opts;
  const directory = new OrderDirectory(services.orders, services.keys);
  const deps: SimulatorDeps = { directory, publicUrl: services.config.publicUrl, clock: systemClock };
  await bankSimulatorRoutes(app, deps);
  await cardSimulatorRoutes(app, deps);
  await mobilePaySimulatorRoutes(app, deps);
  await blikSimulatorRoutes(app, deps);
  await bnplSimulatorRoutes(app, deps);
  await hirePurchaseSimulatorRoutes(app, deps);
}
