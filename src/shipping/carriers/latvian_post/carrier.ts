/** Latvian Post's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { latvianPostDefinition } from './definition.js';
import { latvianPostMapper } from './mapper.js';
import { latvianPostSimulator } from './simulator.js';

export const latvianPost = simulatedCarrier(latvianPostDefinition, latvianPostMapper, latvianPostSimulator);
