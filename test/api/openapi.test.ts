/**
 * The OpenAPI document against the routes the app really registers: it is a valid OpenAPI 3.1
 * document (@seriousme/openapi-schema-validator), and every route (collected with Fastify's
 * onRoute hook, so a route added later is checked too) appears in it with its method, tags, a
 * summary, an operationId, a security declaration, a success or redirect answer, error answers in
 * the spec's shape, its path parameters and, for POST/PUT/PATCH, a body; and every operation has a
 * request example (where it takes a body) and an example of each documented answer, each valid
 * against its own schema, an error example's statusCode its status and its code a catalogue entry
 * whose message it fills. Routes for people (pages: hosted payment pages, simulators, tracking,
 * logos, the home page and guides, the back office) are not in the document: each is listed on
 * /docs/pages instead, with the same checks on its own schema, and no operation of the document
 * answers HTML.
 *
 * The default configuration registers every API, shipping v3 included (asserted below).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_TAGS } from '../../src/app.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../../src/platform/errors.js';
import { isPageRoute, type PageRoute } from '../../src/reference/routes.js';
import { EXAMPLE_SECRET } from '../../src/reference/examples.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { schemaChecker } from './schema-check.js';

interface Route {
  method: string;
  url: string;
  schema?: Record<string, unknown>;
}

/**
 * The routes no check below looks at, and why: the document itself and the /docs UI that renders
 * it (@fastify/swagger-ui's page, its JSON/YAML copies and static files, the error catalogue and
 * the pages list) are the documentation, not part of the API. The pages (isPageRoute) are left
 * out of the document too, but checked: see 'pages are not part of the API'.
 */
const EXEMPT: { pattern: RegExp; why: string }[] = [
  { pattern: /^\/openapi\.json$/, why: 'the OpenAPI document itself' },
  { pattern: /^\/docs(\/.*)?$/, why: 'the API reference UI (@fastify/swagger-ui) that renders the document, and its error catalogue and pages list (reference/routes.ts)' },
];

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: unknown }[];
  description?: string;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}
interface Media {
  schema?: { properties?: Record<string, { description?: string }>; [k: string]: unknown };
  examples?: Record<string, { value?: unknown }>;
  'x-kassa-payload'?: Record<string, unknown>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

const routes: Route[] = [];
let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (r: RouteOptions) => {
        for (const method of [r.method].flat()) routes.push({ method, url: r.url, schema: r.schema as Record<string, unknown> | undefined });
      },
    },
  );
  await t.app.ready();
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});

afterAll(async () => t?.close());

/** Fastify's `/a/:b/export-:c` as OpenAPI's `/a/{b}/export-{c}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Fastify adds a HEAD route beside every GET; those are the same operation. */
function allRoutes(): Route[] {
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)) && !EXEMPT.some((e) => e.pattern.test(r.url)));
}
/** The API's routes: every route but the pages (which /docs/pages lists; checked below). */
const checkedRoutes = (): Route[] => allRoutes().filter((r) => !isPageRoute(r.url, r.schema));
const pageRoutes = (): Route[] => allRoutes().filter((r) => isPageRoute(r.url, r.schema));

const isErrorBody = (schema: { properties?: Record<string, unknown> } | undefined) => !!schema?.properties && ['statusCode', 'message', 'error'].every((k) => k in schema.properties!);

