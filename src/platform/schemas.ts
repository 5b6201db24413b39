/**
 * The pieces every route schema is made of (TypeBox: one declaration gives Fastify's validation
 * and serialization, the TypeScript type and the OpenAPI document): the spec's error body, the
 * security schemes, and the non-JSON answers (HTML pages, files, redirects).
 *
 * Request validation runs with coercion, defaults and removal of extra keys switched off (see
 * `AJV_OPTIONS`): a schema states what the wire carries and never rewrites a request, so the
 * domain parsers behind it see exactly what the client sent and keep their field-naming messages.
 */
import { Type, type TSchema } from 'typebox';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { SwaggerTransformObject } from '@fastify/swagger';
import { ERROR_CATALOGUE, REASONS } from './errors.js';

/** Fastify's request validator: strict about types, never changes the request. */
export const AJV_OPTIONS = { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false } as const;

/** The spec's error body, for every 4xx and 5xx Kassa answers, with the catalogue's code and its link as extra keys. */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ description: 'The HTTP status code', examples: [400] }),
    message: Type.String({ description: 'What went wrong; for a bad field it starts with the field', examples: ['grandTotal must be a number'] }),
    error: Type.String({ description: 'The HTTP reason phrase', examples: ['Bad Request'] }),
    code: Type.String({
      enum: Object.keys(ERROR_CATALOGUE),
      description: "The catalogue's stable code (KASSA_ERR_*), an extra key beside the spec's three: match on it rather than on the message",
      examples: ['KASSA_ERR_VALIDATION'],
    }),
    docUrl: Type.String({
      format: 'uri',
      description: "The code's entry in the API reference (`<public URL>/docs/errors#<code>`), an extra key",
      examples: ['https://kassa.example/docs/errors#KASSA_ERR_VALIDATION'],
    }),
  },
  { $id: 'ErrorBody', title: 'Error', description: "The spec's error shape `{statusCode, message, error}`, plus `code` and `docUrl`, which clients of the spec ignore" },
);

/** `{400: ErrorBody, 401: ErrorBody, …}` for the error statuses a route answers. */
export function errorResponses(...codes: number[]): Record<number, TSchema> {
  return Object.fromEntries(codes.map((c) => [c, { ...ErrorBody, description: REASONS[c] ?? 'Error' }]));
}

/** The security schemes of the document (`components.securitySchemes`). */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "HS256 JWT signed with the store's secret key of the environment, `accessKey` in the payload",
  },
  operatorToken: {
    type: 'http',
    scheme: 'bearer',
    description: "The operator's admin token (KASSA_ADMIN_TOKEN, or data/admin-token)",
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The metrics token (KASSA_METRICS_TOKEN), for a Prometheus scrape; the operator token is accepted too',
  },
} as const;

/** A route's `security`: a store's Bearer JWT, the operator token, or none (pages, signed links). */
export const Security = {
  bearer: [{ bearerAuth: [] }],
  operator: [{ operatorToken: [] }],
  /** GET /metrics: the metrics token or the operator token (either one). */
  metrics: [{ metricsToken: [] }, { operatorToken: [] }],
  /**
   * The token travels in the body (`{data: <JWT>}`, POST /orders and /refunds) or in the query:
   * no Authorization header, yet not public.
   */
  inBody: [],
  none: [],
} as const;

/** An HTML page (hosted payment pages, the home page, guides, tracking). */
export function htmlResponse(description: string): TSchema {
  return { description, content: { 'text/html': { schema: Type.String() } } } as unknown as TSchema;
}

/** A file (labels, exports, logos): `mediaTypes` as the route may answer them. */
export function fileResponse(description: string, ...mediaTypes: string[]): TSchema {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((m) => [m, { schema: Type.String({ format: 'binary' }) }])),
  } as unknown as TSchema;
}

/** A redirect (302/303) with its `Location` header and no body. */
export function redirectResponse(description: string): TSchema {
  return { description, headers: { Location: Type.String({ format: 'uri-reference' }) }, type: 'null' } as unknown as TSchema;
}

/** An answer with no body (204, or 201 with nothing to say). */
export function emptyResponse(description: string): TSchema {
  return { description, type: 'null' } as unknown as TSchema;
}

/** A JSON value that may be null (`anyOf: [T, null]`): a field the spec shows as null when absent. */
export function nullable<T extends TSchema>(schema: T, description?: string | { description?: string }) {
  const options = typeof description === 'string' ? { description } : (description ?? {});
  return Type.Union([schema, Type.Null()], options);
}

/** A string of a closed set (`{type: 'string', enum}`), e.g. carrier codes or statuses. */
export function stringEnum(values: readonly string[], description?: string) {
  return Type.String({ enum: [...values], ...(description === undefined ? {} : { description }) });
}

/**
 * The route's request schemas document its input; its hand-written parser (a `Reader`/`Problems`
 * parser of platform/validate.ts) validates it. Set as the route's `validatorCompiler`, so
 * Fastify's ajv never answers for the route: every request reaches the parser, which names the
 * field in the wording the tests and clients rely on, reports every problem in one 400 and
 * accepts the shapes real clients send (numeric strings, "" meaning absent, extra keys).
 */
