import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import type { ProcessorAdapter, ProcessorContext, ProcessorDefinition, ProcessorFamily } from './contract.js';
import { PROCESSORS } from './index.js';
import { ProcessorRegistry } from './registry.js';
import { PAYMENT_METHODS } from '../methods/catalogue/methods.js';
import { systemClock } from '../../platform/clock.js';
import type { ConnectorRecord } from '../../connectors/kinds.js';
import type { Db } from '../../platform/db.js';

const fake = (definition: ProcessorDefinition): ProcessorAdapter => ({
  definition,
  begin: () => Promise.reject(new Error('not used')),
  interpret: () => Promise.reject(new Error('not used')),
  refund: () => Promise.reject(new Error('not used')),
});
const family = (definition: ProcessorDefinition, withConnector = false): ProcessorFamily => ({
  definition,
  connector: withConnector ? { kind: 'fakepay', title: 'Fake Pay', settings: Type.Object({}), secrets: Type.Object({ key: Type.String() }), nameOf: () => '' } : null,
  sandbox: () => fake(definition),
  ...(withConnector ? { production: () => fake({ ...definition, name: 'production' }) } : {}),
  routes: () => Promise.resolve(),
});
const ctx: ProcessorContext = {
  publicUrl: 'http://kassa.test',
  directory: { merchantOf: () => Promise.resolve(undefined) },
  fetch: () => Promise.reject(new Error('no network in this test')),
  clock: systemClock,
  sandboxSecret: () => '00'.repeat(32),
  attempts: { complete: () => Promise.resolve(false), pending: () => Promise.resolve([]) },
  db: undefined as unknown as Db, // no database in this test: no simulator is reached
  connectors: { list: () => Promise.resolve([]) },
};
const none = { list: () => Promise.resolve([] as ConnectorRecord[]) };

describe('ProcessorRegistry', () => {
  it('serves each method by its one processor in the sandbox', async () => {
    const r = new ProcessorRegistry(PROCESSORS, ctx, none);
    for (const m of PAYMENT_METHODS) expect((await r.forMethod(m, 'sandbox')).definition.method).toBe(m);
  });

  it('serves production only through a configured connector, and names the one missing', async () => {
    const records: ConnectorRecord[] = [];
    const r = new ProcessorRegistry([family({ id: 'fakepay', name: 'Fake', method: 'blik', supportsRefunds: true }, true)], ctx, { list: () => Promise.resolve(records) });
    await expect(r.forMethod('blik', 'production')).rejects.toThrow(/needs the fakepay connector \(Fake Pay\)/);
    expect((await r.offer('production')).missing('blik')).toMatch(/fakepay/);
    records.push({ kind: 'fakepay', name: '', settings: {}, secrets: { key: 'k' }, updatedAt: '2026-11-28T00:00:00Z' });
    expect((await r.forMethod('blik', 'production')).definition.name).toBe('production');
    expect((await r.offer('production')).missing('blik')).toBeUndefined();
  });

  it('never serves production with a family that has no real connector', async () => {
    const r = new ProcessorRegistry([family({ id: 'sim', name: 'Sim', method: 'bnpl', supportsRefunds: true })], ctx, none);
    await expect(r.forMethod('bnpl', 'production')).rejects.toThrow(/no production connector in Kassa yet/);
    await expect(r.byId('sim', 'production')).rejects.toThrow(/no production connector/);
    expect((await r.forMethod('bnpl', 'sandbox')).definition.id).toBe('sim');
  });

  it('refuses a second processor for a method already served, rather than replacing the first', () => {
    const first = family({ id: 'kassa-bank-sim', name: 'Bank', method: 'paymentInitiation', supportsRefunds: true });
    const second = family({ id: 'other-bank', name: 'Other bank', method: 'paymentInitiation', supportsRefunds: true });
    expect(() => new ProcessorRegistry([first, second], ctx, none)).toThrow('processor other-bank cannot serve paymentInitiation: kassa-bank-sim already does (one processor per payment method)');
  });

  it('refuses two processors with one id', () => {
    const a = family({ id: 'same', name: 'A', method: 'blik', supportsRefunds: true });
    const b = family({ id: 'same', name: 'B', method: 'bnpl', supportsRefunds: true });
    expect(() => new ProcessorRegistry([a, b], ctx, none)).toThrow('two processors have the id same');
  });
});

describe('the processor list', () => {
  it('has one family per payment method', () => {
    expect(PROCESSORS.map((f) => f.definition.method).sort()).toEqual([...PAYMENT_METHODS].sort());
  });
});
