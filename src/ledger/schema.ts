/** Wire schema of GET /store-balances (the spec's store balances object). */
import { Type } from 'typebox';
import { CHANNELS } from './chart.js';

const Balance = Type.Object({ currency: Type.String(), balance: Type.Number({ description: 'What the store is owed, in major units' }) });

export const StoreBalancesSchema = Type.Object(
  {
    store: Type.Object({ uuid: Type.String(), name: Type.String(), legalName: Type.String() }),
    balances: Type.Object(Object.fromEntries(CHANNELS.map((c) => [c, Type.Optional(Type.Array(Balance))])), {
      description: 'Keyed by settlement channel; bankPayments, cardPayments and blik are always present',
    }),
  },
  { title: 'StoreBalances' },
);
