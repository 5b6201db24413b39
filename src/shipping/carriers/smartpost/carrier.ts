/** Smartpost's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { smartpostDefinition } from './definition.js';
import { smartpostMapper } from './mapper.js';
import { smartpostSimulator } from './simulator.js';

export const smartpost = simulatedCarrier(smartpostDefinition, smartpostMapper, smartpostSimulator);
