/**
 * The xs2a family as the registry lists it (processors/index.ts): the sandbox's adapter reaches
 * every catalogue bank at Kassa's own XS2A simulator through `ctx.fetch`; production's reaches the
 * banks the operator configured (connector kind `xs2a`, one per bank) over mutual TLS, and never a
 * simulator.
 */
import type { ConnectorRecord } from '../../../connectors/kinds.js';
import { typedConnectors } from '../../../connectors/kinds.js';
import type { Currency } from '../../../platform/money.js';
import { BANKS, COUNTRIES } from '../../methods/catalogue/banks.js';
import type { ProcessorContext, ProcessorFamily } from '../contract.js';
import { sampleIban } from '../sim-kit/iban.js';
import { simulateRefund } from '../sim-kit/refunds.js';
import { Xs2aProcessor, type Xs2aBank, type Xs2aBanks } from './adapter.js';
import { mtlsFetch, Xs2aClient } from './client.js';
import { bankKey, configuredBanks, currencyOf, settingsProblem, xs2aConnector, type Xs2aSecrets } from './connector.js';
import { xs2aDefinition } from './definition.js';
import { bankOfKey } from './mapper.js';
import { pollOnce } from './poller.js';
import { SANDBOX_PRODUCTS, SIM_BASE, xs2aSimulatorRoutes } from './simulator.js';
import type { Fetch } from '../../../platform/self-fetch.js';
import { Errors } from '../../../platform/errors.js';

/** A sandbox bank's initiation may take this long (the magic slow bank answers later); its reads longer. */
export const SANDBOX_TIMEOUT_MS = 2_000;
export const SANDBOX_READ_TIMEOUT_MS = 10_000;
export const PRODUCTION_TIMEOUT_MS = 20_000;

/** The sandbox: every catalogue bank, at Kassa's simulator, paid into a sample account in the store's name. */
export function sandboxBanks(ctx: ProcessorContext): Xs2aBanks {
  const clients = new Map<string, Xs2aClient>();
  const client = (key: string, currency: Currency) => {
    const product = SANDBOX_PRODUCTS[currency][0]!;
    const id = `${key}/${product}`;
    let c = clients.get(id);
    if (!c)
      clients.set(
        id,
        (c = new Xs2aClient(
          { baseUrl: `${ctx.publicUrl}${SIM_BASE}/${key}`, paymentProduct: product, signing: null, timeoutMs: SANDBOX_TIMEOUT_MS, readTimeoutMs: SANDBOX_READ_TIMEOUT_MS },
          ctx.fetch,
          ctx.clock,
        )),
      );
    return c;
  };
  const make = (key: string, currency: Currency): Xs2aBank | string => {
    const bank = bankOfKey(key);
    if (!bank) return `${key} is not a bank of Kassa's catalogue`;
    if (!bank.bank.supportedCurrencies.includes(currency)) return `${bank.bank.name} does not accept ${currency}`;
    return { key, bank, client: client(key, currency), currency };
  };
  return {
    bank: make,
    holder: (key) => {
      const bank = bankOfKey(key);
      const made = bank ? make(key, bank.bank.supportedCurrencies[0]!) : undefined;
      return typeof made === 'object' ? made : undefined;
    },
    async creditor(orderId, bank) {
      const merchant = await ctx.directory.merchantOf(orderId);
      if (!merchant) throw Errors.notFound(`Order ${orderId}`);
      return { iban: sampleIban(bank.bank.country, 'kassa', 'kassa-sandbox-collection'), name: merchant.payeeName.slice(0, 70) || 'Kassa sandbox' };
    },
    // The sandbox's refund magic (docs/sandbox.md): refund cents .51–.57 choose the answer.
    refundRefusal(r) {
      const o = simulateRefund({ cards: false, refPrefix: 'sct' }, r);
      return o.kind === 'succeeded' ? undefined : o;
    },
  };
}

/** Production: the configured banks (invalid or self-pointing connectors are left out). */
export function productionBankList(
  ctx: ProcessorContext,
  configured: readonly ConnectorRecord[],
  fetchFor: (s: Xs2aSecrets) => Fetch = (s) => mtlsFetch({ certPem: s.tlsCertPem, keyPem: s.tlsKeyPem, ...(s.bankCaPem ? { caPem: s.bankCaPem } : {}) }),
): Xs2aBanks {
  const banks = new Map<string, Xs2aBank & { creditor: { iban: string; name: string } }>();
  for (const c of typedConnectors(xs2aConnector, configured)) {
    const s = c.settings;
    if (settingsProblem(s, c.secrets, ctx.publicUrl)) continue;
    const key = bankKey(s.country, s.bankCode);
    const bank = bankOfKey(key);
    if (!bank) continue;
    const signing = s.signing && c.secrets.signingKeyPem && c.secrets.signingCertPem ? { keyId: s.signing.keyId, keyPem: c.secrets.signingKeyPem, certPem: c.secrets.signingCertPem } : null;
    const client = new Xs2aClient({ baseUrl: s.baseUrl, paymentProduct: s.paymentProduct, signing, timeoutMs: s.timeoutMs ?? PRODUCTION_TIMEOUT_MS }, fetchFor(c.secrets), ctx.clock);
    banks.set(key, { key, bank, client, currency: currencyOf(s), creditor: s.creditor });
  }
  return {
    bank(key, currency) {
      const b = banks.get(key);
      if (!b) return `the bank ${key} is not configured for bank payments`;
      if (b.currency !== currency) return `${b.bank.bank.name} takes ${b.currency} payments only`;
      return b;
    },
    holder: (key) => banks.get(key),
    creditor: async (_orderId, bank) => banks.get(bank.key)!.creditor,
  };
}

/** The whole family; `fetchFor` builds production's HTTP client of a bank (tests give a recording one). */
export function xs2aFamily(fetchFor?: (s: Xs2aSecrets) => Fetch): ProcessorFamily {
  return {
    definition: xs2aDefinition,
    connector: xs2aConnector,
    sandbox: (ctx) => new Xs2aProcessor(xs2aDefinition, sandboxBanks(ctx)),
    production: (ctx, configured) => new Xs2aProcessor(xs2aDefinition, productionBankList(ctx, configured, fetchFor)),
    productionBanks: (configured) => configuredBanks(configured),
    routes: (app, ctx) => xs2aSimulatorRoutes(app, ctx),
    async poll(ctx, configured, opts) {
      const sandbox = new Xs2aProcessor(xs2aDefinition, sandboxBanks(ctx));
      const production = configured.length > 0 ? new Xs2aProcessor(xs2aDefinition, productionBankList(ctx, configured, fetchFor)) : undefined;
      return pollOnce(xs2aDefinition.id, ctx.attempts, (env) => (env === 'sandbox' ? (ref) => sandbox.resolve(ref) : production && ((ref) => production.resolve(ref))), opts);
    },
  };
}

export const xs2a = xs2aFamily();

/** Every sandbox bank key (tests, docs). */
export const SANDBOX_BANK_KEYS: readonly string[] = COUNTRIES.flatMap((c) => BANKS[c].map((b) => bankKey(c, b.code)));
