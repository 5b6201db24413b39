import type { ProcessorDefinition } from '../contract.js';

/** The built-in hire-purchase simulator: a credit decision and an instalment plan. */
export const hirePurchaseSimDefinition: ProcessorDefinition = {
  id: 'kassa-hire-purchase-sim',
  name: 'Kassa hire-purchase simulator',
  method: 'hirePurchase',
  supportsRefunds: true,
};
