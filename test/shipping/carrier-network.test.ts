/**
 * The real carrier network as the public clients use it (issue 18). Every carrier of the original
 * service's `carrierCode` enum is served under its real code, and each WooCommerce shipping-method
 * class finds its carrier, its method type and its points, and ships with the parcel limits the
 * class itself declares.
 *
 * WC = WordPressBugBounty/plugins-montonio-for-woocommerce, montonio-for-woocommerce/includes/
 *      shipping/shipping-methods/<carrier>/class-montonio-<carrier>-<type>.php: each class
 *      hard-codes `carrier_code`, `type_v2`, `max_dimensions` (cm, lowest to highest) and
 *      `default_max_weight` (kg); class-wc-montonio-shipping-api.php syncs pickup points with
 *      GET …/v3/shipping-methods/pickup-points?carrierCode=… (no country) and courier services
 *      with …/v3/shipping-methods/courier-services?carrierCode=….
 * MK = makstech/montonio-php-sdk (ShippingMethods, Shipments: query strings and bodies as built there)
 * VX = veltix/montonio (Shipping DTOs)
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIERS, CARRIER_CODES } from '../../src/shipping/carriers/registry.js';
import { RECEIVERS } from '../support/carriers/fixtures.js';
import { createTestApp, nowS, type TestApp } from '../support/app.js';
import { SANDBOX } from './support.js';

const V3 = '/sandbox/shipping/api/v3';

/** The original service's enum, as public storefront code quotes its 400 message. */
const ORIGINAL_ENUM = ['smartpost', 'dpd', 'venipak', 'omniva', 'unisend', 'latvian_post', 'inpost', 'orlen', 'novaPost', 'postnord'];

/** WC's shipping-method classes: carrier_code, type_v2, max_dimensions (cm), default_max_weight (kg). */
const WC_CLASSES: readonly { file: string; carrier: string; type: 'parcelMachine' | 'postOffice' | 'parcelShop' | 'courier'; maxCm: readonly number[] | null; maxKg: number }[] = [
  { file: 'dpd/class-montonio-dpd-courier.php', carrier: 'dpd', type: 'courier', maxCm: null, maxKg: 31 },
  { file: 'dpd/class-montonio-dpd-parcel-machines.php', carrier: 'dpd', type: 'parcelMachine', maxCm: [36, 43, 61], maxKg: 31.5 },
  { file: 'dpd/class-montonio-dpd-parcel-shops.php', carrier: 'dpd', type: 'parcelShop', maxCm: [36, 43, 61], maxKg: 31.5 },
  { file: 'inpost/class-montonio-inpost-parcel-machines.php', carrier: 'inpost', type: 'parcelMachine', maxCm: [38, 41, 64], maxKg: 25 },
  { file: 'latvian-post/class-montonio-latvian-post-courier.php', carrier: 'latvian_post', type: 'courier', maxCm: null, maxKg: 30 },
  { file: 'latvian-post/class-montonio-latvian-post-parcel-machines.php', carrier: 'latvian_post', type: 'parcelMachine', maxCm: [38, 38, 58], maxKg: 30 },
  { file: 'omniva/class-montonio-omniva-courier.php', carrier: 'omniva', type: 'courier', maxCm: null, maxKg: 30 },
  { file: 'omniva/class-montonio-omniva-parcel-machines.php', carrier: 'omniva', type: 'parcelMachine', maxCm: [38, 39, 64], maxKg: 30 },
  { file: 'omniva/class-montonio-omniva-post-offices.php', carrier: 'omniva', type: 'postOffice', maxCm: [38, 39, 64], maxKg: 30 },
  { file: 'orlen/class-montonio-orlen-parcel-machines.php', carrier: 'orlen', type: 'parcelMachine', maxCm: [38, 41, 60], maxKg: 20 },
  { file: 'smartpost/class-montonio-smartpost-courier.php', carrier: 'smartpost', type: 'courier', maxCm: null, maxKg: 35 },
  { file: 'smartpost/class-montonio-smartpost-parcel-machines.php', carrier: 'smartpost', type: 'parcelMachine', maxCm: [36, 60, 60], maxKg: 35 },
  { file: 'smartpost/class-montonio-smartpost-post-offices.php', carrier: 'smartpost', type: 'postOffice', maxCm: [36, 60, 60], maxKg: 35 },
  { file: 'unisend/class-montonio-unisend-courier.php', carrier: 'unisend', type: 'courier', maxCm: null, maxKg: 30 },
  { file: 'unisend/class-montonio-unisend-parcel-machines.php', carrier: 'unisend', type: 'parcelMachine', maxCm: [35, 61, 74.5], maxKg: 30 },
  { file: 'venipak/class-montonio-venipak-courier.php', carrier: 'venipak', type: 'courier', maxCm: null, maxKg: 30 },
  { file: 'venipak/class-montonio-venipak-parcel-machines.php', carrier: 'venipak', type: 'parcelMachine', maxCm: [39.5, 41, 61], maxKg: 30 },
  { file: 'venipak/class-montonio-venipak-parcel-shops.php', carrier: 'venipak', type: 'parcelShop', maxCm: null, maxKg: 30 },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** WC's token (WC_Montonio_Helper::create_jwt_token): {"typ","alg"} header, accessKey, iat, exp. */
function wcHeaders(): Record<string, string> {
  const k = t.store.keys.sandbox;
  const iat = nowS();
  const head = `${b64({ typ: 'JWT', alg: 'HS256' })}.${b64({ accessKey: k.accessKey, iat, exp: iat + 3600 })}`;
  return { 'content-type': 'application/json', authorization: `Bearer ${head}.${createHmac('sha256', k.secretKey).update(head).digest('base64url')}` };
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: wcHeaders() });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
};

