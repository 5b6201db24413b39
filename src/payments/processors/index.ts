// TEMPORARY until the simulators land (gateway work in progress).
import type { ProcessorAdapter } from './contract.js';
import { PAYMENT_METHODS } from '../methods/catalogue/methods.js';
export function builtInProcessors(_publicUrl: string): ProcessorAdapter[] {
  return PAYMENT_METHODS.map((method) => ({
    definition: { id: `kassa-sim-${method}`, name: method, method, supportsRefunds: true },
    begin: async () => { throw new Error('not yet'); },
    interpret: async () => { throw new Error('not yet'); },
  }));
}
