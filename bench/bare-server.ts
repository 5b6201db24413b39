/**
 * The ceiling: a bare Fastify 5 server, started as its own process by bench/run.ts, with one route
 * answering the JSON of a real Kassa order (read from BENCH_BODY_FILE). Like Kassa's routes it
 * returns an object that Fastify serialises per request, so the figure is what HTTP + Fastify +
 * JSON of this size cost on this machine, with no authentication, validation or database.
 *
 *   PORT=8081 BENCH_BODY_FILE=order.json node --import tsx bench/bare-server.ts
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const file = process.env.BENCH_BODY_FILE;
if (!file) {
  console.error('BENCH_BODY_FILE is required (a JSON file: the body to answer with)');
  process.exit(2);
}
const body = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

const app = Fastify({ logger: false });
app.get('/bare', async () => body);

await app.listen({ port: Number(process.env.PORT ?? 8081), host: process.env.HOST ?? '127.0.0.1' });

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
