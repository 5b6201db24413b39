/**
 * The adapter of every built-in simulator: `begin` signs the family's request and points the
 * shopper at the simulator's page; `interpret` checks the return's signature with the order's
 * store key and lets the family's mapper read the outcome.
 */
import { randomUUID } from 'node:crypto';
import { Errors } from '../../../platform/errors.js';
import type { AttemptOutcome } from '../../orders/service.js';
import type { BeginPayment, BeginResult, ProcessorAdapter, ProcessorDefinition, ProcessorReturn, RefundOutcome, RefundRequest } from '../contract.js';
import type { SimulatorDirectory } from './directory.js';
import { appendQuery, type SimRequest, type SimulatorMapper } from './protocol.js';
import { simulateRefund } from './refunds.js';
import { hasValidMac, signFields } from './signing.js';

export type { SimulatorMapper } from './protocol.js';

export const REQUEST_PURPOSE = 'request';
export const RETURN_PURPOSE = 'return';

export class SimulatedProcessor<R extends SimRequest> implements ProcessorAdapter {
  constructor(
    readonly definition: ProcessorDefinition,
    private readonly mapper: SimulatorMapper<R>,
    private readonly publicUrl: string,
    private readonly directory: SimulatorDirectory,
  ) {}

  async begin(input: BeginPayment): Promise<BeginResult> {
    const merchant = await this.directory.merchantOf(input.orderId);
    if (!merchant) throw Errors.notFound(`Order ${input.orderId}`);
    const ref = `${this.mapper.refPrefix}_${randomUUID()}`;
    const req = this.mapper.buildRequest(input, { ref, payee: merchant.payeeName });
    const signed = signFields(merchant.key, REQUEST_PURPOSE, this.mapper.requestFields(req), this.mapper.requestFieldNames);
    return { redirectUrl: appendQuery(`${this.publicUrl}${this.mapper.entryPath}`, signed), processorReference: ref };
  }

  async interpret(ret: ProcessorReturn): Promise<AttemptOutcome> {
    const orderId = ret.order;
    const merchant = orderId ? await this.directory.merchantOf(orderId) : undefined;
    if (!merchant) throw Errors.badRequest('the processor return names no known order');
    if (!hasValidMac(merchant.acceptedKeys, RETURN_PURPOSE, ret, this.mapper.returnFieldNames)) {
      throw Errors.forbidden('the processor return signature is not valid');
    }
    return this.mapper.parseReturn(this.definition.id, ret);
  }

  async refund(input: RefundRequest): Promise<RefundOutcome> {
    const cards = this.definition.method === 'cardPayments' || this.definition.method === 'mobilePay';
    return simulateRefund({ cards, refPrefix: this.mapper.refPrefix }, input);
  }
}
