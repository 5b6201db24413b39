/**
 * A streaming ZIP writer (PKWARE APPNOTE 6.3): each entry is a local file header with general
 * purpose bit 3 set (CRC and sizes unknown up front), its deflated data (node:zlib deflateRaw
 * stream, so compression runs off the main thread), and a data descriptor with the CRC-32
 * (zlib.crc32, computed incrementally over the uncompressed bytes) and sizes. finish() writes
 * the central directory and the end-of-central-directory record.
 *
 * No ZIP64: every entry, and the archive, must stay under 4 GiB and hold fewer than 65,535
 * entries; the writer throws rather than write a corrupt archive when a limit is reached.
 * Memory is bounded: one deflate stream at a time, written with backpressure.
 */
import zlib from 'node:zlib';
import type { ByteTarget } from './output.js';
import { waitDrain } from './output.js';

const LOCAL_HEADER_SIG = 0x04034b50;
const DATA_DESCRIPTOR_SIG = 0x08074b50;
const CENTRAL_HEADER_SIG = 0x02014b50;
const END_OF_CENTRAL_DIR_SIG = 0x06054b50;
const VERSION_NEEDED = 20; // 2.0: deflate, data descriptor
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8_NAME = 0x0800;
const METHOD_DEFLATE = 8;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff - 1;

export interface ZipOptions {
  /** Modification time written for every entry (DOS time, in UTC); default 1980-01-01. */
  modifiedAt?: Date;
  /** zlib compression level 0-9 (default 6). */
  level?: number;
}

interface CentralRecord {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function dosDateTime(d: Date): { time: number; date: number } {
  const year = d.getUTCFullYear();
  if (Number.isNaN(year) || year < 1980) return { time: 0, date: (1 << 5) | 1 }; // 1980-01-01
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

function assertZip32(value: number, what: string): void {
  if (value > MAX_32) throw new RangeError(`zip: ${what} exceeds 4 GiB (ZIP64 is not supported)`);
}

/** An open entry: write uncompressed bytes, then close(). */
export class ZipEntryWriter implements ByteTarget {
  private crc = 0;
  private size = 0;
  private compressedSize = 0;
  private failure: Error | null = null;
  private readonly deflate: zlib.DeflateRaw;
  private readonly pump: Promise<void>;

