/** Wire schemas of the pain.001 routes (operator API): queries, the export body, the file answer. */
import { Type, type TSchema } from 'typebox';
import { ENVS } from '../../platform/env.js';
import { documentedOnly, idParam } from '../../platform/schemas.js';

const env = Type.Optional(Type.Enum([...ENVS], { description: 'Default production' }));
const executionDate = Type.Optional(Type.String({ description: 'ReqdExctnDt, YYYY-MM-DD: today (UTC) or later; default today' }));

export const Pain001BatchQuery = documentedOnly(
  Type.Object(
    {
      env,
      date: Type.Optional(Type.String({ description: 'YYYY-MM-DD (UTC): the batch is the payouts made on this date; or give `ids`' })),
      ids: Type.Optional(Type.String({ description: 'Payout UUIDs separated by commas (at most 1000); or give `date`' })),
      executionDate,
    },
    { additionalProperties: true },
  ),
);

export const Pain001RefundsQuery = documentedOnly(
  Type.Object(
    {
      env,
      from: Type.String({ description: 'YYYY-MM-DD (UTC): refunds that succeeded on or after this date' }),
      to: Type.String({ description: 'YYYY-MM-DD (UTC): refunds that succeeded on or before this date' }),
      executionDate,
    },
    { additionalProperties: true },
  ),
);

export const Pain001ExportBody = documentedOnly(Type.Object({ env, executionDate }, { additionalProperties: true }));

export const Pain001FileParams = Type.Object({ fileId: idParam('The file id (`x-kassa-file-id` of POST /operator/refunds/pain001)') });

const header = (description: string) => ({ description, schema: Type.String() });

/** A pain.001 file answer: the XML and, in headers, what it holds. */
export function pain001FileResponse(description: string): TSchema {
  return {
    description,
    headers: {
      'x-kassa-message-id': header('GrpHdr/MsgId: the same batch always has the same one, and banks refuse a MsgId they have seen'),
      'x-kassa-transactions': header('NbOfTxs: transfers in the file'),
      'x-kassa-control-sum': header('CtrlSum: their total, a decimal string (EUR)'),
      'x-kassa-excluded': header('How many matched but cannot be paid by SEPA credit transfer (another currency, no payer IBAN); the ids in x-kassa-excluded-ids (first 50)'),
      'x-kassa-file-id': header('The recorded file (POST /operator/refunds/pain001; GET /operator/pain001-files/{fileId})'),
    },
    content: { 'application/xml': { schema: Type.String({ description: 'ISO 20022 pain.001.001.09, EPC SEPA Credit Transfer (EPC132-08)' }) } },
  } as unknown as TSchema;
}
