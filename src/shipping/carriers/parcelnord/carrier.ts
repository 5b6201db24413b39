/** Parcelnord's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { parcelnordDefinition } from './definition.js';
import { parcelnordMapper } from './mapper.js';
import { parcelnordSimulator } from './simulator.js';

export const parcelnord = simulatedCarrier(parcelnordDefinition, parcelnordMapper, parcelnordSimulator);
