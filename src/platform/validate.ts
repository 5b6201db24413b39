/**
 * Field-by-field validation of untrusted JSON (token payloads) that names the offending field.
 * Problems are collected so one 400 answer lists them all; unknown keys are ignored, as deployed
 * clients send extra ones.
 */
import { Errors } from './errors.js';
import { parseAmount } from './money.js';

export type Json = Record<string, unknown>;

export class Problems {
  readonly list: string[] = [];
  /** The same problems by field (a form shows each next to its field). */
  readonly byField: { field: string; problem: string }[] = [];

  add(field: string, problem: string): void {
    this.list.push(`${field} ${problem}`);
    this.byField.push({ field, problem });
  }

  get ok(): boolean {
    return this.list.length === 0;
  }

  /** Throws a 400 whose message lists every problem, first one first. */
  throwIfAny(): void {
    if (this.list.length) throw Errors.problems(this.list);
  }
}

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export class Reader {
  constructor(
    readonly p: Problems,
    readonly obj: Json,
    readonly prefix: string = '',
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}.${key}` : key;
  }

  has(key: string): boolean {
    return this.obj[key] !== undefined && this.obj[key] !== null;
  }

  /**
   * Whether the key holds an empty (or all-blank) string: what deployed clients send for an
   * optional value they do not have (PHP casts, form fields left empty). Readers of optional
   * fields take it as "not given".
   */
  blank(key: string): boolean {
    const v = this.obj[key];
    return typeof v === 'string' && v.trim() === '';
  }

  string(key: string, opts: { required?: boolean; max?: number; min?: number; pattern?: RegExp; patternHint?: string } = {}): string | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) {
      if (opts.required) this.p.add(this.name(key), 'is required');
      return undefined;
    }
    if (typeof v !== 'string') {
      this.p.add(this.name(key), 'must be a string');
      return undefined;
    }
    if (opts.required && v.trim() === '') {
      this.p.add(this.name(key), 'must not be empty');
      return undefined;
    }
    if (opts.min !== undefined && v.length < opts.min) this.p.add(this.name(key), `must be at least ${opts.min} characters`);
    if (opts.max !== undefined && v.length > opts.max) this.p.add(this.name(key), `must be at most ${opts.max} characters`);
    if (opts.pattern && !opts.pattern.test(v)) this.p.add(this.name(key), opts.patternHint ?? 'is malformed');
    return v;
  }

  oneOf<T extends string>(key: string, values: readonly T[], required = false): T | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) {
      if (required) this.p.add(this.name(key), `is required (one of ${values.join(', ')})`);
      return undefined;
    }
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
      this.p.add(this.name(key), `must be one of ${values.join(', ')}`);
      return undefined;
    }
    return v as T;
  }

  url(key: string, required = false): string | undefined {
    const v = this.string(key, { required, max: 2048 });
    if (v === undefined) return undefined;
    let u: URL;
    try {
      u = new URL(v);
    } catch {
      this.p.add(this.name(key), 'must be an absolute URL');
      return undefined;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      this.p.add(this.name(key), 'must be an http or https URL');
      return undefined;
    }
    return v;
  }

  /** A wire amount (number or numeric string, at most 2 decimals) as minor units. */
  amount(key: string, opts: { required?: boolean; min?: number; minText?: string } = {}): number | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) {
      if (opts.required) this.p.add(this.name(key), 'is required');
      return undefined;
    }
    const r = parseAmount(v);
    if (!r.ok) {
      this.p.add(this.name(key), r.reason);
      return undefined;
    }
    if (opts.min !== undefined && r.minor < opts.min) {
      this.p.add(this.name(key), `must be at least ${opts.minText ?? opts.min}`);
      return undefined;
    }
    return r.minor;
  }

  integer(key: string, opts: { min: number; max: number; required?: boolean }): number | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) {
      if (opts.required) this.p.add(this.name(key), 'is required');
      return undefined;
    }
    const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n)) {
      this.p.add(this.name(key), 'must be a whole number');
      return undefined;
    }
    if (n < opts.min || n > opts.max) {
      this.p.add(this.name(key), `must be from ${opts.min} to ${opts.max}`);
      return undefined;
    }
    return n;
  }

  number(key: string, opts: { required?: boolean; min?: number; exclusiveMin?: number; max?: number } = {}): number | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) {
      if (opts.required) this.p.add(this.name(key), 'is required');
      return undefined;
    }
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n)) {
      this.p.add(this.name(key), 'must be a number');
      return undefined;
    }
    if (opts.exclusiveMin !== undefined && !(n > opts.exclusiveMin)) this.p.add(this.name(key), `must be greater than ${opts.exclusiveMin}`);
    if (opts.min !== undefined && n < opts.min) this.p.add(this.name(key), `must be at least ${opts.min}`);
    if (opts.max !== undefined && n > opts.max) this.p.add(this.name(key), `must be at most ${opts.max}`);
    return n;
  }

  boolean(key: string, required = false): boolean | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) {
      if (required) this.p.add(this.name(key), 'is required');
      return undefined;
    }
    if (typeof v !== 'boolean') {
      this.p.add(this.name(key), 'must be true or false');
      return undefined;
    }
    return v;
  }

  /** A nested object, read by its own Reader; undefined when absent or not an object. */
  object(key: string, required = false): Reader | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) {
      if (required) this.p.add(this.name(key), 'is required');
      return undefined;
    }
    if (!isObject(v)) {
      this.p.add(this.name(key), 'must be an object');
      return undefined;
    }
    return new Reader(this.p, v, this.name(key));
  }

  array(key: string, opts: { required?: boolean; max?: number } = {}): unknown[] | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) {
      if (opts.required) this.p.add(this.name(key), 'is required');
      return undefined;
    }
    if (!Array.isArray(v)) {
      this.p.add(this.name(key), 'must be an array');
      return undefined;
    }
    if (opts.max !== undefined && v.length > opts.max) this.p.add(this.name(key), `must have at most ${opts.max} items`);
    return v;
  }
}
