/** Wire schema of GET /stores/payment-methods (the spec's store payment methods object). */
import { Type } from 'typebox';
import { PAYMENT_METHODS } from './catalogue/methods.js';

const BankEntry = Type.Object({
  code: Type.String({ description: 'Bank code; the value to send as preferredProvider' }),
  name: Type.String({ description: 'Display name' }),
  logoUrl: Type.String({ description: 'Logo URL' }),
  supportedCurrencies: Type.Array(Type.String()),
  uiPosition: Type.Optional(Type.Integer({ description: 'Display order within the country list' })),
});

const CountrySetup = Type.Object({
  supportedCurrencies: Type.Array(Type.String()),
  paymentMethods: Type.Array(BankEntry),
});

const MethodEntry = Type.Object({
  processor: Type.String({ description: 'The processor of the method' }),
  logoUrl: Type.String({ description: 'URL of a logo image' }),
  requiredToBeEnabled: Type.Optional(Type.Boolean({ description: 'Present on cardPayments and mobilePay' })),
  setup: Type.Optional(Type.Record(Type.String(), CountrySetup, { description: 'paymentInitiation only: keyed by country code (EE, LV, LT, FI, PL)' })),
});

export const StorePaymentMethodsSchema = Type.Object(
  {
    uuid: Type.String({ description: 'Store identifier' }),
    name: Type.String({ description: 'Store name' }),
    paymentMethods: Type.Object(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, Type.Optional(MethodEntry)])), {
      description: 'Keyed by payment method system name; only enabled methods are present',
    }),
  },
  { title: 'StorePaymentMethods' },
);
