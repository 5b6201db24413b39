import { describe, expect, it } from 'vitest';
import { outputNames, withOriginalNames } from './names.js';

describe('original names', () => {
  it('renames the service names at every depth, and SERVICE only inside contract-type lists', () => {
    const spec = {
      carriers: [{ code: 'omniva', hasServiceContract: true, supportedContractTypes: ['DIRECT', 'SERVICE'], contracts: null }],
      data: { id: 'x', serviceOrderUuid: null, status: 'SERVICE', errors: [{ field: 'serviceOrderUuid', message: 'SERVICE' }] },
    };
    const copy = structuredClone(spec);
    expect(withOriginalNames(spec)).toStrictEqual({
      carriers: [{ code: 'omniva', hasMontonioContract: true, supportedContractTypes: ['DIRECT', 'MONTONIO'], contracts: null }],
      // values are data, never renamed: only keys, and SERVICE in a contract-type list
      data: { id: 'x', montonioOrderUuid: null, status: 'SERVICE', errors: [{ field: 'serviceOrderUuid', message: 'SERVICE' }] },
    });
    expect(spec).toStrictEqual(copy);
  });

  it('keeps the key order, so answers read the same apart from the names', () => {
    expect(Object.keys(withOriginalNames({ id: 1, serviceOrderUuid: 2, merchantReference: 3 }) as object)).toEqual(['id', 'montonioOrderUuid', 'merchantReference']);
  });

  it('the spec deployment leaves output untouched', () => {
    const v = { serviceOrderUuid: 'u' };
    expect(outputNames('spec')(v)).toBe(v);
    expect(outputNames('original')(v)).toStrictEqual({ montonioOrderUuid: 'u' });
  });
});
