/** Swiftcourier's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { swiftcourierDefinition } from './definition.js';
import { swiftcourierMapper } from './mapper.js';
import { swiftcourierSimulator } from './simulator.js';

export const swiftcourier = simulatedCarrier(swiftcourierDefinition, swiftcourierMapper, swiftcourierSimulator);
