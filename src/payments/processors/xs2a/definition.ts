import type { ProcessorDefinition } from '../contract.js';

/**
 * Bank payments through the Berlin Group NextGenPSD2 XS2A payment initiation service (PIS), one
 * bank per connector. The sandbox runs the same client against Kassa's own XS2A simulator.
 */
export const xs2aDefinition: ProcessorDefinition = {
  id: 'xs2a',
  name: 'Berlin Group NextGenPSD2 XS2A',
  method: 'paymentInitiation',
  supportsRefunds: true,
};
