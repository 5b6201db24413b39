/** The blik-sim family as the registry lists it (processors/index.ts). */
import { simulatorFamily } from '../sim-kit/family.js';
import { blikSimDefinition } from './definition.js';
import { blikMapper } from './mapper.js';
import { blikSimulatorRoutes } from './simulator.js';

export const blikSim = simulatorFamily(blikSimDefinition, blikMapper, blikSimulatorRoutes);
