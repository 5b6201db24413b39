/** InPost's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { inpostDefinition } from './definition.js';
import { inpostMapper } from './mapper.js';
import { inpostSimulator } from './simulator.js';

export const inpost = simulatedCarrier(inpostDefinition, inpostMapper, inpostSimulator);
