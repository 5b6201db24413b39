/** A local HTTP receiver standing in for a merchant's notification endpoint. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: URL;
  body: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The status to answer with (default 200), a delay in ms before answering, and the body (default "ok"). */
  respond: { status: number; delayMs: number; body: string | Buffer };
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const respond: Receiver['respond'] = { status: 200, delayMs: 0, body: 'ok' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { raw };
      }
      received.push({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://receiver'), body });
      setTimeout(() => {
        res.statusCode = respond.status;
        res.end(respond.body);
      }, respond.delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const p = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${p}/notify`,
    port: p,
    received,
    respond,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
