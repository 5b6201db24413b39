/**
 * Which adapter serves each payment method, and each processor by id. One processor per method:
 * registering a second for a method already served (or a second with the same id) is an error
 * at start-up, never a silent replacement.
 */
import type { PaymentMethodName } from '../methods/catalogue/methods.js';
import type { ProcessorAdapter } from './contract.js';

export class ProcessorRegistry {
  private readonly byMethod = new Map<PaymentMethodName, ProcessorAdapter>();
  private readonly byIdMap = new Map<string, ProcessorAdapter>();

  constructor(adapters: readonly ProcessorAdapter[]) {
    for (const a of adapters) this.register(a);
  }

  private register(a: ProcessorAdapter): void {
    const { id, method } = a.definition;
    const taken = this.byMethod.get(method);
    if (taken) throw new Error(`processor ${id} cannot serve ${method}: ${taken.definition.id} already does (one processor per payment method)`);
    if (this.byIdMap.has(id)) throw new Error(`two processors have the id ${id}`);
    this.byMethod.set(method, a);
    this.byIdMap.set(id, a);
  }

  forMethod(m: PaymentMethodName): ProcessorAdapter {
    const a = this.byMethod.get(m);
    if (!a) throw new Error(`no processor serves ${m}`);
    return a;
  }

  byId(id: string): ProcessorAdapter | undefined {
    return this.byIdMap.get(id);
  }
}
