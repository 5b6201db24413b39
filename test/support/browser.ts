/**
 * Real Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core (never a
 * downloaded browser). Where it is missing, `describeBrowser` says how to get it and skips; under
 * CI=true a missing Chromium is a failing test, never a silent skip.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

export { CHROMIUM, CHROMIUM_ARGS };
export const haveChromium = fs.existsSync(CHROMIUM);
const MISSING = `Chromium is missing at ${CHROMIUM}: apt-get install -y chromium`;

/**
 * `describe` for a browser suite: runs `body` when Chromium is installed; otherwise a failing test
 * under CI=true, else a warning and nothing (the suite's tests use `it.skipIf(!haveChromium)`).
 */
export function describeBrowser(name: string, body: () => void): void {
  if (!haveChromium && process.env.CI === 'true') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(MISSING);
      });
    });
    return;
  }
  if (!haveChromium) console.warn(`skipping browser tests (${name}). ${MISSING}`);
  describe(name, body);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A page whose console errors and warnings, page errors, failed requests and 4xx/5xx answers are collected. */
export interface WatchedPage {
  page: Page;
  problems: string[];
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function watchedPage(browser: Browser, shotsDir: string, options: BrowserContextOptions = { viewport: { width: 420, height: 900 }, deviceScaleFactor: 1 }): Promise<WatchedPage> {
  fs.mkdirSync(shotsDir, { recursive: true });
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return {
    page,
    problems,
    shot: async (name) => {
      await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
    },
    close: () => context.close(),
  };
}
