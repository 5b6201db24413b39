/**
 * Who is calling: resolves a token's access key to its store and environment, and checks the
 * token with that store's secret. Key lookups are cached briefly in memory (KASSA_AUTH_CACHE_MS),
 * so a hot API node does not pay a database round trip and an AES decryption per request.
 */
import type { Db } from '../platform/db.js';
import { systemClock } from '../platform/clock.js';
import type { SecretBox } from '../platform/crypto.js';
import { Errors } from '../platform/errors.js';
import { checkTimes, peek, verifyWith, type Claims, type VerifyOptions } from '../platform/jwt.js';
import { textProblem } from '../platform/text.js';
import { storeFromRow, type Store } from './service.js';
import { selectKeyWithStore } from './store.js';
import type { Env } from '../platform/env.js';

/** The 401 of a production Bearer token without `exp` when the store does not allow them. */
export const PRODUCTION_TOKEN_WITHOUT_EXP =
  'payload.exp is required; this store refuses production Bearer tokens without exp unless its setting allowTokensWithoutExp is on ' +
  '(operator API: PATCH /operator/stores/{uuid} {"allowTokensWithoutExp": true}; CLI: kassa stores set-tokens-without-exp UUID --allow true)';

export interface StoreKey {
  accessKey: string;
  /** The newest secret: what Kassa signs with for the store. */
  secretKey: string;
  /**
   * The secrets a merchant's token may be signed with: the newest, and during a roll's overlap
   * window the one it replaced (a cached entry never outlives the window; see `cached`).
   */
  acceptedSecrets: readonly string[];
  env: Env;
  store: Store;
}

export interface Authenticated {
  key: StoreKey;
  claims: Claims;
}

/** Longer than any access key Kassa issues (`sk_test_` and 24 characters), with room to spare. */
const MAX_ACCESS_KEY = 128;

interface Cached {
  value: StoreKey | null;
  until: number;
}

/** A Bearer token whose signature was checked: the access key it named and the secret it matched. */
interface VerifiedBearer {
  accessKey: string;
  secret: string;
  claims: Claims;
}

/** Bearer tokens longer than this are checked at every use, not remembered (real ones are ~200 characters). */
const MAX_REMEMBERED_TOKEN = 1024;
/** At most this many verified Bearer tokens are remembered per node (~1 KiB each at most); then the memory starts afresh. */
const MAX_REMEMBERED_TOKENS = 10_000;

interface Loaded {
  key: StoreKey | null;
  /** Milliseconds left of the previous secret's overlap window, when one is open. */
  overlapMs?: number;
}

