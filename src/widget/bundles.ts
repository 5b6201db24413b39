/**
 * Every script Kassa serves to browsers, with the paths it is served at. `npm run build` writes
 * each to dist/bundles/<name>.js; routes.ts serves them (see platform/browser-bundle.ts).
 */
import type { BundleSpec } from '../platform/browser-bundle.js';

export interface ServedBundle extends BundleSpec {
  /** Where it is served: Kassa's own path first, then the paths the original service's clients load it from. */
  paths: readonly string[];
  summary: string;
  /** The most it may weigh gzipped (gzip -9), in bytes: a test and `npm run bench` check it. */
  gzipBudget?: number;
}

export const BROWSER_BUNDLES = {
  /**
   * The 3.x checkout bundle: the bank-selection widget (`Checkout.PaymentInitiation`) and the
   * embedded payments of draft payment intents (`Checkout.EmbeddedPayments`), under the
   * namespaces `Kassa`, `Montonio` and `MontonioLegacy`. The WooCommerce plugin loads it from
   * public.montonio.com/assets/montonio-js/3.x/montonio.bundle.js (montonio.php).
   */
  checkout3x: {
    name: 'checkout-3x',
    entry: 'widget/bundle.ts',
    paths: ['/sdk/3.x/bundle.js', '/assets/montonio-js/3.x/montonio.bundle.js'],
    summary: 'The 3.x browser bundle: the bank-selection widget and embedded payments (JavaScript)',
    // The budget for the widget's bundle: 20 KB gzipped.
    gzipBudget: 20 * 1024,
  },
  /**
   * The embedded card checkout of sessions (`MontonioCheckout`), as the official front-end SDK
   * exposes it; the WooCommerce plugin loads that from js.montonio.com/1.x.x/montonio.umd.js.
   */
  checkout1x: {
    name: 'checkout-1x',
    entry: 'widget/checkout.ts',
    paths: ['/sdk/checkout/1.x/checkout.js', '/1.x.x/montonio.umd.js'],
    summary: 'The embedded card checkout script of sessions (JavaScript)',
  },
  /**
   * The payment link page's pickup point picker (link-picker.ts): a searchable
   * combobox over the page's server-rendered list. The page works without it.
   */
  linkPicker: {
    name: 'link-picker',
    entry: 'widget/link-picker.ts',
    paths: ['/sdk/link-picker.js'],
    summary: "The payment link page's pickup point picker (JavaScript)",
    gzipBudget: 3 * 1024,
  },
} as const satisfies Record<string, ServedBundle>;

/** The size budget of the 3.x bundle (bank-selection widget + embedded payments). */
export const BUNDLE_3X_GZIP_BUDGET: number = BROWSER_BUNDLES.checkout3x.gzipBudget;
