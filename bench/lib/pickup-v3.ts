/**
 * The `pickupv3` step: the v3 all-countries pickup point list of the largest carrier, as the
 * WooCommerce plugin's sync downloads it (`GET …/v3/shipping-methods/pickup-points?carrierCode=…`,
 * streamed by Kassa: catalogue/service.ts pickupPointsV3Stream). One request at a time, raw and
 * gzip: bytes, time to first and to last byte, and the server's peak RSS while serving it, beside
 * the same-run ceiling: a bare Fastify server (bench/bare-server.ts `/bare-stream`) streaming the
 * very same bytes from a file, through the same gzip level.
 *
 * Both servers are child processes, so each RSS is the server's own; Kassa is started afresh for
 * this step (bench/run.ts), so its peak is not an earlier step's high-water mark.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { MB, rssBytes } from './proc.js';

export interface Download {
  status: number;
  /** Bytes on the wire (gzipped when content-encoding is gzip). */
  bytes: number;
  contentEncoding: string | null;
  firstByteMs: number;
  lastByteMs: number;
}

/** One GET, counted on the wire (node:http: no decompression), body discarded as it arrives. */
export function download(url: string, headers: Record<string, string>): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers, agent: false }, (res) => {
      const firstByteMs = performance.now() - started;
      let bytes = 0;
      res.on('data', (d: Buffer) => {
        bytes += d.length;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, contentEncoding: (res.headers['content-encoding'] as string | undefined) ?? null, firstByteMs, lastByteMs: performance.now() - started }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The same GET with the whole body kept (to hand the bare server the same bytes). */
export function fetchBody(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Samples a process's VmRSS every `ms` until stopped; the peak in MB. */
export function rssPeak(pid: number, ms = 20): { stop(): number } {
  let peak = rssBytes(pid) ?? 0;
  const timer = setInterval(() => {
    const r = rssBytes(pid) ?? 0;
    if (r > peak) peak = r;
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      const r = rssBytes(pid) ?? 0;
      return Math.round((10 * Math.max(peak, r)) / MB) / 10;
    },
  };
}

export interface StreamTiming {
  encoding: 'identity' | 'gzip';
  bytes: number;
  /** Median over the runs. */
  firstByteMs: number;
  lastByteMs: number;
  /** Slowest run. */
  maxLastByteMs: number;
  /** The server's peak VmRSS over these runs, MB, and its RSS before them. */
  rssBeforeMB: number;
  rssPeakMB: number;
}

export interface PickupV3Result {
  carrier: string;
  points: number;
  countries: number;
  runs: number;
  /** Kassa's RSS before its first catalogue request (the catalogue loads on first use). */
  kassaRssBeforeCatalogueMB: number;
  kassa: StreamTiming[];
  bare: StreamTiming[];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(100 * s[Math.floor(s.length / 2)]!) / 100;
};

/** `runs` sequential GETs of `url` with and without gzip, the server `pid` watched. */
export async function timeStream(url: string, headers: Record<string, string>, pid: number, runs: number, expectBytes?: number): Promise<StreamTiming[]> {
  const out: StreamTiming[] = [];
  for (const encoding of ['identity', 'gzip'] as const) {
    const rssBeforeMB = Math.round((10 * (rssBytes(pid) ?? 0)) / MB) / 10;
    const watch = rssPeak(pid);
    const got: Download[] = [];
    for (let i = 0; i < runs; i++) {
      const d = await download(url, { ...headers, 'accept-encoding': encoding });
      if (d.status !== 200) throw new Error(`GET ${url} (${encoding}): HTTP ${d.status}`);
      if ((d.contentEncoding ?? 'identity') !== encoding) throw new Error(`GET ${url}: asked for ${encoding}, got ${d.contentEncoding ?? 'identity'}`);
      if (encoding === 'identity' && expectBytes !== undefined && d.bytes !== expectBytes) throw new Error(`GET ${url}: ${d.bytes} bytes, expected ${expectBytes}`);
      got.push(d);
    }
    out.push({
      encoding,
      bytes: got[0]!.bytes,
      firstByteMs: median(got.map((d) => d.firstByteMs)),
      lastByteMs: median(got.map((d) => d.lastByteMs)),
      maxLastByteMs: Math.round(100 * Math.max(...got.map((d) => d.lastByteMs))) / 100,
      rssBeforeMB,
      rssPeakMB: watch.stop(),
    });
  }
  return out;
}

export function pickupV3Table(r: PickupV3Result): string {
  const rows = [...r.kassa.map((t) => ['Kassa (streamed from the catalogue)', t] as const), ...r.bare.map((t) => ['bare Fastify (same bytes from a file)', t] as const)];
  const head = ['server', 'encoding', 'bytes', 'first byte ms', 'last byte ms (median)', 'last byte ms (max)', 'RSS before → peak MB', 'vs bare (last byte)'];
  const cells = rows.map(([who, t]) => {
    const bare = r.bare.find((b) => b.encoding === t.encoding);
    return [
      who,
      t.encoding,
      t.bytes.toLocaleString('en-US'),
      t.firstByteMs.toFixed(1),
      t.lastByteMs.toFixed(1),
      t.maxLastByteMs.toFixed(1),
      `${t.rssBeforeMB.toFixed(1)} → ${t.rssPeakMB.toFixed(1)}`,
      who.startsWith('bare') ? '1.00 (ceiling)' : bare ? (t.lastByteMs / bare.lastByteMs).toFixed(2) : '-',
    ];
  });
  const w = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) => `| ${c.map((x, i) => (i < 2 ? x.padEnd(w[i]!) : x.padStart(w[i]!))).join(' | ')} |`;
  return [
    `v3 pickup points, all countries of ${r.carrier} (${r.points.toLocaleString('en-US')} points in ${r.countries} countries), ${r.runs} sequential GETs per row; ` +
      `Kassa RSS ${r.kassaRssBeforeCatalogueMB.toFixed(1)} MB before its first catalogue request (which loads the catalogue)`,
    line(head),
    `|${w.map((n, i) => (i < 2 ? '-'.repeat(n + 2) : `${'-'.repeat(n + 1)}:`)).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}
