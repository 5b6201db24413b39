/**
 * The `legacy` step: the snake_case shipping API (shipping-legacy.md) under load. GET
 * /pickup-points (the whole grouped listing of the sandbox's built-in carriers, gzip accepted)
 * and a synchronous POST /shipments (stored and registered with the simulated carrier before
 * the answer), each a fresh merchant_reference. Tokens carry `access_key`, as its clients sign them.
 */
import { legacyBearer, wooShipmentBody } from '../../test/support/legacy-shipping.js';
import type { RouteSpec } from './load.js';
import type { Keys } from './orders.js';

const BASE = '/sandbox/shipping/api/v1';

/** A shipment body as the WooCommerce plugin builds it, to a omniva parcel machine (no per-shipment webhook: nobody listens). */
function shipmentBody(ref: string): string {
  return JSON.stringify(wooShipmentBody(ref, { sender_name: 'Bench shop', webhook_url: undefined }));
}

export function legacyRoutes(origin: string, keys: Keys, tag: string): { pickup: RouteSpec; create: RouteSpec } {
  const authorization = legacyBearer(keys);
  let n = 0;
  return {
    pickup: {
      name: 'GET /sandbox/shipping/api/v1/pickup-points (whole listing)',
      origin,
      method: 'GET',
      path: `${BASE}/pickup-points`,
      headers: { authorization, 'accept-encoding': 'gzip' },
      setup: (r) => r,
    },
    create: {
      name: 'POST /sandbox/shipping/api/v1/shipments (synchronous)',
      origin,
      method: 'POST',
      path: `${BASE}/shipments`,
      headers: { authorization, 'content-type': 'application/json' },
      setup: (r) => {
        // Bytes: the body has non-ASCII text, and a string body would be framed by its UTF-16 length.
        r.body = Buffer.from(shipmentBody(`L-${tag}-${++n}`));
        return r;
      },
    },
  };
}