  constructor(
    private readonly zip: ZipWriter,
    private readonly name: Buffer,
    private readonly offset: number,
    level: number,
  ) {
    const deflate = zlib.createDeflateRaw({ level, chunkSize: 64 * 1024 });
    this.deflate = deflate;
    deflate.on('error', (err: Error) => {
      this.failure ??= err;
    });
    // Compressed output flows to the archive's target with backpressure: while the target is
    // full this loop waits, the deflate stream's buffers fill, and write() below waits for drain.
    this.pump = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        this.compressedSize += chunk.length;
        try {
          const p = zip.writeRaw(chunk);
          if (p) await p;
        } catch (err) {
          // Record the sink's error before leaving the loop destroys the stream (AbortError).
          this.failure ??= err instanceof Error ? err : new Error(String(err));
          throw err;
        }
      }
    })().catch((err: unknown) => {
      this.failure ??= err instanceof Error ? err : new Error(String(err));
      deflate.destroy(this.failure);
    });
  }

  write(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    this.crc = zlib.crc32(chunk, this.crc);
    this.size += chunk.length;
    assertZip32(this.size, 'entry size');
    if (this.deflate.write(chunk)) return undefined;
    return waitDrain(this.deflate).catch((err: unknown) => {
      throw this.failure ?? err; // the root cause (e.g. the sink's error), not the AbortError
    });
  }

  async close(): Promise<void> {
    this.deflate.end();
    await this.pump;
    if (this.failure) throw this.failure;
    assertZip32(this.compressedSize, 'compressed entry size');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR_SIG, 0);
    descriptor.writeUInt32LE(this.crc >>> 0, 4);
    descriptor.writeUInt32LE(this.compressedSize, 8);
    descriptor.writeUInt32LE(this.size, 12);
    const p = this.zip.writeRaw(descriptor);
    if (p) await p;
    this.zip.entryClosed({
      name: this.name,
      crc: this.crc >>> 0,
      compressedSize: this.compressedSize,
      size: this.size,
      offset: this.offset,
    });
  }
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: CentralRecord[] = [];
  private open: ZipEntryWriter | null = null;
  private finished = false;
  private readonly time: number;
  private readonly date: number;
  private readonly level: number;

  constructor(
    private readonly target: ByteTarget,
    options: ZipOptions = {},
  ) {
    const dos = dosDateTime(options.modifiedAt ?? new Date(Date.UTC(1980, 0, 1)));
    this.time = dos.time;
    this.date = dos.date;
    this.level = options.level ?? 6;
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.offset;
  }

  /** @internal raw archive bytes, counted for offsets. */
  writeRaw(chunk: Buffer): Promise<void> | undefined {
    this.offset += chunk.length;
    assertZip32(this.offset, 'archive size');
    return this.target.write(chunk);
  }

  /** @internal */
  entryClosed(record: CentralRecord): void {
    this.entries.push(record);
    this.open = null;
  }

  /** Starts an entry; write its content to the returned writer, then close() it. */
  async openEntry(name: string): Promise<ZipEntryWriter> {
    if (this.finished) throw new Error('zip: archive already finished');
    if (this.open) throw new Error('zip: close the previous entry first');
    if (this.entries.length >= MAX_ENTRIES) throw new RangeError('zip: too many entries (ZIP64 is not supported)');
    const nameBytes = Buffer.from(name, 'utf8');
    if (nameBytes.length === 0 || nameBytes.length > 0xffff) throw new RangeError('zip: bad entry name');
    const header = Buffer.alloc(30 + nameBytes.length);
    header.writeUInt32LE(LOCAL_HEADER_SIG, 0);
    header.writeUInt16LE(VERSION_NEEDED, 4);
    header.writeUInt16LE(FLAG_DATA_DESCRIPTOR | FLAG_UTF8_NAME, 6);
    header.writeUInt16LE(METHOD_DEFLATE, 8);
    header.writeUInt16LE(this.time, 10);
    header.writeUInt16LE(this.date, 12);
    // CRC-32 (14), compressed size (18), size (22) are zero: they follow in the data descriptor.
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28); // extra field length
    nameBytes.copy(header, 30);
    const offset = this.offset;
    const p = this.writeRaw(header);
    if (p) await p;
    this.open = new ZipEntryWriter(this, nameBytes, offset, this.level);
    return this.open;
  }

  /** Adds a small entry in one go. */
  async addEntry(name: string, content: string | Buffer): Promise<void> {
    const entry = await this.openEntry(name);
    const p = entry.write(typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    if (p) await p;
    await entry.close();
  }

  /** Writes the central directory and the end record; the archive is complete after this. */
  async finish(): Promise<void> {
    if (this.open) throw new Error('zip: an entry is still open');
    if (this.finished) throw new Error('zip: archive already finished');
    this.finished = true;
    const start = this.offset;
    const parts: Buffer[] = [];
    for (const e of this.entries) {
      const h = Buffer.alloc(46 + e.name.length);
      h.writeUInt32LE(CENTRAL_HEADER_SIG, 0);
      h.writeUInt16LE(VERSION_NEEDED, 4); // version made by: MS-DOS/FAT, 2.0
      h.writeUInt16LE(VERSION_NEEDED, 6);
      h.writeUInt16LE(FLAG_DATA_DESCRIPTOR | FLAG_UTF8_NAME, 8);
      h.writeUInt16LE(METHOD_DEFLATE, 10);
      h.writeUInt16LE(this.time, 12);
      h.writeUInt16LE(this.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressedSize, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra length (30), comment length (32), disk number (34), internal (36), external (38): 0
      h.writeUInt32LE(e.offset, 42);
      e.name.copy(h, 46);
      parts.push(h);
    }
    const directory = Buffer.concat(parts);
    assertZip32(start + directory.length, 'archive size');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIR_SIG, 0);
    end.writeUInt16LE(this.entries.length, 8); // entries on this disk
    end.writeUInt16LE(this.entries.length, 10); // entries in total
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    const p = this.writeRaw(Buffer.concat([directory, end]));
    if (p) await p;
  }
}
