#!/usr/bin/env node
// The `kassa` command (package.json "bin": `npx kassa …` in a checkout after `npm install`; and
// `npm run kassa -- …`): runs the operator CLI as compiled JavaScript, built from src/ on the first
// call and again whenever a source it was built from has changed (scripts/cli-build.js), so it needs
// no build step and never runs stale code. Where that build cannot be written (a read-only checkout),
// it runs the TypeScript through tsx's loader instead, as it always did: slower, same answers.
import { compiledCli } from '../scripts/cli-build.js';

const entry = await compiledCli();
let cli;
if (entry) {
  cli = await import(entry);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/cli/main.ts');
}
await cli.main(process.argv.slice(2));
