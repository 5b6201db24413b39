/**
 * What a link's page shows (PaymentLinkService.page), kept for a moment per link on this process:
 * a link shared widely (a ticket sale) is read from the database about once a second, not once
 * per view. Only the GET of the page uses it; every decision reads afresh (the form's POST
 * through PaymentLinkService.page, which also drops the kept page, so this process shows the
 * outcome of its own submissions at once). A one_time link being paid (its order PENDING) is never
 * kept: its next state (paid, or open again) shows at once. What it can show late, by at most
 * KEEP_MS: another process's submission, a changed carrier contract. Never late: the link's
 * expiry, since a kept page is not served once the link's own clock (the store's, read with it)
 * has reached `expiresAt`.
 */
import type { LinkPage } from './service.js';

/** How long a page's data is kept. */
export const KEEP_MS = 1000;
/** At most this many links kept; then the memory starts afresh. */
const MAX_KEPT = 10_000;

interface Kept {
  read: Promise<LinkPage | undefined>;
  /** When it was read (this process's monotonic clock, ms). */
  at: number;
  /** The page, once read, and how long after the read the link's own clock reaches its expiry (ms; NaN when unreadable). */
  page?: LinkPage | undefined;
  untilExpiryMs?: number;
}

export class RecentLinkPages {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly read: (id: string) => Promise<LinkPage | undefined>,
    private readonly keepMs = KEEP_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The link's page: kept (and still before the link's expiry), or read now (concurrent misses share one read). */
  async page(id: string): Promise<LinkPage | undefined> {
    const t = this.now();
    const hit = this.kept.get(id);
    if (hit && t - hit.at < this.keepMs) {
      // A read that has answered is used without waiting on its promise again.
      const page = hit.untilExpiryMs !== undefined ? hit.page : await hit.read;
      if (page === undefined || page.status !== 'ACTIVE' || t - hit.at < (hit.untilExpiryMs ?? untilExpiry(page))) return page;
    }
    const read = this.read(id);
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
    const entry: Kept = { read, at: t };
    this.kept.set(id, entry);
    try {
      const page = await read;
      entry.page = page;
      entry.untilExpiryMs = page === undefined ? Number.NaN : untilExpiry(page);
      // Unknown ids are not kept (arbitrary URLs cannot fill the memory), nor a link being paid.
      if ((page === undefined || page.taken) && this.kept.get(id) === entry) this.kept.delete(id);
      return page;
    } catch (err) {
      if (this.kept.get(id) === entry) this.kept.delete(id);
      throw err;
    }
  }

  /** Forgets a link's page (after a submission on this process). */
  drop(id: string): void {
    this.kept.delete(id);
  }
}

/** How long after the read the link's own clock reaches its expiry (ms): a kept page is served only before that. */
function untilExpiry(page: LinkPage): number {
  return new Date(page.link.expires_at).getTime() - new Date(page.link.now).getTime();
}
