/** The mobilepay-sim family as the registry lists it (processors/index.ts). */
import { simulatorFamily } from '../sim-kit/family.js';
import { mobilePaySimDefinition } from './definition.js';
import { mobilePayMapper } from './mapper.js';
import { mobilePaySimulatorRoutes } from './simulator.js';

export const mobilePaySim = simulatorFamily(mobilePaySimDefinition, mobilePayMapper, mobilePaySimulatorRoutes);
