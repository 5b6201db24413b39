/**
 * The one list of carriers. Each entry is a definition, a pure mapper and a simulator; the
 * built-in adapters answer from the simulators (no real carrier client is configured).
 */
import type { CarrierAdapter, CarrierCode, CarrierDefinition } from './contract.js';
import { SimulatedCarrier, type SimulatedCarrierOptions } from './kit/adapter.js';
import { baltpostDefinition } from './baltpost/definition.js';
import { baltpostMapper } from './baltpost/mapper.js';
import { baltpostSimulator } from './baltpost/simulator.js';
import { parcelnordDefinition } from './parcelnord/definition.js';
import { parcelnordMapper } from './parcelnord/mapper.js';
import { parcelnordSimulator } from './parcelnord/simulator.js';
import { swiftcourierDefinition } from './swiftcourier/definition.js';
import { swiftcourierMapper } from './swiftcourier/mapper.js';
import { swiftcourierSimulator } from './swiftcourier/simulator.js';
import { polexpressDefinition } from './polexpress/definition.js';
import { polexpressMapper } from './polexpress/mapper.js';
import { polexpressSimulator } from './polexpress/simulator.js';

/** Every carrier, in listing order. */
export const CARRIERS: readonly CarrierDefinition[] = Object.freeze([baltpostDefinition, parcelnordDefinition, swiftcourierDefinition, polexpressDefinition]);

const BY_CODE = new Map<string, CarrierDefinition>(CARRIERS.map((d) => [d.code, d]));

export function carrierDefinition(code: string): CarrierDefinition | undefined {
  return BY_CODE.get(code);
}

/** The sandbox adapters of every carrier (the same in production until a real client exists). */
export function builtInCarriers(options: SimulatedCarrierOptions = {}): CarrierAdapter[] {
  return [
    new SimulatedCarrier(baltpostDefinition, baltpostMapper, baltpostSimulator, options),
    new SimulatedCarrier(parcelnordDefinition, parcelnordMapper, parcelnordSimulator, options),
    new SimulatedCarrier(swiftcourierDefinition, swiftcourierMapper, swiftcourierSimulator, options),
    new SimulatedCarrier(polexpressDefinition, polexpressMapper, polexpressSimulator, options),
  ];
}

export class CarrierRegistry {
  private readonly byCode = new Map<string, CarrierAdapter>();

  constructor(adapters: readonly CarrierAdapter[] = builtInCarriers()) {
    for (const a of adapters) this.byCode.set(a.definition.code, a);
  }

  get(code: CarrierCode | string): CarrierAdapter | undefined {
    return this.byCode.get(code);
  }

  definitions(): CarrierDefinition[] {
    return [...this.byCode.values()].map((a) => a.definition);
  }
}
