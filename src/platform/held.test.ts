/**
 * A held connection that will not commit (db.ts `Held.abandon`): rolled back when it can be, and
 * discarded at once, without a ROLLBACK that would wait out another deadline, when the failure
 * left it lost or still running a query. Checked on a stand-in pool that records what was sent.
 */
import { describe, expect, it } from 'vitest';
import { hold, withTx, type Db } from './db.js';
import { exportBatches } from '../payouts/store.js';

/** A pool of one connection whose queries answer as `answer` says; records each statement and the release. */
function standIn(answer: (sql: string) => Promise<unknown> = () => Promise.resolve({ rows: [] })) {
  const sent: string[] = [];
  const released: unknown[] = [];
  const client = {
    query: (q: string | { text: string }) => {
      const sql = typeof q === 'string' ? q : q.text;
      sent.push(sql);
      return answer(sql);
    },
    release: (err?: unknown) => void released.push(err),
    on: () => client,
    removeListener: () => client,
  };
  const db = { connect: async () => client } as unknown as Db;
  return { db, sent, released };
}

const timedOut = () => new Error('Query read timeout');

describe('abandoning a held connection', () => {
  it('rolls back and gives the connection back when nothing broke it', async () => {
    const s = standIn();
    const held = await hold(s.db);
    await held.abandon();
    expect(s.sent).toEqual(['ROLLBACK']);
    expect(s.released).toEqual([undefined]);
  });

  it('discards a connection a deadline left running a query, without a ROLLBACK', async () => {
    const s = standIn();
    await (await hold(s.db)).abandon(timedOut());
    expect(s.sent).toEqual([]);
    expect(s.released).toHaveLength(1);
    expect(s.released[0]).toBeInstanceOf(Error);
  });

  it('discards the connection when the ROLLBACK itself fails', async () => {
    const s = standIn(async (sql) => {
      if (sql === 'ROLLBACK') throw new Error('Connection terminated unexpectedly');
      return { rows: [] };
    });
    await (await hold(s.db)).abandon(new Error('duplicate key'));
    expect(s.sent).toEqual(['ROLLBACK']);
    expect((s.released[0] as Error).message).toBe('Connection terminated unexpectedly');
  });

  it('withTx: a statement past its deadline ends the transaction without a ROLLBACK', async () => {
    const s = standIn(async (sql) => {
      if (sql.startsWith('UPDATE')) throw timedOut();
      return { rows: [] };
    });
    await expect(withTx(s.db, (tx) => tx.query('UPDATE orders SET status = status'))).rejects.toThrow('Query read timeout');
    expect(s.sent.some((q) => q.startsWith('BEGIN'))).toBe(true);
    expect(s.sent).not.toContain('ROLLBACK');
    expect(s.released[0]).toBeInstanceOf(Error);
  });

  it("the payout export's cursor: a FETCH past its deadline ends it without a ROLLBACK; a consumer that stops early rolls back", async () => {
    const failing = standIn(async (sql) => {
      if (sql.startsWith('FETCH')) throw timedOut();
      return { rows: [] };
    });
    await expect(exportBatches(failing.db, 'p-1').next()).rejects.toThrow('Query read timeout');
    expect(failing.sent).not.toContain('ROLLBACK');
    expect(failing.released[0]).toBeInstanceOf(Error);

    const full = standIn(async (sql) => ({ rows: sql.startsWith('FETCH') ? [[], []] : [] }));
    const batches = exportBatches(full.db, 'p-1', 2);
    await batches.next();
    await batches.return(undefined);
    expect(full.sent.at(-1)).toBe('ROLLBACK');
    expect(full.released).toEqual([undefined]);
  });
});
