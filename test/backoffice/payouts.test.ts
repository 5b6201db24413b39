/**
 * The back office's payouts area (/dashboard/payouts) and the operator's payout routes behind
 * `kassa payouts`, through the real app: the list (newest first, keyset pages), the four export
 * downloads through the session (the same bytes as the API's signed link), another store's or
 * environment's payout not found, a viewer may view and download; and `kassa payouts list|export`
 * through bin/kassa.js against a listening server (progress on stderr, the file saved whole).
 */
import { formatIban } from '../../src/platform/iban.js';
import { kassaAt, ROOT } from '../support/kassa-bin.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedStore } from '../../src/stores/service.js';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS } from '../../src/payouts/exports/index.js';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { addOfficeUser, officeGet, officeSession } from '../support/backoffice.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

let t: TestApp;
let other: CreatedStore;
let url: string;
/** The store's sandbox payouts, oldest first. */
const payouts: string[] = [];
let theirs: string;

const helper = (store: CreatedStore, p: string) => t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/${p}`, headers: t.bearer({ store }), payload: {} });

/** Pays an order of `amount`, settles and runs payouts: one new payout of the store. */
async function payout(store: CreatedStore, amount: number, ref: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/api/orders',
    payload: { data: t.token(orderPayload({ grandTotal: amount, merchantReference: ref, payment: { method: 'cardPayments', amount, currency: 'EUR' } }), { store }) },
  });
  expect(res.statusCode).toBe(201);
  expect((await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${res.json().uuid}/pay`, headers: t.bearer({ store }), payload: {} })).statusCode).toBe(200);
  expect((await helper(store, 'settle')).statusCode).toBe(200);
  const made = (await helper(store, 'payouts/run')).json().payouts as { uuid: string }[];
  expect(made).toHaveLength(1);
  return made[0]!.uuid;
}

/** The file behind the API's signed export link (GET …/export-:payoutType, then the link). */
async function apiExport(store: CreatedStore, payoutUuid: string, format: string) {
  const link = await t.app.inject({ method: 'GET', url: `/sandbox/api/stores/${store.id}/payouts/${payoutUuid}/export-${format}`, headers: t.bearer({ store }) });
  expect(link.statusCode).toBe(200);
  const u = new URL(link.json().url);
  const file = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  expect(file.statusCode).toBe(200);
  return file;
}

beforeAll(async () => {
  t = await createTestApp();
  other = await t.createStore({ name: 'Other shop' });
  for (const [i, amount] of [10, 20, 30].entries()) payouts.push(await payout(t.store, amount, `PAYOUT-${i}`));
  theirs = await payout(other, 5, 'THEIRS-1');
  await addOfficeUser(t, 'payouts-owner@shop.test', t.store);
  await addOfficeUser(t, 'payouts-viewer@shop.test', t.store, 'viewer');
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

describe('/dashboard/payouts', () => {
  it("lists the store's payouts of the environment newest first, with the API's figures and four download links each", async () => {
    const sid = await officeSession(t, 'payouts-viewer@shop.test');
    const page = await officeGet(t, `/dashboard/payouts?store=${t.store.id}&env=sandbox`, sid);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Payouts · Sandbox</h1>');
    const shown = [...page.body.matchAll(/<span class="muted">([0-9a-f-]{36})<\/span>/g)].map((m) => m[1]);
    expect(shown).toEqual([...payouts].reverse());
    expect(page.body).not.toContain(theirs);
    const api = await t.app.inject({ method: 'GET', url: `/sandbox/api/stores/${t.store.id}/payouts?limit=10&offset=0&order=DESC`, headers: t.bearer() });
    for (const p of api.json().payouts as { uuid: string; totalAmount: string; iban: string }[]) {
      const total = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(Number(p.totalAmount));
      expect(page.body).toContain(`<strong>${total}</strong>`);
      // The IBAN in groups of four, as IBANs are printed.
      expect(page.body).toContain(formatIban(p.iban));
      for (const format of EXPORT_FORMATS) expect(page.body).toContain(`href="/dashboard/payouts/${p.uuid}/export-${format}?store=${t.store.id}&amp;env=sandbox&amp;lang=en"`);
    }
    expect(page.body).not.toContain('rel="next"'); // 3 payouts: one page
    const production = await officeGet(t, `/dashboard/payouts?store=${t.store.id}&env=production&lang=de`, sid);
    expect(production.statusCode).toBe(200);
    expect(production.body).toContain('Noch keine Auszahlungen.');
    expect((await officeGet(t, `/dashboard/payouts?store=${other.id}&env=sandbox`, sid)).statusCode).toBe(404);
    expect((await officeGet(t, `/dashboard/payouts?store=${t.store.id}&env=sandbox&afterAt=x&afterId=y`, sid)).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/dashboard/payouts' });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/dashboard/login?lang=en');
  });

  it.each(EXPORT_FORMATS.map((f) => [f]))('%s: the download through the session is the API export, byte for byte; a viewer may download it', async (format) => {
    const payoutUuid = payouts[2]!;
    for (const email of ['payouts-owner@shop.test', 'payouts-viewer@shop.test']) {
      const sid = await officeSession(t, email);
      const file = await officeGet(t, `/dashboard/payouts/${payoutUuid}/export-${format}?store=${t.store.id}&env=sandbox`, sid);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(EXPORT_FORMAT_INFO[format].contentType);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="payout-${payoutUuid}.${EXPORT_FORMAT_INFO[format].extension}"`);
      expect(file.rawPayload.length).toBeGreaterThan(100);
      expect(file.rawPayload.equals((await apiExport(t.store, payoutUuid, format)).rawPayload)).toBe(true);
    }
  });

  it("another store's payout, the other environment's, a malformed uuid or an unknown format: the not-found page", async () => {
    const sid = await officeSession(t, 'payouts-owner@shop.test');
    for (const u of [
      `/dashboard/payouts/${theirs}/export-csv?store=${t.store.id}&env=sandbox`,
      `/dashboard/payouts/${theirs}/export-csv?store=${other.id}&env=sandbox`,
      `/dashboard/payouts/${payouts[0]}/export-csv?store=${t.store.id}&env=production`,
      `/dashboard/payouts/not-a-uuid/export-csv?store=${t.store.id}&env=sandbox`,
      `/dashboard/payouts/${payouts[0]}/export-pdf?store=${t.store.id}&env=sandbox`,
    ]) {
      const res = await officeGet(t, u, sid);
      expect(res.statusCode, u).toBe(404);
      expect(res.headers['content-type'], u).toMatch(/^text\/html/);
      expect(res.body).not.toContain('payout-');
    }
    expect((await t.app.inject({ method: 'GET', url: `/dashboard/payouts/${payouts[0]}/export-csv?store=${t.store.id}&env=sandbox` })).statusCode).toBe(303);
  });
});

describe('operator payout routes (/operator/stores/:storeUuid/payouts)', () => {
  it('pages newest first by keyset, every payout once; needs the token; names a bad parameter', async () => {
    const seen: string[] = [];
    let query = 'env=sandbox&limit=2';
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/payouts?${query}`, headers: admin });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { payouts: { uuid: string; storeUuid: string }[]; next: { afterAt: string; afterId: string } | null };
      seen.push(...body.payouts.map((p) => p.uuid));
      if (!body.next) break;
      query = `env=sandbox&limit=2&afterAt=${body.next.afterAt}&afterId=${body.next.afterId}`;
    }
    expect(seen).toEqual([...payouts].reverse());
    expect((await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/payouts` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/payouts?env=staging&limit=0&afterAt=1`, headers: admin });
    expect(bad.statusCode).toBe(400);
    for (const field of ['env', 'limit', 'afterId']) expect(bad.json().message).toContain(field);
    expect((await t.app.inject({ method: 'GET', url: `/operator/stores/00000000-0000-4000-8000-000000000000/payouts`, headers: admin })).statusCode).toBe(404);
    const file = await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/payouts/${payouts[0]}/export-json?env=sandbox`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals((await apiExport(t.store, payouts[0]!, 'json')).rawPayload)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/payouts/${theirs}/export-json?env=sandbox`, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/payouts/${payouts[0]}/export-json`, headers: admin })).statusCode).toBe(404); // production
    const format = await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/payouts/${payouts[0]}/export-pdf?env=sandbox`, headers: admin });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toContain('format');
  });
});

