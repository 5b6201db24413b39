/** PostNord's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { postnordDefinition } from './definition.js';
import { postnordMapper } from './mapper.js';
import { postnordSimulator } from './simulator.js';

export const postnord = simulatedCarrier(postnordDefinition, postnordMapper, postnordSimulator);
