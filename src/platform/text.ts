/**
 * Text PostgreSQL can hold. PostgreSQL `text` cannot hold NUL (U+0000: "invalid byte sequence for
 * encoding UTF8: 0x00") and `jsonb` refuses lone UTF-16 surrogates ("\ud800": "Unicode low
 * surrogate must follow a high surrogate"); both arrive easily through JSON, form bodies, query
 * strings and `%00` in paths, and would otherwise surface as 500s from whichever query first
 * meets them. So every incoming string is checked once, at the edge, before any handler runs
 * (`installTextCheck`), and the claims of a token before its access key is looked up and once its
 * signature is verified (stores/auth.ts, platform/jwt.ts): a 400 naming the field instead.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { Errors } from './errors.js';

/** Deeper than this is no request Kassa defines; refusing it bounds the walk (and the handlers'). */
export const MAX_NESTING = 32;

// Any NUL or surrogate at all: a plain character class, cheap enough for every string of every
// request; only a string that has one is looked at closely (a well-paired surrogate is fine).
const SUSPECT = /[\0\ud800-\udfff]/;
// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const BAD = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `s` cannot be stored as PostgreSQL text or jsonb, or undefined when it can. */
export function textProblem(s: string): string | undefined {
  if (!SUSPECT.test(s)) return undefined;
  const m = BAD.exec(s);
  if (!m) return undefined;
  return m[0] === '\0' ? 'must not contain NUL characters (U+0000)' : 'must be valid Unicode text (it contains a lone UTF-16 surrogate)';
}

export interface TextFault {
  field: string;
  problem: string;
}

/** `a.b`, `a[0]`, or `a["odd key"]` for keys that are not plain names (shortened when long). */
function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (/^[A-Za-z_$][\w$-]*$/.test(key) && key.length <= 64) return path ? `${path}.${key}` : key;
  const shown = key.length > 64 ? `${key.slice(0, 64)}…` : key;
  return `${path}[${JSON.stringify(shown.replace(/[\0\ud800-\udfff]/g, '\ufffd'))}]`;
}

interface Found {
  /** The keys from the walk's root down to the faulty value, gathered on the way back up. */
  keys: (string | number)[];
  problem: string;
}

// The walk allocates nothing for a request without a fault: a path is built only for a fault.
function walk(value: unknown, depth: number): Found | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { keys: [], problem } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_NESTING) return { keys: [], problem: `is nested too deeply (at most ${MAX_NESTING} levels)` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const f = walk(value[i], depth + 1);
      if (f) {
        f.keys.push(i);
        return f;
      }
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyProblem = textProblem(key);
    if (keyProblem) return { keys: [], problem: `has a key that ${keyProblem}` };
    const f = walk((value as Record<string, unknown>)[key], depth + 1);
    if (f) {
      f.keys.push(key);
      return f;
    }
  }
  return undefined;
}

/**
 * The first string (or object key) anywhere in `value` that PostgreSQL could not store, named by
 * its path from `path` (e.g. `body.receiver.name`, `body.parcels[0].id`); also refuses nesting
 * deeper than MAX_NESTING.
 */
export function findTextFault(value: unknown, path: string): TextFault | undefined {
  const f = walk(value, 0);
  if (!f) return undefined;
  let field = path;
  for (let i = f.keys.length - 1; i >= 0; i--) field = child(field, f.keys[i]!);
  return { field, problem: f.problem };
}

/**
 * Checks every string a request brings (path parameters, query, headers, body at every depth)
 * before validation and handlers: one place, so no route can forget it. Registered on the root
 * instance before the routes, so every route plugin inherits it.
 */
export function installTextCheck(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here, and a promise per request costs.
  app.addHook('preValidation', (req, _reply, done) => {
    const f = findTextFault(req.params, 'params') ?? findTextFault(req.query, 'query') ?? findTextFault(req.headers, 'headers') ?? findTextFault(req.body, 'body');
    if (f) done(Errors.validation(f.field, f.problem) as unknown as FastifyError);
    else done();
  });
}
