/** Polexpress's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { polexpressDefinition } from './definition.js';
import { polexpressMapper } from './mapper.js';
import { polexpressSimulator } from './simulator.js';

export const polexpress = simulatedCarrier(polexpressDefinition, polexpressMapper, polexpressSimulator);
