/** ORLEN Paczka's registry entry: its definition, mapper and simulator as one adapter. */
import { simulatedCarrier } from '../kit/adapter.js';
import { orlenDefinition } from './definition.js';
import { orlenMapper } from './mapper.js';
import { orlenSimulator } from './simulator.js';

export const orlen = simulatedCarrier(orlenDefinition, orlenMapper, orlenSimulator);
