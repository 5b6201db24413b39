import { describe, expect, it } from 'vitest';
import type { ProcessorAdapter, ProcessorDefinition } from './contract.js';
import { BUILT_IN_PROCESSORS, builtInProcessors } from './index.js';
import { ProcessorRegistry } from './registry.js';
import { PAYMENT_METHODS } from '../methods/catalogue/methods.js';

const fake = (definition: ProcessorDefinition): ProcessorAdapter => ({
  definition,
  begin: () => Promise.reject(new Error('not used')),
  interpret: () => Promise.reject(new Error('not used')),
  refund: () => Promise.reject(new Error('not used')),
});
const directory = { merchantOf: () => Promise.resolve(undefined) };

describe('ProcessorRegistry', () => {
  it('serves each method by its one processor', () => {
    const r = new ProcessorRegistry(builtInProcessors('http://kassa.test', directory));
    for (const m of PAYMENT_METHODS) expect(r.forMethod(m).definition.method).toBe(m);
    expect(r.byId('kassa-bank-sim')?.definition.method).toBe('paymentInitiation');
  });

  it('refuses a second processor for a method already served, rather than replacing the first', () => {
    const first = fake({ id: 'kassa-bank-sim', name: 'Bank', method: 'paymentInitiation', supportsRefunds: true });
    const second = fake({ id: 'other-bank', name: 'Other bank', method: 'paymentInitiation', supportsRefunds: true });
    expect(() => new ProcessorRegistry([first, second])).toThrow(
      'processor other-bank cannot serve paymentInitiation: kassa-bank-sim already does (one processor per payment method)',
    );
  });

  it('refuses two processors with one id', () => {
    const a = fake({ id: 'same', name: 'A', method: 'blik', supportsRefunds: true });
    const b = fake({ id: 'same', name: 'B', method: 'bnpl', supportsRefunds: true });
    expect(() => new ProcessorRegistry([a, b])).toThrow('two processors have the id same');
  });
});

describe('the built-in processor list', () => {
  it('has one family per payment method, each with its own simulator path', () => {
    expect(BUILT_IN_PROCESSORS.map((f) => f.definition.method).sort()).toEqual([...PAYMENT_METHODS].sort());
    expect(new Set(BUILT_IN_PROCESSORS.map((f) => f.entryPath)).size).toBe(BUILT_IN_PROCESSORS.length);
  });
});
