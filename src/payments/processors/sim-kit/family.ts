/**
 * A built-in simulator as a processor family: its sandbox adapter signs the request and points the
 * shopper at the simulator's pages. It has no real connector yet, so it never serves production
 * (the registry leaves its method out there). A family folder exports one of these from its
 * `processor.ts`; adding a processor is that folder plus one entry in `processors/index.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { ProcessorDefinition, ProcessorFamily } from '../contract.js';
import { SimulatedProcessor } from './adapter.js';
import type { SimulatorDeps } from './flow.js';
import type { SimRequest, SimulatorMapper } from './protocol.js';

export interface SimulatorFamily extends ProcessorFamily {
  /** Path of the simulator's first page (one family per path). */
  readonly entryPath: string;
}

export function simulatorFamily<R extends SimRequest>(
  definition: ProcessorDefinition,
  mapper: SimulatorMapper<R>,
  routes: (app: FastifyInstance, deps: SimulatorDeps) => Promise<void>,
): SimulatorFamily {
  return {
    definition,
    connector: null,
    entryPath: mapper.entryPath,
    sandbox: (ctx) => new SimulatedProcessor(definition, mapper, ctx.publicUrl, ctx.directory),
    routes: (app, ctx) => routes(app, { directory: ctx.directory, publicUrl: ctx.publicUrl, clock: ctx.clock }),
  };
}
