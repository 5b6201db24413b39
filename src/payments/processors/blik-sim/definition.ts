import type { ProcessorDefinition } from '../contract.js';

/** The built-in BLIK simulator: a 6-digit code from the shopper's banking app. */
export const blikSimDefinition: ProcessorDefinition = {
  id: 'kassa-blik-sim',
  name: 'Kassa BLIK simulator',
  method: 'blik',
  supportsRefunds: true,
};
