/**
 * The merchant's notification endpoint during the drill: answers 200 to every POST and records each
 * order notification (`{"orderToken": <JWT>}`, docs/going-to-production.md), its signature checked
 * with the store's sandbox secret.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';
import { verify } from '../../src/platform/jwt.js';

export interface Received {
  uuid: string;
  paymentStatus: string;
  at: number;
  /** sha256 of the token bytes: a repeated delivery of the same event should carry the same. */
  tokenHash: string;
}

export interface Receiver {
  url: string;
  /** Every order notification, in arrival order. */
  received: Received[];
  /** Bodies that were not a valid signed order token (should be none). */
  rejected: string[];
  setSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startReceiver(port: number): Promise<Receiver> {
  let secret = '';
  const received: Received[] = [];
  const rejected: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      try {
        const token = (JSON.parse(body) as { orderToken?: unknown }).orderToken;
        if (typeof token !== 'string') throw new Error('no orderToken');
        const claims = verify(token, secret);
        received.push({
          uuid: String(claims.uuid),
          paymentStatus: String(claims.paymentStatus),
          at: Date.now(),
          tokenHash: createHash('sha256').update(token).digest('hex'),
        });
      } catch (err) {
        if (rejected.length < 50) rejected.push(`${(err as Error).message}: ${body.slice(0, 200)}`);
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/notify`,
    received,
    rejected,
    setSecret: (s) => (secret = s),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
