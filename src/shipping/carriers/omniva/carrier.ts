/** Omniva's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { omnivaDefinition } from './definition.js';
import { omnivaMapper } from './mapper.js';
import { omnivaSimulator } from './simulator.js';

export const omniva = simulatedCarrier(omnivaDefinition, omnivaMapper, omnivaSimulator);
