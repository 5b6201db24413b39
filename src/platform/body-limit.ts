/**
 * How large a request body may be, and how a connection closes while the client is still sending
 * one.
 *
 * The limit fits the largest request the documented limits allow: POST /orders with 1,000 line
 * items (MAX_LINE_ITEMS), every name at its 255 characters written as `\uXXXX` escapes (PHP's
 * json_encode, the usual merchant's signer, escapes every non-ASCII character so: 6 bytes each),
 * both addresses full, signed (base64url: 4/3) into `{"data": "<JWT>"}`, is about 2.1 MB; the limit
 * is 4 MiB (test/platform/body-limits.test.ts builds that request). A larger body is a 413 naming
 * the limit (errors.ts, KASSA_ERR_BODY_TOO_LARGE).
 *
 * Lingering close: when Node closes a connection after an answer (`Connection: close`, the 413 of a
 * body over the limit) while the request's body is still arriving, closing at once makes the
 * kernel answer the client's next bytes with a reset, and a reset may discard the answer before the
 * client reads it (RFC 9112 §9.6). So the server first half-closes (the answer is sent, then FIN),
 * reads and discards what the client still sends, and closes when the request is complete, when
 * the client stops sending for LINGER_IDLE_MS, or after LINGER_MAX_MS at most (nginx's
 * lingering_timeout and lingering_time).
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** The largest request body, in bytes (Fastify's `bodyLimit`). */
export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** A byte count as people read it: `4 MiB`, `512 KiB`, `100 bytes`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** How long a closing connection waits for the client's next bytes of a request body. */
export const LINGER_IDLE_MS = 5_000;
/** How long a closing connection reads the rest of a request body at most. */
export const LINGER_MAX_MS = 30_000;

const kRequest = Symbol('kassa.currentRequest');
type LingeringSocket = Socket & { destroySoon?: () => void; [kRequest]?: IncomingMessage };

/**
 * Makes the app's server close a connection whose request is still arriving by lingering (above).
 * Node closes a connection after an answer through `socket.destroySoon()` (or `end()` where a
 * socket has none); each socket's is wrapped once, and does what it did for a complete request.
 * A server that is closing does not linger: fastify.close() ends the lingering connections at once.
 */
export function installLingeringClose(app: FastifyInstance): void {
  const server = app.server;
  const lingering = new Set<Socket>();
  app.addHook('preClose', (done) => {
    for (const s of lingering) s.destroy();
    done();
  });
  server.on('request', (req: IncomingMessage) => {
    const socket = req.socket as LingeringSocket;
    const wrapped = kRequest in socket;
    socket[kRequest] = req;
    if (wrapped || typeof socket.destroySoon !== 'function') return;
    const destroySoon = socket.destroySoon;
    socket.destroySoon = function (this: LingeringSocket) {
      const current = this[kRequest];
      if (!current || current.complete || this.destroyed || !server.listening) return destroySoon.call(this);
      linger(this, current, lingering);
    };
  });
}

function linger(socket: Socket, req: IncomingMessage, lingering: Set<Socket>): void {
  // The answer is flushed, then FIN: the client reads it and stops; its bytes still arrive here.
  socket.end();
  lingering.add(socket);
  const close = () => {
    clearTimeout(idle);
    clearTimeout(deadline);
    lingering.delete(socket);
    socket.destroy();
  };
  const idle = setTimeout(close, LINGER_IDLE_MS);
  const deadline = setTimeout(close, LINGER_MAX_MS);
  idle.unref();
  deadline.unref();
  // What the parser still gets of the body is read and dropped.
  req.on('data', () => idle.refresh());
  req.once('end', close);
  req.once('error', close);
  socket.once('close', close);
  req.resume();
}
