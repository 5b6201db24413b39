/**
 * A route measured with Debian's wrk (C, event-driven) instead of autocannon: for large responses
 * (a pickup-point list is ~46 KB gzipped) autocannon saturates its core long before the server
 * does, and the latency it reports is its own. Same RouteResult as runRoute; wrk's CPU is the
 * load generator's (monitor.ts counts this process's exited children: wrk exits before stop()).
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LoadOptions, RouteResult, RouteSpec, RunCounts } from './load.js';
import type { Monitor } from './monitor.js';

const run = promisify(execFile);

/** Whether wrk is installed and not turned off (BENCH_LOADGEN=autocannon: every step on autocannon, e.g. to compare the two). */
export function hasWrk(): boolean {
  if (process.env.BENCH_LOADGEN === 'autocannon') return false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version exits 1 after printing its version; only a missing binary is ENOENT.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** "1.78ms" / "850.00us" / "1.02s" → milliseconds. */
export function wrkDurationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`unreadable wrk duration "${text}"`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
  return Math.round(Number(m[1]) * scale * 100) / 100;
}

export interface WrkFigures {
  rps: number;
  requests: number;
  durationS: number;
  latencyMs: RouteResult['latencyMs'];
  non2xx: number;
  socketErrors: number;
  timeouts: number;
}

/** Reads wrk's `--latency` report. */
export function parseWrk(out: string): WrkFigures {
  const pick = (re: RegExp, what: string) => {
    const m = re.exec(out);
    if (!m) throw new Error(`wrk output lacks ${what}:\n${out}`);
    return m;
  };
  const lat = pick(/Latency\s+([\d.]+\w+)\s+([\d.]+\w+)\s+([\d.]+\w+)/, 'the latency line');
  const pct = (p: number) => wrkDurationMs(pick(new RegExp(`^\\s*${p}%\\s+([\\d.]+\\w+)`, 'm'), `the ${p}% line`)[1]!);
  const total = pick(/(\d+) requests in ([\d.]+)(s|m)/, 'the request count');
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Math.round(Number(pick(/Requests\/sec:\s+([\d.]+)/, 'Requests/sec')[1])),
    requests: Number(total[1]),
    durationS: Number(total[2]) * (total[3] === 'm' ? 60 : 1),
    latencyMs: { p50: pct(50), p90: pct(90), p99: pct(99), max: wrkDurationMs(lat[3]!), mean: wrkDurationMs(lat[1]!) },
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: sock ? Number(sock[1]) + Number(sock[2]) + Number(sock[3]) : 0,
    timeouts: sock ? Number(sock[4]) : 0,
  };
}

