/**
 * The `legacy` step: the snake_case shipping API (shipping-legacy.md) under load. GET
 * /pickup-points (the whole grouped listing of the sandbox's built-in carriers, gzip accepted)
 * and a synchronous POST /shipments (stored and registered with the simulated carrier before
 * the answer), each a fresh merchant_reference. Tokens carry `access_key`, as its clients sign them.
 */
import { sign } from '../../src/platform/jwt.js';
import type { RouteSpec } from './load.js';
import type { Keys } from './orders.js';

const BASE = '/sandbox/shipping/api/v1';

export function legacyBearer(keys: Keys, ttlS = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  return `Bearer ${sign({ access_key: keys.accessKey, iat: now, exp: now + ttlS }, keys.secretKey)}`;
}

/** A shipment body as the WooCommerce plugin builds it, to a baltpost parcel machine. */
function shipmentBody(ref: string): string {
  return JSON.stringify({
    currency: 'EUR',
    shipping_total: 3.5,
    total: 24.99,
    billing_first_name: 'Mari',
    billing_last_name: 'Maasikas',
    billing_company: '',
    billing_country: 'EE',
    billing_phone_number: '+3725551234',
    shipping_first_name: 'Mari',
    shipping_last_name: 'Maasikas',
    shipping_country: 'EE',
    shipping_phone_number: '5551234',
    payment_method: 'montonio_payments',
    merchant_reference: ref,
    sender_name: 'Bench shop',
    sender_phone_number: '6001234',
    sender_street_address_1: 'Pärnu mnt 10',
    sender_locality: 'Tallinn',
    sender_postal_code: '10148',
    sender_country: 'EE',
    shipping_method: 'baltpost_parcel_machines',
    pickup_point_uuid: 'baltpost-ee-pm-1',
    parcels: [{ weight: 1.2 }],
  });
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
