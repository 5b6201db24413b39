import { describe, expect, it } from 'vitest';
import { applyTransition, effectiveStatus, ORDER_STATUSES, ORDER_TRANSITIONS, TransitionError } from './states.js';

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
