import { randomBytes } from 'node:crypto';

/**
 * A UUID as PostgreSQL's uuid type takes it from us: 8-4-4-4-12 hex digits, any version or variant.
 * Every id from a request is checked with this before it reaches a uuid column; a looser test (say
 * `[0-9a-f-]{36}`, which `------------------------------------` passes) turns input into a 500.
 */
export const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const UUID_RE = new RegExp(`^${UUID_PATTERN}$`);

export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && UUID_RE.test(s);
}

// Random bytes are drawn from a pooled buffer: one getrandom call per 256 ids instead of one each.
const POOL = 4096;
let pool = randomBytes(POOL);
let offset = 0;
function random16(): Buffer {
  if (offset + 16 > POOL) {
    pool = randomBytes(POOL);
    offset = 0;
  }
  const b = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  return b;
}

/** RFC 9562 UUIDv7: 48-bit Unix milliseconds, then random bits; time-ordered for index locality. */
export function uuidv7(nowMs: number = Date.now()): string {
  const b = random16();
  b.writeUIntBE(nowMs, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A random URL-safe token (keys, admin tokens). */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
