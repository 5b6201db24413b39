/**
 * Walks a transition table (platform/state-machine.ts): the moves it allows are exactly `allowed`
 * ("FROM → TO"), every other pair of statuses is refused, each event is accepted from exactly its
 * `from` statuses (and a TransitionError otherwise), and every status is reachable from the
 * initial one. One walk for every table, so each states.test.ts lists only its own moves.
 */
import { expect } from 'vitest';
import { allowedMoves, canMove, reachable, transition, TransitionError, type Machine, type TransitionSpec } from '../../src/platform/state-machine.js';

export function walkTable<S extends string, E extends string, T extends TransitionSpec<S>>(m: Machine<S, E, T>, allowed: readonly string[]): void {
  expect(allowedMoves(m)).toEqual(allowed);
  for (const from of m.statuses) {
    for (const to of m.statuses) expect(canMove(m, from, to), `${from} → ${to}`).toBe(allowed.includes(`${from} → ${to}`));
    for (const [event, t] of Object.entries<T>(m.transitions)) {
      if (t.from.includes(from)) expect(transition(m, from, event as E)).toBe(t);
      else expect(() => transition(m, from, event as E), `${event} from ${from}`).toThrow(TransitionError);
    }
  }
  expect([...reachable(m)].sort()).toEqual([...m.statuses].sort());
}
