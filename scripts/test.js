#!/usr/bin/env node
/**
 * `npm test`: the type check (tsc --noEmit) beside the whole suite (vitest run), not before it.
 * The test files mostly wait on servers and databases, so tsc's ~20 s of single-threaded CPU fits
 * in their gaps instead of adding to the run. Either failing fails `npm test`; tsc's output is
 * printed after the tests' so it is not interleaved with them. Arguments go to vitest
 * (`npm test -- --project unit`). Plain JavaScript, so nothing is compiled to start it.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const bin = (pkg, file) => require.resolve(`${pkg}/${file}`);

/** Runs `node <script> <args>`; resolves with its exit code (1 for a signal). */
function run(script, args, stdio) {
  const child = spawn(process.execPath, [script, ...args], { stdio });
  children.push(child);
  const out = [];
  if (stdio[1] === 'pipe') {
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
  }
  return new Promise((resolve) => {
    child.on('error', (err) => {
      out.push(Buffer.from(`${err.message}\n`));
      resolve({ code: 1, out });
    });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

const children = [];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const c of children) c.kill(signal);
  });
}

const typecheck = run(bin('typescript', 'bin/tsc'), ['--noEmit'], ['ignore', 'pipe', 'pipe']);
const tests = run(bin('vitest', 'vitest.mjs'), ['run', ...process.argv.slice(2)], ['inherit', 'inherit', 'inherit']);
const [t, v] = await Promise.all([typecheck, tests]);
process.stdout.write(Buffer.concat(t.out));
if (t.code !== 0) process.stdout.write(`tsc --noEmit failed (exit ${t.code})\n`);
process.exit(t.code !== 0 || v.code !== 0 ? 1 : 0);
