/** Wire schemas of the payout endpoints (the spec's payout object, list query, export link). */
import { Type } from 'typebox';
import { documentedOnly, idParam, nullable } from '../platform/schemas.js';
import { EXPORT_FORMATS } from './exports/index.js';
import { ORDER_BY } from './store.js';

/** The spec's payout object (items of GET /stores/:storeUuid/payouts). */
export const PayoutSchema = Type.Object(
  {
    uuid: Type.String(),
    storeUuid: Type.String(),
    storeName: Type.String(),
    storeLegalName: Type.String(),
    iban: Type.String(),
    accountName: Type.String(),
    status: Type.String({ description: 'SUCCESSFUL, …' }),
    settlementType: Type.String({ description: 'The settlement channel' }),
    paymentsAmount: Type.String({ description: 'Decimal string' }),
    refundsAmount: Type.String({ description: 'Decimal string' }),
    totalAmount: Type.String({ description: 'Decimal string' }),
    currency: Type.String(),
    expectedArrivalDate: nullable(Type.String(), { description: 'YYYY-MM-DD, or null' }),
    createdAt: Type.String({ description: 'ISO 8601 timestamp' }),
  },
  { title: 'Payout' },
);

export const PayoutListParams = Type.Object({ storeUuid: idParam('Store UUID (a malformed one is a 400)') });

/** The list's query; parsePayoutQuery validates it (numbers arrive as strings). */
export const PayoutListQuery = documentedOnly(
  Type.Object(
    {
      limit: Type.String({ pattern: '^[0-9]+$', description: 'Page size, 1 to 149 (required)' }),
      offset: Type.String({ pattern: '^[0-9]+$', description: 'Records to skip (required)' }),
      order: Type.Enum(['ASC', 'DESC'], { description: 'Required' }),
      orderBy: Type.Optional(Type.Enum([...ORDER_BY], { description: 'Default createdAt' })),
    },
    { additionalProperties: true },
  ),
);

export const PayoutListAnswer = Type.Object({ payouts: Type.Array(PayoutSchema) });

export const ExportLinkParams = Type.Object({
  storeUuid: idParam('Store UUID'),
  payoutUuid: idParam('Payout UUID, from the list'),
  payoutType: Type.String({ description: `File format: ${EXPORT_FORMATS.join(', ')} (another is a 400)` }),
});

export const ExportLinkAnswer = Type.Object({ url: Type.String({ description: 'A temporary, signed link to the export file' }) });

export const ExportFileParams = Type.Object({
  payoutUuid: idParam('Payout UUID'),
  format: Type.String({ description: `File format: ${EXPORT_FORMATS.join(', ')} (another is a 404)` }),
});

export const ExportFileQuery = documentedOnly(
  Type.Object(
    {
      expires: Type.String({ description: 'Unix seconds after which the link is refused' }),
      signature: Type.String({ description: "The link's signature" }),
    },
    { additionalProperties: true },
  ),
);
