/** Nova Post's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { novaPostDefinition } from './definition.js';
import { novaPostMapper } from './mapper.js';
import { novaPostSimulator } from './simulator.js';

export const novaPost = simulatedCarrier(novaPostDefinition, novaPostMapper, novaPostSimulator);
