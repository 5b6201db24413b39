/**
 * Entry of the 1.x script (bundles.ts `checkout1x`): the embedded card checkout of sessions,
 * `MontonioCheckout` (embedded/montonio-checkout.ts), as `window.Kassa.MontonioCheckout` and
 * `window.Montonio.MontonioCheckout` (the name the WooCommerce plugin reads:
 * assets/js/montonio-embedded-card.js `const { MontonioCheckout } = window.Montonio`), merged
 * into whatever those globals already hold (a page may also load the 3.x bundle).
 */
import { MontonioCheckout, PaymentFailedError } from './embedded/montonio-checkout.js';
import { extendGlobals } from './namespaces.js';

extendGlobals(['Kassa', 'Montonio'], (ns) => {
  ns.MontonioCheckout = MontonioCheckout;
  ns.PaymentFailedError = PaymentFailedError;
});
