/** DPD's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { dpdDefinition } from './definition.js';
import { dpdMapper } from './mapper.js';
import { dpdSimulator } from './simulator.js';

export const dpd = simulatedCarrier(dpdDefinition, dpdMapper, dpdSimulator);
