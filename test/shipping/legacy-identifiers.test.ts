/**
 * Every snake_case `shipping_method` identifier of every registered carrier, through the real app
 * (both databases), with the bodies the two public clients build:
 *
 * - the WooCommerce plugin's legacy module (montonio-for-woocommerce/shipping/class-montonio-shipping.php
 *   @ 188f651: create_shipment() strips `montonio_` from the method id, get_create_shipment_data()
 *   builds the body; a pickup point order's shipping address is the point's name, locality and
 *   country with an empty postcode, update_checkout_pickup_point());
 * - CrystallizeAPI's furniture-remix (application/src/use-cases/payments/montonio/createShipment.ts
 *   @ e452e27: a point taken from GET /pickup-points, `shipping_method: ${provider_name}_${type}s`,
 *   phone country "372", shipping_country "EE" whatever the point's country).
 *
 * An identifier of a method the carrier has registers the shipment; one it lacks is a 400 naming
 * `shipping_method`, nothing written. The listing answers `provider_name` = the carrier code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { wooShipmentBody } from '../support/legacy-shipping.js';
import { activate, ref } from './support.js';
import { sign } from '../../src/platform/jwt.js';
import { CARRIERS } from '../../src/shipping/carriers/registry.js';
import { CALLING_CODE, POSTAL_CODE_EXAMPLE, type CountryCode } from '../../src/shipping/carriers/countries.js';
import { findPickupPoint } from '../../src/shipping/catalogue/service.js';
import { LEGACY_IDENTIFIERS, legacyPointType, type LegacyIdentifierRow } from '../../src/shipping/legacy/methods.js';

const SANDBOX = '/sandbox/shipping/api/v1';
let t: TestApp;

interface ListedPoint {
  uuid: string;
  name: string;
  country: string;
  type: string;
  provider_name: string;
  region: string | null;
  locality: string;
}
type Listing = Record<string, { providers: Record<string, Record<string, ListedPoint[]>> }>;
let listing: Listing;

const nowS = () => Math.floor(Date.now() / 1000);
const auth = () => {
  const k = t.store.keys.sandbox;
  return { authorization: `Bearer ${sign({ access_key: k.accessKey, iat: nowS(), exp: nowS() + 3600 }, k.secretKey)}` };
};
const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: auth(), payload });

const definition = (code: string) => CARRIERS.find((d) => d.code === code)!;
const allPoints = () => Object.values(listing).flatMap((c) => Object.values(c.providers).flatMap((types) => Object.values(types).flat()));

/** A listed point of the carrier and pickup point type (its listing type as the clients read it). */
function listedPoint(code: string, subtype: string): ListedPoint | undefined {
  return allPoints().find((p) => p.provider_name === code && p.type === legacyPointType(code, subtype as never) && findPickupPoint(p.uuid)?.type === subtype);
}

/** A country where the carrier has a courier service, preferring one whose parcels need no sides (the snake_case body has none). */
function courierCountry(code: string): { country: CountryCode; needsSides: boolean } {
  const entries = Object.entries(definition(code).methods) as [CountryCode, readonly { type: string; constraints: { parcelDimensionsRequired: boolean } }[]][];
  const withCourier = entries.filter(([, ms]) => ms.some((m) => m.type === 'courier'));
  const plain = withCourier.find(([, ms]) => !ms.find((m) => m.type === 'courier')!.constraints.parcelDimensionsRequired);
  const [country] = plain ?? withCourier[0]!;
  return { country, needsSides: !plain };
}

