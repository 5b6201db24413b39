import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.js';
import { findTextFault, MAX_NESTING, textProblem } from './text.js';

describe('textProblem: what PostgreSQL text and jsonb cannot hold', () => {
  it('refuses NUL and lone surrogates, high or low, anywhere', () => {
    for (const s of ['\0', 'a\0b', '\ud800', 'x\ud800', '\ud800x', '\udfff', 'a\udc00b', '\udc00\ud800']) expect(textProblem(s), JSON.stringify(s)).toBeDefined();
    expect(textProblem('a\0')).toMatch(/NUL/);
    expect(textProblem('a\ud800')).toMatch(/surrogate/);
  });

  it('takes any well-formed text, surrogate pairs included', () => {
    for (const s of ['', 'Mari Maasikas', 'Pärnu mnt 10', '😀', 'a😀b\ud83d\ude00', '\uffff', '\u202e', '%00', '\\u0000']) expect(textProblem(s), s).toBeUndefined();
  });
});

describe('findTextFault names the field', () => {
  it('at any depth, in arrays and in keys', () => {
    expect(findTextFault({ receiver: { name: 'a\0' } }, 'body')).toEqual({ field: 'body.receiver.name', problem: 'must not contain NUL characters (U+0000)' });
    expect(findTextFault({ parcels: [{ id: 'x' }, { id: '\ud800' }] }, 'body')?.field).toBe('body.parcels[1].id');
    expect(findTextFault({ attributes: { 'bad\0key': 'v' } }, 'body')).toEqual({ field: 'body.attributes', problem: 'has a key that must not contain NUL characters (U+0000)' });
    expect(findTextFault({ 'odd key': ['\udc00'] }, 'query')?.field).toBe('query["odd key"][0]');
    expect(findTextFault({ accessKey: '\0' }, 'payload')?.field).toBe('payload.accessKey');
    expect(findTextFault({ a: 1, b: true, c: null, d: [1.5, { e: 'fine' }] }, 'body')).toBeUndefined();
  });

  it('refuses nesting deeper than a request can have', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_NESTING + 1; i++) deep = [deep];
    expect(findTextFault({ a: deep }, 'body')?.problem).toMatch(/nested too deeply/);
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_NESTING - 2; i++) ok = { a: ok };
    expect(findTextFault({ a: ok }, 'body')).toBeUndefined();
  });
});

describe('isUuid: real 8-4-4-4-12 hex, any version or variant', () => {
  it('refuses look-alikes that a uuid cast would throw on', () => {
    for (const s of [
      '------------------------------------',
      '0190a6f0-7d3a-7c1e-9f2b-3c4d5e6f7a8g',
      '0190a6f07d3a7c1e9f2b3c4d5e6f7a8b',
      '{0190a6f0-7d3a-7c1e-9f2b-3c4d5e6f7a8b}',
      'urn:uuid:0190a6f0-7d3a-7c1e-9f2b-3c4d5e6f7a8b',
      '0190a6f0-7d3a-7c1e-9f2b-3c4d5e6f7a8b\0',
      '0190a6f0-7d3a-7c1e-9f2b-3c4d5e6f7a8b0',
      '0190a6f0--7d3a-7c1e-9f2b-3c4d5e6f7a8',
    ]) {
      expect(isUuid(s), s).toBe(false);
    }
    for (const s of ['0190a6f0-7d3a-7c1e-9f2b-3c4d5e6f7a8b', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'b65a6939-3896-2dcb-bfff-ffe70000001c'])
      expect(isUuid(s), s).toBe(true);
  });
});
