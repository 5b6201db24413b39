/**
 * The shipping v2 API's names for the service itself. Kassa speaks the spec's names
 * (`serviceOrderUuid`, `hasServiceContract`, contract type `SERVICE`); integrations written for
 * the original service read `montonioOrderUuid`, `hasMontonioContract` and `MONTONIO`. Input takes
 * both at all times; a deployment chooses which its output speaks with KASSA_SHIPPING_NAMES
 * (answers of the shipping v2 API and the `data` of shipment webhooks alike).
 */
export const SHIPPING_NAMES = ['spec', 'original'] as const;
export type ShippingNames = (typeof SHIPPING_NAMES)[number];

const ORIGINAL_KEYS: Readonly<Record<string, string>> = Object.freeze({
  serviceOrderUuid: 'montonioOrderUuid',
  hasServiceContract: 'hasMontonioContract',
});
/** Arrays under these keys list contract types, whose `SERVICE` is the original `MONTONIO`. */
const CONTRACT_TYPE_LISTS = new Set(['supportedContractTypes']);

/** A JSON value with the original service's names: a copy, renamed at every depth; the input is untouched. */
export function withOriginalNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withOriginalNames);
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[ORIGINAL_KEYS[key] ?? key] = CONTRACT_TYPE_LISTS.has(key) && Array.isArray(v) ? v.map((t) => (t === 'SERVICE' ? 'MONTONIO' : t)) : withOriginalNames(v);
  }
  return out;
}

/** The output mapping of a deployment: identity for the spec's names. */
export function outputNames(names: ShippingNames): (value: unknown) => unknown {
  return names === 'original' ? withOriginalNames : (v) => v;
}

/**
 * A response schema with the original service's names: a copy whose `properties` (and
 * `required`) are renamed as `withOriginalNames` renames the answer, and whose contract-type
 * lists say `MONTONIO` for `SERVICE`. The 'original' deployment serializes its answers with it,
 * so fast-json-stringify keeps the renamed keys; the declaration itself is written once, in the
 * spec's names.
 */
export function withOriginalNamesSchema<T>(schema: T): T {
  return renameSchema(schema, false) as T;
}

function renameSchema(node: unknown, contractTypes: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => renameSchema(n, contractTypes));
  if (node === null || typeof node !== 'object') return contractTypes && node === 'SERVICE' ? 'MONTONIO' : node;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(node)) {
    if (key === 'properties' && v !== null && typeof v === 'object') {
      out[key] = Object.fromEntries(Object.entries(v).map(([name, s]) => [ORIGINAL_KEYS[name] ?? name, renameSchema(s, CONTRACT_TYPE_LISTS.has(name))]));
    } else if (key === 'required' && Array.isArray(v)) {
      // The shipment declares montonioOrderUuid beside serviceOrderUuid: renamed, they are one key.
      out[key] = [...new Set(v.map((name: unknown) => (typeof name === 'string' ? (ORIGINAL_KEYS[name] ?? name) : name)))];
    } else {
      out[key] = renameSchema(v, contractTypes && (key === 'items' || key === 'enum' || key === 'const' || key === 'anyOf'));
    }
  }
  return out;
}