async function fire(spec: RouteSpec, o: LoadOptions, durationS: number, script: string[] = []): Promise<{ figures: WrkFigures; stdout: string }> {
  const headers = Object.entries(spec.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const [lua, ...args] = script;
  const { stdout } = await run(
    'wrk',
    ['-t1', `-c${o.connections}`, `-d${durationS}s`, '--latency', ...headers, ...(lua ? ['-s', lua] : []), `${spec.origin}${spec.path}`, ...(lua ? ['--', ...args] : [])],
    {
      maxBuffer: 1 << 20,
    },
  );
  return { figures: parseWrk(stdout), stdout };
}

const asCounts = (f: WrkFigures): RunCounts => ({
  requests: f.requests,
  errors: f.socketErrors + f.timeouts,
  timeouts: f.timeouts,
  non2xx: f.non2xx,
  statusCodes: {},
  errorMessages: [],
});

/** A GET route with a fixed path and headers, measured by wrk (warm-up, then the measurement). */
export async function runWrkRoute(spec: RouteSpec, o: LoadOptions, monitor: Monitor): Promise<RouteResult> {
  return measure(spec, o, monitor, async (durationS) => (await fire(spec, o, durationS)).figures);
}

const NO_WARMUP = asCounts({ rps: 0, requests: 0, durationS: 0, latencyMs: { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 }, non2xx: 0, socketErrors: 0, timeouts: 0 });

/** A warm-up (unless 0 s), then the measured run with the monitor's CPU window; `messages` (the runs' own failures) count as errors. */
async function measure(spec: RouteSpec, o: LoadOptions, monitor: Monitor, send: (durationS: number) => Promise<WrkFigures>, messages: readonly string[] = []): Promise<RouteResult> {
  monitor.watch();
  const warm = o.warmupS > 0 ? asCounts(await send(o.warmupS)) : NO_WARMUP;
  monitor.startCpuWindow();
  const f = await send(o.durationS);
  const mon = monitor.stop();
  const counts = asCounts(f);
  return {
    name: spec.name,
    method: spec.method,
    path: spec.path,
    durationS: f.durationS,
    rps: f.rps,
    latencyMs: f.latencyMs,
    ...counts,
    errors: counts.errors + messages.length,
    errorMessages: [...messages],
    warmup: warm,
    monitor: mon,
    loadgen: 'wrk',
  };
}

/**
 * The Lua script of runWrkRequests. Arguments: the requests file (a line per request: its path, or
 * its path, a tab and its body), the method, and the 1-based line to start at. Every request is
 * formatted once in `init`, so sending one is a table read. `done` prints the next line and how
 * often the list started over, read from the thread's own Lua state.
 */
export const REQUESTS_LUA = String.raw`
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  reqs = {}
  for line in io.lines(args[1]) do
    local tab = line:find("\t", 1, true)
    if tab then reqs[#reqs + 1] = wrk.format(args[2], line:sub(1, tab - 1), nil, line:sub(tab + 1))
    else reqs[#reqs + 1] = wrk.format(args[2], line) end
  end
  i = tonumber(args[3]) - 1
  restarts = 0
end
function request()
  i = i + 1
  if i > #reqs then i = 1; restarts = restarts + 1 end
  return reqs[i]
end
function done(summary, latency, requests)
  for _, t in ipairs(threads) do io.write(string.format("KASSA_NEXT %d %d\n", t:get("i") + 1, t:get("restarts"))) end
end
`;

/** What REQUESTS_LUA's `done` printed: the next line to send, and how often the list started over. */
export function parseNext(stdout: string): { next: number; restarts: number } {
  const m = /^KASSA_NEXT (\d+) (\d+)$/m.exec(stdout);
  if (!m) throw new Error(`wrk's script printed no KASSA_NEXT line:\n${stdout}`);
  return { next: Number(m[1]), restarts: Number(m[2]) };
}

/**
 * A route whose requests differ (a new order's body each, or the next order's path), measured by
 * wrk: the requests go to a file beforehand and REQUESTS_LUA sends them in turn, so that the load
 * generator's work per request stays a table read (as runRoute's `setup` is for autocannon). The
 * measurement starts where the warm-up stopped. With `once`, every request may be sent once only
 * (a new order): a run that needs more than the file holds is reported as failed in `errorMessages`,
 * as autocannon's order pool that runs dry is.
 */
export async function runWrkRequests(
  spec: Omit<RouteSpec, 'setup' | 'path'> & { requests: readonly { path: string; body?: Buffer | string }[]; once: boolean; dir: string },
  o: LoadOptions,
  monitor: Monitor,
): Promise<RouteResult> {
  if (spec.requests.length === 0) throw new Error(`${spec.name}: no requests to send`);
  const file = path.join(spec.dir, `wrk-requests-${process.pid}-${Date.now()}.txt`);
  const lua = path.join(spec.dir, 'wrk-requests.lua');
  fs.writeFileSync(lua, REQUESTS_LUA);
  const fd = fs.openSync(file, 'w');
  try {
    for (const r of spec.requests) fs.writeSync(fd, r.body === undefined ? `${r.path}\n` : `${r.path}\t${r.body}\n`);
  } finally {
    fs.closeSync(fd);
  }
  const route: RouteSpec = { ...spec, path: spec.requests[0]!.path, setup: (r) => r };
  const messages: string[] = [];
  let next = 1;
  const send = async (durationS: number) => {
    const { figures, stdout } = await fire(route, o, durationS, [lua, file, spec.method, String(next)]);
    const n = parseNext(stdout);
    if (spec.once && n.restarts > 0) messages.push(`wrk sent more requests than the ${spec.requests.length.toLocaleString('en-US')} prepared (raise BENCH_TOKENS)`);
    next = n.next;
    return figures;
  };
  try {
    return await measure(route, o, monitor, send, messages);
  } finally {
    fs.rmSync(file, { force: true });
  }
}
