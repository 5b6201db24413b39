import { describe, expect, it } from 'vitest';
import { walkTable } from '../../../test/support/state-machines.js';
import { canMove, reachable, sourcesOf, transition } from '../../platform/state-machine.js';
import { applyTransition, effectiveStatus, INTENT_MACHINE, INTENT_STATUSES, ORDER_MACHINE, ORDER_STATUSES, ORDER_TRANSITIONS, TransitionError, UPDATABLE } from './states.js';
import { REFUNDABLE_STATUSES } from './view.js';

describe('order state machine', () => {
  it('allows exactly the transitions in the table', () => {
    for (const [event, t] of Object.entries(ORDER_TRANSITIONS)) {
      for (const from of ORDER_STATUSES) {
        if (t.from.includes(from)) expect(applyTransition(from, event as keyof typeof ORDER_TRANSITIONS).to).toBe(t.to);
        else expect(() => applyTransition(from, event as keyof typeof ORDER_TRANSITIONS)).toThrow(TransitionError);
      }
    }
  });

  it('PENDING → PAID announces; a paid order cannot be abandoned or paid again', () => {
    expect(applyTransition('PENDING', 'pay')).toMatchObject({ to: 'PAID', notify: true, intent: 'PAID' });
    expect(() => applyTransition('PAID', 'abandon')).toThrow('cannot abandon an order that is PAID');
    expect(() => applyTransition('PAID', 'pay')).toThrow();
  });

  it('an unpaid order past its expiry reads as ABANDONED', () => {
    const at = new Date('2026-01-01T10:00:00Z');
    expect(effectiveStatus('PENDING', at, new Date('2026-01-01T09:59:59Z'))).toBe('PENDING');
    expect(effectiveStatus('PENDING', at, at)).toBe('ABANDONED');
    expect(effectiveStatus('PAID', at, new Date('2027-01-01T00:00:00Z'))).toBe('PAID');
  });
});

describe('order table, walked', () => {
  const allowed = [
    'PENDING → PENDING', // update: a re-sent merchantReference
    'PENDING → PAID',
    'PENDING → ABANDONED',
    'PAID → PARTIALLY_REFUNDED',
    'PAID → REFUNDED',
    'ABANDONED → PENDING', // reopen
    'PARTIALLY_REFUNDED → PARTIALLY_REFUNDED',
    'PARTIALLY_REFUNDED → REFUNDED',
  ];

  it('accepts exactly the moves of the table and refuses every other pair', () => {
    walkTable(ORDER_MACHINE, allowed);
    // A refunded order is final: it can neither be paid again nor reopened.
    expect(() => applyTransition('REFUNDED', 'pay')).toThrow('cannot pay an order that is REFUNDED');
    expect(() => applyTransition('REFUNDED', 'refundFully')).toThrow(TransitionError);
    expect(() => applyTransition('PENDING', 'refundPartially')).toThrow(TransitionError);
  });

  it('reaches every status from PENDING', () => {
    expect(ORDER_MACHINE.initial).toBe('PENDING');
    expect([...reachable(ORDER_MACHINE)].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('announces payment and abandonment, not the moves made by refunds (the refund notifications tell those)', () => {
    const notifying = Object.entries(ORDER_TRANSITIONS)
      .filter(([, t]) => t.notify)
      .map(([e]) => e);
    expect(notifying.sort()).toEqual(['abandon', 'pay']);
    expect(applyTransition('PAID', 'refundPartially')).toMatchObject({ to: 'PARTIALLY_REFUNDED', notify: false, intent: null });
    expect(applyTransition('PARTIALLY_REFUNDED', 'refundFully')).toMatchObject({ to: 'REFUNDED', notify: false, intent: null });
  });

  it('derives which orders may be updated and refunded from the table', () => {
    expect([...UPDATABLE].sort()).toEqual(['ABANDONED', 'PENDING']);
    expect(sourcesOf(ORDER_MACHINE, 'PENDING')).toEqual([...UPDATABLE].sort((a, b) => ORDER_STATUSES.indexOf(a) - ORDER_STATUSES.indexOf(b)));
    expect([...REFUNDABLE_STATUSES]).toEqual(sourcesOf(ORDER_MACHINE, 'REFUNDED'));
  });

  it("each order move's intent status is a move of the intent table from its open status", () => {
    for (const t of Object.values(ORDER_TRANSITIONS)) {
      if (t.intent) expect(canMove(INTENT_MACHINE, INTENT_MACHINE.initial, t.intent)).toBe(true);
    }
  });
});

describe('payment intent table, walked', () => {
  const allowed = ['PENDING → PENDING', 'PENDING → PAID', 'PENDING → FAILED', 'PENDING → CANCELED', 'PENDING → ABANDONED'];

  it('only the open (PENDING) intent moves; every outcome is final', () => {
    walkTable(INTENT_MACHINE, allowed);
    expect(() => transition(INTENT_MACHINE, 'PAID', 'decline')).toThrow('cannot decline a payment intent that is PAID');
  });

  it('reaches every status from PENDING', () => {
    expect([...reachable(INTENT_MACHINE)].sort()).toEqual([...INTENT_STATUSES].sort());
  });
});
