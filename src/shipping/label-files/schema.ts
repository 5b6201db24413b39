/**
 * Wire schemas of the label-file routes. The spec shows only `shipmentIds` of POST /label-files;
 * the rest is Kassa's (docs/decisions.md). `parseLabelFileInput` (model.ts) stays the authority
 * over the body; this describes it.
 */
import { Type } from 'typebox';
import { nullable, stringEnum } from '../../platform/schemas.js';
import { LABELS_PER_PAGE, MAX_LABEL_FILE_SHIPMENTS, ORDER_LABELS_BY, PAGE_SIZES } from './model.js';

export const LabelFileInputSchema = Type.Object(
  {
    shipmentIds: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: MAX_LABEL_FILE_SHIPMENTS, description: 'Registered shipments, no repeats' }),
    pageSize: Type.Optional(nullable(stringEnum(PAGE_SIZES, 'Default A4'))),
    labelsPerPage: Type.Optional(nullable(Type.Integer({ enum: [...LABELS_PER_PAGE], description: 'Default 4 on A4, 1 on A6 (the only value there)' }))),
    orderLabelsBy: Type.Optional(nullable(stringEnum(ORDER_LABELS_BY, 'Default createdAt (oldest shipment first), as the original service; shipmentIds keeps the order given'))),
    synchronous: Type.Optional(nullable(Type.Boolean({ description: 'true: render before answering; default false' }))),
  },
  { additionalProperties: true, title: 'LabelFileInput' },
);

export const LabelFileSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    status: stringEnum(['pending', 'ready', 'failed']),
    labelFileUrl: nullable(Type.String({ format: 'uri' }), 'Temporary signed download link while ready, else null'),
    shipmentIds: Type.Array(Type.String()),
    pageSize: stringEnum(PAGE_SIZES),
    labelsPerPage: Type.Integer({ enum: [...LABELS_PER_PAGE] }),
    orderLabelsBy: stringEnum(ORDER_LABELS_BY),
    errors: nullable(Type.Array(Type.Object({ shipmentId: nullable(Type.String()), field: Type.String(), message: Type.String() })), 'Why the file failed, else null'),
    createdAt: Type.String({ format: 'date-time' }),
    readyAt: nullable(Type.String({ format: 'date-time' })),
  },
  { title: 'LabelFile' },
);

export const LabelFileParams = Type.Object({ id: Type.String({ description: 'The label file id' }) });

export const LabelFileDownloadQuery = Type.Object(
  {
    expires: Type.String({ description: 'Unix seconds; from labelFileUrl' }),
    signature: Type.String({ description: 'From labelFileUrl' }),
  },
  { additionalProperties: true },
);
