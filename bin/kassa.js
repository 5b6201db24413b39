#!/usr/bin/env node
// The `kassa` command (package.json "bin"; `npx kassa …` in a checkout after `npm install`): runs
// the operator CLI from its TypeScript source through tsx's loader, so it needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
await main(process.argv.slice(2));
