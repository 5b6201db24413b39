/**
 * The configured connectors (table `connectors`, migration 029): settings as JSON, secrets as one
 * JSON object sealed with the master key. Reads are cached per node for `cacheMs` (like store
 * keys: KASSA_AUTH_CACHE_MS), so a change made on one API node reaches the others within that
 * time; the node that made it sees it at once.
 */
import type { Db } from '../platform/db.js';
import type { SecretBox } from '../platform/crypto.js';
import { systemClock, type Clock } from '../platform/clock.js';
import type { ConnectorRecord } from './kinds.js';

interface Row {
  kind: string;
  name: string;
  settings: unknown;
  secrets_sealed: string;
  updated_at: Date;
}

/** What processor and carrier registries read: the configured connectors. */
export interface ConnectorSource {
  list(): Promise<readonly ConnectorRecord[]>;
}

export class ConnectorStore implements ConnectorSource {
  private cached: { at: number; records: readonly ConnectorRecord[] } | undefined;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly cacheMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(): Promise<readonly ConnectorRecord[]> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < this.cacheMs) return this.cached.records;
    const { rows } = await this.db.query<Row>('SELECT kind, name, settings, secrets_sealed, updated_at FROM connectors ORDER BY kind, name');
    const records = rows.map((r) => ({
      kind: r.kind,
      name: r.name,
      settings: r.settings,
      secrets: JSON.parse(this.box.open(r.secrets_sealed)) as unknown,
      updatedAt: r.updated_at.toISOString(),
    }));
    this.cached = { at: now, records };
    return records;
  }

  /** Adds or replaces a connector (already validated by its kind). */
  async set(kind: string, name: string, settings: unknown, secrets: unknown): Promise<void> {
    await this.db.query(
      `INSERT INTO connectors (kind, name, settings, secrets_sealed) VALUES ($1, $2, $3, $4)
       ON CONFLICT (kind, name) DO UPDATE SET settings = EXCLUDED.settings, secrets_sealed = EXCLUDED.secrets_sealed, updated_at = clock_timestamp()`,
      [kind, name, JSON.stringify(settings), this.box.seal(JSON.stringify(secrets))],
    );
    await this.invalidate();
  }

  /** Drops the cached list (after a change made by this process; platform/cluster.ts relays it to the other API processes). */
  invalidate(): void | Promise<void> {
    this.cached = undefined;
  }

  /** Removes one; false when there was none. */
  async remove(kind: string, name: string): Promise<boolean> {
    const r = await this.db.query('DELETE FROM connectors WHERE kind = $1 AND name = $2', [kind, name]);
    await this.invalidate();
    return (r.rowCount ?? 0) > 0;
  }
}
