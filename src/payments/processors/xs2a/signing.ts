/**
 * Message signing as the Berlin Group asks of a TPP where the bank requires it (Implementation
 * Guidelines v1.3.x, section 12 "Signatures": the `Digest` header of RFC 3230 over the body, the
 * `Signature` header of draft-cavage-http-signatures with `keyId` naming the QSealC by serial
 * number and issuer, `algorithm="rsa-sha256"`, and `TPP-Signature-Certificate` carrying the
 * QSealC). Pure apart from the RSA signature itself.
 */
import { createHash, createSign, createVerify } from 'node:crypto';

/** The headers signed, in order (IG 12.2: digest, x-request-id, date mandatory; the PSU and redirect headers when present). */
export const SIGNED_HEADERS = ['digest', 'x-request-id', 'date', 'psu-ip-address', 'tpp-redirect-uri'] as const;

export function digestOf(body: string): string {
  return `SHA-256=${createHash('sha256').update(body, 'utf8').digest('base64')}`;
}

/** The signing string of draft-cavage-http-signatures: `name: value` lines of the signed headers present. */
export function signingString(headers: Readonly<Record<string, string>>, names: readonly string[]): string {
  return names.map((n) => `${n}: ${headers[n] ?? ''}`).join('\n');
}

/** The certificate as TPP-Signature-Certificate carries it: the DER in base64, without the PEM lines. */
export function certificateHeader(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/** Adds Digest, Signature and TPP-Signature-Certificate to lower-case `headers` (which must hold x-request-id and date). */
export function signRequest(headers: Record<string, string>, body: string, s: { keyId: string; keyPem: string; certPem: string }): void {
  headers.digest = digestOf(body);
  const names = SIGNED_HEADERS.filter((n) => headers[n] !== undefined);
  const signature = createSign('RSA-SHA256').update(signingString(headers, names), 'utf8').sign(s.keyPem, 'base64');
  headers.signature = `keyId="${s.keyId}",algorithm="rsa-sha256",headers="${names.join(' ')}",signature="${signature}"`;
  headers['tpp-signature-certificate'] = certificateHeader(s.certPem);
}

/** Checks a signed request (the simulator's side, and tests): undefined when valid, else why not. */
export function verifyRequest(headers: Readonly<Record<string, string | undefined>>, body: string, certPem: string): string | undefined {
  const sig = headers.signature;
  if (!sig) return 'SIGNATURE_MISSING';
  if (headers.digest !== digestOf(body)) return 'the Digest header does not match the body';
  const params = Object.fromEntries([...sig.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const names = (params.headers ?? '').split(' ').filter(Boolean);
  if (params.algorithm !== 'rsa-sha256' || !names.includes('digest') || !names.includes('x-request-id') || !names.includes('date')) return 'the Signature header lacks digest, x-request-id or date';
  const plain: Record<string, string> = {};
  for (const n of names) plain[n] = headers[n] ?? '';
  const ok = createVerify('RSA-SHA256')
    .update(signingString(plain, names), 'utf8')
    .verify(certPem, params.signature ?? '', 'base64');
  return ok ? undefined : 'SIGNATURE_INVALID';
}
