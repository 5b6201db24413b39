/**
 * A store's API keys: list them (never a secret in full), roll a secret with an overlap window,
 * end the overlap at once. The access key never changes (it is not a secret and sits in the
 * merchant's config); its secret does.
 *
 * - Roll: a new secret replaces the current one, which stays valid until the window ends
 *   (`overlapMinutes`, 0..10080; 0 ends it at once, for a leaked secret). Kassa signs with the new
 *   secret from the roll on; tokens signed with either are accepted during the window
 *   (KeyResolver.acceptedSecrets). The window ends by the store's clock: store_now (the database's
 *   now() in production, the sandbox clock in the sandbox, so a developer can see it end).
 * - One overlap at a time: a roll while a previous secret is still valid is a 409. Rolling again
 *   would silently end the first old secret before its window, under servers still using it; the
 *   owner ends the overlap first (revoke-previous), a deliberate act.
 * - Revoke-previous: the old secret stops now on this node, and on every other API node within
 *   KASSA_AUTH_CACHE_MS (the resolver's cache TTL).
 */
import type { Db } from '../platform/db.js';
import type { SecretBox } from '../platform/crypto.js';
import type { Env } from '../platform/env.js';
import { ENVS } from '../platform/env.js';
import { Errors } from '../platform/errors.js';
import { randomToken } from '../platform/ids.js';
import type { KeyResolver } from './auth.js';
import { endKeyOverlap, rollKey, selectLiveKeys } from './store.js';

/** The longest overlap an owner can choose: 7 days. */
export const MAX_OVERLAP_MINUTES = 7 * 24 * 60;
export const DEFAULT_OVERLAP_MINUTES = 24 * 60;

export interface KeyInfo {
  env: Env;
  accessKey: string;
  /** The last four characters of the current secret (to tell which one a server has). */
  secretEnding: string;
  createdAt: Date;
  rolledAt: Date | null;
  /** When the previous secret stops being accepted; null when no overlap is open. */
  previousValidUntil: Date | null;
}

export interface RolledKey {
  env: Env;
  accessKey: string;
  /** The new secret: shown once. */
  secretKey: string;
  previousValidUntil: Date;
}

export class KeyService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly resolver: KeyResolver,
  ) {}

  /** The store's live keys, sandbox first; undefined for an unknown store. */
  async list(storeId: string): Promise<KeyInfo[] | undefined> {
    const rows = await selectLiveKeys(this.db, storeId);
    if (rows.length === 0) return undefined;
    return rows.map((r) => ({
      env: r.env,
      accessKey: r.access_key,
      secretEnding: this.box.open(r.secret_sealed).slice(-4),
      createdAt: r.created_at,
      rolledAt: r.rolled_at,
      previousValidUntil: r.previous_valid_until,
    }));
  }

  /** A new secret for the store's key of `env`; the current one stays valid `overlapMinutes`. 404 unknown store, 409 during an overlap. */
  async roll(storeId: string, env: Env, overlapMinutes: number): Promise<RolledKey> {
    if (!ENVS.includes(env)) throw Errors.validation('env', 'must be sandbox or production');
    if (!Number.isInteger(overlapMinutes) || overlapMinutes < 0 || overlapMinutes > MAX_OVERLAP_MINUTES) {
      throw Errors.validation('overlapMinutes', `must be a whole number of minutes from 0 to ${MAX_OVERLAP_MINUTES} (7 days)`);
    }
    const secretKey = randomToken(32);
    const r = await rollKey(this.db, storeId, env, this.box.seal(secretKey), overlapMinutes);
    if (!r) {
      const open = (await this.list(storeId))?.find((k) => k.env === env);
      if (!open) throw Errors.notFound(`Store ${storeId}`);
      throw Errors.conflict(
        `the ${env} key ${open.accessKey} was rolled already and its previous secret is valid until ${open.previousValidUntil!.toISOString()}; revoke the previous secret first, then roll again`,
      );
    }
    await this.resolver.invalidate();
    return { env, accessKey: r.access_key, secretKey, previousValidUntil: r.previous_valid_until };
  }

  /** Ends the overlap of the store's key of `env` now: only the newest secret is accepted. 404 unknown store; no open overlap is not an error. */
  async revokePrevious(storeId: string, env: Env): Promise<KeyInfo> {
    if (!ENVS.includes(env)) throw Errors.validation('env', 'must be sandbox or production');
    await endKeyOverlap(this.db, storeId, env);
    await this.resolver.invalidate();
    const key = (await this.list(storeId))?.find((k) => k.env === env);
    if (!key) throw Errors.notFound(`Store ${storeId}`);
    return key;
  }
}
