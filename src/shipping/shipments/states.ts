/**
 * The shipment state machine, as data (applied by platform/state-machine.ts). Each transition
 * names the webhook event it writes in the same transaction (webhooks/events.ts), and whether the
 * sandbox test helper may make it (`helper`).
 *
 *   (POST) ─▶ pending ──register──▶ registered ──createLabels──▶ labelsCreated
 *              │  ▲                    │  └────────ship──────────┐    │ ship
 *   failRegistration  └──update (PATCH)─┘                         ▼    ▼
 *              ▼  │                              inTransit ──awaitCollection──▶ awaitingCollection
 *       registrationFailed                          └─deliver / return─▶ delivered | returned ◀─┘
 *
 *   (snake_case POST without shipping_method) ─▶ created ──assignMethod (v2 PATCH with a shippingMethod)──▶ pending
 *
 * Every shipment starts `created` ("created in Kassa, not registered with a carrier"): the row has
 * no method, carrier or country (migration 019), the registration worker never claims it and no
 * webhook fires for it. A creation that names a method (every v2 POST, the snake_case API with
 * shipping_method) makes `assignMethod` in the same INSERT, so it is stored pending.
 */
import { defineMachine } from '../../platform/state-machine.js';
import type { WebhookEvent } from '../webhooks/events.js';

export const SHIPMENT_STATUSES = ['created', 'pending', 'registered', 'registrationFailed', 'labelsCreated', 'inTransit', 'awaitingCollection', 'delivered', 'returned'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export type ShipmentEvent = 'assignMethod' | 'register' | 'failRegistration' | 'update' | 'createLabels' | 'ship' | 'awaitCollection' | 'deliver' | 'return';

interface ShipmentTransition {
  from: readonly ShipmentStatus[];
  to: ShipmentStatus;
  /** The event written with the move (to the store's webhooks and the shipment's notificationUrl); null: none. */
  webhook: WebhookEvent | null;
  /** The sandbox test helper (`POST {sandbox}/test-helpers/shipments/:id/status`) may make this move. */
  helper: boolean;
}

/**
 * Spec shipping-v2.md, "States and transitions", for register, failRegistration, createLabels,
 * ship (its "previous state unspecified": Kassa's from registered or labelsCreated) and update
 * ("A shipment can be updated (PATCH) only while in registrationFailed or registered"). The
 * moves after inTransit are Kassa's (docs/decisions.md, Shipments, "Sandbox test helper").
 */
export const SHIPMENT_MACHINE = defineMachine<ShipmentStatus, ShipmentEvent, ShipmentTransition>({
  name: 'shipment',
  statuses: SHIPMENT_STATUSES,
  initial: 'created',
  transitions: {
    // A created shipment (no method) gets one by a v2 PATCH with a shippingMethod, and is registered like any other; no event of its own.
    assignMethod: { from: ['created'], to: 'pending', webhook: null, helper: false },
    register: { from: ['pending'], to: 'registered', webhook: 'shipment.registered', helper: false },
    failRegistration: { from: ['pending'], to: 'registrationFailed', webhook: 'shipment.registrationFailed', helper: false },
    // PATCH: back to pending (carrier fields cleared) and registered again; no event of its own.
    update: { from: ['registered', 'registrationFailed'], to: 'pending', webhook: null, helper: false },
    // A label file made ready (label-files/service.ts).
    createLabels: { from: ['registered'], to: 'labelsCreated', webhook: 'shipment.labelsCreated', helper: false },
    ship: { from: ['registered', 'labelsCreated'], to: 'inTransit', webhook: 'shipment.statusUpdated', helper: true },
    awaitCollection: { from: ['inTransit'], to: 'awaitingCollection', webhook: 'shipment.statusUpdated', helper: true },
    deliver: { from: ['inTransit', 'awaitingCollection'], to: 'delivered', webhook: 'shipment.statusUpdated', helper: true },
    return: { from: ['inTransit', 'awaitingCollection'], to: 'returned', webhook: 'shipment.statusUpdated', helper: true },
  },
});

export const SHIPMENT_TRANSITIONS: Readonly<Record<ShipmentEvent, ShipmentTransition>> = SHIPMENT_MACHINE.transitions;

const helperMoves = Object.entries(SHIPMENT_TRANSITIONS).filter(([, t]) => t.helper) as [ShipmentEvent, ShipmentTransition][];

/** The sandbox test helper's event for a move from → to, if it may make it. */
export function helperEvent(from: ShipmentStatus, to: ShipmentStatus): ShipmentEvent | undefined {
  return helperMoves.find(([, t]) => t.to === to && t.from.includes(from))?.[0];
}

/** The sandbox test helper's moves: from → the states it may go to (derived from the table). */
export const HELPER_TRANSITIONS: Readonly<Partial<Record<ShipmentStatus, readonly ShipmentStatus[]>>> = Object.freeze(
  Object.fromEntries(SHIPMENT_STATUSES.map((from) => [from, SHIPMENT_STATUSES.filter((to) => helperEvent(from, to) !== undefined)] as const).filter(([, to]) => to.length > 0)),
);

/** The statuses the sandbox test helper moves to, in the table's order. */
export const HELPER_STATUSES: readonly ShipmentStatus[] = Object.freeze(SHIPMENT_STATUSES.filter((s) => helperMoves.some(([, t]) => t.to === s)));

/** States a PATCH is allowed in (the spec): the sources of `update`. */
export const PATCHABLE: readonly ShipmentStatus[] = SHIPMENT_TRANSITIONS.update.from;
