import type { ProcessorDefinition } from '../contract.js';

/** The built-in card processor simulator: card form, wallet button and a 3-D Secure challenge. */
export const cardSimDefinition: ProcessorDefinition = {
  id: 'kassa-card-sim',
  name: 'Kassa card simulator',
  method: 'cardPayments',
  supportsRefunds: true,
};
