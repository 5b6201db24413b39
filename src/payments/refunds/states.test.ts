import { describe, expect, it } from 'vitest';
import { walkTable } from '../../../test/support/state-machines.js';
import { reachable } from '../../platform/state-machine.js';
import { canMove, FUNDS_RETRY_DELAYS_MS, HOLDING, REFUND_MACHINE, REFUND_STATUSES, REFUND_TRANSITIONS, WORKING } from './states.js';

describe('refund states', () => {
  it('final statuses go nowhere; nothing returns to PENDING once processing', () => {
    for (const s of ['SUCCESSFUL', 'REJECTED', 'CANCELED'] as const) for (const to of REFUND_STATUSES) expect(canMove(s, to)).toBe(false);
    expect(canMove('PROCESSING', 'PENDING')).toBe(false);
    expect(canMove('PROCESSING', 'CANCELED')).toBe(false); // the processor has it: no cancelling
    expect(canMove('PENDING', 'SUCCESSFUL')).toBe(false); // only through PROCESSING (the money is booked first)
  });

  it('every status is in the table, and only live or successful refunds hold the order amount', () => {
    expect(Object.keys(REFUND_TRANSITIONS).sort()).toEqual([...REFUND_STATUSES].sort());
    expect([...HOLDING].sort()).toEqual(['PENDING', 'PROCESSING', 'SUCCESSFUL']);
  });

  it('waiting for funds lasts about three days before EXPIRED', () => {
    const total = FUNDS_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(70);
    expect(total / 3_600_000).toBeLessThan(73);
  });
});

describe('refund table, walked', () => {
  const allowed = [
    'PENDING → PENDING', // waiting for funds (announced once), and its retries
    'PENDING → PROCESSING',
    'PENDING → REJECTED', // EXPIRED after the last funds retry
    'PENDING → CANCELED',
    'PROCESSING → PROCESSING', // the processor was unavailable
    'PROCESSING → SUCCESSFUL',
    'PROCESSING → REJECTED',
  ];

  it('accepts exactly the moves of the table and refuses every other pair, event by event', () => {
    walkTable(REFUND_MACHINE, allowed);
    for (const from of REFUND_STATUSES) {
      for (const to of REFUND_STATUSES) expect(canMove(from, to), `${from} → ${to}`).toBe(allowed.includes(`${from} → ${to}`));
    }
  });

  it('reaches every status from PENDING', () => {
    expect(REFUND_MACHINE.initial).toBe('PENDING');
    expect([...reachable(REFUND_MACHINE)].sort()).toEqual([...REFUND_STATUSES].sort());
  });

  it('announces every change of status and the start of a wait for funds; not the retries or the booking', () => {
    const quiet = Object.entries(REFUND_MACHINE.transitions)
      .filter(([, t]) => !t.notify)
      .map(([e]) => e);
    expect(quiet.sort()).toEqual(['book', 'retryFunds', 'retryProcessor']);
    for (const [event, t] of Object.entries(REFUND_MACHINE.transitions)) {
      if (t.to !== 'PROCESSING' && !t.from.includes(t.to)) expect(t.notify, event).toBe(true);
    }
  });

  it('the worker claims exactly the refunds that can still move', () => {
    expect([...WORKING]).toEqual(REFUND_STATUSES.filter((s) => REFUND_TRANSITIONS[s].length > 0));
  });
});
