import { describe, expect, it } from 'vitest';
import { walkTable } from '../../../test/support/state-machines.js';
import { reachable, transition } from '../../platform/state-machine.js';
import { LABEL_FILE_MACHINE, LABEL_FILE_STATUSES, LABEL_FILE_TRANSITIONS } from './states.js';

describe('label file table, walked', () => {
  const allowed = ['pending → ready', 'pending → failed'];

  it('accepts exactly the moves of the table and refuses every other pair; ready and failed are final', () => {
    walkTable(LABEL_FILE_MACHINE, allowed);
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
