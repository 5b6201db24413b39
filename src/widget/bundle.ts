/**
 * Entry of the 3.x bundle (bundles.ts `checkout3x`): one `Checkout` namespace, reachable as
 * `Kassa.Checkout`, `Montonio.Checkout` and `MontonioLegacy.Checkout` (the names checkouts in use
 * call), merged into whatever those globals already hold (a page may also load the 1.x script).
 * Then `window.onKassaLoaded` and `window.onMontonioLoaded` are called when the page defined them.
 */
import { PaymentInitiation } from './bank-selection/index.js';
import { EmbeddedPayments } from './embedded/payments.js';

type Namespace = { Checkout?: Record<string, unknown> } & Record<string, unknown>;
type Host = Record<string, unknown> & { onKassaLoaded?: unknown; onMontonioLoaded?: unknown };

const host = window as unknown as Host;
const checkout = { PaymentInitiation, EmbeddedPayments };
for (const name of ['Kassa', 'Montonio', 'MontonioLegacy']) {
  const ns = (typeof host[name] === 'object' && host[name] !== null ? host[name] : {}) as Namespace;
  ns.Checkout = { ...(ns.Checkout ?? {}), ...checkout };
  host[name] = ns;
}
for (const callback of [host.onKassaLoaded, host.onMontonioLoaded]) {
  if (typeof callback === 'function') callback();
}
