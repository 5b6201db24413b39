/** The card-sim family as the registry lists it (processors/index.ts). */
import { simulatorFamily } from '../sim-kit/family.js';
import { cardSimDefinition } from './definition.js';
import { cardMapper } from './mapper.js';
import { cardSimulatorRoutes } from './simulator.js';

export const cardSim = simulatorFamily(cardSimDefinition, cardMapper, cardSimulatorRoutes);
