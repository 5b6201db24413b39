import type { ProcessorDefinition } from '../contract.js';

/** The built-in bank (payment initiation) simulator: one login-and-confirm page per bank. */
export const bankSimDefinition: ProcessorDefinition = {
  id: 'kassa-bank-sim',
  name: 'Kassa bank simulator',
  method: 'paymentInitiation',
  supportsRefunds: true,
};
