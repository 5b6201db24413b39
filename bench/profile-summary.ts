/**
 * Summarises a V8 .cpuprofile of the Kassa process taken during `npm run bench`
 * (BENCH_KASSA_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/kprof"): where the server's CPU went
 * while it was under load.
 *
 *   npx tsx bench/profile-summary.ts /tmp/kprof/CPU.*.cpuprofile [--top 25] [--all] [--window 40-52] [--callers writev]
 *
 * Only the longest stretch of busy seconds is counted (the load run), leaving out start-up and the
 * idle time between runs; --all counts every sample; --window A-B counts seconds A to B of the
 * profile (one route of several, e.g. the GET run after the POST run). Prints self time by package / source file,
 * inclusive time by package (time with that package anywhere on the stack), and the hottest
 * functions by self time. --callers NAME adds who the time of function NAME is spent for: the
 * nearest frame on its stack outside Node core (e.g. writev on behalf of pg or of fastify).
 */
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && !['--top', '--callers', '--window'].includes(args[i - 1] ?? ''));
if (!file) {
  console.error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [--top N] [--all]');
  process.exit(2);
}
const topIdx = args.indexOf('--top');
const TOP = topIdx >= 0 ? Number(args[topIdx + 1]) : 25;
const ALL = args.includes('--all');
const callersIdx = args.indexOf('--callers');
const CALLERS = callersIdx >= 0 ? args[callersIdx + 1] : undefined;
const windowIdx = args.indexOf('--window');
const WINDOW = windowIdx >= 0 ? (args[windowIdx + 1] ?? '').split('-').map(Number) : undefined;

const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** What a frame belongs to: an npm package, a Kassa source file, Node core, or a V8 pseudo-frame. */
function category(cf: CallFrame): string {
  const u = cf.url;
  if (!u) {
    if (cf.functionName.startsWith('(')) return cf.functionName; // (garbage collector), (program), (idle), (root)
    return `builtin ${cf.functionName || '(anonymous)'}`; // JSON.parse, RegExp exec, ...
  }
  const nm = u.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = u.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = u.indexOf('/src/');
  if (src >= 0) return `kassa ${u.slice(src + 1)}`;
  if (u.startsWith('node:')) return `node ${u.slice(5).split('/').slice(0, 2).join('/')}`;
  return u;
}

// Timestamps of each sample, to find the load window.
const times: number[] = [];
let t = p.startTime;
for (const d of p.timeDeltas) {
  t += d;
  times.push(t);
}
const idleId = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));

let from = 0;
let to = p.samples.length;
if (WINDOW) {
  const [a = 0, b = Infinity] = WINDOW;
  from = times.findIndex((x) => x - p.startTime >= a * 1e6);
  const end = times.findIndex((x) => x - p.startTime >= b * 1e6);
  to = end < 0 ? p.samples.length : end;
  console.log(`window: seconds ${a}–${b} of the profile`);
} else if (!ALL) {
  // Busy fraction per second; the longest run of seconds above 40 % busy is the load run.
  const sec = (i: number) => Math.floor((times[i]! - p.startTime) / 1e6);
  const seconds = sec(p.samples.length - 1) + 1;
  const busy = new Array<number>(seconds).fill(0);
  const total = new Array<number>(seconds).fill(0);
  p.samples.forEach((id, i) => {
    total[sec(i)]!++;
    if (!idleId.has(id)) busy[sec(i)]!++;
  });
  let best = [0, 0];
  let start = -1;
  for (let s = 0; s <= seconds; s++) {
    const hot = s < seconds && total[s]! > 0 && busy[s]! / total[s]! > 0.4;
    if (hot && start < 0) start = s;
    if (!hot && start >= 0) {
      if (s - start > best[1]! - best[0]!) best = [start, s];
      start = -1;
    }
  }
  from = p.samples.findIndex((_, i) => sec(i) >= best[0]!);
  const end = p.samples.findIndex((_, i) => sec(i) >= best[1]!);
  to = end < 0 ? p.samples.length : end;
  console.log(`load window: seconds ${best[0]}–${best[1]} of ${seconds} in the profile (use --all for everything)`);
}

const self = new Map<string, number>();
const selfCat = new Map<string, number>();
const incl = new Map<string, number>();
const callers = new Map<string, number>();
let n = 0;
let idle = 0;
for (let i = from; i < to; i++) {
  const id = p.samples[i]!;
  const node = byId.get(id)!;
  const dt = p.timeDeltas[i + 1] ?? p.timeDeltas[i] ?? 0;
  if (idleId.has(id)) {
    idle += dt;
    continue;
  }
  n += dt;
  const cf = node.callFrame;
  const fn = `${cf.functionName || '(anonymous)'}  ${category(cf)}${cf.url ? `:${cf.lineNumber + 1}` : ''}`;
  self.set(fn, (self.get(fn) ?? 0) + dt);
  const cat = category(cf);
  selfCat.set(cat, (selfCat.get(cat) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const c = category(byId.get(cur)!.callFrame);
    if (c.startsWith('kassa ')) seen.add('kassa src/*');
    if (c.startsWith('node ')) seen.add('node core');
    seen.add(c);
  }
  for (const c of seen) incl.set(c, (incl.get(c) ?? 0) + dt);
  if (CALLERS && cf.functionName === CALLERS) {
    let who = '(only Node core on the stack)';
    for (let cur = parent.get(id); cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      const c = category(f);
      if (!c.startsWith('node ') && !c.startsWith('builtin ') && !c.startsWith('(')) {
        who = `${c}  ${f.functionName || '(anonymous)'}`;
        break;
      }
    }
    callers.set(who, (callers.get(who) ?? 0) + dt);
  }
}

const pct = (x: number) => `${((100 * x) / n).toFixed(1).padStart(5)} %`;
const ms = (x: number) => `${(x / 1000).toFixed(0).padStart(7)} ms`;
const show = (title: string, m: Map<string, number>, limit: number) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit)) console.log(`  ${pct(v)} ${ms(v)}  ${k}`);
};

console.log(`busy CPU in window: ${(n / 1e6).toFixed(2)} s; idle: ${(idle / 1e6).toFixed(2)} s; busy share ${((100 * n) / (n + idle)).toFixed(0)} %`);
show('self time by package / file', selfCat, TOP);
show('inclusive time (package anywhere on the stack)', new Map([...incl].filter(([k]) => !k.startsWith('('))), TOP);
show('hottest functions (self time)', self, TOP);
if (CALLERS) show(`${CALLERS}: self time by the nearest caller outside Node core`, callers, TOP);
