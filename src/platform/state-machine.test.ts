import { describe, expect, it } from 'vitest';
import { adjacency, allowedMoves, canMove, defineMachine, expectMoved, reachable, sourcesOf, sqlMove, sqlStatus, sqlStatusIn, transition, TransitionError } from './state-machine.js';

type S = 'new' | 'open' | 'done' | 'lost' | 'orphan';
type E = 'open' | 'touch' | 'finish' | 'lose';
const statuses = ['new', 'open', 'done', 'lost', 'orphan'] as const;

const toy = defineMachine<S, E, { from: readonly S[]; to: S; loud: boolean }>({
  name: 'item',
  statuses,
  initial: 'new',
  transitions: {
    open: { from: ['new'], to: 'open', loud: false },
    touch: { from: ['open'], to: 'open', loud: false },
    finish: { from: ['open'], to: 'done', loud: true },
    lose: { from: ['new', 'open'], to: 'lost', loud: true },
  },
});

describe('state machines as data', () => {
  it('applies a transition from an allowed status, with its flags; refuses any other', () => {
    expect(transition(toy, 'open', 'finish')).toEqual({ from: ['open'], to: 'done', loud: true });
    expect(() => transition(toy, 'done', 'finish')).toThrow(TransitionError);
    expect(() => transition(toy, 'new', 'finish')).toThrow('cannot finish an item that is new');
    const err = (() => {
      try {
        transition(toy, 'lost', 'open');
      } catch (e) {
        return e as TransitionError;
      }
    })();
    expect(err).toMatchObject({ machine: 'item', event: 'open', from: 'lost' });
  });

  it('derives moves, sources and reachability from the table', () => {
    expect(canMove(toy, 'open', 'open')).toBe(true);
    expect(canMove(toy, 'new', 'done')).toBe(false);
    expect(sourcesOf(toy, 'lost')).toEqual(['new', 'open']);
    expect(sourcesOf(toy, 'new')).toEqual([]);
    expect(adjacency(toy)).toEqual({ new: ['open', 'lost'], open: ['open', 'done', 'lost'], done: [], lost: [], orphan: [] });
    expect(allowedMoves(toy)).toEqual(['new → open', 'new → lost', 'open → open', 'open → done', 'open → lost']);
    // 'orphan' is declared but nothing goes there: a table test catches it.
    expect(statuses.filter((s) => !reachable(toy).has(s))).toEqual(['orphan']);
    expect([...reachable(toy, 'open')].sort()).toEqual(['done', 'lost', 'open']);
  });

  it('writes the SQL guard from the table: the status is a parameter, its allowed sources another', () => {
    expect(sqlMove(toy, 'lost', 4)).toEqual({ set: 'status = $4', guard: 'status = ANY($5::text[])', values: ['lost', ['new', 'open']] });
    expect(sqlMove(toy, 'open', 2, 't.status')).toEqual({ set: 'status = $2', guard: 't.status = ANY($3::text[])', values: ['open', ['new', 'open']] });
    expect(() => sqlMove(toy, 'new', 2)).toThrow('no transition goes to new');
  });

  it('writes status literals only from the table (for filters a partial index must match)', () => {
    expect(sqlStatus(toy, 'open')).toBe("'open'");
    expect(sqlStatusIn(toy, 'o.status', ['open'])).toBe("o.status = 'open'");
    expect(sqlStatusIn(toy, 'status', ['new', 'open'])).toBe("status IN ('new', 'open')");
    expect(() => sqlStatus(toy, "x'; DROP TABLE t; --" as S)).toThrow('unknown status');
    expect(() => sqlStatusIn(toy, 'status', [])).toThrow('empty');
  });

  it('a guarded write that moved fewer rows than meant is an error', () => {
    expect(() => expectMoved(toy, 'done', 1, 1, 'x')).not.toThrow();
    expect(() => expectMoved(toy, 'done', 0, 1, 'x')).toThrow('item x: 0 of 1 row(s) moved to done; the others were not in open');
    expect(() => expectMoved(toy, 'lost', null, 2, 'y')).toThrow(TransitionError);
  });

  it('refuses a table naming undeclared statuses, or statuses that are not plain words', () => {
    const bad = (t: Parameters<typeof defineMachine<string, string, { from: readonly string[]; to: string }>>[0]) => () => defineMachine(t);
    expect(bad({ name: 'x', statuses: ['a', 'b'], initial: 'c', transitions: {} })).toThrow('initial status c');
    expect(bad({ name: 'x', statuses: ['a', 'b'], initial: 'a', transitions: { go: { from: ['a'], to: 'z' } } })).toThrow('undeclared status z');
    expect(bad({ name: 'x', statuses: ['a', 'b'], initial: 'a', transitions: { go: { from: [], to: 'b' } } })).toThrow('distinct');
    expect(bad({ name: 'x', statuses: ["a'", 'b'], initial: 'b', transitions: {} })).toThrow('plain word');
    expect(bad({ name: 'x', statuses: ['a', 'a'], initial: 'a', transitions: {} })).toThrow('twice');
  });

  it('a table is frozen once defined', () => {
    expect(Object.isFrozen(toy.transitions)).toBe(true);
    expect(Object.isFrozen(toy.transitions.lose.from)).toBe(true);
  });
});