/** The WooCommerce legacy module's body for this identifier. */
function wooBody(row: LegacyIdentifierRow): { body: Record<string, unknown>; needsSides: boolean } {
  const m = row.method;
  if (m?.type === 'pickupPoint') {
    const p = listedPoint(m.carrierCode, m.subtype)!;
    return {
      needsSides: false,
      body: wooShipmentBody(ref('WC'), {
        shipping_method: row.identifier,
        pickup_point_uuid: p.uuid,
        shipping_street_address_1: p.name,
        shipping_street_address_2: '',
        shipping_locality: p.locality,
        shipping_region: '',
        shipping_postal_code: '',
        shipping_country: p.country,
      }),
    };
  }
  if (m?.type === 'courier') {
    const { country, needsSides } = courierCountry(m.carrierCode);
    return {
      needsSides,
      body: wooShipmentBody(ref('WC'), {
        shipping_method: row.identifier,
        pickup_point_uuid: undefined, // the plugin adds the key only when the order has a point
        shipping_street_address_1: 'Test street 1',
        shipping_locality: 'Test town',
        shipping_postal_code: POSTAL_CODE_EXAMPLE[country],
        shipping_country: country,
        billing_country: country,
        billing_phone_number: `${CALLING_CODE[country]}5551234`,
      }),
    };
  }
  // A method the carrier lacks: the plugin's body as for any pickup order (the point does not matter).
  return { needsSides: false, body: wooShipmentBody(ref('WC'), { shipping_method: row.identifier }) };
}

/** CrystallizeAPI's body for a point of the listing. */
function crystallizeBody(p: ListedPoint): Record<string, unknown> {
  return {
    merchant_reference: ref('CRYSTAL'),
    sender_name: 'Crystallize Boilerplate Store Front - Montonio Showcase',
    sender_phone_country: '372',
    sender_phone_number: '55512345',
    sender_street_address_1: 'Kai 1, Tallinn',
    sender_locality: 'Harjumaa',
    sender_postal_code: '10111',
    sender_country: 'EE',
    shipping_first_name: 'Mari',
    shipping_last_name: 'Maasikas',
    shipping_phone_country: '372',
    shipping_phone_number: '55512345',
    shipping_country: 'EE',
    currency: 'EUR',
    total: 24.99,
    parcels: [{ weight: 1.0 }],
    pickup_point_uuid: p.uuid,
    shipping_method: `${p.provider_name}_${p.type}s`,
  };
}

async function counts() {
  const { rows } = await t.db.query<{ s: number; l: number }>('SELECT (SELECT count(*)::int FROM shipments) AS s, (SELECT count(*)::int FROM legacy_shipments) AS l');
  return rows[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  // Every carrier active in the sandbox: the built-in contracts, plus one for any carrier without.
  const active = new Set<string>(await t.services.carrierContracts.activeCarrierCodes(t.store.id, 'sandbox'));
  for (const d of CARRIERS) if (!active.has(d.code)) await activate(t, t.store, { env: 'sandbox', carrierCode: d.code, country: d.countries[0] });
  const res = await t.app.inject({ method: 'GET', url: `${SANDBOX}/pickup-points`, headers: auth() });
  expect(res.statusCode, res.body).toBe(200);
  listing = res.json();
});
afterAll(async () => t.close());

describe('GET /pickup-points as the clients read it', () => {
  it('provider keys and provider_name are the carrier codes as written (novaPost keeps its capital); each type key holds points of that type', () => {
    const codes = CARRIERS.map((d) => d.code as string);
    for (const [country, group] of Object.entries(listing)) {
      for (const [provider, types] of Object.entries(group.providers)) {
        expect(codes).toContain(provider); // case-sensitive: the codes are the original service's enum
        for (const [type, points] of Object.entries(types)) {
          expect(['parcel_machine', 'post_office', 'parcel_shop']).toContain(type);
          expect(points.length).toBeGreaterThan(0);
          for (const p of points) {
            expect(p).toMatchObject({ country, provider_name: provider, type });
            expect(legacyPointType(provider, findPickupPoint(p.uuid)!.type)).toBe(type);
          }
        }
      }
    }
  });

  it('lists every pickup point type every carrier has (parcel shops included)', () => {
    for (const d of CARRIERS) {
      const subtypes = new Set(Object.values(d.methods).flatMap((ms) => (ms ?? []).filter((m) => m.type === 'pickupPoint').flatMap((m) => m.subtypes)));
      for (const s of subtypes) if (d.pickupPointNetwork.some((n) => n.type === s && n.count > 0)) expect(listedPoint(d.code, s), `${d.code} ${s}`).toBeDefined();
    }
  });
});

