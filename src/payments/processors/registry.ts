/**
 * The one list of processors: which adapter serves each payment method.
 */
import type { PaymentMethodName } from '../methods/catalogue/methods.js';
import type { ProcessorAdapter } from './contract.js';

export class ProcessorRegistry {
  private readonly byMethod = new Map<PaymentMethodName, ProcessorAdapter>();
  private readonly byIdMap = new Map<string, ProcessorAdapter>();

  constructor(adapters: readonly ProcessorAdapter[]) {
    for (const a of adapters) {
      this.byMethod.set(a.definition.method, a);
      this.byIdMap.set(a.definition.id, a);
    }
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
