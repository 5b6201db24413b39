/** Shipping labels: a pure PDF renderer (no database, no HTTP). See render.ts for page sizes. */
export { LabelInputError, validateLabelInput } from './model.js';
export type { LabelCarrier, LabelCod, LabelInput, LabelPickupPoint, LabelReceiver, LabelSender, LabelService, LockerSize } from './model.js';
export { pageGeometry, renderLabels, writeLabels } from './render.js';
export type { LabelOrder, LabelPageSize, LabelSource, LabelsPerPage, RenderLabelsOptions, RenderStats } from './render.js';
export type { LabelFontChoice } from './fonts.js';
