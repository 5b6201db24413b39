/**
 * A built-in processor family as the registry lists it: its definition, the adapter that
 * serves its payment method, and the simulator's own pages. A family folder exports one of
 * these from its `processor.ts`; adding a processor is that folder plus one entry in
 * `processors/index.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { ProcessorAdapter, ProcessorDefinition } from '../contract.js';
import { SimulatedProcessor } from './adapter.js';
import type { SimulatorDirectory } from './directory.js';
import type { SimulatorDeps } from './flow.js';
import type { SimRequest, SimulatorMapper } from './protocol.js';

export interface SimulatorFamily {
  readonly definition: ProcessorDefinition;
  /** Path of the simulator's first page (one family per path). */
  readonly entryPath: string;
  adapter(publicUrl: string, directory: SimulatorDirectory): ProcessorAdapter;
  routes(app: FastifyInstance, deps: SimulatorDeps): Promise<void>;
}

export function simulatorFamily<R extends SimRequest>(
  definition: ProcessorDefinition,
  mapper: SimulatorMapper<R>,
  routes: (app: FastifyInstance, deps: SimulatorDeps) => Promise<void>,
): SimulatorFamily {
  return {
    definition,
    entryPath: mapper.entryPath,
    adapter: (publicUrl, directory) => new SimulatedProcessor(definition, mapper, publicUrl, directory),
    routes,
  };
}
