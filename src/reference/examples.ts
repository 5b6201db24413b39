/**
 * Examples on every operation of the API document: a request example where the operation takes a
 * body, and a response example for each status it documents.
 *
 * Where they come from, best first:
 * 1. `recorded.ts`: real requests and the real answers Kassa gave them, recorded by running the app
 *    (test/api/examples.test.ts; `KASSA_RECORD_EXAMPLES=1` writes the file again, and without it the
 *    test checks that the app still answers each recorded request with the recorded status and shape).
 *    The sandbox and production copies of an operation share one record.
 * 2. For an error status no recorded request reaches (a database outage, a conflict, a rate limit),
 *    the catalogue entry the route answers that status with (`ERROR_FOR_STATUS`), its template filled
 *    as the route fills it: `statusCode` is always the response's own status.
 * 3. For anything else, an example built from the schema's own `examples`, enums and formats.
 * test/api/openapi.test.ts validates every example against its schema.
 *
 * A signed POST (`{data: <JWT>}`) shows the JWT body, and beside it the decoded payload
 * (`x-kassa-payload` on the request body, and in the operation's description with how to sign it).
 */
import { createHmac } from 'node:crypto';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ERROR_CATALOGUE, errorDocUrl, REASONS, type ErrorCode } from '../platform/errors.js';
import { RECORDED, RECORDED_ORIGIN, type RecordedOperation } from './recorded.js';

type Schema = OpenAPIV3_1.SchemaObject & { examples?: unknown[]; const?: unknown; $ref?: string };
type Media = OpenAPIV3_1.MediaTypeObject;
type Operation = OpenAPIV3_1.OperationObject;

/** The signed-POST body's description names its payload; the payload examples when nothing was recorded. */
export const SIGNED_BODY_HINT = 'HS256 JWT signed with';

/**
 * The catalogue entry each error status is answered with, and how the route fills its template,
 * where no recorded request reached that status. `auth` tells the 401s apart: a payments `{data}`
 * token names an unknown store, a Bearer token is malformed, the operator token is missing.
 */
export function errorForStatus(status: number, auth: 'bearer' | 'operator' | 'inBody' | 'none', route: { path?: string; field?: string } = {}): { code: ErrorCode; args: (string | number)[] } {
  switch (status) {
    case 400:
      return { code: 'KASSA_ERR_VALIDATION', args: route.field ? [route.field, 'is required'] : ['grandTotal', 'must be a number'] };
    case 401:
      if (auth === 'operator') return { code: 'KASSA_ERR_UNAUTHORIZED', args: ['operator token required (Authorization: Bearer <KASSA_ADMIN_TOKEN>)'] };
      if (auth === 'inBody') return { code: 'KASSA_ERR_STORE_NOT_FOUND', args: [] };
      return { code: 'KASSA_ERR_INVALID_TOKEN', args: ['the Authorization header must be Bearer <JWT>'] };
    case 403:
      return { code: 'KASSA_ERR_INVALID_SIGNATURE', args: ['sk_test_0a1b2c3d4e5f6a7b8c9d0e1f'] };
    case 404:
      return { code: 'KASSA_ERR_NOT_FOUND', args: [`${thingOf(route.path ?? '')} 0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b`] };
    case 409:
      return { code: 'KASSA_ERR_CONFLICT', args: ['the order is not in a state that allows this'] };
    case 413:
      return { code: 'KASSA_ERR_BODY_TOO_LARGE', args: ['4 MiB'] };
    case 414:
      return { code: 'KASSA_ERR_PARAM_TOO_LONG', args: [] };
    case 415:
      return { code: 'KASSA_ERR_HTTP', args: ['Unsupported Media Type: text/plain'] };
    case 429:
      return { code: 'KASSA_ERR_TOO_MANY_LISTENERS', args: ['too many listeners wait for this store on this server; try again shortly'] };
    case 503:
      return { code: 'KASSA_ERR_DATABASE_UNAVAILABLE', args: [] };
    default:
      return status >= 500 ? { code: 'KASSA_ERR_INTERNAL', args: [] } : { code: 'KASSA_ERR_HTTP', args: [REASONS[status] ?? 'Error'] };
  }
}

