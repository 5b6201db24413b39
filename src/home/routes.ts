/**
 * GET /: a small page for whoever opens the server's address in a browser, pointing to the API
 * reference (/docs), the OpenAPI document, the error catalogue and the pages list, and the guides
 * (the README and docs/*.md from the checkout, rendered as HTML; their Markdown when Accept names
 * text/markdown and not text/html). A client that asks for JSON (Accept naming application/json and not
 * text/html) gets the same pointers as JSON. Self-contained: no script, font, style sheet or image
 * from anywhere, and a Content-Security-Policy that says so.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Config } from '../config.js';
import { Errors } from '../platform/errors.js';
import { errorResponses, Security } from '../platform/schemas.js';
import { trusted } from '../platform/html.js';
import { markdownToHtml } from '../reference/markdown.js';
import { sendReferencePage } from '../reference/routes.js';
import { GuideParams, HomeLinksSchema } from './schema.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The guides served as text: URL name → file in the checkout. */
const GUIDES: Readonly<Record<string, string>> = {
  'README.md': 'README.md',
  'sandbox.md': 'docs/sandbox.md',
  'going-to-production.md': 'docs/going-to-production.md',
  'pain001.md': 'docs/pain001.md',
  'decisions.md': 'docs/decisions.md',
};

/** A guide's link to another guide (`docs/sandbox.md#magic`, `../README.md`) as its /guides URL; other links unchanged. */
export function guideHref(href: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return href;
  const [file = '', hash = ''] = href.split(/(?=#)/);
  const name = file.split('/').pop() ?? '';
  return Object.hasOwn(GUIDES, name) ? `/guides/${name}${hash}` : href;
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function wantsJson(accept: string | undefined): boolean {
  return !!accept && /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

export function homeLinks(config: Pick<Config, 'paymentsPath' | 'paymentsSandboxPath' | 'shippingPath' | 'shippingSandboxPath'>) {
  return {
    name: 'Kassa',
    docs: '/docs',
    openapi: '/openapi.json',
    backOffice: '/dashboard',
    guides: { readme: '/guides/README.md', sandbox: '/guides/sandbox.md', production: '/guides/going-to-production.md', moneyOut: '/guides/pain001.md', decisions: '/guides/decisions.md' },
    basePaths: {
      payments: { production: config.paymentsPath, sandbox: config.paymentsSandboxPath },
      shipping: { production: config.shippingPath, sandbox: config.shippingSandboxPath },
    },
  };
}

function page(links: ReturnType<typeof homeLinks>): string {
  const b = links.basePaths;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kassa</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}code{background:#f2f2f2;padding:0 .2em}li{margin:.3em 0}</style>
</head><body>
<h1>Kassa</h1>
<p>A self-hostable payments and shipping gateway. This server speaks the payments and shipping v2 APIs.</p>
<ul>
<li><a href="${esc(links.docs)}">API reference</a> (interactive)</li>
<li><a href="${esc(links.openapi)}">OpenAPI document</a> (<code>/openapi.json</code>)</li>
<li><a href="/docs/errors">Errors</a>: every error code, its status and message</li>
<li><a href="/docs/pages">Pages</a>: the hosted payment pages, simulators, tracking and back office routes</li>
<li><a href="${esc(links.backOffice)}">Back office</a>: a store's orders, payouts, settings, keys and shipping; its users are added by the operator (<code>npm run kassa -- users add --store UUID --email E --password P</code>)</li>
<li><a href="${esc(links.guides.readme)}">README.md</a>: first steps, the CLI, configuration</li>
<li><a href="${esc(links.guides.sandbox)}">docs/sandbox.md</a>: the sandbox, its test cards and magic inputs, the test helpers</li>
<li><a href="${esc(links.guides.production)}">docs/going-to-production.md</a>: the connectors production pays through (Stripe, the banks), what is real and what is not yet</li>
<li><a href="${esc(links.guides.moneyOut)}">docs/pain001.md</a>: money out as pain.001 files for the settlement account's bank</li>
<li><a href="${esc(links.guides.decisions)}">docs/decisions.md</a>: what Kassa does where the spec is silent</li>
</ul>
<p>Base paths: payments <code>${esc(b.payments.production)}</code> (sandbox <code>${esc(b.payments.sandbox)}</code>),
shipping <code>${esc(b.shipping.production)}</code> (sandbox <code>${esc(b.shipping.sandbox)}</code>).</p>
</body></html>
`;
}

export async function homeRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const links = homeLinks(opts.config);
  const html = page(links);

  app.get(
    '/',
    {
      schema: {
        tags: ['pages'],
        summary: 'The home page: links to the API reference, the OpenAPI document and the guides',
        description: 'HTML for a browser; the same links as JSON when Accept names application/json and not text/html.',
        operationId: 'getHome',
        security: Security.none,
        response: {
          200: {
            description: 'The home page, or its links as JSON',
            content: { 'text/html': { schema: Type.String() }, 'application/json': { schema: HomeLinksSchema } },
          } as unknown as TSchema,
          ...errorResponses(400),
        },
      },
    },
    async (req, reply) => {
      reply.header('vary', 'Accept');
      if (wantsJson(req.headers.accept)) return links;
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.get<{ Params: { name: string } }>(
    '/guides/:name',
    {
      schema: {
        tags: ['pages'],
        summary: 'A guide from the checkout, rendered as HTML (its Markdown when Accept names text/markdown only)',
        operationId: 'getGuide',
        security: Security.none,
        params: GuideParams,
        response: {
          200: {
            description: 'The guide as HTML, or its Markdown',
            content: { 'text/html': { schema: Type.String() }, 'text/markdown': { schema: Type.String() } },
          } as unknown as TSchema,
          ...errorResponses(404),
        },
      },
    },
    async (req, reply) => {
      const file = Object.hasOwn(GUIDES, req.params.name) ? GUIDES[req.params.name] : undefined;
      if (!file) throw Errors.notFound(`Guide ${req.params.name}`);
      const text = await fs.readFile(path.join(ROOT, file), 'utf8').catch(() => undefined);
      if (text === undefined) throw Errors.notFound(`Guide ${req.params.name}`);
      reply.header('vary', 'Accept');
      const accept = req.headers.accept ?? '';
      if (/text\/markdown/i.test(accept) && !/text\/html/i.test(accept)) {
        return reply.type('text/markdown; charset=utf-8').header('x-content-type-options', 'nosniff').send(text);
      }
      return sendReferencePage(reply, `Kassa: ${req.params.name}`, trusted(markdownToHtml(text, guideHref)));
    },
  );
}
