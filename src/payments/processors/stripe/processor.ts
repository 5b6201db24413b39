/**
 * The Stripe family as the registry lists it (processors/index.ts): the same connector
 * (client.ts) in both environments. The sandbox: keys derived from the installation's sandbox
 * secret, the SDK pointed at Kassa's simulator of Stripe's API, the shopper sent to the
 * simulator's card page. Production: the operator's configured `stripe` connector at Stripe's
 * own host, the shopper sent to Kassa's page with Stripe Elements.
 */
import type { ConnectorRecord } from '../../../connectors/kinds.js';
import { typedConnectors } from '../../../connectors/kinds.js';
import type { BeginPayment, ProcessorContext, ProcessorFamily, RefundRequest } from '../contract.js';
import { simulateRefund } from '../sim-kit/refunds.js';
import { simulatorHost, stripeSdk, StripeAdapter, type CardPageUrl, type SandboxParts } from './client.js';
import { checkCard } from './behaviour.js';
import { stripeConnector, stripeDefinition } from './definition.js';
import { ELEMENTS_PAGE_PATH } from './elements-page.js';
import { stripeRoutes } from './routes.js';
import { sandboxStripeKeys } from './sandbox-keys.js';
import { CARD_PAGE_PATH, CHALLENGE_PAGE_PATH, StripeSimulator } from './sim-service.js';
import { stripeSimulatorRoutes } from './simulator.js';

const pageUrl = (base: string, q: Record<string, string>) => `${base}?${new URLSearchParams(q).toString()}`;

export function sandboxStripe(ctx: ProcessorContext): StripeAdapter {
  const keys = sandboxStripeKeys(ctx.sandboxSecret('stripe'));
  const sim = simulatorHost(ctx.publicUrl, ctx.fetch);
  const cardPage: CardPageUrl = (input: BeginPayment, pi, returnUrl) =>
    pageUrl(`${ctx.publicUrl}${CARD_PAGE_PATH}`, { client_secret: pi.clientSecret, return_url: returnUrl, locale: input.locale, mode: input.choice.cardMode ?? 'wallet' });
  const parts: SandboxParts = {
    // A sandbox payment made by the test helper (POST /sandbox/api/test-helpers/orders/:uuid/pay) never reached Stripe: its refunds follow the magic cents without it.
    foreignRefund: (r: RefundRequest) => simulateRefund({ cards: true, refPrefix: 're_sandbox' }, r),
    // The sandbox's embedded form checks the card as Elements does in the browser (Luhn, expiry, CVC).
    checkCard: (card) => {
      const now = ctx.clock.now();
      const r = checkCard(card, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
      return r.ok ? { ok: true, brand: r.brand, last4: r.last4 } : r;
    },
    // The simulator's challenge page, answered as the shopper's browser would post it.
    answerChallenge: async (pi, complete) => {
      const next = pi.next_action?.redirect_to_url;
      if (pi.status !== 'requires_action' || !next?.url || !pi.client_secret) return;
      const body = new URLSearchParams({ payment_intent: pi.id, client_secret: pi.client_secret, action: complete ? 'complete' : 'fail' });
      await ctx.fetch(`${ctx.publicUrl}${CHALLENGE_PAGE_PATH}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString(), redirect: 'manual' });
    },
  };
  return new StripeAdapter(stripeDefinition, stripeSdk(keys.secretKey, sim.fetch, sim.host), keys, cardPage, ctx.clock, parts);
}

/** Production's adapter over the configured connector (Stripe's own host); undefined when none fits its schemas. */
export function productionStripe(ctx: ProcessorContext, configured: readonly ConnectorRecord[]): StripeAdapter | undefined {
  const c = typedConnectors(stripeConnector, configured)[0];
  if (!c) return undefined;
  const keys = { publishableKey: c.settings.publishableKey, secretKey: c.secrets.secretKey, webhookSecret: c.secrets.webhookSecret };
  const cardPage: CardPageUrl = (input, pi, returnUrl) =>
    pageUrl(`${ctx.publicUrl}${ELEMENTS_PAGE_PATH.replace(':orderUuid', input.orderId)}`, { client_secret: pi.clientSecret, return_url: returnUrl, locale: input.locale });
  return new StripeAdapter(stripeDefinition, stripeSdk(keys.secretKey, ctx.fetch), keys, cardPage, ctx.clock);
}

function family(): ProcessorFamily {
  // One adapter of each per app (its context: database, fetch, clock), never shared between two
  // apps in one process (tests build several).
  const sandboxes = new WeakMap<ProcessorContext, StripeAdapter>();
  const productions = new WeakMap<ProcessorContext, { version: string; adapter: StripeAdapter | undefined }>();
  const sandboxOf = (ctx: ProcessorContext) => {
    let a = sandboxes.get(ctx);
    if (!a) sandboxes.set(ctx, (a = sandboxStripe(ctx)));
    return a;
  };
  const productionOf = async (ctx: ProcessorContext) => {
    const records = (await ctx.connectors.list()).filter((r) => r.kind === stripeConnector.kind);
    const version = records.map((r) => r.updatedAt).join(',');
    let production = productions.get(ctx);
    if (production?.version !== version) productions.set(ctx, (production = { version, adapter: productionStripe(ctx, records) }));
    return production.adapter;
  };
  return {
    definition: stripeDefinition,
    connector: stripeConnector,
    sandbox: sandboxOf,
    production(ctx, configured) {
      const a = productionStripe(ctx, configured);
      if (!a) throw new Error('the stripe connector does not fit its schemas');
      return a;
    },
    async routes(app, ctx) {
      const sim = new StripeSimulator({
        db: ctx.db,
        clock: ctx.clock,
        keys: sandboxStripeKeys(ctx.sandboxSecret('stripe')),
        publicUrl: ctx.publicUrl,
        fetch: ctx.fetch,
        log: (msg, err) => app.log.warn({ err }, msg),
      });
      await stripeSimulatorRoutes(app, { sim, directory: ctx.directory, publicUrl: ctx.publicUrl, clock: ctx.clock });
      await stripeRoutes(app, { ctx, sandbox: () => sandboxOf(ctx), production: () => productionOf(ctx) });
    },
  };
}

export const stripe: ProcessorFamily = family();
