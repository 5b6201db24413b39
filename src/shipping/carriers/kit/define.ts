import type { CarrierDefinition } from '../contract.js';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof RegExp) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Checks a carrier definition's type in place and freezes it, all the way down (RegExps excepted).
 * The code stays a literal type, so the registry derives the `CarrierCode` union from its list.
 */
export function defineCarrier<const C extends string>(def: CarrierDefinition<C>): CarrierDefinition<C> {
  return deepFreeze(def);
}
