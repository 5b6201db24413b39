/** Unisend's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { unisendDefinition } from './definition.js';
import { unisendMapper } from './mapper.js';
import { unisendSimulator } from './simulator.js';

export const unisend = simulatedCarrier(unisendDefinition, unisendMapper, unisendSimulator);
