import type { ProcessorDefinition } from '../contract.js';

/** The built-in MobilePay simulator: phone number, then approval in the (simulated) app. */
export const mobilePaySimDefinition: ProcessorDefinition = {
  id: 'kassa-mobilepay-sim',
  name: 'Kassa MobilePay simulator',
  method: 'mobilePay',
  supportsRefunds: true,
};
