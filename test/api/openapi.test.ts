/**
 * The OpenAPI document against the routes the app really registers: it is a valid OpenAPI 3.1
 * document (@seriousme/openapi-schema-validator), and every route (collected with Fastify's
 * onRoute hook, so a route added later is checked too) appears in it with its method, tags, a
 * summary, an operationId, a security declaration, a success or redirect answer, error answers in
 * the spec's shape, its path parameters and, for POST/PUT/PATCH, a body.
 *
 * The default configuration registers every API, shipping v3 included (asserted below).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_TAGS } from '../../src/app.js';
import { createTestApp, type TestApp } from '../support/app.js';

interface Route {
  method: string;
  url: string;
}

/**
 * The only routes the document leaves out, and why: the document itself and the /docs UI that
 * renders it (@fastify/swagger-ui's page, its JSON/YAML copies and static files) are the
 * documentation, not part of the API.
 */
const EXEMPT: { pattern: RegExp; why: string }[] = [
  { pattern: /^\/openapi\.json$/, why: 'the OpenAPI document itself' },
  { pattern: /^\/docs(\/.*)?$/, why: 'the API reference UI (@fastify/swagger-ui) that renders the document' },
];

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

const routes: Route[] = [];
let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp({}, {
    onRoute: (r: RouteOptions) => {
      for (const method of [r.method].flat()) routes.push({ method, url: r.url });
    },
  });
  await t.app.ready();
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});

afterAll(async () => t?.close());

/** Fastify's `/a/:b/export-:c` as OpenAPI's `/a/{b}/export-{c}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Fastify adds a HEAD route beside every GET; those are the same operation. */
function checkedRoutes(): Route[] {
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)) && !EXEMPT.some((e) => e.pattern.test(r.url)));
}

const isErrorBody = (schema: { properties?: Record<string, unknown> } | undefined) =>
  !!schema?.properties && ['statusCode', 'message', 'error'].every((k) => k in schema.properties!);

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
