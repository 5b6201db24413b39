import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WritableTarget } from './output.js';
import { CountingSink, MemorySink, readZip } from '../../../test/support/exports.js';
import { ZipWriter } from './zip.js';

const UNZIP = '/usr/bin/unzip';

function unzipTest(zip: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-zip-'));
  try {
    const file = path.join(dir, 'a.zip');
    fs.writeFileSync(file, zip);
    return execFileSync(UNZIP, ['-t', file], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function build(entries: [string, Buffer | string][], modifiedAt?: Date): Promise<Buffer> {
  const sink = new MemorySink();
  const target = new WritableTarget(sink);
  const zip = new ZipWriter(target, modifiedAt ? { modifiedAt } : {});
  for (const [name, data] of entries) await zip.addEntry(name, data);
  await zip.finish();
  await target.end();
  expect(zip.bytes).toBe(target.bytes);
  return sink.buffer;
}

describe('ZipWriter', () => {
  const random = crypto.randomBytes(300_000); // incompressible
  const text = 'Kassa payout row, żółw 😀\n'.repeat(200_000); // ~5 MB, compressible
  const entries: [string, Buffer | string][] = [
    ['empty.txt', ''],
    ['dir/hello.txt', 'hello'],
    ['random.bin', random],
    ['big.txt', text],
  ];

  it('writes an archive its own reader reads back (CRC, sizes, data descriptors)', async () => {
    const zip = await build(entries, new Date('2025-03-04T05:06:08Z'));
    const read = readZip(zip);
    expect(read.map((e) => e.name)).toEqual(entries.map(([n]) => n));
    expect(read.every((e) => e.flags & 0x0008 && e.method === 8)).toBe(true);
    expect(read[0]?.data.length).toBe(0);
    expect(read[1]?.data.toString()).toBe('hello');
    expect(read[2]?.data.equals(random)).toBe(true);
    expect(read[3]?.data.toString()).toBe(text);
    expect(zip.length).toBeLessThan(random.length + 200_000); // the text compressed well
    // DOS time/date of the first local header: 05:06:08, 2025-03-04.
    expect(zip.readUInt16LE(10)).toBe((5 << 11) | (6 << 5) | 4);
    expect(zip.readUInt16LE(12)).toBe((45 << 9) | (3 << 5) | 4);
  });

  it.skipIf(!fs.existsSync(UNZIP))('passes unzip -t', async () => {
    const out = unzipTest(await build(entries));
    expect(out).toContain('No errors detected');
  });

  it('writes an empty archive', async () => {
    const zip = await build([]);
    expect(zip.length).toBe(22);
    expect(readZip(zip)).toEqual([]);
  });

  it('streams an entry in pieces with backpressure from a slow sink', async () => {
    const sink = new CountingSink();
    let maxBuffered = 0;
    const target = new WritableTarget(sink);
    const zip = new ZipWriter(target, { level: 0 }); // stored-ish: output as large as input
    const entry = await zip.openEntry('big.bin');
    const piece = crypto.randomBytes(64 * 1024);
    for (let i = 0; i < 200; i++) {
      const p = entry.write(piece);
      if (p) await p;
      maxBuffered = Math.max(maxBuffered, sink.writableLength);
    }
    await entry.close();
    await zip.finish();
    await target.end();
    expect(sink.bytes).toBe(zip.bytes);
    expect(sink.bytes).toBeGreaterThan(200 * 64 * 1024);
    expect(maxBuffered).toBeLessThan(1024 * 1024); // never 12 MB queued in the sink
  });

  it('refuses misuse', async () => {
    const zip = new ZipWriter(new WritableTarget(new MemorySink()));
    const entry = await zip.openEntry('a');
    await expect(zip.openEntry('b')).rejects.toThrow(/close the previous entry/);
    await expect(zip.finish()).rejects.toThrow(/still open/);
    await entry.close();
    await expect(zip.openEntry('')).rejects.toThrow(/bad entry name/);
    await zip.finish();
    await expect(zip.openEntry('c')).rejects.toThrow(/already finished/);
  });

  it('fails (does not hang) when the sink errors mid-entry', async () => {
    const sink = new CountingSink();
    const target = new WritableTarget(sink);
    const zip = new ZipWriter(target, { level: 0 });
    const entry = await zip.openEntry('x');
    setTimeout(() => sink.destroy(new Error('client went away')), 5);
    const write = async () => {
      for (;;) {
        const p = entry.write(crypto.randomBytes(64 * 1024));
        if (p) await p;
      }
    };
    await expect(write()).rejects.toThrow(/client went away/);
  });
});
