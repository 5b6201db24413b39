/**
 * The one list of processors: one family per payment method, each a folder exporting its family
 * from `processor.ts`. Adding a processor is its folder plus one entry here (and, for a new payment
 * method, the exhaustive `Record<PaymentMethodName, …>` tables the compiler then asks for). The
 * composition root (services.ts) builds the registry; the hosted pages' routes
 * (payments/hosted-pages/routes.ts) register the families' routes (simulator pages, webhooks).
 */
import type { FastifyInstance } from 'fastify';
import type { ProcessorContext, ProcessorFamily } from './contract.js';
import { xs2a } from './xs2a/processor.js';
import { stripe } from './stripe/processor.js';
import { mobilePaySim } from './mobilepay-sim/processor.js';
import { blikSim } from './blik-sim/processor.js';
import { bnplSim } from './bnpl-sim/processor.js';
import { hirePurchaseSim } from './hire-purchase-sim/processor.js';

export const PROCESSORS: readonly ProcessorFamily[] = [xs2a, stripe, mobilePaySim, blikSim, bnplSim, hirePurchaseSim];

/** Every family's own routes: simulator pages under /simulators/<family>/…, processors' webhooks. */
export async function processorRoutes(app: FastifyInstance, opts: { ctx: ProcessorContext; families?: readonly ProcessorFamily[] }): Promise<void> {
  for (const f of opts.families ?? PROCESSORS) await f.routes(app, opts.ctx);
}
