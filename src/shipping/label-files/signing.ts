/**
 * Temporary download links: `?expires=<unix s>&signature=<hmac>`, the signature being
 * HMAC-SHA256 over `${id}.${expires}` (base64url) under a key derived from the store's secret key
 * of the label file's environment. Stateless: any node can check a link.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../platform/crypto.js';

/** How long a download link works. */
export const LINK_LIFETIME_SECONDS = 15 * 60;

function derivedKey(storeSecret: string): Buffer {
  return createHmac('sha256', storeSecret).update('kassa.label-file-link.v1').digest();
}

export function signLink(storeSecret: string, id: string, expires: number): string {
  return createHmac('sha256', derivedKey(storeSecret)).update(`${id}.${expires}`).digest('base64url');
}

/** True when `signature` is right for id and expires and `expires` is not in the past. */
export function checkLink(storeSecret: string, id: string, expires: unknown, signature: unknown, nowS: number): boolean {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return false;
  const ok = safeEqual(signLink(storeSecret, id, Number(expires)), signature);
  return ok && Number(expires) >= nowS;
}
