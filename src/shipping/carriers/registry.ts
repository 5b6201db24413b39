/**
 * The one list of carriers. Each entry is a carrier's folder (`<code>/carrier.ts`): its definition,
 * a pure mapper and a simulator; the built-in adapters answer from the simulators (no real carrier
 * client is configured). Adding a carrier is its folder plus its line here: `CarrierCode`,
 * `CARRIER_CODES` and everything rates, filter-by-parcels, the catalogue and contracts know of
 * carriers derive from this list.
 */
import type { CarrierAdapter, CarrierDefinition } from './contract.js';
import type { Env } from '../../platform/env.js';
import type { SimulatedCarrierOptions } from './kit/adapter.js';
import { omniva } from './omniva/carrier.js';
import { smartpost } from './smartpost/carrier.js';
import { dpd } from './dpd/carrier.js';
import { inpost } from './inpost/carrier.js';
import { venipak } from './venipak/carrier.js';
import { unisend } from './unisend/carrier.js';
import { latvianPost } from './latvian_post/carrier.js';
import { orlen } from './orlen/carrier.js';
import { novaPost } from './novaPost/carrier.js';
import { postnord } from './postnord/carrier.js';

/**
 * In listing order: the original service's `carrierCode` enum, in its order, case-sensitive (its
 * 400 lists "smartpost, dpd, venipak, omniva, unisend, latvian_post, inpost, orlen, novaPost,
 * postnord"); the public clients hard-code the codes.
 */
const ENTRIES = [smartpost, dpd, venipak, omniva, unisend, latvianPost, inpost, orlen, novaPost, postnord] as const;

/** The code of a registered carrier: the union of the definitions' literal codes. */
export type CarrierCode = (typeof ENTRIES)[number]['definition']['code'];

/** Every carrier, in listing order. */
export const CARRIERS: readonly CarrierDefinition<CarrierCode>[] = Object.freeze(ENTRIES.map((e): CarrierDefinition<CarrierCode> => e.definition));

export const CARRIER_CODES: readonly CarrierCode[] = Object.freeze(CARRIERS.map((d) => d.code));

export function isCarrierCode(value: unknown): value is CarrierCode {
  return typeof value === 'string' && (CARRIER_CODES as readonly string[]).includes(value);
}

const BY_CODE = new Map<string, CarrierDefinition<CarrierCode>>(CARRIERS.map((d) => [d.code, d]));

export function carrierDefinition(code: string): CarrierDefinition<CarrierCode> | undefined {
  return BY_CODE.get(code);
}

/** The sandbox adapters of every carrier (the same in production until a real client exists). */
export function builtInCarriers(options: SimulatedCarrierOptions = {}): CarrierAdapter[] {
  return ENTRIES.map((e) => e.adapter(options));
}

/**
 * The carriers' adapters per environment. The sandbox registers with the built-in simulators.
 * Production registers only through a real carrier client, and Kassa has none yet: a production
 * shipment is refused with the reason (`productionMissing`), never "registered" by a simulator.
 */
export class CarrierRegistry {
  private readonly byCode = new Map<string, CarrierAdapter>();
  private readonly productionByCode = new Map<string, CarrierAdapter>();

  constructor(adapters: readonly CarrierAdapter[] = builtInCarriers(), production: readonly CarrierAdapter[] = []) {
    for (const [list, map] of [
      [adapters, this.byCode],
      [production, this.productionByCode],
    ] as const) {
      for (const a of list) {
        // Two adapters for one carrier would leave which one answers to the order of a list.
        if (map.has(a.definition.code)) throw new Error(`carrier ${a.definition.code} is registered twice`);
        map.set(a.definition.code, a);
      }
    }
  }

  /** The sandbox adapter (the carrier's simulator). */
  get(code: CarrierCode | string): CarrierAdapter | undefined {
    return this.byCode.get(code);
  }

  /** The adapter that registers `env`'s shipments with the carrier; undefined in production without a real client. */
  forEnv(code: CarrierCode | string, env: Env): CarrierAdapter | undefined {
    return env === 'sandbox' ? this.byCode.get(code) : this.productionByCode.get(code);
  }

  /** Why production cannot ship with `code`; undefined when it can. */
  productionMissing(code: CarrierCode | string): string | undefined {
    if (this.productionByCode.has(code)) return undefined;
    return `${code} has no production connector in Kassa yet: production shipments are registered only through the carrier's real API, never by Kassa's simulator (see docs/going-to-production.md)`;
  }

  definitions(): CarrierDefinition[] {
    return [...this.byCode.values()].map((a) => a.definition);
  }
}
