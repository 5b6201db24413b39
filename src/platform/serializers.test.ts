import Fastify from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { lazySharedSerializers, type SerializerFactory } from './serializers.js';

describe('response serializers', () => {
  it('are compiled when a route first answers, once per distinct schema, and serialize as Fastify would', async () => {
    const compiled: unknown[] = [];
    const fastifys = SerializerSelector() as unknown as SerializerFactory;
    const counting: SerializerFactory = (external, options) => {
      const compile = fastifys(external, options);
      return (route) => {
        compiled.push(route.schema);
        return compile(route);
      };
    };
    const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: lazySharedSerializers(counting) as never } } });
    const item = { type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer' } } };
    const other = { type: 'object', properties: { name: { type: 'string' } } };
    app.get('/a', { schema: { response: { 200: { ...item } } } }, async () => ({ id: 'a', n: 1, secret: 'dropped' }));
    app.get('/b', { schema: { response: { 200: { ...item } } } }, async () => ({ id: 'b', n: 2 }));
    app.get('/c', { schema: { response: { 200: other } } }, async () => ({ name: 'c', extra: true }));
    await app.ready();
    expect(compiled).toHaveLength(0);

    expect((await app.inject('/a')).body).toBe('{"id":"a","n":1}');
    expect((await app.inject('/b')).body).toBe('{"id":"b","n":2}');
    expect(compiled).toHaveLength(1);
    expect((await app.inject('/c')).body).toBe('{"name":"c"}');
    expect((await app.inject('/a')).body).toBe('{"id":"a","n":1}');
    expect(compiled).toHaveLength(2);
    await app.close();
  });
});
