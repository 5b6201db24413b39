/** The bnpl-sim family as the registry lists it (processors/index.ts). */
import { simulatorFamily } from '../sim-kit/family.js';
import { bnplSimDefinition } from './definition.js';
import { bnplMapper } from './mapper.js';
import { bnplSimulatorRoutes } from './simulator.js';

export const bnplSim = simulatorFamily(bnplSimDefinition, bnplMapper, bnplSimulatorRoutes);
