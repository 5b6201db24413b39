import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSERT_ORDERS } from '../../src/payments/orders/store.js';
import { parsePgbench, pgbenchScript, readTransactionLog } from './pgbench.js';

const SAMPLE = `transaction type: insert-orders.pgbench.sql
scaling factor: 1
query mode: prepared
number of clients: 4
number of threads: 1
maximum number of tries: 1
duration: 10 s
number of transactions actually processed: 5310
number of failed transactions: 0 (0.000%)
latency average = 7.531 ms
initial connection time = 5.120 ms
tps = 531.123456 (without initial connection time)
`;

describe('pgbench replay of INSERT_ORDERS', () => {
  it('reads the summary', () => {
    expect(parsePgbench(SAMPLE)).toEqual({ transactions: 5310, failed: 0, tps: 531.123456 });
    expect(() => parsePgbench('connection to server failed')).toThrow(/summary/);
  });

  it('is the very statement with only its parameter filled per transaction', () => {
    const script = pgbenchScript();
    const [set, ...sql] = script.split('\n');
    expect(set).toBe('\\set n random(100000000000, 999999999999)');
    expect(sql.join('\n')).toBe(`${INSERT_ORDERS.trim().replace('$1::json', `replace(:batch, '%N%', :n)::json`)};\n`);
    expect(script).not.toContain('$1');
  });

  it('reads per-transaction latencies from the logs and removes them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-log-'));
    fs.writeFileSync(path.join(dir, 'pgbench-tx.123'), '0 1 8356 0 1795878859 482641\n1 1 2100 0 1795878859 482700\n');
    fs.writeFileSync(path.join(dir, 'pgbench-tx.123.1'), '2 1 4000 0 1795878859 482800\n');
    fs.writeFileSync(path.join(dir, 'other'), '9 9 9\n');
    expect(readTransactionLog(dir, 'pgbench-tx')).toEqual([2100, 4000, 8356]);
    expect(fs.readdirSync(dir)).toEqual(['other']);
    fs.rmSync(dir, { recursive: true });
  });
});
