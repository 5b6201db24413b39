/**
 * The label file state machine, as data (applied by platform/state-machine.ts): a request waits
 * (`pending`) for the worker, which makes it `ready` or `failed`, both final. Each transition names
 * the webhook event written with it. Spec shipping-v2.md, events: "labelFile.ready | Label file
 * generated", "labelFile.creationFailed | Label file generation failed"; the statuses are Kassa's
 * (docs/decisions.md, Label files, "Record").
 */
import { defineMachine } from '../../platform/state-machine.js';
import type { WebhookEvent } from '../webhooks/events.js';

export const LABEL_FILE_STATUSES = ['pending', 'ready', 'failed'] as const;
export type LabelFileStatus = (typeof LABEL_FILE_STATUSES)[number];

export type LabelFileEvent = 'complete' | 'fail';

export const LABEL_FILE_MACHINE = defineMachine<LabelFileStatus, LabelFileEvent, { from: readonly LabelFileStatus[]; to: LabelFileStatus; webhook: WebhookEvent }>({
  name: 'label file',
  statuses: LABEL_FILE_STATUSES,
  initial: 'pending',
  transitions: {
    // Every shipment printable; registered ones move to labelsCreated in the same transaction.
    complete: { from: ['pending'], to: 'ready', webhook: 'labelFile.ready' },
    // A shipment that cannot be printed, or MAX_ATTEMPTS unexpected errors; no shipment moves.
    fail: { from: ['pending'], to: 'failed', webhook: 'labelFile.creationFailed' },
  },
});

export const LABEL_FILE_TRANSITIONS = LABEL_FILE_MACHINE.transitions;