const kassa = (args: string[], cwd = ROOT) => kassaAt(url)(args, cwd);

describe('kassa payouts', () => {
  it('list prints the payouts of the environment (--json: the API objects)', async () => {
    const r = await kassa(['payouts', 'list', t.store.id, '--env', 'sandbox', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout.toString()) as { uuid: string }[]).map((p) => p.uuid)).toEqual([...payouts].reverse());
    const plain = await kassa(['payouts', 'list', t.store.id, '--env', 'sandbox']);
    expect(plain.stdout.toString().trim().split('\n')).toHaveLength(3);
    expect(plain.stdout.toString()).toMatch(new RegExp(`^${payouts[2]}  \\S+Z  SUCCESSFUL +cardPayments +\\d+\\.\\d\\d EUR  arrives \\d{4}-\\d\\d-\\d\\d$`, 'm'));
  });

  it('export saves the file whole (the API bytes), progress on stderr only; --out - writes it to stdout', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-export-'));
    try {
      const r = await kassa(['payouts', 'export', t.store.id, payouts[1]!, '--format', 'excel', '--env', 'sandbox', '--json'], dir);
      expect(r.code).toBe(0);
      const answer = JSON.parse(r.stdout.toString()) as { file: string; bytes: number; contentType: string; format: string };
      expect(answer.file).toBe(path.join(fs.realpathSync(dir), `payout-${payouts[1]}.xlsx`));
      expect(answer.contentType).toBe(EXPORT_FORMAT_INFO.excel.contentType);
      const saved = fs.readFileSync(answer.file);
      expect(saved.length).toBe(answer.bytes);
      expect(saved.equals((await apiExport(t.store, payouts[1]!, 'excel')).rawPayload)).toBe(true);
      expect(fs.readdirSync(dir)).toEqual([`payout-${payouts[1]}.xlsx`]); // no .part left
      expect(r.stderr).toMatch(new RegExp(`^preparing the excel export of payout ${payouts[1]}…\\n(  [\\d.]+ KiB received\\n)*done: [\\d.]+ KiB saved to .*\\.xlsx\\n$`));

      const piped = await kassa(['payouts', 'export', t.store.id, payouts[1]!, '--format', 'csv', '--env', 'sandbox', '--out', '-'], dir);
      expect(piped.code).toBe(0);
      expect(piped.bytes.equals((await apiExport(t.store, payouts[1]!, 'csv')).rawPayload)).toBe(true);

      const refused = await kassa(['payouts', 'export', t.store.id, theirs, '--format', 'csv', '--env', 'sandbox', '--out', path.join(dir, 'x.csv')], dir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/failed: 404 /);
      expect(fs.existsSync(path.join(dir, 'x.csv'))).toBe(false);
      const usage = await kassa(['payouts', 'export', t.store.id, payouts[1]!, '--format', 'pdf']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toBe('--format must be one of excel, xml, json, csv (kassa --help shows the usage)\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
