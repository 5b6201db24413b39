/**
 * Cards through Stripe (issue 19): the processor of `cardPayments`, and the connector production
 * needs (the operator's Stripe account: publishable key, secret or restricted key, webhook signing
 * secret). The sandbox needs no connector: it runs the same client against Kassa's simulator of
 * Stripe's API with keys derived from the installation's sandbox secret (sandbox-keys.ts).
 */
import { Type } from 'typebox';
import type { ConnectorKind } from '../../../connectors/kinds.js';
import type { ProcessorDefinition } from '../contract.js';

export const stripeDefinition: ProcessorDefinition = {
  id: 'stripe',
  name: 'Stripe',
  method: 'cardPayments',
  supportsRefunds: true,
};

const StripeSettings = Type.Object(
  { publishableKey: Type.String({ pattern: '^pk_(live|test)_[A-Za-z0-9]+$', description: 'The publishable key (pk_live_… or pk_test_…): mounts Stripe Elements on the card page' }) },
  { additionalProperties: false },
);

const StripeSecrets = Type.Object(
  {
    secretKey: Type.String({ pattern: '^(sk|rk)_(live|test)_[A-Za-z0-9]+$', description: 'The secret key (sk_…) or a restricted key (rk_…) with PaymentIntents and Refunds write access' }),
    webhookSecret: Type.String({ pattern: '^whsec_[A-Za-z0-9+/=]+$', description: 'The signing secret (whsec_…) of the webhook endpoint <Kassa>/processors/stripe/webhook' }),
  },
  { additionalProperties: false },
);

export const stripeConnector: ConnectorKind<typeof StripeSettings, typeof StripeSecrets> = {
  kind: 'stripe',
  title: 'Stripe (cards)',
  settings: StripeSettings,
  secrets: StripeSecrets,
  nameOf: () => '',
  check(settings, secrets) {
    const live = (k: string) => /^(pk|sk|rk)_live_/.test(k);
    if (live(settings.publishableKey) !== live(secrets.secretKey)) return 'publishableKey and secretKey must be of the same mode (both live or both test)';
    return undefined;
  },
};