type V3Point = { id: string; type: string; carrierCode: string; countryCode: string; postalCode: string };
type V3Courier = { id: string; type: string; carrierCode: string; countryCode: string };

/** The first country (in the registry's order) where the carrier has the method. */
function countryOf(carrier: string, type: string): string {
  const def = CARRIERS.find((d) => d.code === carrier)!;
  const country = def.countries.find((c) => def.methods[c]?.some((m) => (type === 'courier' ? m.type === 'courier' : (m.subtypes as readonly string[]).includes(type))));
  expect(country, `${carrier} has ${type} somewhere`).toBeDefined();
  return country!;
}

describe('the carriers are the original service’s, by their real codes', () => {
  it('GET /carriers lists the registry, which is exactly the original enum', async () => {
    const { carriers } = await get(`${SANDBOX}/carriers`);
    expect(carriers.map((c: { code: string }) => c.code)).toEqual([...CARRIER_CODES]);
    expect([...CARRIER_CODES].sort()).toEqual([...ORIGINAL_ENUM].sort());
  });

  it('codes are case-sensitive: a display name or another case is not a carrier', async () => {
    for (const wrong of ['Omniva', 'DPD', 'latvianPost', 'novapost', 'baltpost']) {
      const res = await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipping-methods/pickup-points?carrierCode=${wrong}&countryCode=EE`, headers: wcHeaders() });
      expect(res.statusCode, wrong).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, wrong).toBeLessThan(500);
    }
  });
});

describe('every WC shipping-method class finds its carrier (WC shipping-methods/*)', () => {
  it.each(WC_CLASSES.map((c) => [c.file, c] as const))('%s', async (_file, cls) => {
    const country = countryOf(cls.carrier, cls.type);
    let methodId: string;
    if (cls.type === 'courier') {
      const { courierServices } = (await get(`${V3}/shipping-methods/courier-services?carrierCode=${cls.carrier}`)) as { courierServices: V3Courier[] };
      expect(courierServices.length).toBeGreaterThan(0);
      expect(courierServices.every((s) => s.carrierCode === cls.carrier)).toBe(true);
      methodId = courierServices.find((s) => s.countryCode === country && s.type === 'standard')!.id;
    } else {
      // download_pickup_points($carrier): every country at once.
      const { pickupPoints } = (await get(`${V3}/shipping-methods/pickup-points?carrierCode=${cls.carrier}`)) as { pickupPoints: V3Point[] };
      const ofType = pickupPoints.filter((p) => p.type === cls.type);
      expect(ofType.length, `${cls.carrier} ${cls.type} points`).toBeGreaterThan(0);
      expect(pickupPoints.every((p) => p.carrierCode === cls.carrier)).toBe(true);
      methodId = ofType.find((p) => p.countryCode === country)!.id;
    }

    // A parcel at the class's own limits ships (the class offers the method up to them), as WC
    // creates it: no sender (the store's default; the sandbox's sample sender here), +-prefixed phone.
    const sides = cls.maxCm ?? [20, 30, 40];
    const receiver = RECEIVERS[country as keyof typeof RECEIVERS];
    const res = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipments`,
      headers: wcHeaders(),
      payload: JSON.stringify({
        receiver: {
          name: receiver.name,
          companyName: '',
          country,
          phoneNumber: `${receiver.phoneCountryCode}${receiver.phoneNumber}`,
          email: '',
          ...(cls.type === 'courier' ? { streetAddress: receiver.streetAddress, locality: receiver.locality, postalCode: receiver.postalCode, region: '' } : {}),
        },
        shippingMethod: { type: cls.type === 'courier' ? 'courier' : 'pickupPoint', id: methodId },
        // Metres with 2 decimals (the spec), so 74.5 cm is sent as 0.74 m.
        parcels: [{ weight: cls.maxKg, length: Math.floor(sides[2]!) / 100, width: Math.floor(sides[1]!) / 100, height: Math.floor(sides[0]!) / 100 }],
        merchantReference: `WC-${cls.carrier}-${cls.type}`,
        orderComment: '',
        synchronous: true,
      }),
    });
    expect(res.statusCode, res.body.slice(0, 600)).toBe(201);
    const s = res.json();
    expect(s.status, JSON.stringify(s.errors)).toBe('registered');
    expect(s.shippingMethod).toMatchObject({ carrierCode: cls.carrier, countryCode: country });
    const def = CARRIERS.find((d) => d.code === cls.carrier)!;
    for (const p of s.parcels) {
      expect(def.trackingNumber.isValid(p.carrierParcelId), p.carrierParcelId).toBe(true);
      // Kassa's own tracking page, which names the carrier (a sandbox number is unknown to the carrier's page).
      expect(new URL(p.trackingLink).pathname).toBe(`/track/${cls.carrier}/${encodeURIComponent(p.carrierParcelId)}`);
    }
  });
});

