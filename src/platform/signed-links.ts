/**
 * Temporary download links: `?expires=<unix s>&signature=<hmac>`, the signature being
 * HMAC-SHA256 over `${id}.${expires}` (base64url) under a key derived from the store's secret key
 * of the resource's environment and the link's purpose (a label-file link never opens an export).
 * Stateless: any node can check a link.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from './crypto.js';

/** How long a download link works. */
export const LINK_LIFETIME_SECONDS = 15 * 60;

/** What a link opens; part of the signing key. */
export type LinkPurpose = 'kassa.label-file-link.v1' | 'kassa.payout-export-link.v1';

function derivedKey(storeSecret: string, purpose: LinkPurpose): Buffer {
  return createHmac('sha256', storeSecret).update(purpose).digest();
}

export function signLink(storeSecret: string, purpose: LinkPurpose, id: string, expires: number): string {
  return createHmac('sha256', derivedKey(storeSecret, purpose)).update(`${id}.${expires}`).digest('base64url');
}

/** True when `signature` is right for purpose, id and expires and `expires` is not in the past. */
export function checkLink(storeSecret: string, purpose: LinkPurpose, id: string, expires: unknown, signature: unknown, nowS: number): boolean {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return false;
  const ok = safeEqual(signLink(storeSecret, purpose, id, Number(expires)), signature);
  return ok && Number(expires) >= nowS;
}
