/** The compiled server the tests spawn is never stale (server-build.ts): any change to what it was built from makes it so. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { currentInputs, freshBuild, recordBuild } from './server-build.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-server-build-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** As compiledServer() records a build: the inputs as they were before it read them. */
let builds = 0;
const built = () => {
  const name = `.dist-test-${++builds}`;
  write(`${name}/main.js`, '');
  recordBuild(name, currentInputs(root), root);
};
const testDistFresh = (r: string) => freshBuild(r) !== undefined;

it('is stale when never built, fresh once built, and stale after any input is changed, added or removed, or its folder removed', () => {
  write('src/main.ts', 'export {};\n');
  write('src/platform/db.ts', 'export const a = 1;\n');
  write('src/shipping/carriers/x/pickup-points.tsv.gz', 'data');
  write('scripts/build.ts', '// build\n');
  write('node_modules/.package-lock.json', '{}');
  expect(testDistFresh(root)).toBe(false);
  built();
  expect(testDistFresh(root)).toBe(true);

  // A source edited (same size: only its mtime tells).
  write('src/platform/db.ts', 'export const a = 2;\n');
  fs.utimesSync(path.join(root, 'src/platform/db.ts'), new Date(), new Date(Date.now() + 5000));
  expect(testDistFresh(root)).toBe(false);
  built();
  expect(testDistFresh(root)).toBe(true);

  // A module added, then removed again; a data file and npm's record of node_modules; the build script.
  write('src/platform/new.ts', 'export {};\n');
  expect(testDistFresh(root)).toBe(false);
  fs.rmSync(path.join(root, 'src/platform/new.ts'));
  expect(testDistFresh(root)).toBe(true);
  for (const input of ['src/shipping/carriers/x/pickup-points.tsv.gz', 'node_modules/.package-lock.json', 'scripts/build.ts']) {
    write(input, 'changed, and longer than before');
    expect(testDistFresh(root), input).toBe(false);
    built();
  }

  // A test file beside the sources is not an input.
  write('src/platform/db.test.ts', 'it();\n');
  expect(freshBuild(root)).toBe(path.join(root, `.dist-test-${builds}`));
  // Nor is a build whose folder is gone.
  fs.rmSync(path.join(root, `.dist-test-${builds}`), { recursive: true });
  expect(testDistFresh(root)).toBe(false);
});
