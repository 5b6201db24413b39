/**
 * The 3.x bundle (the bank-selection widget and embedded payments) stays within its budget of
 * 20 KB gzipped, built with the options the server and `npm run build` use.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { bundleOptions } from '../platform/browser-bundle.js';
import { BUNDLE_3X_GZIP_BUDGET } from './bundles.js';
import { BROWSER_BUNDLES } from './bundles.js';

it('the 3.x bundle is at most 20 KB gzipped, ES2018, with no eval', async () => {
  const result = await build({ ...bundleOptions(BROWSER_BUNDLES.checkout3x), write: false });
  const js = Buffer.from(result.outputFiles[0]!.contents);
  const gzip = gzipSync(js, { level: 9 }).length;
  expect(gzip).toBeGreaterThan(1000); // the widget is in it
  expect(gzip).toBeLessThanOrEqual(BUNDLE_3X_GZIP_BUDGET);
  expect(js.toString()).toContain('montonio-bank-select-class');
  expect(js.toString()).not.toMatch(/\beval\(|new Function\(/);
});
