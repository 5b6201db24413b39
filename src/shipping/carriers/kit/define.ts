import type { CarrierDefinition } from '../contract.js';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof RegExp) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Checks a carrier definition's type in place and freezes it, all the way down (RegExps excepted). */
export function defineCarrier(def: CarrierDefinition): CarrierDefinition {
  return deepFreeze(def);
}
