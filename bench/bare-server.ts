/**
 * The ceiling: a bare Fastify 5 server, started as its own process by bench/run.ts, with one route
 * answering the JSON of a real Kassa order (read from BENCH_BODY_FILE). Like Kassa's routes it
 * returns an object that Fastify serialises per request, so the figure is what HTTP + Fastify +
 * JSON of this size cost on this machine, with no authentication, validation or database.
 *
 *   PORT=8081 BENCH_BODY_FILE=order.json node --import tsx bench/bare-server.ts
 *
 * With BENCH_STREAM_FILE (the `pickupv3` step, bench/lib/pickup-v3.ts), `GET /bare-stream`
 * streams that file's bytes from disk, through gzip at Kassa's level when the request accepts
 * it: the ceiling of a streamed list on the same stack (Fastify, zlib), with no catalogue.
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import Fastify from 'fastify';
import { acceptsGzip, STREAM_GZIP_LEVEL } from '../src/platform/cached-reply.js';

const file = process.env.BENCH_BODY_FILE;
if (!file) {
  console.error('BENCH_BODY_FILE is required (a JSON file: the body to answer with)');
  process.exit(2);
}
const body = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

const app = Fastify({ logger: false });
app.get('/bare', async () => body);
const streamFile = process.env.BENCH_STREAM_FILE;
if (streamFile) {
  app.get('/bare-stream', (req, reply) => {
    reply.type('application/json; charset=utf-8');
    const file = fs.createReadStream(streamFile, { highWaterMark: 64 * 1024 });
    if (!acceptsGzip(req.headers['accept-encoding'])) return reply.send(file);
    const gz = createGzip({ level: STREAM_GZIP_LEVEL });
    pipeline(file, gz, () => undefined);
    return reply.header('content-encoding', 'gzip').send(gz);
  });
}

await app.listen({ port: Number(process.env.PORT ?? 8081), host: process.env.HOST ?? '127.0.0.1' });

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