export const parserValidates = (): ((data: unknown) => boolean) => () => true;

/** An open map (metadata): every key is kept by the serializer. */
export function OpenObject(description: string): TSchema {
  return Type.Object({}, { additionalProperties: true, description });
}

/**
 * The request schemas the document shows, by the validator-facing copy the route registers (see
 * {@link documentedOnly}).
 */
const DOCUMENTED = new WeakMap<object, TSchema>();

/**
 * A request part (body, querystring) whose hand-written parser stays the only validator: the route
 * registers an open schema (`{}`, every request passes Fastify's validation unchanged, so the
 * parser answers with its field-naming messages), and the document shows `precise`. Use it where
 * the parser accepts shapes the precise schema would refuse (numbers as strings, `""` as absent),
 * or answers a malformed field with a message the tests assert.
 */
export function documentedOnly(precise: TSchema, validator: TSchema = {} as TSchema): TSchema {
  const open = { ...validator } as TSchema;
  DOCUMENTED.set(open, precise);
  return open;
}

/** @fastify/swagger's `transform`: swaps each {@link documentedOnly} part for its precise schema. */
export function documentTransform({ schema, url }: { schema: FastifySchema; url: string }): { schema: FastifySchema; url: string } {
  if (!schema) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    const s = schema[part];
    if (typeof s === 'object' && s !== null && DOCUMENTED.has(s)) out[part] = DOCUMENTED.get(s);
  }
  return { schema: out as FastifySchema, url };
}

/** A page's own error (HTML), or an error in the spec's JSON shape when the request never reached the page (body parsing, routing). */
export function pageErrorResponse(description: string): TSchema {
  return {
    description,
    content: { 'text/html': { schema: Type.String() }, 'application/json': { schema: ErrorBody } },
  } as unknown as TSchema;
}

/** Query or form fields of a hosted or simulator page: strings, a repeated key as an array (its first value counts). */
export function FormFields(properties: Record<string, TSchema>, description: string): TSchema {
  return Type.Object(properties, { additionalProperties: true, description });
}

/** A string field of a page's query or form (a repeated key arrives as an array). */
export function FormField(description: string, options: Record<string, unknown> = {}): TSchema {
  return Type.Union([Type.String(options), Type.Array(Type.String())], { description });
}

/** A page's query or form as FormFields documents it, read as plain strings. */
export type Fields = Record<string, string>;

/**
 * Query strings and form bodies as plain string fields: a repeated key keeps its first value, and
 * with several sources the first that has a key wins (e.g. the query before the body).
 */
export function fieldsOf(...sources: unknown[]): Fields {
  const out: Fields = {};
  for (const src of sources) {
    if (typeof src !== 'object' || src === null) continue;
    for (const [k, v] of Object.entries(src)) {
      if (typeof v === 'string') out[k] ??= v;
      else if (Array.isArray(v) && typeof v[0] === 'string') out[k] ??= v[0];
    }
  }
  return out;
}

/**
 * A unique operationId for a route registered once per environment (the payments and payout APIs
 * at /api and /sandbox/api): `name` in production, `sandbox<Name>` in the sandbox.
 */
export function operationId(env: 'production' | 'sandbox', name: string): string {
  return env === 'production' ? name : `sandbox${name[0]!.toUpperCase()}${name.slice(1)}`;
}

/**
 * Gives every route of a plugin registered once per environment its environment's operationId
 * (see {@link operationId}): the routes declare the production name, the sandbox copy gets
 * `sandbox<Name>`.
 */
export function namesOperationsFor(app: FastifyInstance, env: 'production' | 'sandbox'): void {
  app.addHook('onRoute', (route) => {
    const id = route.schema?.operationId;
    if (typeof id === 'string') route.schema = { ...route.schema, operationId: operationId(env, id) };
  });
}

/** A path parameter that the handler checks itself (its own 400 for a malformed id): a string, described. */
export function idParam(description: string): TSchema {
  return Type.String({ description });
}

/** The body of a POST that needs none: any body sent is ignored (the validator-facing copy is open). */
export function noBody(): TSchema {
  return documentedOnly(Type.Object({}, { additionalProperties: true, description: 'No body is needed; one sent is ignored' }));
}

/** A response schema with the description the document shows for that answer. */
export function described<T extends TSchema>(description: string, schema: T): T {
  return { ...schema, description };
}

/**
 * @fastify/swagger's `transformObject`: a request body is marked required only where its schema
 * requires a property (swagger marks every body required; Kassa's open validator copies let a
 * request without one through to the parser, which decides).
 */
export const documentObjectTransform: SwaggerTransformObject = (doc) => {
  const document = 'openapiObject' in doc ? doc.openapiObject : doc.swaggerObject;
  type Body = { required?: boolean; content?: Record<string, { schema?: { required?: unknown[] } }> };
  const paths = (document.paths ?? {}) as Record<string, Record<string, { requestBody?: Body } | undefined>>;
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      const body = op?.requestBody;
      if (!body?.content) continue;
      body.required = Object.values(body.content).some((m) => Array.isArray(m.schema?.required) && m.schema.required.length > 0);
    }
  }
  return document;
};