describe('POST /shipments with every identifier, as the WooCommerce legacy module builds it', () => {
  const offered = LEGACY_IDENTIFIERS.filter((r) => r.method !== null);
  const lacking = LEGACY_IDENTIFIERS.filter((r) => r.method === null);

  it.each(offered.map((r) => [r.identifier, r] as const))('%s registers the shipment', async (_id, row) => {
    const { body, needsSides } = wooBody(row);
    const res = await post(body);
    if (needsSides) {
      // Every courier country of this carrier needs parcel sides, which the snake_case body cannot carry.
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/parcels\[0\]\.length/);
      return;
    }
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      status: 'registered_with_provider',
      error_reason: null,
      shipping_method: { identifier: row.identifier, provider_name: row.method!.carrierCode },
    });
    if (row.method!.type === 'pickupPoint') {
      expect(s.shipping_method.uuid).toBe(body.pickup_point_uuid);
      expect(findPickupPoint(s.shipping_method.uuid)).toMatchObject({ carrierCode: row.method!.carrierCode, type: row.method!.subtype });
      expect(s.shipping_method.type).toBe(legacyPointType(row.method!.carrierCode, row.method!.subtype));
    } else expect(s.shipping_method.type).toBe('courier');
  });

  it.each(lacking.map((r) => [r.identifier, r] as const))('%s (a method the carrier lacks) → 400 naming shipping_method, nothing written', async (_id, row) => {
    const before = await counts();
    const res = await post(wooBody(row).body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message).toBe(
      `shipping_method ${row.identifier} is not offered: ${row.carrierCode} has no ${row.identifier.endsWith('_courier') ? 'courier service' : res.json().message.split(' has no ')[1].split(' in any country')[0]} in any country`,
    );
    expect(await counts()).toEqual(before);
  });

  it("the plugin's fixed identifiers (montonio_ stripped from its method ids) resolve as the carriers' methods allow", async () => {
    const plugin: [string, string, string][] = [
      ['omniva_parcel_machines', 'omniva', 'parcelMachine'],
      ['omniva_post_offices', 'omniva', 'postOffice'],
      ['omniva_courier', 'omniva', 'courier'],
      ['dpd_parcel_machines', 'dpd', 'parcelMachine'],
      ['dpd_parcel_shops', 'dpd', 'parcelShop'],
      ['dpd_courier', 'dpd', 'courier'],
      ['itella_parcel_machines', 'smartpost', 'parcelMachine'],
      ['itella_post_offices', 'smartpost', 'postOffice'],
      ['itella_courier', 'smartpost', 'courier'],
      ['smartpost_parcel_machines', 'smartpost', 'parcelMachine'],
      ['smartpost_post_offices', 'smartpost', 'postOffice'],
      ['smartpost_courier', 'smartpost', 'courier'],
      ['unisend_parcel_machines', 'unisend', 'parcelMachine'],
      ['venipak_parcel_machines', 'venipak', 'parcelMachine'],
      ['venipak_post_offices', 'venipak', 'parcelShop'],
      ['venipak_courier', 'venipak', 'courier'],
    ];
    for (const [id, code, subtype] of plugin) {
      const row = LEGACY_IDENTIFIERS.find((r) => r.identifier === id);
      if (!CARRIERS.some((d) => d.code === code)) {
        expect(row, id).toBeUndefined(); // a carrier not registered (yet): unknown, 400
        continue;
      }
      expect(row, id).toBeDefined();
      if (row!.method) expect(row!.method, id).toMatchObject({ carrierCode: code, ...(subtype === 'courier' ? { type: 'courier' } : { type: 'pickupPoint', subtype }) });
    }
  });
});

describe('POST /shipments as CrystallizeAPI builds it from the listing', () => {
  it('every (country, provider, type) of the listing: `${provider_name}_${type}s` with its first point registers', async () => {
    let n = 0;
    for (const group of Object.values(listing)) {
      for (const types of Object.values(group.providers)) {
        for (const points of Object.values(types)) {
          const p = points[0]!;
          const res = await post(crystallizeBody(p));
          expect(res.statusCode, `${p.provider_name}_${p.type}s ${p.uuid}: ${res.body}`).toBe(201);
          expect(res.json(), res.json().error_reason).toMatchObject({
            status: 'registered_with_provider',
            shipping_method: { uuid: p.uuid, identifier: `${p.provider_name}_${p.type}s`, provider_name: p.provider_name, type: p.type },
          });
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(0);
  });
});