export class KeyResolver {
  private readonly byAccessKey = new Map<string, Cached>();
  private readonly byStoreEnv = new Map<string, Cached>();
  /**
   * Bearer tokens already verified on this node. A client sends the same Bearer token on every GET
   * until it expires, and checking its HMAC and decoding it again was the largest part of a GET's
   * auth. A remembered token is taken only while its access key still resolves to the same
   * environment and still accepts the secret it matched (a roll ends that), and its time claims are
   * checked at every use; the key itself comes through the same short-lived cache as always.
   */
  private readonly verified = new Map<string, VerifiedBearer>();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly ttlMs: number,
    /** The cache's clock (infrastructure: real time; a test moves it to expire entries). */
    private readonly nowMs: () => number = () => systemClock.now().getTime(),
  ) {}

  private async load(by: { accessKey: string } | { storeId: string; env: Env }): Promise<Loaded> {
    const r = await selectKeyWithStore(this.db, by);
    if (!r) return { key: null };
    const secretKey = this.box.open(r.secret_sealed);
    const previous = r.previous_sealed ? this.box.open(r.previous_sealed) : undefined;
    return {
      key: { accessKey: r.access_key, env: r.env, secretKey, acceptedSecrets: previous ? [secretKey, previous] : [secretKey], store: storeFromRow(r) },
      overlapMs: previous ? r.overlap_ms : undefined,
    };
  }

  /** An entry lives KASSA_AUTH_CACHE_MS, and never past the end of an overlap window it holds a secret of. */
  private async cached(map: Map<string, Cached>, k: string, loader: () => Promise<Loaded>): Promise<StoreKey | null> {
    const now = this.nowMs();
    const hit = map.get(k);
    if (hit && hit.until > now) return hit.value;
    const { key, overlapMs } = await loader();
    if (map.size > 50_000) map.clear();
    map.set(k, { value: key, until: now + Math.min(this.ttlMs, overlapMs ?? Infinity) });
    return key;
  }

  /** The live key of an access key, or null when unknown or revoked. */
  byAccess(accessKey: string): Promise<StoreKey | null> {
    return this.cached(this.byAccessKey, accessKey, () => this.load({ accessKey }));
  }

  /** The current key pair of a store in an environment (to sign tokens the store receives). */
  async forStore(storeId: string, env: Env): Promise<StoreKey> {
    const key = await this.cached(this.byStoreEnv, `${storeId}:${env}`, () => this.load({ storeId, env }));
    if (!key) throw new Error(`store ${storeId} has no ${env} key`);
    return key;
  }

  /** Drops cached entries (after a settings change on this node; with several API processes, platform/cluster.ts makes it resolve once the others have too). */
  invalidate(): void | Promise<void> {
    this.byAccessKey.clear();
    this.byStoreEnv.clear();
    this.verified.clear();
  }

  /**
   * Authenticates a signed token for `env`: the access key must exist in that environment
   * (401 STORE_NOT_FOUND otherwise), the signature must match its secret (403 INVALID_TOKEN),
   * and `exp` must be present and in the future (401).
   */
  async authenticate(token: unknown, env: Env, accessKeyClaim: 'accessKey' | 'access_key' = 'accessKey'): Promise<Authenticated> {
    const { key, claims } = await this.check(token, env, accessKeyClaim, () => 'refuse');
    return { key, claims };
  }

  /**
   * Authenticates the Bearer token of an `Authorization` header. Like `authenticate`, except for
   * a token without `exp` (some PHP clients sign only `{accessKey}` for GET calls): accepted in the
   * sandbox; in production only when the store's `allowTokensWithoutExp` is on, else a 401 naming
   * that setting. The signature is always checked first.
   */
  async authenticateBearer(token: unknown, env: Env): Promise<Authenticated> {
    const withoutExp = (key: StoreKey): VerifyOptions['withoutExp'] => (env === 'sandbox' || key.store.allowTokensWithoutExp ? 'accept' : Errors.invalidToken(PRODUCTION_TOKEN_WITHOUT_EXP));
    const hit = typeof token === 'string' ? this.verified.get(token) : undefined;
    if (hit) {
      const key = await this.byAccess(hit.accessKey);
      if (key && key.env === env && key.acceptedSecrets.includes(hit.secret)) {
        checkTimes(hit.claims, { withoutExp: withoutExp(key) });
        return { key, claims: hit.claims };
      }
      this.verified.delete(token as string);
    }
    const { key, claims, secret } = await this.check(token, env, 'accessKey', withoutExp);
    if ((token as string).length <= MAX_REMEMBERED_TOKEN) {
      if (this.verified.size >= MAX_REMEMBERED_TOKENS) this.verified.clear();
      this.verified.set(token as string, { accessKey: key.accessKey, secret, claims: Object.freeze(claims) });
    }
    return { key, claims };
  }

  private async check(token: unknown, env: Env, accessKeyClaim: 'accessKey' | 'access_key', withoutExp: (key: StoreKey) => VerifyOptions['withoutExp']): Promise<Authenticated & { secret: string }> {
    const peeked = peek(token);
    const { payload } = peeked;
    const accessKey = payload[accessKeyClaim];
    if (typeof accessKey !== 'string' || accessKey === '') throw Errors.invalidToken(`payload.${accessKeyClaim} is required`);
    // Checked before the lookup: the token is not verified yet, so this is anyone's input reaching SQL.
    const problem = accessKey.length > MAX_ACCESS_KEY ? `must be at most ${MAX_ACCESS_KEY} characters` : textProblem(accessKey);
    if (problem) throw Errors.invalidToken(`payload.${accessKeyClaim} ${problem}`);
    const key = await this.byAccess(accessKey);
    if (!key) throw Errors.storeNotFound();
    // A key of the other environment: still the spec's 401 STORE_NOT_FOUND, saying where it belongs.
    if (key.env !== env) throw Errors.wrongEnvironment(key.env);
    const { claims, secret } = verifyWith(token as string, key.acceptedSecrets, peeked, { withoutExp: withoutExp(key), accessKey: key.accessKey });
    return { key, claims, secret };
  }
}
