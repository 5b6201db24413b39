/**
 * Entry of the 3.x bundle (bundles.ts `checkout3x`): one `Checkout` namespace, reachable as
 * `Kassa.Checkout`, `Montonio.Checkout` and `MontonioLegacy.Checkout` (the names checkouts in use
 * call), merged into whatever those globals already hold (a page may also load the 1.x script).
 * Then `window.onKassaLoaded` and `window.onMontonioLoaded` are called when the page defined them.
 */
import { PaymentInitiation } from './bank-selection/index.js';
import { EmbeddedPayments } from './embedded/payments.js';
import { extendGlobals } from './namespaces.js';

const checkout = { PaymentInitiation, EmbeddedPayments };
extendGlobals(['Kassa', 'Montonio', 'MontonioLegacy'], (ns) => {
  ns.Checkout = { ...((ns.Checkout as object | undefined) ?? {}), ...checkout };
});
const host = window as unknown as { onKassaLoaded?: unknown; onMontonioLoaded?: unknown };
for (const callback of [host.onKassaLoaded, host.onMontonioLoaded]) {
  if (typeof callback === 'function') callback();
}