/** What a route's operation lacks (empty when it is fully described). */
function problemsOf(route: Route): string[] {
  const op = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
  if (!op) return ['not in the document'];
  const out: string[] = [];
  if (!op.operationId) out.push('no operationId');
  if (!op.summary) out.push('no summary');
  if (!op.tags?.length) out.push('no tags');
  else if (op.tags.some((tag) => !API_TAGS.some((a) => a.name === tag))) out.push(`unknown tag ${op.tags.join(',')}`);
  if (!Array.isArray(op.security)) out.push('no security declaration');
  const codes = Object.keys(op.responses ?? {});
  if (!codes.some((c) => /^[23]\d\d$/.test(c))) out.push('no 2xx/3xx response');
  const errorBodies = codes.filter((c) => /^[45]\d\d$/.test(c) && isErrorBody(op.responses![c]!.content?.['application/json']?.schema));
  if (!errorBodies.length) out.push('no ErrorBody response');
  for (const name of pathParams(route.url)) {
    if (!op.parameters?.some((p) => p.in === 'path' && p.name === name && p.schema)) out.push(`no schema for path parameter ${name}`);
  }
  if (['POST', 'PUT', 'PATCH'].includes(route.method) && !Object.values(op.requestBody?.content ?? {}).some((c) => c.schema)) out.push('no body schema');
  return out;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('sees every API: the default configuration registers shipping v3 beside v2', () => {
    expect(t.config.shippingV3Path).toBeTruthy();
    expect(routes.some((r) => r.url.startsWith(`${t.config.shippingV3Path}/`))).toBe(true);
    expect(routes.some((r) => r.url.startsWith(`${t.config.shippingV3SandboxPath}/`))).toBe(true);
  });

  it('describes every registered route: method, tags, summary, operationId, security, answers, params and body', () => {
    const checked = checkedRoutes();
    expect(checked.length).toBeGreaterThan(60);
    const missing = checked.map((r) => ({ route: `${r.method} ${r.url}`, problems: problemsOf(r) })).filter((m) => m.problems.length);
    if (missing.length) {
      console.error(`Routes without full schemas (${missing.length}):\n${missing.map((m) => `  ${m.route}: ${m.problems.join('; ')}`).join('\n')}`);
    }
    expect(missing.map((m) => `${m.route}: ${m.problems.join('; ')}`)).toEqual([]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    const dupes = ids.filter((id, i) => id !== undefined && ids.indexOf(id) !== i);
    expect(dupes).toEqual([]);
  });

  it('lists nothing that is not registered', () => {
    const registered = new Set(checkedRoutes().map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`));
    const documented = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m} ${p}`));
    expect(documented.filter((d) => !registered.has(d))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Examples.

let checker: ReturnType<typeof schemaChecker> | undefined;
/** Why `value` does not match `schema` (resolving the document's `#/components/…` refs), or undefined. */
const invalid = (schema: object, value: unknown) => (checker ??= schemaChecker(doc))(schema, value);

function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as [string, Operation]));
}

/** The message pattern of a catalogue entry: its template with each `%s` as any text. */
const templatePattern = (code: ErrorCode) => new RegExp(`^${ERROR_CATALOGUE[code].template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%s/g, '[\\s\\S]+')}$`);

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as unknown;

describe('examples', () => {
  it('every operation that takes a body has a request example, valid against its body schema', () => {
    const problems: string[] = [];
    for (const [key, op] of operations()) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const examples = Object.values(media.examples ?? {});
        if (!examples.length) problems.push(`${key} ${type}: no request example`);
        for (const e of examples) {
          const why = media.schema ? invalid(media.schema, e.value) : 'no schema';
          if (why) problems.push(`${key} ${type}: request example ${why}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('a signed POST shows the decoded payload beside its {data} body, valid against its payload schema, and how to sign it', () => {
    const signed = operations().filter(([, op]) => op.requestBody?.content?.['application/json']?.schema?.properties?.data?.description?.startsWith('HS256 JWT'));
    expect(signed.length).toBeGreaterThanOrEqual(10);
    for (const [key, op] of signed) {
      const media = op.requestBody!.content!['application/json']!;
      const payload = media['x-kassa-payload'];
      expect(payload, key).toBeDefined();
      const body = Object.values(media.examples ?? {})[0]?.value as { data: string };
      expect(decode(body.data), key).toEqual(payload);
      expect(op.description, key).toContain(EXAMPLE_SECRET);
      expect(op.description, key).toContain(JSON.stringify(payload, null, 2));
      const named = /see the (\w+) schema/.exec(media.schema!.properties!.data!.description!)?.[1];
      if (named) expect(invalid({ $ref: `#/components/schemas/${named}` }, payload), `${key}: payload`).toBeUndefined();
    }
  });

  it('every documented answer has an example valid against its schema; an error example has its status as statusCode and a catalogue code whose message it fills', () => {
    const problems: string[] = [];
    let errors = 0;
    for (const [key, op] of operations()) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          const examples = Object.values(media.examples ?? {});
          if (!examples.length) problems.push(`${key} ${status} ${type}: no example`);
          for (const e of examples) {
            const why = media.schema ? invalid(media.schema, e.value) : 'no schema';
            if (why) problems.push(`${key} ${status} ${type}: example ${why}`);
            if (Number(status) >= 400 && isErrorBody(media.schema)) {
              errors++;
              const v = e.value as { statusCode?: unknown; code?: string; message?: string; docUrl?: string };
              if (v.statusCode !== Number(status)) problems.push(`${key} ${status}: example statusCode ${String(v.statusCode)}`);
              const code = v.code as ErrorCode;
              if (!code || !Object.hasOwn(ERROR_CATALOGUE, code)) problems.push(`${key} ${status}: example code ${String(code)} is not in the catalogue`);
              else {
                if (!templatePattern(code).test(v.message ?? '')) problems.push(`${key} ${status}: message ${JSON.stringify(v.message)} is not ${code}'s`);
                if (!v.docUrl?.endsWith(`/docs/errors#${code}`)) problems.push(`${key} ${status}: docUrl ${String(v.docUrl)}`);
              }
            }
          }
        }
      }
    }
    expect(errors).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  });
});

describe('pages are not part of the API', () => {
  it('no operation of the document is a page: none tagged pages, none answers HTML', () => {
    expect(API_TAGS.map((tag) => tag.name)).not.toContain('pages');
    const html = operations().filter(([, op]) => op.tags?.includes('pages') || Object.values(op.responses ?? {}).some((r) => 'text/html' in (r.content ?? {})));
    expect(html.map(([key]) => key)).toEqual([]);
  });

  it('every page route is left out of the document and listed on /docs/pages, with a summary, an operationId, an answer and its path parameters', async () => {
    const pages = pageRoutes();
    expect(pages.length).toBeGreaterThan(60);
    const res = await t.app.inject({ method: 'GET', url: '/docs/pages', headers: { accept: 'application/json' } });
    const listed = new Set((res.json() as { pages: PageRoute[] }).pages.map((p) => `${p.method} ${p.url}`));
    const problems: string[] = [];
    for (const r of pages) {
      const key = `${r.method} ${r.url}`;
      const s = (r.schema ?? {}) as { summary?: string; operationId?: string; response?: Record<string, unknown>; params?: { properties?: Record<string, unknown> }; security?: unknown };
      if (doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]) problems.push(`${key}: in the API document`);
      if (!listed.has(key)) problems.push(`${key}: not on /docs/pages`);
      if (!s.summary) problems.push(`${key}: no summary`);
      if (!s.operationId) problems.push(`${key}: no operationId`);
      if (!Array.isArray(s.security)) problems.push(`${key}: no security declaration`);
      if (!Object.keys(s.response ?? {}).some((c) => /^[23]\d\d$/.test(c))) problems.push(`${key}: no 2xx/3xx answer`);
      for (const name of pathParams(r.url)) if (!s.params?.properties?.[name]) problems.push(`${key}: no schema for path parameter ${name}`);
    }
    expect(problems).toEqual([]);
    const html = await t.app.inject({ method: 'GET', url: '/docs/pages' });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    for (const r of pages.slice(0, 5)) expect(html.body).toContain(r.url);
  });
});
