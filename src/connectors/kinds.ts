/**
 * What a connector is: the settings and secrets production needs to reach one real party (Stripe,
 * one bank's Berlin Group XS2A interface, …). A processor family declares its kind (see
 * payments/processors/contract.ts); the operator sets one through `PUT /operator/connectors/:kind`
 * or `kassa connectors set`, validated by the kind's schemas. Settings are stored as JSON; the
 * secrets are sealed with the master key and are never answered, logged or shown.
 */
import type { Static, TObject } from 'typebox';
import { Value } from 'typebox/value';

export interface ConnectorKind<S extends TObject = TObject, K extends TObject = TObject> {
  /** Stable id: `stripe`, `xs2a`. */
  readonly kind: string;
  /** Who it reaches, for the operator: "Stripe (cards)". */
  readonly title: string;
  /** Plain settings: endpoints, codes, key ids. Answered to the operator. */
  readonly settings: S;
  /** Secrets: API keys, webhook secrets, private keys. Sealed at rest, never answered. */
  readonly secrets: K;
  /** The connector's name within its kind: '' where there is one (Stripe), the bank's code for a bank. */
  nameOf(settings: Static<S>): string;
  /** Refusals the schemas cannot say (an endpoint that is not https, or is Kassa's own simulator); undefined when fine. */
  check?(settings: Static<S>, secrets: Static<K>): string | undefined;
}

/** A configured connector as the store reads it (secrets opened). */
export interface ConnectorRecord {
  kind: string;
  name: string;
  settings: unknown;
  secrets: unknown;
  updatedAt: string;
}

/** A record read through its kind's schemas: typed, or left out when it no longer fits them. */
export interface TypedConnector<S extends TObject, K extends TObject> {
  name: string;
  settings: Static<S>;
  secrets: Static<K>;
  updatedAt: string;
}

export function typedConnectors<S extends TObject, K extends TObject>(kind: ConnectorKind<S, K>, records: readonly ConnectorRecord[]): TypedConnector<S, K>[] {
  const out: TypedConnector<S, K>[] = [];
  for (const r of records) {
    if (r.kind !== kind.kind) continue;
    if (!Value.Check(kind.settings, r.settings) || !Value.Check(kind.secrets, r.secrets)) continue;
    out.push({ name: r.name, settings: r.settings, secrets: r.secrets, updatedAt: r.updatedAt });
  }
  return out;
}

/** Where production may send money: https only, and never at an address of Kassa's own simulators. */
export function productionEndpointProblem(url: string, publicUrl: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (u.protocol !== 'https:') return 'must be an https URL of the real party';
  let own: URL | undefined;
  try {
    own = new URL(publicUrl);
  } catch {
    own = undefined;
  }
  if ((own && u.host === own.host) || u.pathname.startsWith('/simulators/')) return "is Kassa's own simulator: production never points at a simulator";
  return undefined;
}
