/** The hire-purchase-sim family as the registry lists it (processors/index.ts). */
import { simulatorFamily } from '../sim-kit/family.js';
import { hirePurchaseSimDefinition } from './definition.js';
import { hirePurchaseMapper } from './mapper.js';
import { hirePurchaseSimulatorRoutes } from './simulator.js';

export const hirePurchaseSim = simulatorFamily(hirePurchaseSimDefinition, hirePurchaseMapper, hirePurchaseSimulatorRoutes);
