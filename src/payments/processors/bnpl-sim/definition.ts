import type { ProcessorDefinition } from '../contract.js';

/** The built-in buy-now-pay-later simulator: pay in 30 days or split in 2 or 3 parts. */
export const bnplSimDefinition: ProcessorDefinition = {
  id: 'kassa-bnpl-sim',
  name: 'Kassa pay-later simulator',
  method: 'bnpl',
  supportsRefunds: true,
};
