/**
 * Which adapter serves each payment method in each environment. One processor family per method:
 * a second family for a method already served (or with the same id) is an error at start-up,
 * never a silent replacement.
 *
 * The sandbox runs every family's sandbox adapter. Production runs a family's production adapter
 * over the operator's configured connectors of its kind, and nothing else: a family without a
 * real connector, or whose connector is not configured, does not serve production (the method is
 * absent from GET /stores/payment-methods and POST /orders names the missing connector).
 */
import { Errors } from '../../platform/errors.js';
import type { Env } from '../../platform/env.js';
import type { ConnectorRecord } from '../../connectors/kinds.js';
import type { ConnectorSource } from '../../connectors/store.js';
import { PAYMENT_METHODS, type PaymentMethodName } from '../methods/catalogue/methods.js';
import { EVERYTHING, type Offer } from '../methods/offer.js';
import type { ProcessorAdapter, ProcessorContext, ProcessorDefinition, ProcessorFamily } from './contract.js';

/** Whether production can serve a method, and if not, what is missing. */
export type ProductionReadiness = { ready: true; connector: string } | { ready: false; missing: string };

export class ProcessorRegistry {
  private readonly byMethod = new Map<PaymentMethodName, ProcessorFamily>();
  private readonly byIdMap = new Map<string, ProcessorFamily>();
  private readonly sandboxAdapters = new Map<string, ProcessorAdapter>();
  /** Production adapters by family id, rebuilt when its connectors change. */
  private readonly productionAdapters = new Map<string, { version: string; adapter: ProcessorAdapter }>();

  constructor(
    readonly families: readonly ProcessorFamily[],
    private readonly ctx: ProcessorContext,
    private readonly connectors: ConnectorSource,
  ) {
    for (const f of families) this.register(f);
  }

  private register(f: ProcessorFamily): void {
    const { id, method } = f.definition;
    const taken = this.byMethod.get(method);
    if (taken) throw new Error(`processor ${id} cannot serve ${method}: ${taken.definition.id} already does (one processor per payment method)`);
    if (this.byIdMap.has(id)) throw new Error(`two processors have the id ${id}`);
    this.byMethod.set(method, f);
    this.byIdMap.set(id, f);
  }

  private family(m: PaymentMethodName): ProcessorFamily {
    const f = this.byMethod.get(m);
    if (!f) throw new Error(`no processor serves ${m}`);
    return f;
  }

  /** The processor of a method (its id is `processor` in GET /stores/payment-methods). */
  definition(m: PaymentMethodName): ProcessorDefinition {
    return this.family(m).definition;
  }

  /** What production lacks to serve `m`, if anything. */
  async readiness(m: PaymentMethodName): Promise<ProductionReadiness> {
    const f = this.family(m);
    if (!f.connector || !f.production) return { ready: false, missing: `${m} has no production connector in Kassa yet (its processor ${f.definition.id} is a sandbox simulator)` };
    const configured = await this.configured(f);
    if (configured.length === 0)
      return { ready: false, missing: `${m} needs the ${f.connector.kind} connector (${f.connector.title}); the operator sets it with \`kassa connectors set ${f.connector.kind}\`` };
    return { ready: true, connector: f.connector.kind };
  }

  /** What `env` can take payments with now (production: from the configured connectors). */
  async offer(env: Env): Promise<Offer> {
    if (env === 'sandbox') return EVERYTHING;
    const missing = new Map<PaymentMethodName, string>();
    const banks = new Set<string>();
    for (const m of PAYMENT_METHODS) {
      if (!this.byMethod.has(m)) {
        missing.set(m, `no processor serves ${m}`);
        continue;
      }
      const r = await this.readiness(m);
      if (!r.ready) {
        missing.set(m, r.missing);
        continue;
      }
      const f = this.family(m);
      if (f.productionBanks) for (const b of f.productionBanks(await this.configured(f))) banks.add(`${b.country}:${b.code}`);
    }
    return { missing: (m) => missing.get(m), hasBank: (country, code) => banks.has(`${country}:${code}`) };
  }

  /** Of `methods`, those production cannot take, each with the connector kind it needs (null: Kassa has no real connector for it yet). */
  async productionGaps(methods: readonly PaymentMethodName[]): Promise<{ method: PaymentMethodName; connector: string | null }[]> {
    const gaps: { method: PaymentMethodName; connector: string | null }[] = [];
    for (const m of methods) {
      const f = this.byMethod.get(m);
      if (!f || !(await this.readiness(m)).ready) gaps.push({ method: m, connector: f?.production ? (f.connector?.kind ?? null) : null });
    }
    return gaps;
  }

  /** The configured connectors of the method's kind (production), e.g. the banks of `xs2a`. */
  async productionConnectors(m: PaymentMethodName): Promise<readonly ConnectorRecord[]> {
    return this.configured(this.family(m));
  }

  private async configured(f: ProcessorFamily): Promise<readonly ConnectorRecord[]> {
    const kind = f.connector?.kind;
    return kind ? (await this.connectors.list()).filter((c) => c.kind === kind) : [];
  }

  /** The adapter serving `m` in `env`; in production a 400 naming the missing connector when there is none. */
  async forMethod(m: PaymentMethodName, env: Env): Promise<ProcessorAdapter> {
    return this.adapterOf(this.family(m), env, 'paymentMethodName');
  }

  /** The adapter of a processor by id (a refund goes back through whoever took the payment); undefined when unknown. */
  async byId(id: string, env: Env): Promise<ProcessorAdapter | undefined> {
    const f = this.byIdMap.get(id);
    return f ? this.adapterOf(f, env, 'processor') : undefined;
  }

  private async adapterOf(f: ProcessorFamily, env: Env, field: string): Promise<ProcessorAdapter> {
    if (env === 'sandbox') {
      let a = this.sandboxAdapters.get(f.definition.id);
      if (!a) this.sandboxAdapters.set(f.definition.id, (a = f.sandbox(this.ctx)));
      return a;
    }
    const readiness = await this.readiness(f.definition.method);
    if (!readiness.ready || !f.production) throw Errors.validation(field, `cannot be served in production: ${readiness.ready ? 'no connector' : readiness.missing}`);
    const configured = await this.configured(f);
    const version = configured.map((c) => `${c.name}@${c.updatedAt}`).join(',');
    const cached = this.productionAdapters.get(f.definition.id);
    if (cached?.version === version) return cached.adapter;
    const adapter = f.production(this.ctx, configured);
    this.productionAdapters.set(f.definition.id, { version, adapter });
    return adapter;
  }
}
