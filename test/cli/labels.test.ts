/**
 * `kassa labels create` (src/cli/labels.ts) through the package's bin against a listening server
 * whose label-file worker runs: POST /label-files with the store's keys, polled until ready,
 * downloaded through the signed link to --out; progress on stderr, the answer on stdout, exit codes.
 */
import { runKassa } from '../support/kassa-bin.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/platform/processes.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { pdfPageCount } from '../support/barcodes.js';
import { courierBody, pickupBody, SANDBOX } from '../shipping/support.js';

let t: TestApp;
let url: string;
let dir: string;
beforeAll(async () => {
  const port = await freePort();
  // The signed download link is built on the public URL: the listening server's own.
  t = await createTestApp({ KASSA_PUBLIC_URL: `http://127.0.0.1:${port}` });
  url = await t.app.listen({ port, host: '127.0.0.1' });
  t.services.labelFiles.start();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-labels-'));
});
afterAll(async () => {
  await t.services.labelFiles.stop();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const keyEnv = () => ({ KASSA_URL: url, KASSA_ACCESS_KEY: t.store.keys.sandbox.accessKey, KASSA_SECRET_KEY: t.store.keys.sandbox.secretKey });
const kassa = (args: string[], env: Record<string, string> = keyEnv()) => runKassa(args, env);

async function shipment(body: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

describe('kassa labels create', () => {
  it('makes one label file of the shipments, shows its progress on stderr and writes the PDF (a page a label on A6)', async () => {
    const a = await shipment(pickupBody());
    const b = await shipment(courierBody({ parcels: [{ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 }, { weight: 1 }] }));
    await t.services.shipments.registration.drain();
    const out = path.join(dir, 'labels.pdf');
    const res = await kassa(['labels', 'create', '--shipment', a, '--shipment', b, '--page-size', 'A6', '--out', out, '--json']);
    expect(res.stderr).toMatch(/^label file ([0-9a-f-]{36}): pending…\nlabel file \1: ready \(3 pages\)\n$/);
    expect(res.code).toBe(0);
    const answer = JSON.parse(res.stdout) as { id: string; status: string; pages: number; bytes: number; file: string; shipmentIds: string[] };
    expect(answer).toMatchObject({ status: 'ready', pages: 3, file: out, shipmentIds: [a, b] });
    const pdf = fs.readFileSync(out);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBe(answer.bytes);
    expect(pdfPageCount(pdf)).toBe(3);
    // The same file as the API's, made by the server's worker.
    const api = await t.app.inject({ method: 'GET', url: `${SANDBOX}/label-files/${answer.id}`, headers: t.bearer() });
    expect(api.json()).toMatchObject({ status: 'ready', shipmentIds: [a, b], pageSize: 'A6' });

    // Text output, default A4 (four labels a page), default file name in the working directory.
    const text = await kassa(['labels', 'create', '--shipment', b, '--out', path.join(dir, 'b.pdf')]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^label file [0-9a-f-]{36} {2}ready {2}1 page {2}\d+ bytes {2}.*b\.pdf\n$/);
  });

  it("exits 1 with the server's reason when the rules refuse (a shipment not registered, another store's), 2 on usage errors, writing nothing", async () => {
    const pending = await shipment(pickupBody());
    const refused = await kassa(['labels', 'create', '--shipment', pending, '--out', path.join(dir, 'no.pdf')]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`409 shipmentIds[0]: shipment ${pending} is pending`);
    const other = await t.createStore();
    const foreign = await kassa(['labels', 'create', '--shipment', pending, '--out', path.join(dir, 'no.pdf')], {
      ...keyEnv(),
      KASSA_ACCESS_KEY: other.keys.sandbox.accessKey,
      KASSA_SECRET_KEY: other.keys.sandbox.secretKey,
    });
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('404');
    expect(fs.existsSync(path.join(dir, 'no.pdf'))).toBe(false);
    for (const args of [
      ['labels', 'create'],
      ['labels', 'make', '--shipment', pending],
      ['labels', 'create', '--shipment', pending, '--page-size', 'B5'],
    ]) {
      const bad = await kassa(args);
      expect(bad.code).toBe(2);
      expect(bad.stdout).toBe('');
    }
    const noKeys = await kassa(['labels', 'create', '--shipment', pending], { KASSA_URL: url, KASSA_ACCESS_KEY: '', KASSA_SECRET_KEY: '' });
    expect(noKeys.code).toBe(2);
    expect(noKeys.stderr).toContain("the store's keys are required");
  });
});