describe('each carrier through the clients’ other calls (MK, VX)', () => {
  it.each(CARRIER_CODES.map((c) => [c] as const))('%s: v2 shipping-methods, pickup points per country and courier services, as MK and VX query them', async (code) => {
    const def = CARRIERS.find((d) => d.code === code)!;
    // MK ShippingMethods::getShippingMethods(): GET /shipping-methods, no query.
    const listing = await get(`${SANDBOX}/shipping-methods`);
    const countriesListed = listing.countries.filter((c: { carriers: { carrierCode: string }[] }) => c.carriers.some((x) => x.carrierCode === code));
    expect(countriesListed.map((c: { countryCode: string }) => c.countryCode).sort()).toEqual([...def.countries].sort());
    for (const country of def.countries) {
      const methods = def.methods[country]!;
      const pickup = methods.find((m) => m.type === 'pickupPoint');
      if (pickup) {
        // VX getPickupPoints(carrierCode, countryCode, type): one type at a time.
        for (const type of pickup.subtypes) {
          const { pickupPoints } = await get(`${SANDBOX}/shipping-methods/pickup-points?carrierCode=${code}&countryCode=${country}&type=${type}`);
          expect(pickupPoints.length, `${code} ${country} ${type}`).toBeGreaterThan(0);
        }
      }
      const courier = methods.find((m) => m.type === 'courier');
      const { courierServices } = await get(`${SANDBOX}/shipping-methods/courier-services?carrierCode=${code}&countryCode=${country}`);
      expect(courierServices.map((s: { type: string }) => s.type).sort()).toEqual([...(courier?.subtypes ?? [])].sort());
    }
  });
});
