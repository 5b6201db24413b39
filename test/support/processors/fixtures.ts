/** Shared inputs of the simulators' unit tests (not used by the app). */
import type { BeginPayment } from '../../../src/payments/processors/contract.js';
import type { OrderMerchant, SimulatorDirectory } from '../../../src/payments/processors/sim-kit/directory.js';
import { simulatorKey } from '../../../src/payments/processors/sim-kit/signing.js';

export const ORDER_ID = '01900000-0000-7000-8000-000000000001';
export const MERCHANT: OrderMerchant = {
  storeId: '01900000-0000-7000-8000-0000000000aa',
  env: 'sandbox',
  payeeName: 'Test shop',
  key: simulatorKey('store-secret'),
  acceptedKeys: [simulatorKey('store-secret')],
  merchantOrigin: 'https://shop.example',
};

export const directory: SimulatorDirectory = {
  merchantOf: async (id) => (id === ORDER_ID ? MERCHANT : undefined),
};

export function beginInput(over: Partial<BeginPayment> = {}): BeginPayment {
  return {
    orderId: ORDER_ID,
    intentId: '01900000-0000-7000-8000-000000000002',
    amountMinor: 1050,
    currency: 'EUR',
    locale: 'et',
    description: 'ORDER-1',
    choice: {},
    returnUrl: `http://kassa.test/pay/${ORDER_ID}/return?lang=et`,
    ...over,
  };
}

export const CTX = { ref: 'bank_0c5ad7d4-3f5e-4b8e-9f1e-2d3c4b5a6f70', payee: 'Test shop' };
