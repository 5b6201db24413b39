/**
 * Scripts Kassa serves to browsers (the bank-selection widget, the embedded card checkout), each
 * one esbuild IIFE bundle of a TypeScript entry under src/. Running from dist/ (`npm start`), the
 * bundle is the file `npm run build` wrote beside the server's modules (dist/bundles/), so the
 * server never runs esbuild; running from src/ (tests, `npm run dev`), it is built in memory on
 * first use, from the sources as they are. Either way it is read once per process and answered
 * with an ETag, gzip when the browser takes it, and a short public cache lifetime.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A browser script: its name (dist/bundles/<name>.js) and its entry, relative to src/. */
export interface BundleSpec {
  name: string;
  entry: string;
}

export interface BuiltBundle {
  js: Buffer;
  gzip: Buffer;
  etag: string;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** src/ or dist/: this module lives in its platform/ folder. */
const CODE_ROOT = path.dirname(HERE);
const REPO_ROOT = path.dirname(CODE_ROOT);
const FROM_DIST = path.basename(CODE_ROOT) === 'dist';

/** The esbuild options of every browser bundle (the build script and the in-memory build share them). */
export function bundleOptions(spec: BundleSpec) {
  return {
    absWorkingDir: REPO_ROOT,
    entryPoints: [path.join(REPO_ROOT, 'src', spec.entry)],
    bundle: true,
    format: 'iife' as const,
    platform: 'browser' as const,
    target: 'es2018',
    minify: true,
    legalComments: 'none' as const,
    charset: 'utf8' as const,
    logLevel: 'silent' as const,
  };
}

function built(js: Buffer): BuiltBundle {
  return { js, gzip: gzipSync(js, { level: 9 }), etag: `"${createHash('sha256').update(js).digest('base64url').slice(0, 27)}"` };
}

async function buildInMemory(spec: BundleSpec): Promise<Buffer> {
  const { build } = await import('esbuild');
  const result = await build({ ...bundleOptions(spec), write: false });
  return Buffer.from(result.outputFiles[0]!.contents);
}

export class BrowserBundle {
  private loading: Promise<BuiltBundle> | undefined;

  constructor(readonly spec: BundleSpec) {}

  /** The bundle, built or read once per process. */
  get(): Promise<BuiltBundle> {
    this.loading ??= (FROM_DIST ? fs.promises.readFile(path.join(CODE_ROOT, 'bundles', `${this.spec.name}.js`)) : buildInMemory(this.spec)).then(built);
    // A failed build is not cached: the next request tries again (and shows the error again).
    this.loading.catch(() => (this.loading = undefined));
    return this.loading;
  }

  /** Answers a GET for the script: 304 for a known ETag, gzip where accepted. */
  async send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const b = await this.get();
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('etag', b.etag)
      .header('vary', 'accept-encoding')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff');
    if (req.headers['if-none-match'] === b.etag) return reply.code(304).send();
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(b.gzip);
    return reply.send(b.js);
  }
}
