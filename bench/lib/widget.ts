/**
 * The `widget` step of `npm run bench`: the 3.x browser bundle (bank-selection widget) as Kassa
 * serves it, against its 20 KB gzip budget, and in Chromium (playwright-core, /usr/bin/chromium,
 * the tests' flags) the time from the start of the script's request to every bank logo drawn
 * (the widget's onLoaded), on the sample merchant checkout of the browser test
 * (test/support/merchant-shop.ts: another origin, the original script path, a nonce CSP).
 * Each page load is a fresh browser context (cold cache). The same-run ceiling is the merchant's
 * page with the same logos as plain <img> and no script: from the start of the first logo's
 * request to the page's load event.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { sign } from '../../src/platform/jwt.js';
import { BUNDLE_3X_GZIP_BUDGET } from '../../src/widget/bundles.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../../test/support/chromium.js';
import { startMerchantShop } from '../../test/support/merchant-shop.js';
import type { Keys } from './orders.js';

export interface Timings {
  samples: number;
  medianMs: number;
  p95Ms: number;
}

export interface WidgetStepResult {
  bundle: { path: string; rawBytes: number; gzipBytes: number; servedGzipBytes: number; budgetGzipBytes: number };
  /** Script request start -> onLoaded (all logos drawn). */
  widget: Timings;
  /** First logo request start -> load event of the static page with the same logos. */
  ceiling: Timings;
  logos: number;
}

const BUNDLE_PATH = '/assets/montonio-js/3.x/montonio.bundle.js';

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

function timings(ms: number[]): Timings {
  const s = [...ms].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { samples: s.length, medianMs: round(percentile(s, 50)), p95Ms: round(percentile(s, 95)) };
}

export async function runWidgetStep(o: { origin: string; keys: Keys; loads: number; log: (m: string) => void }): Promise<WidgetStepResult> {
  const raw = Buffer.from(await (await fetch(`${o.origin}${BUNDLE_PATH}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const gz = await fetch(`${o.origin}${BUNDLE_PATH}`, { headers: { 'accept-encoding': 'gzip' } });
  const servedGzipBytes = Number(gz.headers.get('content-length') ?? 0) || gzipSync(raw, { level: 9 }).length;
  await gz.arrayBuffer();
  const bundle = { path: BUNDLE_PATH, rawBytes: raw.length, gzipBytes: gzipSync(raw, { level: 9 }).length, servedGzipBytes, budgetGzipBytes: BUNDLE_3X_GZIP_BUDGET };

  const nowS = () => Math.floor(Date.now() / 1000);
  const shop = await startMerchantShop({ kassaUrl: o.origin, sign: (claims) => sign({ accessKey: o.keys.accessKey, exp: nowS() + 600, ...claims }, o.keys.secretKey) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const widgetMs: number[] = [];
  const ceilingMs: number[] = [];
  let logos = 0;
  try {
    const once = async (path: string, measure: () => { ms: number; logos: number }) => {
      const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
      await page.goto(`${shop.url}${path}`, { waitUntil: 'load' });
      const r = await page.evaluate(measure);
      await context.close();
      if (errors.length) throw new Error(`widget bench, ${path}: ${errors.join('; ')}`);
      return r;
    };
    const widgetRun = () =>
      once('/checkout', () => {
        const w = window as unknown as { widgetLoaded?: number };
        const script = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/montonio.bundle.js'));
        if (w.widgetLoaded === undefined || !script) throw new Error('the widget did not report its logos drawn');
        return { ms: w.widgetLoaded - script.startTime, logos: document.querySelectorAll('.kassa-bs-logo').length };
      });
    const ceilingRun = () =>
      once('/static', () => {
        const imgs = performance.getEntriesByType('resource').filter((e) => e.name.includes('/logos/banks/'));
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { ms: nav.loadEventStart - Math.min(...imgs.map((e) => e.startTime)), logos: imgs.length };
      });
    // One unmeasured load of each warms the server (bundle read, logos rendered), not the browser.
    await widgetRun();
    await ceilingRun();
    for (let i = 0; i < o.loads; i++) {
      // Interleaved, so drift on a busy machine touches both series alike.
      const w = await widgetRun();
      const c = await ceilingRun();
      if (w.logos !== c.logos) throw new Error(`widget drew ${w.logos} logos, the static page ${c.logos}`);
      logos = w.logos;
      widgetMs.push(w.ms);
      ceilingMs.push(c.ms);
    }
  } finally {
    await browser.close();
    await shop.close();
  }
  o.log(`widget: ${o.loads} cold page loads of the sample checkout and of the static logo page`);
  return { bundle, widget: timings(widgetMs), ceiling: timings(ceilingMs), logos };
}

/** The step's lines in the report. */
export function widgetReport(r: WidgetStepResult): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : '-');
  return [
    `widget bundle ${r.bundle.path}: ${kb(r.bundle.rawBytes)} raw, ${kb(r.bundle.gzipBytes)} gzip -9 (${kb(r.bundle.servedGzipBytes)} as served), budget ${kb(r.bundle.budgetGzipBytes)} gzip`,
    `| ${`widget, ${r.logos} logos (a cold context each load)`.padEnd(53)} | loads | median ms | p95 ms |`,
    `|-------------------------------------------------------|------:|----------:|-------:|`,
    `| script request start -> logos drawn (onLoaded)        | ${String(r.widget.samples).padStart(5)} | ${r.widget.medianMs.toFixed(1).padStart(9)} | ${r.widget.p95Ms.toFixed(1).padStart(6)} |`,
    `| ceiling: same logos as <img>, no script -> load event | ${String(r.ceiling.samples).padStart(5)} | ${r.ceiling.medianMs.toFixed(1).padStart(9)} | ${r.ceiling.p95Ms.toFixed(1).padStart(6)} |`,
    `widget / ceiling: median ${ratio(r.widget.medianMs, r.ceiling.medianMs)}, p95 ${ratio(r.widget.p95Ms, r.ceiling.p95Ms)}`,
  ].join('\n');
}
