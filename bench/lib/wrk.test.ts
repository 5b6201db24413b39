import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Monitor } from './monitor.js';
import { hasWrk, parseNext, parseWrk, runWrkRequests, wrkDurationMs } from './wrk.js';

const SAMPLE = `Running 10s test @ http://127.0.0.1:18090/x
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.13ms    1.23ms  22.74ms   92.16%
    Req/Sec    24.67k     1.10k   26.00k    80.00%
  Latency Distribution
     50%    1.78ms
     75%    2.40ms
     90%    3.30ms
     99%    7.80ms
  245600 requests in 10.00s, 10.55GB read
  Non-2xx or 3xx responses: 3
Requests/sec:  24547.80
Transfer/sec:      1.05GB
`;

describe('wrk report', () => {
  it('reads rate, percentiles and failures', () => {
    expect(parseWrk(SAMPLE)).toEqual({
      rps: 24548,
      requests: 245600,
      durationS: 10,
      latencyMs: { p50: 1.78, p90: 3.3, p99: 7.8, max: 22.74, mean: 2.13 },
      non2xx: 3,
      socketErrors: 0,
      timeouts: 0,
    });
  });
  it('converts its units', () => {
    expect(wrkDurationMs('850.00us')).toBe(0.85);
    expect(wrkDurationMs('1.02s')).toBe(1020);
    expect(() => wrkDurationMs('fast')).toThrow();
  });
});

describe('wrk sending prepared requests (REQUESTS_LUA)', () => {
  it('reads where its script stopped', () => {
    expect(parseNext('Requests/sec: 1\nKASSA_NEXT 41 0\n')).toEqual({ next: 41, restarts: 0 });
    expect(() => parseNext('Requests/sec: 1\n')).toThrow('no KASSA_NEXT line');
  });

  it.skipIf(!hasWrk())('sends each request of the file in turn from the given line, bodies included, and says where it stopped', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['content-type']} ${body}`);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-wrk-'));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const requests = ['a', 'b', 'c'].map((x) => ({ path: `/${x}`, body: `{"data":"${x}"}` }));
      const monitor = { watch() {}, startCpuWindow() {}, stop: () => ({}) } as unknown as Monitor;
      const load = { connections: 1, pipelining: 1, durationS: 1, warmupS: 0 };
      const r = await runWrkRequests({ name: 'test', origin, method: 'POST', headers: { 'content-type': 'application/json' }, requests, once: true, dir }, load, monitor);
      // Three prepared requests last a fraction of the run: the list started over, which `once` reports.
      expect(r.errorMessages).toEqual(['wrk sent more requests than the 3 prepared (raise BENCH_TOKENS)']);
      // In file order, starting over after the last, each path with its own body. (wrk asks the
      // script for one request more than it sends: the first line sent is the second.)
      const lines = ['POST /a application/json {"data":"a"}', 'POST /b application/json {"data":"b"}', 'POST /c application/json {"data":"c"}'];
      expect(seen.length).toBeGreaterThan(10);
      const first = lines.indexOf(seen[0]!);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(seen.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, k) => lines[(first + k) % 3]));
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.txt'))).toEqual([]);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
