/**
 * The `xs2a` connector kind: one connector per bank (ASPSP), named `{country}-{bankCode}`. Its
 * settings say where the bank's XS2A interface is and what Kassa pays into; its secrets are the
 * TPP's eIDAS certificates (QWAC for mutual TLS, QSealC where the bank asks for signed messages).
 */
import { Type, type Static } from 'typebox';
import { productionEndpointProblem, typedConnectors, type ConnectorKind, type ConnectorRecord } from '../../../connectors/kinds.js';
import { COUNTRY_CURRENCIES, findBank, type CountryCode } from '../../methods/catalogue/banks.js';
import { isValidIban } from '../../../platform/iban.js';

export const Xs2aSettings = Type.Object(
  {
    country: Type.Union([Type.Literal('EE'), Type.Literal('LV'), Type.Literal('LT'), Type.Literal('FI'), Type.Literal('PL')], { description: 'The country of the bank list the bank is shown in' }),
    bankCode: Type.String({ pattern: '^[A-Z0-9]{8}([A-Z0-9]{3})?$', description: "The bank's code in Kassa's catalogue (BIC-style, e.g. HABALV22)" }),
    baseUrl: Type.String({ minLength: 9, maxLength: 500, description: "The bank's XS2A base URL (https), before `/v1/payments/…`" }),
    paymentProduct: Type.String({
      pattern: '^[a-z0-9][a-z0-9-]{1,63}$',
      description: 'The payment product of the path, e.g. `sepa-credit-transfers`, `instant-sepa-credit-transfers`, or the Polish domestic product the bank guide names',
    }),
    currency: Type.Optional(Type.Union([Type.Literal('EUR'), Type.Literal('PLN')], { description: "The currency of the product (default: the country's)" })),
    creditor: Type.Object({
      iban: Type.String({ minLength: 15, maxLength: 34, description: "The operator's collection account the shopper pays into" }),
      name: Type.String({ minLength: 1, maxLength: 70 }),
    }),
    signing: Type.Union(
      [Type.Null(), Type.Object({ keyId: Type.String({ minLength: 1, maxLength: 500, description: 'keyId of the Signature header: `SN=<serial>,CA=<issuer DN>` of the QSealC' }) })],
      {
        description: 'Message signing (Digest, Signature, TPP-Signature-Certificate) where the bank asks for it; null otherwise',
      },
    ),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1000, maximum: 120000, description: 'Timeout of each call to the bank (default 20000)' })),
  },
  { additionalProperties: false },
);
export type Xs2aSettings = Static<typeof Xs2aSettings>;

export const Xs2aSecrets = Type.Object(
  {
    tlsCertPem: Type.String({ minLength: 1, description: "The TPP's QWAC (PEM) for mutual TLS" }),
    tlsKeyPem: Type.String({ minLength: 1, description: "The QWAC's private key (PEM)" }),
    signingKeyPem: Type.Optional(Type.String({ minLength: 1, description: "The QSealC's private key (PEM), for banks that require message signing" })),
    signingCertPem: Type.Optional(Type.String({ minLength: 1, description: 'The QSealC (PEM), sent as TPP-Signature-Certificate' })),
    bankCaPem: Type.Optional(Type.String({ minLength: 1, description: "The CA the bank's server certificate is checked against, where it is not in Node's store (PEM)" })),
  },
  { additionalProperties: false },
);
export type Xs2aSecrets = Static<typeof Xs2aSecrets>;

/** `{country}-{bankCode}`: the connector's name and the bank part of a processor reference. */
export function bankKey(country: CountryCode, bankCode: string): string {
  return `${country}-${bankCode}`;
}

export function currencyOf(s: Pick<Xs2aSettings, 'country' | 'currency'>): 'EUR' | 'PLN' {
  return s.currency ?? COUNTRY_CURRENCIES[s.country][0] ?? 'EUR';
}

/** What the schemas cannot say; `publicUrl` '' checks scheme and path only (production() checks again with Kassa's address). */
export function settingsProblem(s: Xs2aSettings, k: Xs2aSecrets, publicUrl: string): string | undefined {
  const endpoint = productionEndpointProblem(s.baseUrl, publicUrl);
  if (endpoint) return `baseUrl ${endpoint}`;
  if (!findBank(s.country, s.bankCode)) return `bankCode ${s.bankCode} is not a bank of ${s.country} in Kassa's catalogue`;
  if (!isValidIban(s.creditor.iban)) return 'creditor.iban is not a valid IBAN';
  if (s.signing && (!k.signingKeyPem || !k.signingCertPem)) return 'signing needs the secrets signingKeyPem and signingCertPem';
  return undefined;
}

export const xs2aConnector: ConnectorKind<typeof Xs2aSettings, typeof Xs2aSecrets> = {
  kind: 'xs2a',
  title: 'Berlin Group NextGenPSD2 XS2A (one bank)',
  settings: Xs2aSettings,
  secrets: Xs2aSecrets,
  nameOf: (s) => bankKey(s.country, s.bankCode),
  check: (s, k) => settingsProblem(s, k, ''),
};

/** The configured banks (production's bank list of each country comes from them). */
export function configuredBanks(records: readonly ConnectorRecord[]): { country: CountryCode; code: string }[] {
  return typedConnectors(xs2aConnector, records)
    .filter((c) => settingsProblem(c.settings, c.secrets, '') === undefined)
    .map((c) => ({ country: c.settings.country, code: c.settings.bankCode }));
}
