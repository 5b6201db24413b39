/** Baltpost's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { baltpostDefinition } from './definition.js';
import { baltpostMapper } from './mapper.js';
import { baltpostSimulator } from './simulator.js';

export const baltpost = simulatedCarrier(baltpostDefinition, baltpostMapper, baltpostSimulator);