/** What a path's last parameter names: `/shipments/{id}` → `Shipment`, `/stores/{storeUuid}/payouts` → `Store`. */
export function thingOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  for (let i = segments.length - 1; i > 0; i--) {
    if (/^\{\w+\}$/.test(segments[i]!) && !/^\{/.test(segments[i - 1]!)) {
      const word = segments[i - 1]!.replace(/-/g, ' ').replace(/s$/, '');
      return word[0]!.toUpperCase() + word.slice(1);
    }
  }
  return 'Resource';
}

/** An error body as Kassa answers it. */
export function errorExample(publicUrl: string, status: number, code: ErrorCode, args: readonly (string | number)[]): Record<string, unknown> {
  const entry = ERROR_CATALOGUE[code];
  let i = 0;
  const message = args.length ? entry.template.replace(/%s/g, () => String(args[i++] ?? '')) : entry.template;
  return { statusCode: status, message, error: REASONS[status] ?? 'Error', code, docUrl: errorDocUrl(publicUrl, code) };
}

// ---------------------------------------------------------------------------------------------
// An example from a schema.

const FORMATS: Record<string, string> = {
  uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  'date-time': '2026-05-04T10:15:30.000Z',
  date: '2026-05-04',
  email: 'shopper@example.com',
  uri: 'https://shop.example/return',
  'uri-reference': '/pay/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  binary: '',
  byte: 'a2Fzc2E=',
};

/** Values tried against a string's pattern: a country, an amount, a UUID, a code. */
const PATTERN_CANDIDATES = ['EE', '10.50', FORMATS.uuid!, 'text', 'EUR', '2026-05-04', '12345', 'A1'];

/** A value the schema accepts, built from its examples, const, enum, default and format (first choice each). */
export function exampleOf(schema: Schema | undefined, components: Record<string, Schema>, depth = 0): unknown {
  if (!schema || depth > 12) return null;
  if (schema.$ref) return exampleOf(components[schema.$ref.split('/').pop()!], components, depth + 1);
  if (schema.examples?.length) return schema.examples[0];
  if ('example' in schema && schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants?.length) {
    const chosen = variants.find((v) => v.type !== 'null') ?? variants[0];
    return exampleOf(chosen, components, depth + 1);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((s) => exampleOf(s, components, depth + 1) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) out[k] = exampleOf(v, components, depth + 1);
      return out;
    }
    case 'array': {
      const item = exampleOf((schema as { items?: Schema }).items, components, depth + 1);
      const n = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: n }, () => item);
    }
    case 'string': {
      if (schema.format && FORMATS[schema.format] !== undefined) return FORMATS[schema.format];
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, 'u');
        const fits = PATTERN_CANDIDATES.find((c) => pattern.test(c));
        if (fits !== undefined) return fits;
      }
      const min = schema.minLength ?? 0;
      const text = 'text';
      return text.length >= min ? text.slice(0, schema.maxLength ?? text.length) : text.padEnd(min, 'x');
    }
    case 'integer':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : 1);
    case 'number':
      return Math.max(schema.minimum ?? 10.5, schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : 10.5);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The document.

/** The record of an operation, or of its other environment's copy (`sandboxCreateOrder` ↔ `createOrder`). */
export function recordOf(operationId: string | undefined): RecordedOperation | undefined {
  if (!operationId) return undefined;
  if (RECORDED[operationId]) return RECORDED[operationId];
  const other = operationId.startsWith('sandbox') && operationId.length > 7 ? operationId[7]!.toLowerCase() + operationId.slice(8) : `sandbox${operationId[0]!.toUpperCase()}${operationId.slice(1)}`;
  return RECORDED[other];
}

function authOf(op: Operation): 'bearer' | 'operator' | 'inBody' | 'none' {
  const names = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (names.includes('operatorToken') && !names.includes('metricsToken')) return 'operator';
  if (names.includes('bearerAuth')) return 'bearer';
  const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json']?.schema as Schema | undefined;
  if (body?.properties && 'data' in body.properties) return 'inBody';
  return names.length ? 'operator' : 'none';
}

