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
import { REASONS } from './errors.js';

/** Fastify's request validator: strict about types, never changes the request. */
export const AJV_OPTIONS = { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false } as const;

/** The spec's error body, for every 4xx and 5xx Kassa answers. */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ description: 'The HTTP status code', examples: [400] }),
    message: Type.String({ description: 'What went wrong; for a bad field it starts with the field', examples: ['grandTotal must be a number'] }),
    error: Type.String({ description: 'The HTTP reason phrase', examples: ['Bad Request'] }),
  },
  { $id: 'ErrorBody', title: 'Error', description: "The spec's error shape" },
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
} as const;

/** A route's `security`: a store's Bearer JWT, the operator token, or none (pages, signed links). */
export const Security = {
  bearer: [{ bearerAuth: [] }],
  operator: [{ operatorToken: [] }],
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

/** A JSON value that may be null (`anyOf: [T, null]`). */
export function nullable<T extends TSchema>(schema: T, description?: string) {
  return Type.Union([schema, Type.Null()], description === undefined ? {} : { description });
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
