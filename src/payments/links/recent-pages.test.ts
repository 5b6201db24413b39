import { describe, expect, it } from 'vitest';
import { RecentLinkPages } from './recent-pages.js';
import type { LinkPage } from './service.js';

const T0 = Date.parse('2026-11-28T12:00:00Z');

function linkPage(o: { status?: LinkPage['status']; expiresInMs?: number; taken?: boolean } = {}): LinkPage {
  return {
    link: { id: 'l1', now: new Date(T0), expires_at: new Date(T0 + (o.expiresInMs ?? 3_600_000)) },
    status: o.status ?? 'ACTIVE',
    taken: o.taken ?? false,
  } as unknown as LinkPage;
}

function harness(pages: (LinkPage | undefined)[]) {
  let clock = 0;
  let reads = 0;
  const recent = new RecentLinkPages(
    async () => pages[Math.min(reads++, pages.length - 1)],
    1000,
    () => clock,
  );
  return { recent, reads: () => reads, tick: (ms: number) => (clock += ms) };
}

describe('RecentLinkPages', () => {
  it('keeps a page for the keep time, then reads again', async () => {
    const first = linkPage();
    const h = harness([first, linkPage()]);
    expect(await h.recent.page('l1')).toBe(first);
    h.tick(999);
    expect(await h.recent.page('l1')).toBe(first);
    expect(h.reads()).toBe(1);
    h.tick(1);
    expect(await h.recent.page('l1')).not.toBe(first);
    expect(h.reads()).toBe(2);
  });

  it('never serves a kept page once the link has expired by its own clock', async () => {
    const h = harness([linkPage({ expiresInMs: 300 }), linkPage({ status: 'EXPIRED', expiresInMs: 300 })]);
    expect((await h.recent.page('l1'))?.status).toBe('ACTIVE');
    h.tick(299);
    expect((await h.recent.page('l1'))?.status).toBe('ACTIVE');
    h.tick(1);
    expect((await h.recent.page('l1'))?.status).toBe('EXPIRED');
    expect(h.reads()).toBe(2);
  });

  it('drop forgets (a submission on this process is seen at once); concurrent misses share one read; unknown links are not kept', async () => {
    const h = harness([linkPage(), linkPage({ status: 'PAID' })]);
    const [a, b] = await Promise.all([h.recent.page('l1'), h.recent.page('l1')]);
    expect(a).toBe(b);
    expect(h.reads()).toBe(1);
    h.recent.drop('l1');
    expect((await h.recent.page('l1'))?.status).toBe('PAID');

    const unknown = harness([undefined, linkPage()]);
    expect(await unknown.recent.page('x')).toBeUndefined();
    expect(await unknown.recent.page('x')).toBeDefined();
    expect(unknown.reads()).toBe(2);
  });

  it('a one_time link being paid is not kept: paid (or open again) shows at once', async () => {
    const h = harness([linkPage({ taken: true }), linkPage({ status: 'PAID' })]);
    expect((await h.recent.page('l1'))?.taken).toBe(true);
    expect((await h.recent.page('l1'))?.status).toBe('PAID');
    expect(h.reads()).toBe(2);
  });

  it('a failed read is not kept', async () => {
    let reads = 0;
    const recent = new RecentLinkPages(async () => {
      if (reads++ === 0) throw new Error('database gone');
      return linkPage();
    });
    await expect(recent.page('l1')).rejects.toThrow('database gone');
    expect(await recent.page('l1')).toBeDefined();
  });
});
