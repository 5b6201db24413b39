/**
 * Fastify's response serializer compiler (fast-json-stringify), compiled on first use and shared by
 * identical schemas. Fastify compiles a serializer for every response status of every route when
 * the route is added; Kassa declares ~600 of them (each route twice, production and sandbox, and
 * the same ErrorBody for each error status), of which ~70 are distinct, and many are rarely or
 * never answered by a given node. Compiling each distinct schema once, when a route first answers
 * with it, keeps ~12 MB of compiled code out of an idle process; the serialized output is the
 * same function's.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Serialize = (data: unknown) => string;
export type SerializerFactory = (externalSchemas: unknown, options: unknown) => (routeSchema: { schema: unknown }) => Serialize;

/** Wraps a serializer factory (Fastify's own by default) to compile lazily and share by content. */
export function lazySharedSerializers(build: SerializerFactory = SerializerSelector() as unknown as SerializerFactory): SerializerFactory {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const compiled = new Map<string, Serialize>();
    return (routeSchema) => {
      const key = JSON.stringify(routeSchema.schema);
      let serialize: Serialize | undefined;
      return (data) => {
        serialize ??= compiled.get(key);
        if (serialize === undefined) {
          serialize = compile(routeSchema);
          compiled.set(key, serialize);
        }
        return serialize(data);
      };
    };
  };
}

/** `schemaController` for buildApp. */
export const SCHEMA_CONTROLLER: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildSerializer: lazySharedSerializers() as never },
};
