/**
 * Secrets at rest (AES-256-GCM under the master key) and constant-time comparison.
 */
import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual, createHash } from 'node:crypto';

export class SecretBox {
  private readonly key: Buffer;

  constructor(masterKey: string) {
    const key = /^[0-9a-f]{64}$/i.test(masterKey) ? Buffer.from(masterKey, 'hex') : Buffer.from(masterKey, 'base64');
    if (key.length !== 32) throw new Error('KASSA_MASTER_KEY must be 32 bytes, as 64 hex digits or base64');
    this.key = key;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1.${iv.toString('base64url')}.${c.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string): string {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown sealed secret format');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
}

/** Constant-time string equality (lengths are hashed first so they do not leak either). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
