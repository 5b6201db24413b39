import { describe, expect, it } from 'vitest';
import { allowedMoves, canMove, reachable, transition, TransitionError } from '../../platform/state-machine.js';
import { LABEL_FILE_MACHINE, LABEL_FILE_STATUSES, LABEL_FILE_TRANSITIONS } from './states.js';

describe('label file table, walked', () => {
  const allowed = ['pending → ready', 'pending → failed'];

  it('accepts exactly the moves of the table and refuses every other pair; ready and failed are final', () => {
    expect(allowedMoves(LABEL_FILE_MACHINE)).toEqual(allowed);
    for (const from of LABEL_FILE_STATUSES) {
      for (const to of LABEL_FILE_STATUSES) expect(canMove(LABEL_FILE_MACHINE, from, to), `${from} → ${to}`).toBe(allowed.includes(`${from} → ${to}`));
      for (const [event, t] of Object.entries(LABEL_FILE_TRANSITIONS)) {
        const e = event as keyof typeof LABEL_FILE_TRANSITIONS;
        if (t.from.includes(from)) expect(transition(LABEL_FILE_MACHINE, from, e)).toBe(t);
        else expect(() => transition(LABEL_FILE_MACHINE, from, e)).toThrow(TransitionError);
      }
    }
    expect(() => transition(LABEL_FILE_MACHINE, 'ready', 'fail')).toThrow('cannot fail a label file that is ready');
  });

  it('reaches every status from pending', () => {
    expect(LABEL_FILE_MACHINE.initial).toBe('pending');
    expect([...reachable(LABEL_FILE_MACHINE)].sort()).toEqual([...LABEL_FILE_STATUSES].sort());
  });

  it("each move writes the spec's labelFile event", () => {
    expect(LABEL_FILE_TRANSITIONS.complete.webhook).toBe('labelFile.ready');
    expect(LABEL_FILE_TRANSITIONS.fail.webhook).toBe('labelFile.creationFailed');
  });
});
