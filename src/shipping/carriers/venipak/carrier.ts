/** Venipak's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { venipakDefinition } from './definition.js';
import { venipakMapper } from './mapper.js';
import { venipakSimulator } from './simulator.js';

export const venipak = simulatedCarrier(venipakDefinition, venipakMapper, venipakSimulator);
