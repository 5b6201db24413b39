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
 *
 * With BENCH_READY_FILE and BENCH_READY_GZIP_FILE (the `pickup` step: a v2 pickup point list as
 * Kassa sends it, identity and gzip), `GET /bare-ready` answers those very bytes, gzip when the
 * request accepts it: the ceiling of a list rendered and compressed once, with no
 * authentication, query parsing or catalogue.
 *
 * With BENCH_PROCESSES=N (the `cluster` step, bench/lib/cluster.ts) it runs as Kassa does with
 * KASSA_API_PROCESSES=N: a primary that only forks N processes (node:cluster) sharing the port,
 * each serving the same app, so the ceiling of N processes comes through the same machinery.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import { pipeline } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { acceptsGzip, STREAM_GZIP_LEVEL } from '../src/platform/cached-reply.js';
import { BARE_READY } from './lib/bare-ready.js';

const file = process.env.BENCH_BODY_FILE;
if (!file) {
  console.error('BENCH_BODY_FILE is required (a JSON file: the body to answer with)');
  process.exit(2);
}
const body = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

const processes = Number(process.env.BENCH_PROCESSES || 1);
if (!Number.isInteger(processes) || processes < 1 || processes > os.availableParallelism() * 4) {
  console.error(`BENCH_PROCESSES must be a whole number from 1 to ${os.availableParallelism() * 4}, got "${process.env.BENCH_PROCESSES}"`);
  process.exit(2);
}

if (processes > 1 && cluster.isPrimary) {
  // The primary serves nothing: it forks the processes and stops them, as Kassa's does.
  for (let i = 0; i < processes; i++) cluster.fork();
  let listening = 0;
  cluster.on('listening', () => {
    // What the benchmark waits for (bench/lib/cluster.ts): every process serves.
    if (++listening === processes) console.log(`${BARE_READY} (${processes} processes)`);
  });
  let stopping = false;
  cluster.on('exit', () => {
    if (!stopping) {
      console.error('a bare server process exited');
      process.exit(1);
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  await serve();
}

async function serve(): Promise<void> {
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

  const readyFile = process.env.BENCH_READY_FILE;
  if (readyFile) {
    const ready = fs.readFileSync(readyFile);
    const gzipFile = process.env.BENCH_READY_GZIP_FILE;
    const readyGzip = gzipFile ? fs.readFileSync(gzipFile) : gzipSync(ready);
    app.get('/bare-ready', (req, reply) => {
      reply.type('application/json; charset=utf-8');
      if (!acceptsGzip(req.headers['accept-encoding'])) return reply.send(ready);
      return reply.header('content-encoding', 'gzip').send(readyGzip);
    });
  }

  await app.listen({ port: Number(process.env.PORT ?? 8081), host: process.env.HOST ?? '127.0.0.1' });

  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
