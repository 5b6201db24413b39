/**
 * The operator's connectors: which real parties production can reach, set and removed through
 * the operator API and CLI. Each kind's schemas check what is set (a 400 naming the field, and
 * nothing stored); secrets are sealed by the store and answered only as "set".
 */
import { Value } from 'typebox/value';
import type { TObject } from 'typebox';
import { Errors } from '../platform/errors.js';
import type { ConnectorKind } from './kinds.js';
import type { ConnectorStore } from './store.js';

/** A configured connector as the operator sees it: settings, and the names of its secrets (never their values). */
export interface ConnectorView {
  kind: string;
  name: string;
  title: string;
  settings: unknown;
  secretsSet: string[];
  updatedAt: string;
}

/** A kind the operator may configure, and what its settings and secrets are. */
export interface ConnectorKindView {
  kind: string;
  title: string;
  settings: TObject;
  secrets: TObject;
  configured: number;
}

function problems(prefix: string, schema: TObject, value: unknown): string[] {
  return [...Value.Errors(schema, value)]
    .filter((e) => e.keyword !== 'boolean')
    .map((e) => {
      const extra = e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperties?: string[] }).additionalProperties?.join(', '))})` : '';
      return `${prefix}${e.instancePath.replace(/\//g, '.')} ${e.message}${extra}`;
    });
}

export class ConnectorService {
  private readonly kinds: ReadonlyMap<string, ConnectorKind>;

  constructor(
    private readonly store: ConnectorStore,
    kinds: readonly ConnectorKind[],
  ) {
    this.kinds = new Map(kinds.map((k) => [k.kind, k]));
  }

  private kind(kind: string): ConnectorKind {
    const k = this.kinds.get(kind);
    if (!k) throw Errors.validation('kind', `must be one of ${[...this.kinds.keys()].join(', ') || '(none)'}`);
    return k;
  }

  async list(): Promise<{ kinds: ConnectorKindView[]; connectors: ConnectorView[] }> {
    const records = await this.store.list();
    const connectors = records.map((r) => ({
      kind: r.kind,
      name: r.name,
      title: this.kinds.get(r.kind)?.title ?? r.kind,
      settings: r.settings,
      secretsSet: r.secrets && typeof r.secrets === 'object' ? Object.keys(r.secrets).sort() : [],
      updatedAt: r.updatedAt,
    }));
    const kinds = [...this.kinds.values()].map((k) => ({ kind: k.kind, title: k.title, settings: k.settings, secrets: k.secrets, configured: records.filter((r) => r.kind === k.kind).length }));
    return { kinds, connectors };
  }

  /** Adds or replaces a connector; 400 naming each field that does not fit, and nothing stored. */
  async set(kind: string, settings: unknown, secrets: unknown): Promise<ConnectorView> {
    const k = this.kind(kind);
    const found = [...problems('settings', k.settings, settings), ...problems('secrets', k.secrets, secrets)];
    if (found.length > 0) throw Errors.problems(found);
    if (!Value.Check(k.settings, settings) || !Value.Check(k.secrets, secrets)) throw Errors.badRequest('the connector does not fit its kind');
    const refused = k.check?.(settings, secrets);
    if (refused) throw Errors.badRequest(refused);
    const name = k.nameOf(settings);
    await this.store.set(kind, name, settings, secrets);
    const view = (await this.list()).connectors.find((c) => c.kind === kind && c.name === name);
    if (!view) throw new Error('connector vanished after it was set');
    return view;
  }

  async remove(kind: string, name: string): Promise<void> {
    this.kind(kind);
    if (!(await this.store.remove(kind, name))) throw Errors.notFound(`Connector ${kind}${name ? ` ${name}` : ''}`);
  }
}
