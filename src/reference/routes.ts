/**
 * The reference's own pages beside the API document (/docs is swagger-ui, themed in look.ts):
 * - /docs/errors: the error catalogue as a table, each code a stable anchor (`#KASSA_ERR_X`),
 *   which every error answer's `docUrl` points at;
 * - /docs/pages: the routes for people rather than API clients (hosted payment pages, simulators,
 *   tracking, logos, scripts, the home page and guides, the back office), kept out of the API
 *   document and listed here (HTML, or JSON when Accept names application/json only).
 * Both are documentation, hidden from the document like /openapi.json.
 */
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import { ERROR_CATALOGUE, readableTemplate, REASONS, type ErrorEntry } from '../platform/errors.js';
import { html, newNonce, renderDocument, sendHtml, trusted, type Html } from '../platform/html.js';
import { inlineMarkdown } from './markdown.js';
import { PAGE_CSS } from './look.js';

/** The tag the routes for people carry: such a route is hidden from the API document and listed on /docs/pages. */
export const PAGES_TAG = 'pages';

/** A route for people, as /docs/pages lists it. */
export interface PageRoute {
  method: string;
  url: string;
  summary: string;
  description?: string;
  operationId?: string;
}

/**
 * Paths for people or for Kassa's own connectors whatever their tag: the processor simulators
 * (pages, and the Stripe protocol simulator the sandbox's card connector talks to) and the logos.
 */
const PAGE_PATHS = /^\/(simulators|logos)\//;

/** Whether a route is a page: its tags name {@link PAGES_TAG}, or its path is a simulator's or a logo's. */
export function isPageRoute(url: string, schema: unknown): boolean {
  const tags = (schema as { tags?: unknown } | undefined)?.tags;
  return (Array.isArray(tags) && tags.includes(PAGES_TAG)) || PAGE_PATHS.test(url);
}

/** Collects the page routes as they are registered (call before any route plugin is registered). */
export function collectPages(app: FastifyInstance): PageRoute[] {
  const pages: PageRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isPageRoute(route.url, route.schema)) return;
    const s = route.schema as { summary?: string; description?: string; operationId?: string };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      pages.push({ method, url: route.url, summary: s.summary ?? '', ...(s.description ? { description: s.description } : {}), ...(s.operationId ? { operationId: s.operationId } : {}) });
    }
  });
  return pages;
}

/** The path of the pages list. */
export const PAGES_PATH = '/docs/pages';

/** A page of the reference: Kassa's header (reference, errors, pages, home) and the content. */
export function referencePage(title: string, body: Html, lang = 'en'): { document: string; nonce: string } {
  const nonce = newNonce();
  const document = renderDocument({
    lang,
    title,
    nonce,
    css: PAGE_CSS,
    body: html`<header><a href="/">Kassa</a><a href="/docs">API reference</a><a href="/docs/errors">Errors</a><a href="${PAGES_PATH}">Pages</a></header>
<main>${body}</main>`,
  });
  return { document, nonce };
}

export function sendReferencePage(reply: FastifyReply, title: string, body: Html): FastifyReply {
  const { document, nonce } = referencePage(title, body);
  return sendHtml(reply, 200, document, { nonce, formOrigins: [], imageOrigins: [] }).header('cache-control', 'no-cache');
}

/** The catalogue's rows in code order: code, status, the message as a reader sees it, when. */
export function catalogueRows(): { code: string; status: number; reason: string; message: string; description: string }[] {
  return Object.entries(ERROR_CATALOGUE).map(([code, e]) => ({
    code,
    status: e.status,
    reason: REASONS[e.status] ?? 'Error',
    message: readableTemplate(e as ErrorEntry),
    description: e.description,
  }));
}

function errorsPage(): Html {
  const rows = catalogueRows();
  return html`<h1>Errors</h1>
<p>Every error is answered as <code>{statusCode, message, error, code, docUrl}</code>: the spec's three keys, the stable <code>code</code> below and <code>docUrl</code>, a link to its row here. Match on <code>code</code>; a message may gain detail, a code never changes meaning. In a message, <code>&lt;name&gt;</code> stands for what the answer fills in.</p>
<table>
<thead><tr><th scope="col">Code</th><th scope="col">Status</th><th scope="col">Message</th><th scope="col">When</th></tr></thead>
<tbody>
${rows.map(
  (
    r,
  ) => html`<tr id="${r.code}"><td><a href="#${r.code}"><code>${r.code}</code></a></td><td>${r.status} ${r.reason}</td><td><code>${r.message}</code></td><td>${trusted(inlineMarkdown(r.description))}</td></tr>
`,
)}</tbody>
</table>`;
}

function pagesPage(pages: readonly PageRoute[]): Html {
  return html`<h1>Pages</h1>
<p>Routes for people rather than API clients: the hosted payment pages, the processor simulators, tracking, logos and browser scripts, the home page and guides, the back office. They are not part of the API reference; this list is.</p>
<table>
<thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">What</th></tr></thead>
<tbody>
${[...pages]
  .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
  .map(
    (p) => html`<tr><td>${p.method}</td><td><code>${p.url}</code></td><td>${p.summary}</td></tr>
`,
  )}</tbody>
</table>`;
}

const wantsJson = (accept: string | undefined) => !!accept && /application\/json/i.test(accept) && !/text\/html/i.test(accept);

export async function referenceRoutes(app: FastifyInstance, opts: { pages: readonly PageRoute[] }): Promise<void> {
  app.get('/docs/errors', { schema: { hide: true } }, async (req, reply) => {
    if (wantsJson(req.headers.accept)) return { errors: catalogueRows() };
    return sendReferencePage(reply, 'Kassa: errors', errorsPage());
  });
  app.get(PAGES_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (wantsJson(req.headers.accept)) return { pages: opts.pages };
    return sendReferencePage(reply, 'Kassa: pages', pagesPage(opts.pages));
  });
}