/** The field a 400 of the operation would name first: a required body field, else a required query parameter. */
function firstField(op: Operation): string | undefined {
  const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json']?.schema as Schema | undefined;
  if (body?.required?.length) return body.required[0];
  const query = (op.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.find((p) => p.in === 'query' && p.required);
  return query?.name;
}

/** A JWT of `payload` signed with `secret` (HS256), as a merchant's server makes it: the signed body's example. */
export function signExample(payload: Record<string, unknown>, secret: string): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The secret the examples' tokens are signed with (documented: a reader can check the signature). */
export const EXAMPLE_SECRET = 'sk_test_secret_of_the_example_store';

const SIGNING =
  "Sign the payload as an HS256 JWT with the store's secret key of the environment (`accessKey` names the key; `exp` is required, at most 10 minutes ahead for orders) and send it as `{\"data\": \"<JWT>\"}`, e.g. in Node `jwt.sign(payload, secretKey, { algorithm: 'HS256' })`; in PHP `JWT::encode($payload, $secretKey, 'HS256')`. The body example's token is this payload signed with `" +
  EXAMPLE_SECRET +
  '`.';

/** The payload of a signed POST: recorded, or built from the payload schema the body's description names. */
function payloadExample(record: RecordedOperation | undefined, dataDescription: string, components: Record<string, Schema>): Record<string, unknown> {
  if (record?.request?.payload) return record.request.payload;
  const named = /see the (\w+) schema/.exec(dataDescription)?.[1];
  const base = named && components[named] ? (exampleOf(components[named], components) as Record<string, unknown>) : {};
  return { ...base, accessKey: 'sk_test_0a1b2c3d4e5f6a7b8c9d0e1f', iat: 1_777_889_730, exp: 1_777_890_330 };
}

/** A recorded value with the recording app's URL replaced by this one's (links, docUrl). */
function rebased(value: unknown, publicUrl: string): unknown {
  if (typeof value === 'string') return value.startsWith(RECORDED_ORIGIN) ? publicUrl + value.slice(RECORDED_ORIGIN.length) : value;
  if (Array.isArray(value)) return value.map((v) => rebased(v, publicUrl));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rebased(v, publicUrl)]));
  return value;
}

function withExample(media: Media, value: unknown, summary: string): Media {
  return { ...media, examples: { [summary.startsWith('A real') ? 'recorded' : 'example']: { summary, value } } };
}

/** Adds the examples to every operation of the document (its `transformObject`), in place, and returns it. */
export function addExamples(doc: OpenAPIV3_1.Document, publicUrl: string): OpenAPIV3_1.Document {
  const components = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  for (const [pathKey, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {}) as [string, Operation][]) {
      if (!['get', 'post', 'put', 'patch', 'delete', 'options'].includes(method) || !op) continue;
      const record = recordOf(op.operationId);
      const auth = authOf(op);
      const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      if (body?.content) {
        const content: Record<string, Media> = {};
        for (const [type, media] of Object.entries(body.content)) {
          const schema = media.schema as Schema | undefined;
          const data = (schema?.properties?.data as Schema | undefined)?.description ?? '';
          if (type === 'application/json' && data.startsWith(SIGNED_BODY_HINT)) {
            const payload = payloadExample(record, data, components);
            const value = { data: signExample(payload, EXAMPLE_SECRET) };
            content[type] = { ...withExample(media, value, `The payload in the description, signed with ${EXAMPLE_SECRET}`), 'x-kassa-payload': payload } as Media;
            op.description = `${op.description ? `${op.description}\n\n` : ''}**Signed body.** ${SIGNING}\n\nThe decoded payload of the example:\n\n\`\`\`json\n${JSON.stringify(payload, null, 2)}\n\`\`\``;
          } else if (record?.request && 'body' in record.request && type === (record.request.type ?? 'application/json')) {
            content[type] = withExample(media, rebased(record.request.body, publicUrl), 'A real request');
          } else {
            content[type] = withExample(media, exampleOf(schema, components), 'An example');
          }
        }
        op.requestBody = { ...body, content };
      }
      for (const [status, response] of Object.entries(op.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][]) {
        if (!response.content) continue;
        const code = Number(status);
        const recorded = record?.responses?.[status];
        const content: Record<string, Media> = {};
        for (const [type, media] of Object.entries(response.content)) {
          const schema = media.schema as Schema | undefined;
          const isError = code >= 400 && type === 'application/json' && !!schema?.properties && 'statusCode' in schema.properties;
          if (recorded && recorded.type === type) {
            content[type] = withExample(media, rebased(recorded.body, publicUrl), 'A real answer');
          } else if (isError) {
            const e = errorForStatus(code, auth, { path: pathKey, field: firstField(op) });
            content[type] = withExample(media, errorExample(publicUrl, code, e.code, e.args), `${e.code}: what this route answers with ${code}`);
          } else {
            content[type] = withExample(media, exampleOf(schema, components), 'An example');
          }
        }
        response.content = content;
      }
    }
  }
  return doc;
}
