/**
 * Generates the pickup point data set, one file per carrier in its own folder
 * (`carriers/<code>/pickup-points.tsv.gz`, format in points-file.ts, from its definition's `pickupPointNetwork`), from the real towns, streets and
 * shop chains of `places.ts`: for every carrier, country and pickup point type a fixed number of
 * points, spread over the towns by population (largest remainder on population^exponent), each
 * with a street address in the town, a postal code from the town's range and a name the way the
 * carrier names its points ("Omniva pakiautomaat Tallinn Kristiine Keskus").
 *
 * Deterministic: every (carrier, country, type) list has its own seeded generator, so the output
 * is the same on every run and changing one list leaves the others (and their ids) alone.
 *
 *   npx tsx src/shipping/catalogue/generate-points.ts          # rewrite the data files whose text changed
 *   npx tsx src/shipping/catalogue/generate-points.ts --check  # fail if a file is stale
 *
 * A file is compared by its text (gunzipped), not its bytes: gzip's bytes may change with the
 * zlib version while the points stay the same, and then the file is left alone.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PICKUP_POINT_TYPES, type AdditionalServiceCode, type PickupPointType } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import { COUNTRIES, type CountryCode } from '../carriers/countries.js';
import { CARRIERS } from '../carriers/registry.js';
import { PLACES, type City, type CountryPlaces } from './places.js';
import type { PickupPointRow } from './model.js';
import { carrierDataFileUrl } from './service.js';
import { decodePointsText, encodePointsFile, encodePointsText } from './points-file.js';
import type { CarrierDefinition } from '../carriers/contract.js';
import { seededRandom } from '../../platform/seeded-random.js';

/** Where a carrier's generated points are written: `carriers/<code>/pickup-points.tsv.gz`. */
export const dataFile = (code: string): string => fileURLToPath(carrierDataFileUrl(code));

/**
 * How many points of each kind, and how strongly they follow population (1: proportional): each
 * registered carrier's `pickupPointNetwork`, in registry order.
 */
export const PLAN: readonly { carrier: CarrierCode; country: CountryCode; type: PickupPointType; count: number; exponent: number }[] = CARRIERS.flatMap((d) =>
  d.pickupPointNetwork.map((n) => ({ carrier: d.code, ...n })),
);

/** What each country calls each kind of point. */
const TYPE_WORDS: Readonly<Record<CountryCode, Readonly<Record<PickupPointType, string>>>> = {
  EE: { parcelMachine: 'pakiautomaat', postOffice: 'postkontor', parcelShop: 'pakipunkt' },
  LV: { parcelMachine: 'pakomāts', postOffice: 'pasta nodaļa', parcelShop: 'paku punkts' },
  LT: { parcelMachine: 'paštomatas', postOffice: 'pašto skyrius', parcelShop: 'siuntų taškas' },
  FI: { parcelMachine: 'pakettiautomaatti', postOffice: 'posti', parcelShop: 'noutopiste' },
  PL: { parcelMachine: 'paczkomat', postOffice: 'placówka pocztowa', parcelShop: 'punkt odbioru' },
  SE: { parcelMachine: 'paketbox', postOffice: 'postkontor', parcelShop: 'ombud' },
  DK: { parcelMachine: 'pakkeboks', postOffice: 'posthus', parcelShop: 'pakkeshop' },
  NO: { parcelMachine: 'pakkeboks', postOffice: 'postkontor', parcelShop: 'hentested' },
  UA: { parcelMachine: 'poshtomat', postOffice: 'viddilennia', parcelShop: 'punkt vydachi' },
};

const TYPE_TAGS: Readonly<Record<PickupPointType, string>> = { parcelMachine: 'pm', postOffice: 'po', parcelShop: 'ps' };

/** Share of parcel machines without cash on delivery (older machines without a card terminal) or age check. */
const MACHINE_WITHOUT_COD = 0.08;
const MACHINE_WITHOUT_AGE_CHECK = 0.15;

function pick<T>(rnd: () => number, list: readonly T[]): T {
  const v = list[Math.floor(rnd() * list.length)];
  if (v === undefined) throw new Error('pick from an empty list');
  return v;
}

// ---------------------------------------------------------------------------------------------

