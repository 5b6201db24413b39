/**
 * The one list of built-in processors: one simulator family per payment method, each a folder
 * exporting its family from `processor.ts`. Adding a processor is its folder plus one entry here
 * (and, for a new payment method, the exhaustive `Record<PaymentMethodName, …>` tables the
 * compiler then asks for). The composition root (services.ts) builds the adapters; the gateway
 * registers the simulators' pages.
 */
import type { FastifyInstance } from 'fastify';
import type { ProcessorAdapter } from './contract.js';
import type { SimulatorDirectory } from './sim-kit/directory.js';
import type { SimulatorFamily } from './sim-kit/family.js';
import type { SimulatorDeps } from './sim-kit/flow.js';
import { bankSim } from './bank-sim/processor.js';
import { cardSim } from './card-sim/processor.js';
import { mobilePaySim } from './mobilepay-sim/processor.js';
import { blikSim } from './blik-sim/processor.js';
import { bnplSim } from './bnpl-sim/processor.js';
import { hirePurchaseSim } from './hire-purchase-sim/processor.js';

export const BUILT_IN_PROCESSORS: readonly SimulatorFamily[] = [bankSim, cardSim, mobilePaySim, blikSim, bnplSim, hirePurchaseSim];

/** One adapter per family (the registry refuses two for one method). */
export function builtInProcessors(publicUrl: string, directory: SimulatorDirectory, families: readonly SimulatorFamily[] = BUILT_IN_PROCESSORS): ProcessorAdapter[] {
  return families.map((f) => f.adapter(publicUrl, directory));
}

/** The simulators' own pages under /simulators/<family>/…. */
export async function simulatorRoutes(app: FastifyInstance, opts: { deps: SimulatorDeps; families?: readonly SimulatorFamily[] }): Promise<void> {
  for (const f of opts.families ?? BUILT_IN_PROCESSORS) await f.routes(app, opts.deps);
}
