/** Label file requests: parsing POST /label-files, the stored record and its JSON. */
import { isUuid } from '../../platform/ids.js';
import { Problems, isObject } from '../../platform/validate.js';
import type { Env } from '../../platform/env.js';
import type { LabelOrder, LabelPageSize, LabelsPerPage } from '../labels/render.js';
import type { LabelFileStatus } from './states.js';

export const MAX_LABEL_FILE_SHIPMENTS = 1000;
export const PAGE_SIZES: readonly LabelPageSize[] = ['A4', 'A6'];
export const LABELS_PER_PAGE: readonly LabelsPerPage[] = [1, 2, 4];
/**
 * createdAt and carrier are the values the public clients send (veltix/montonio OrderLabelsBy,
 * makstech/montonio-php-sdk); createdAt is the default (the original's); shipmentIds, trackingNumber and merchantReference are
 * Kassa's own.
 */
export const ORDER_LABELS_BY = ['shipmentIds', 'trackingNumber', 'merchantReference', 'createdAt', 'carrier'] as const;
export type OrderLabelsBy = (typeof ORDER_LABELS_BY)[number];
export type { LabelFileStatus };

/** orderLabelsBy → the renderer's order. */
export const RENDER_ORDER: Readonly<Record<OrderLabelsBy, LabelOrder>> = Object.freeze({
  shipmentIds: 'asGiven',
  trackingNumber: 'trackingNumber',
  merchantReference: 'merchantReference',
  createdAt: 'createdAt',
  carrier: 'carrier',
});

export interface LabelFileInput {
  shipmentIds: string[];
  pageSize: LabelPageSize;
  labelsPerPage: LabelsPerPage;
  orderLabelsBy: OrderLabelsBy;
  synchronous: boolean;
}

export interface LabelFileError {
  /** null when the error is not about one shipment. */
  shipmentId: string | null;
  field: string;
  message: string;
}

export interface LabelFileRecord {
  id: string;
  storeId: string;
  env: Env;
  shipmentIds: string[];
  pageSize: LabelPageSize;
  labelsPerPage: LabelsPerPage;
  orderLabelsBy: OrderLabelsBy;
  status: LabelFileStatus;
  errors: LabelFileError[] | null;
  createdAt: Date;
  readyAt: Date | null;
}

export interface LabelFileJson {
  id: string;
  status: LabelFileStatus;
  labelFileUrl: string | null;
  shipmentIds: string[];
  pageSize: LabelPageSize;
  labelsPerPage: LabelsPerPage;
  orderLabelsBy: OrderLabelsBy;
  errors: LabelFileError[] | null;
  createdAt: string;
  readyAt: string | null;
}

export function labelFileJson(r: LabelFileRecord, labelFileUrl: string | null): LabelFileJson {
  return {
    id: r.id,
    status: r.status,
    labelFileUrl: r.status === 'ready' ? labelFileUrl : null,
    shipmentIds: r.shipmentIds,
    pageSize: r.pageSize,
    labelsPerPage: r.labelsPerPage,
    orderLabelsBy: r.orderLabelsBy,
    errors: r.errors,
    createdAt: r.createdAt.toISOString(),
    readyAt: r.readyAt ? r.readyAt.toISOString() : null,
  };
}

/** Structural rules of POST /label-files; one 400 naming every bad field. */
export function parseLabelFileInput(body: unknown): LabelFileInput {
  const p = new Problems();
  if (!isObject(body)) {
    p.add('body', 'must be a JSON object');
    p.throwIfAny();
  }
  const b = body as Record<string, unknown>;
  const ids: string[] = [];
  const raw = b.shipmentIds;
  if (raw === undefined || raw === null) p.add('shipmentIds', 'is required');
  else if (!Array.isArray(raw)) p.add('shipmentIds', 'must be an array of shipment ids');
  else if (raw.length === 0) p.add('shipmentIds', 'must not be empty');
  else if (raw.length > MAX_LABEL_FILE_SHIPMENTS) p.add('shipmentIds', `must have at most ${MAX_LABEL_FILE_SHIPMENTS} items`);
  else {
    const seen = new Map<string, number>();
    raw.forEach((v, i) => {
      if (!isUuid(v)) return p.add(`shipmentIds[${i}]`, 'must be a UUID');
      const id = v.toLowerCase();
      const first = seen.get(id);
      if (first !== undefined) return p.add(`shipmentIds[${i}]`, `repeats shipmentIds[${first}]`);
      seen.set(id, i);
      ids.push(id);
    });
  }
  let pageSize: LabelPageSize = 'A4';
  if (b.pageSize !== undefined && b.pageSize !== null) {
    if (!(PAGE_SIZES as readonly unknown[]).includes(b.pageSize)) p.add('pageSize', 'must be one of A4, A6');
    else pageSize = b.pageSize as LabelPageSize;
  }
  let labelsPerPage: LabelsPerPage = pageSize === 'A4' ? 4 : 1;
  if (b.labelsPerPage !== undefined && b.labelsPerPage !== null) {
    if (!(LABELS_PER_PAGE as readonly unknown[]).includes(b.labelsPerPage)) p.add('labelsPerPage', 'must be one of 1, 2, 4');
    else if (pageSize === 'A6' && b.labelsPerPage !== 1) p.add('labelsPerPage', 'must be 1 for pageSize A6 (one label per page)');
    else labelsPerPage = b.labelsPerPage as LabelsPerPage;
  }
  // The original service's default, the one VX's fixtures echo: a request without the key gets
  // `createdAt` (oldest shipment first), a member of the clients' enum (`carrier`, `createdAt`).
  let orderLabelsBy: OrderLabelsBy = 'createdAt';
  if (b.orderLabelsBy !== undefined && b.orderLabelsBy !== null) {
    if (!(ORDER_LABELS_BY as readonly unknown[]).includes(b.orderLabelsBy)) p.add('orderLabelsBy', `must be one of ${ORDER_LABELS_BY.join(', ')}`);
    else orderLabelsBy = b.orderLabelsBy as OrderLabelsBy;
  }
  let synchronous = false;
  if (b.synchronous !== undefined && b.synchronous !== null) {
    if (typeof b.synchronous !== 'boolean') p.add('synchronous', 'must be a boolean');
    else synchronous = b.synchronous;
  }
  p.throwIfAny();
  return { shipmentIds: ids, pageSize, labelsPerPage, orderLabelsBy, synchronous };
}
