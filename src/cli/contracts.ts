/**
 * `kassa contracts …`: a store's carrier contracts (/operator/stores/{uuid}/carrier-contracts).
 *   kassa contracts add STORE_UUID --carrier omniva --country EE [--env sandbox|production] [--json]
 *   kassa contracts list STORE_UUID [--json]
 */
import { parseArgs } from 'node:util';
import { CARRIER_CODES } from '../shipping/carriers/registry.js';
import { listLines, operatorCall, usageError, type Io } from './kit.js';

/** The carriers are the registry's: a carrier added there is in the usage text too. */
export const CONTRACTS_USAGE = `  kassa contracts add STORE_UUID --carrier ${CARRIER_CODES.join('|')} --country CC
        [--env sandbox|production (default sandbox)] [--json]
  kassa contracts list STORE_UUID [--json]`;

export async function contractsCommand(argv: string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { carrier: { type: 'string' }, country: { type: 'string' }, env: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const [, verb, subject] = positionals;
  return contracts(verb, subject, values, io);
}

interface ContractOut {
  id: string;
  carrierId: string;
  country: string;
  isDirectContract: boolean;
}

/** Carrier contracts of a store (the operator API's /operator/stores/{uuid}/carrier-contracts). */
async function contracts(
  verb: string | undefined,
  storeUuid: string | undefined,
  values: { carrier?: string | undefined; country?: string | undefined; env?: string | undefined; json?: boolean | undefined },
  io: Io,
): Promise<void> {
  const out = io.out;
  if (!storeUuid) throw usageError('the store uuid is required');
  const route = `/operator/stores/${encodeURIComponent(storeUuid)}/carrier-contracts`;
  const line = (c: ContractOut & { env?: string }) => `${c.id}  ${c.carrierId}  ${c.country}  ${c.isDirectContract ? 'DIRECT' : 'SERVICE'}${c.env ? `  ${c.env}` : ''}`;
  if (verb === 'add') {
    // The server checks carrier, country and environment, naming each wrong field.
    const c = (await operatorCall('POST', route, { carrierCode: values.carrier, country: values.country, env: values.env ?? 'sandbox' })) as ContractOut;
    if (values.json) return out(JSON.stringify(c));
    return out(`contract ${line(c)}`);
  }
  if (verb === 'list') {
    const res = (await operatorCall('GET', route)) as Record<'sandbox' | 'production', ContractOut[]>;
    if (values.json) return out(JSON.stringify(res));
    return listLines(io, [...res.sandbox.map((c) => ({ ...c, env: 'sandbox' })), ...res.production.map((c) => ({ ...c, env: 'production' }))], 'carrier contracts', line);
  }
  throw usageError(verb ? `unknown command "contracts ${verb}"` : `"contracts" needs a command`);
}