/** Splits `total` over the cities in proportion to population^exponent (largest remainder). */
export function allocate(cities: readonly City[], total: number, exponent: number): number[] {
  const weights = cities.map((c) => c.population ** exponent);
  const sum = weights.reduce((a, b) => a + b, 0);
  const quotas = weights.map((w) => (total * w) / sum);
  const counts = quotas.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = quotas.map((q, i) => [q - Math.floor(q), i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts;
}

export function formatPostalCode(country: CountryCode, value: number): string {
  switch (country) {
    case 'EE':
    case 'FI':
    case 'UA':
      return String(value).padStart(5, '0');
    case 'DK':
    case 'NO':
      return String(value).padStart(4, '0');
    case 'SE': {
      const d = String(value).padStart(5, '0');
      return `${d.slice(0, 3)} ${d.slice(3)}`;
    }
    case 'LV':
      return `LV-${String(value).padStart(4, '0')}`;
    case 'LT':
      return `LT-${String(value).padStart(5, '0')}`;
    case 'PL': {
      const d = String(value).padStart(5, '0');
      return `${d.slice(0, 2)}-${d.slice(2)}`;
    }
  }
}

function postalCode(rnd: () => number, places: CountryPlaces, city: City): string {
  const [lo, hi] = pick(rnd, city.postal);
  const step = hi - lo >= places.postalStep * 5 ? places.postalStep : 1;
  const first = Math.ceil(lo / step) * step;
  const slots = Math.floor((hi - first) / step) + 1;
  return formatPostalCode(places.country, first + step * Math.floor(rnd() * Math.max(1, slots)));
}

function houseNumber(rnd: () => number, places: CountryPlaces, city: City): string {
  const max = city.population > 200_000 ? 220 : city.population > 50_000 ? 140 : 70;
  const n = Math.floor(rnd() ** 1.7 * max) + 1;
  const r = rnd();
  if (places.country !== 'LV' && r < 0.08) return `${n}${pick(rnd, ['a', 'b', 'c'])}`;
  if (places.country === 'PL' && r < 0.12) return `${n}/${n + 2}`;
  if (places.country === 'LV' && r < 0.05) return `${n} k-${1 + Math.floor(rnd() * 3)}`;
  return String(n);
}

function street(rnd: () => number, places: CountryPlaces, city: City): string {
  const own = city.streets ?? [];
  return own.length > 0 && rnd() < 0.75 ? pick(rnd, own) : pick(rnd, places.streets);
}

type Host = { kind: 'mall' | 'shop'; name: string } | { kind: 'none' };

function host(rnd: () => number, places: CountryPlaces, city: City, type: PickupPointType, usedMalls: Set<string>): Host {
  if (type === 'postOffice') return { kind: 'none' };
  const r = rnd();
  const malls = (city.malls ?? []).filter((m) => !usedMalls.has(m));
  if (type === 'parcelMachine') {
    if (malls.length > 0 && r < 0.3) {
      const mall = pick(rnd, malls);
      usedMalls.add(mall);
      return { kind: 'mall', name: mall };
    }
    if (r < 0.78) return { kind: 'shop', name: pick(rnd, places.groceries) };
    if (r < 0.92) return { kind: 'shop', name: pick(rnd, places.fuel) };
    return { kind: 'none' };
  }
  if (malls.length > 0 && r < 0.12) {
    const mall = pick(rnd, malls);
    usedMalls.add(mall);
    return { kind: 'mall', name: mall };
  }
  if (r < 0.55) return { kind: 'shop', name: pick(rnd, places.kiosks) };
  if (r < 0.85) return { kind: 'shop', name: pick(rnd, places.groceries) };
  return { kind: 'shop', name: pick(rnd, places.fuel) };
}

function services(rnd: () => number, type: PickupPointType, offered: readonly AdditionalServiceCode[]): AdditionalServiceCode[] {
  if (type !== 'parcelMachine') return [...offered];
  const noCod = rnd() < MACHINE_WITHOUT_COD;
  const noAge = rnd() < MACHINE_WITHOUT_AGE_CHECK;
  return offered.filter((s) => !(s === 'cod' && noCod) && !(s === 'ageVerification' && noAge));
}

function offeredServices(carrier: CarrierCode, country: CountryCode): readonly AdditionalServiceCode[] {
  const def = CARRIERS.find((d) => d.code === carrier);
  return def?.methods[country]?.find((m) => m.type === 'pickupPoint')?.additionalServices ?? [];
}

/** One (carrier, country, type) list. */
function generateList(plan: (typeof PLAN)[number]): PickupPointRow[] {
  const { carrier, country, type } = plan;
  const places = PLACES[country];
  const rnd = seededRandom(`${carrier}/${country}/${type}`);
  const brand = CARRIERS.find((d) => d.code === carrier)?.name ?? carrier;
  const word = TYPE_WORDS[country][type];
  const offered = offeredServices(carrier, country);
  const counts = allocate(places.cities, plan.count, plan.exponent);
  const names = new Set<string>();
  const rows: PickupPointRow[] = [];
  places.cities.forEach((city, ci) => {
    const usedMalls = new Set<string>();
    const n = counts[ci] ?? 0;
    for (let k = 0; k < n; k++) {
      const districts = city.districts ?? [];
      // Spread a big city's points over its districts (round robin from a random start), the rest by chance.
      const district = districts.length > 0 ? districts[(k + Math.floor(rnd() * districts.length)) % districts.length] : undefined;
      const streetName = street(rnd, places, city);
      const streetAddress = `${streetName} ${houseNumber(rnd, places, city)}`;
      const h = host(rnd, places, city, type, usedMalls);
      const place = h.kind === 'mall' ? h.name : [district, h.kind === 'shop' ? h.name : undefined].filter(Boolean).join(' ');
      let name = [brand, word, city.name, place || (h.kind === 'none' && type !== 'postOffice' ? streetName : '')].filter(Boolean).join(' ');
      if (names.has(name)) name = `${name} ${h.kind === 'none' && type !== 'postOffice' ? streetAddress : streetName}`;
      for (let i = 2; names.has(name); i++) name = `${name.replace(/ \d+$/, '')} ${i}`;
      names.add(name);
      rows.push({
        id: `${carrier}-${country.toLowerCase()}-${TYPE_TAGS[type]}-${rows.length + 1}`,
        name,
        type,
        streetAddress,
        locality: city.name,
        region: city.region,
        postalCode: postalCode(rnd, places, city),
        countryCode: country,
        carrierCode: carrier,
        additionalServices: services(rnd, type, offered),
      });
    }
  });
  return rows;
}

/** One carrier's points (its data file), by country, then type. */
export function generateCarrierPoints(def: CarrierDefinition): PickupPointRow[] {
  const order = (p: (typeof PLAN)[number]): number => COUNTRIES.indexOf(p.country) * 10 + PICKUP_POINT_TYPES.indexOf(p.type);
  return PLAN.filter((p) => p.carrier === def.code)
    .sort((a, b) => order(a) - order(b))
    .flatMap(generateList);
}

/** The whole data set, in plan order (carrier in registry order, then country, then type). */
export function generatePickupPoints(): PickupPointRow[] {
  return CARRIERS.flatMap(generateCarrierPoints);
}

/** The carriers that have a data file (a pickup point network). */
export const CARRIERS_WITH_POINTS: readonly CarrierDefinition[] = CARRIERS.filter((d) => d.pickupPointNetwork.length > 0);

/** The text a carrier's data file must hold (points-file.ts), freshly generated. */
export function carrierPointsText(def: CarrierDefinition): string {
  return encodePointsText(def.code, generateCarrierPoints(def));
}

/** The text a data file holds ('' when it is missing or unreadable). */
export function storedPointsText(file: string): string {
  try {
    return decodePointsText(readFileSync(file));
  } catch {
    return '';
  }
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Where two texts first differ (for a message), as a line number and both lines. */
export function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const i = x.findIndex((line, k) => line !== y[k]);
  const at = i < 0 ? x.length : i;
  return `line ${at + 1}: ${JSON.stringify(x[at] ?? '(end)')} ≠ ${JSON.stringify(y[at] ?? '(end)')}`;
}

function main(): void {
  const check = process.argv.includes('--check');
  let stale = false;
  for (const def of CARRIERS_WITH_POINTS) {
    const file = dataFile(def.code);
    const points = generateCarrierPoints(def);
    const text = encodePointsText(def.code, points);
    const current = storedPointsText(file);
    const same = sha256(current) === sha256(text);
    // The JSON file this format replaced.
    const old = join(dirname(file), 'pickup-points.json');
    if (check) {
      if (!same) {
        console.error(`${file} is stale (${current ? firstDifference(text, current) : 'missing'}): run npx tsx src/shipping/catalogue/generate-points.ts`);
        stale = true;
      } else console.log(`${file} is up to date (${points.length} points)`);
      if (existsSync(old)) {
        console.error(`${old} is left over: run the generator (it removes it)`);
        stale = true;
      }
      continue;
    }
    if (!same) writeFileSync(file, encodePointsFile(def.code, points));
    rmSync(old, { force: true });
    const counts = new Map<string, number>();
    for (const p of points) counts.set(`${p.countryCode} ${p.carrierCode} ${p.type}`, (counts.get(`${p.countryCode} ${p.carrierCode} ${p.type}`) ?? 0) + 1);
    for (const [k, v] of [...counts].sort()) console.log(`${k.padEnd(32)} ${v}`);
    console.log(`${points.length} points, ${Buffer.byteLength(text)} bytes of text, ${readFileSync(file).length} gzipped → ${file}${same ? ' (unchanged)' : ''}`);
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
