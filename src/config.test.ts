import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseConnections, embeddedMaxConnections, loadConfig, MAX_API_PROCESSES, poolProcesses } from './config.js';

describe('KASSA_API_PROCESSES', () => {
  it("defaults to the machine's cores", () => {
    expect(loadConfig({}).apiProcesses).toBe(os.availableParallelism());
  });

  it('takes a whole number from 1 to MAX_API_PROCESSES', () => {
    expect(loadConfig({ KASSA_API_PROCESSES: '1' }).apiProcesses).toBe(1);
    expect(loadConfig({ KASSA_API_PROCESSES: '3' }).apiProcesses).toBe(3);
    expect(loadConfig({ KASSA_API_PROCESSES: String(MAX_API_PROCESSES), DATABASE_URL: 'postgres://db/kassa' }).apiProcesses).toBe(MAX_API_PROCESSES);
    for (const bad of ['0', '-1', '1.5', 'two', String(MAX_API_PROCESSES + 1)]) {
      expect(() => loadConfig({ KASSA_API_PROCESSES: bad })).toThrow(new ConfigError(`KASSA_API_PROCESSES must be an integer from 1 to ${MAX_API_PROCESSES}, got "${bad}"`));
    }
  });

  it('counts a pool for the first process and for each API process when there are several', () => {
    const c = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'postgres://db/kassa', ...env });
    expect(poolProcesses(c({ KASSA_API_PROCESSES: '1' }))).toBe(1);
    expect(poolProcesses(c({ KASSA_API_PROCESSES: '4' }))).toBe(5);
    // The work role serves nothing: one process whatever the setting.
    expect(poolProcesses(c({ KASSA_API_PROCESSES: '4', KASSA_ROLE: 'work' }))).toBe(1);
    expect(databaseConnections(c({ KASSA_API_PROCESSES: '4', KASSA_DB_POOL_SIZE: '20' }))).toBe(5 * 24);
  });

  it("sizes the embedded database's max_connections for every pool, and refuses what it cannot take", () => {
    const c = (env: Record<string, string>) => loadConfig(env);
    expect(embeddedMaxConnections(c({ KASSA_API_PROCESSES: '2' }))).toBe(200);
    expect(embeddedMaxConnections(c({ KASSA_API_PROCESSES: '16', KASSA_DB_POOL_SIZE: '20' }))).toBe(17 * 24 + 20);
    expect(() => c({ KASSA_API_PROCESSES: '40', KASSA_DB_POOL_SIZE: '100' })).toThrow(
      /KASSA_API_PROCESSES=40 with KASSA_DB_POOL_SIZE=100 needs 4264 database connections, more than the embedded PostgreSQL takes \(980\)/,
    );
    // An external database's own max_connections is the operator's (docs/going-to-production.md).
    expect(c({ KASSA_API_PROCESSES: '40', KASSA_DB_POOL_SIZE: '100', DATABASE_URL: 'postgres://db/kassa' }).apiProcesses).toBe(40);
  });
});

describe('KASSA_DB_PREPARED_STATEMENTS', () => {
  it('is on by default for the embedded database, off with DATABASE_URL (a pooler may be in between), and either when set', () => {
    expect(loadConfig({}).dbPreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/kassa' }).dbPreparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/kassa', KASSA_DB_PREPARED_STATEMENTS: 'true' }).dbPreparedStatements).toBe(true);
    expect(loadConfig({ KASSA_DB_PREPARED_STATEMENTS: 'false' }).dbPreparedStatements).toBe(false);
    expect(() => loadConfig({ KASSA_DB_PREPARED_STATEMENTS: 'sometimes' })).toThrow('KASSA_DB_PREPARED_STATEMENTS must be true or false');
  });
});
