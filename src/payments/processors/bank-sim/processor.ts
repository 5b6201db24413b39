/** The bank-sim family as the registry lists it (processors/index.ts). */
import { simulatorFamily } from '../sim-kit/family.js';
import { bankSimDefinition } from './definition.js';
import { bankMapper } from './mapper.js';
import { bankSimulatorRoutes } from './simulator.js';

export const bankSim = simulatorFamily(bankSimDefinition, bankMapper, bankSimulatorRoutes);
