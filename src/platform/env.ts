/**
 * The two environments every store has: `sandbox` (simulated processors and carriers, test keys)
 * and `production`. Keys, orders, shipments and balances each belong to one.
 */
export type Env = 'sandbox' | 'production';

export const ENVS: readonly Env[] = ['sandbox', 'production'];
