import { describe, expect, it } from 'vitest';
import { walkTable } from '../../../test/support/state-machines.js';
import { reachable, transition } from '../../platform/state-machine.js';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import { PRINTABLE } from '../label-files/labels.js';
import { HELPER_STATUSES, HELPER_TRANSITIONS, helperEvent, PATCHABLE, SHIPMENT_MACHINE, SHIPMENT_STATUSES, SHIPMENT_TRANSITIONS } from './states.js';

describe('shipment table, walked', () => {
  const allowed = [
    'created → pending', // PATCH with a shippingMethod (assignMethod)
    'pending → registered',
    'pending → registrationFailed',
    'registered → pending', // PATCH
    'registered → labelsCreated',
    'registered → inTransit',
    'registrationFailed → pending', // PATCH
    'labelsCreated → inTransit',
    'inTransit → awaitingCollection',
    'inTransit → delivered',
    'inTransit → returned',
    'awaitingCollection → delivered',
    'awaitingCollection → returned',
  ];

  it('accepts exactly the moves of the table and refuses every other pair, event by event', () => {
    walkTable(SHIPMENT_MACHINE, allowed);
    expect(() => transition(SHIPMENT_MACHINE, 'delivered', 'ship')).toThrow('cannot ship a shipment that is delivered');
  });

  it('starts created and reaches every status; from pending every status but created; nothing leads back to created', () => {
    expect(SHIPMENT_MACHINE.initial).toBe('created');
    expect([...reachable(SHIPMENT_MACHINE)].sort()).toEqual([...SHIPMENT_STATUSES].sort());
    expect([...reachable(SHIPMENT_MACHINE, 'pending')].sort()).toEqual(SHIPMENT_STATUSES.filter((s) => s !== 'created').sort());
    for (const t of Object.values(SHIPMENT_TRANSITIONS)) expect(t.to).not.toBe('created');
  });

  it('a created shipment is never registered: register, failRegistration and createLabels do not start from it, and getting a method writes no event', () => {
    for (const e of ['register', 'failRegistration', 'createLabels'] as const) expect(SHIPMENT_TRANSITIONS[e].from).not.toContain('created');
    expect(SHIPMENT_TRANSITIONS.assignMethod).toMatchObject({ from: ['created'], to: 'pending', webhook: null, helper: false });
    expect(PRINTABLE).not.toContain('created');
  });

  it("names the spec's event for each of its moves; PATCH writes none", () => {
    expect(SHIPMENT_TRANSITIONS.register.webhook).toBe('shipment.registered');
    expect(SHIPMENT_TRANSITIONS.failRegistration.webhook).toBe('shipment.registrationFailed');
    expect(SHIPMENT_TRANSITIONS.createLabels.webhook).toBe('shipment.labelsCreated');
    expect(SHIPMENT_TRANSITIONS.ship.webhook).toBe('shipment.statusUpdated');
    expect(SHIPMENT_TRANSITIONS.update.webhook).toBeNull();
    for (const t of Object.values(SHIPMENT_TRANSITIONS)) if (t.webhook) expect(WEBHOOK_EVENTS).toContain(t.webhook);
  });

  it('derives the PATCHable states and the sandbox helper moves from the table', () => {
    expect([...PATCHABLE]).toEqual(['registered', 'registrationFailed']);
    expect(HELPER_TRANSITIONS).toEqual({
      registered: ['inTransit'],
      labelsCreated: ['inTransit'],
      inTransit: ['awaitingCollection', 'delivered', 'returned'],
      awaitingCollection: ['delivered', 'returned'],
    });
    expect([...HELPER_STATUSES]).toEqual(['inTransit', 'awaitingCollection', 'delivered', 'returned']);
    expect(helperEvent('labelsCreated', 'inTransit')).toBe('ship');
    expect(helperEvent('pending', 'inTransit')).toBeUndefined();
    expect(helperEvent('registered', 'labelsCreated')).toBeUndefined(); // only a label file makes labels
  });

  it('a label file only moves shipments that can be printed', () => {
    for (const s of SHIPMENT_TRANSITIONS.createLabels.from) expect(PRINTABLE).toContain(s);
  });
});
