/**
 * An answer assembled per request from ready parts, gzipped without compressing anything at
 * request time. A page that is mostly the same for everyone (the payment link page's pickup point
 * list) but carries a few per-request bytes (the CSP nonce, the link's own text) is a list of
 * parts:
 *  - static parts (`StaticPart`): bytes rendered once and kept, with their CRC-32, SHA-256 and
 *    raw deflate computed on first use;
 *  - request parts: short text, and `NONCE` where the response's nonce goes.
 *
 * The gzip representation is one ordinary gzip member (RFC 1952): the static parts' deflate
 * segments, each compressed on its own and ended on a byte boundary by a sync flush (so no
 * back-reference leaves it, and segments can follow each other in any order), with the request
 * parts between them as stored (uncompressed) deflate blocks, then an empty final block and the
 * trailer. The trailer's CRC-32 of the whole is combined from the parts' CRCs (`crc32Combine`,
 * zlib's crc32_combine), so only the nonce's bytes are read per request. Everything but the nonces
 * and the trailer is the same for every response, so it is kept as one frame (`GzipFrame`): a
 * response is a copy of it with the nonces and the trailer written in, and a copy is lent to one
 * response at a time, taken again by a later one once its response is finished (`lendGzip`).
 * Brotli has no such seams (literal context and the distance cache run across meta-blocks), so
 * these answers are gzip or identity.
 *
 * The ETag is strong and leaves out the nonce: it changes exactly when any other byte would.
 * Because a 304 updates the headers the browser stored with the page (RFC 9111 §4.3.4), a 304
 * carries no Content-Security-Policy: the browser keeps the policy whose nonce is in the page it
 * kept.
 */
import { hash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate, representationHeaders } from './cached-reply.js';
import { pageHeaders, type SecurityPolicy } from './html.js';

/** Where the response's nonce goes. */
export const NONCE: unique symbol = Symbol('nonce');

/** Request parts of at least this many bytes are deflated per request instead of stored (an error page re-rendered whole). */
const DEFLATE_REQUEST_PARTS_FROM = 16 * 1024;

/** Bytes that are the same for every request: CRC-32, digest and deflate segment computed once. */
export class StaticPart {
  readonly bytes: Buffer;
  readonly crc: number;
  private deflated: Buffer | undefined;
  private sha: string | undefined;

  constructor(text: string | Buffer) {
    this.bytes = typeof text === 'string' ? Buffer.from(text) : text;
    this.crc = crc32(this.bytes);
  }

  /** Raw deflate, not final, ending on a byte boundary (a sync flush). */
  deflate(): Buffer {
    return (this.deflated ??= deflateSegment(this.bytes));
  }

  /** SHA-256, base64url. */
  digest(): string {
    return (this.sha ??= hash('sha256', this.bytes, 'base64url'));
  }
}

export type Part = StaticPart | string | typeof NONCE;

function deflateSegment(bytes: Buffer): Buffer {
  return deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
}

// --- CRC-32 of a concatenation, from the pieces' CRCs (zlib's crc32_combine, crc32.c) ------------

const POLY = 0xedb88320;

/** a(x) b(x) modulo p(x), the CRC polynomial; bit-reflected, as the CRC itself. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo p(x), k = 0..31. */
const X2N: readonly number[] = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) table.push(multModP(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** x^(n 2^k) modulo p(x); x2nModP(length, 3) is crc32Combine's factor for a second part of `length` bytes. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n > 0) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}

// --- deflate framing -------------------------------------------------------------------------

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block with BFINAL set: ends the deflate stream (byte-aligned before and after). */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;

/** `bytes` as stored deflate blocks, not final; starts and ends on a byte boundary. */
function storedBlocks(bytes: Buffer, out: Buffer[]): void {
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const header = Buffer.allocUnsafe(5);
    header[0] = 0; // BFINAL 0, BTYPE 00 (stored); the rest of the byte is padding
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    out.push(header, chunk);
  }
}

/** The bytes between two nonces, ready to be sent: deflate segments and stored blocks, with the CRC-32 and length of what they decode to. */
interface Run {
  deflated: Buffer;
  crc: number;
  length: number;
}

/**
 * The gzip member of a page for nonces of one byte length: every byte of the response but the
 * nonces' (zero until written) and the CRC-32 (the length is known), with what completes them.
 */
interface GzipFrame {
  nonceLength: number;
  bytes: Buffer;
  /** Where each nonce's stored blocks start (one between each two runs). */
  slots: number[];
  /** Each run's CRC-32 and crc32Combine's factor for its length (the first run's is unused). */
  runs: { crc: number; factor: number }[];
  /** Copies of `bytes` given back by finished responses, to be lent again (AssembledPage.lendGzip). */
  spare: Buffer[];
}

/** Spare copies kept per frame: as many as responses of the page were in flight at once, up to this. */
const MAX_SPARE = 64;

/** Writes the nonce and the CRC-32 into a copy of the frame (whatever nonce of this length it held before). */
function fillGzip(out: Buffer, f: GzipFrame, nonce: string): Buffer {
  const nonceLength = f.nonceLength;
  // More than one stored block (a nonce of 64 KiB or more) is copied block by block.
  const long = nonceLength > STORED_MAX ? Buffer.from(nonce) : undefined;
  let crc = f.runs[0]!.crc;
  for (let i = 1; i < f.runs.length; i++) {
    const slot = f.slots[i - 1]!;
    if (long) for (let at = 0; at < nonceLength; at += STORED_MAX) long.copy(out, slot + at + 5 * (at / STORED_MAX + 1), at, at + STORED_MAX);
    else if (nonceLength > 0) out.write(nonce, slot + 5, 'utf8');
    // crc32Combine(crc32(nonce, crc), run.crc, run.length), with the run's factor kept.
    const run = f.runs[i]!;
    crc = (multModP(run.factor, crc32(nonce, crc)) ^ run.crc) >>> 0;
  }
  out.writeUInt32LE(crc, out.length - 8);
  return out;
}

/** A gzip member lent to one response (AssembledPage.lendGzip). */
export interface LentGzip {
  body: Buffer;
  /** Gives the buffer back to be lent again: only once its response is finished (every byte handed to the OS). */
  giveBack: () => void;
}

/** A page's parts, with its request parts as bytes (adjacent ones merged) and its ETag (nonce left out). */
export class AssembledPage {
  /** StaticPart, a request part's bytes, or NONCE. */
  private readonly parts: readonly (StaticPart | Buffer | typeof NONCE)[];
  readonly etag: string;
  /** The gzip member, made on the first gzip (a page kept and sent again reuses it). */
  private frame: GzipFrame | undefined;

  constructor(parts: readonly Part[]) {
    const out: (StaticPart | Buffer | typeof NONCE)[] = [];
    // What the ETag is the digest of: each part tagged and length-prefixed (a byte moved across a
    // seam changes it), a static part by its digest.
    let tagged = '';
    let text = '';
    const flush = () => {
      if (text === '') return;
      out.push(Buffer.from(text));
      tagged += `r${text.length}:${text}`;
      text = '';
    };
    for (const p of parts) {
      if (typeof p === 'string') text += p;
      else {
        flush();
        out.push(p);
        tagged += p === NONCE ? 'n' : `s${p.bytes.length}:${p.digest()}`;
      }
    }
    flush();
    this.parts = out;
    this.etag = `"${hash('sha256', tagged, 'base64url').slice(0, 27)}"`;
  }

  /** The page's bytes with `nonce` in place. */
  identity(nonce: string): Buffer {
    const n = Buffer.from(nonce);
    return Buffer.concat(this.parts.map((p) => (p === NONCE ? n : p instanceof StaticPart ? p.bytes : p)));
  }

  /**
   * The page as one gzip member (see the module comment): a copy of the frame, the nonce written
   * into its stored blocks, and the CRC-32 of the whole from the runs' and the nonce's. The
   * caller keeps it: a lent copy never given back.
   */
  gzip(nonce: string): Buffer {
    return this.lendGzip(nonce).body;
  }

  /**
   * The same bytes as gzip(nonce), in a copy of the frame lent to one response: one given back by
   * an earlier, finished response when there is one (its nonce and CRC-32 overwritten), so a page
   * sent again and again is neither allocated nor copied per response. No two responses in flight
   * ever hold the same copy: a copy is lent again only after `giveBack`, which the sender calls
   * once its response is finished.
   */
  lendGzip(nonce: string): LentGzip {
    const f = this.frameFor(nonce);
    let body = f.spare.pop();
    if (body === undefined) {
      body = Buffer.allocUnsafe(f.bytes.length);
      f.bytes.copy(body);
    }
    const lent = fillGzip(body, f, nonce);
    let given = false;
    return {
      body: lent,
      giveBack: () => {
        if (given) return;
        given = true;
        if (f.spare.length < MAX_SPARE) f.spare.push(lent);
      },
    };
  }

  /** The gzip frame for nonces of this one's byte length (made again when the length changes). */
  private frameFor(nonce: string): GzipFrame {
    const nonceLength = Buffer.byteLength(nonce);
    let f = this.frame;
    if (f?.nonceLength !== nonceLength) f = this.frame = this.gzipFrame(nonceLength);
    return f;
  }

  /** The frame of the gzip member for nonces of `nonceLength` bytes (zeros in their place, the trailer's CRC-32 left to fill). */
  private gzipFrame(nonceLength: number): GzipFrame {
    const runs = this.deflateRuns();
    const nonceBlocks: Buffer[] = [];
    storedBlocks(Buffer.alloc(nonceLength), nonceBlocks);
    const out: Buffer[] = [GZIP_HEADER];
    const slots: number[] = [];
    let at = GZIP_HEADER.length;
    let length = 0;
    for (let i = 0; i < runs.length; i++) {
      const run = runs[i]!;
      if (i > 0) {
        slots.push(at);
        for (const b of nonceBlocks) {
          out.push(b);
          at += b.length;
        }
        length += nonceLength;
      }
      out.push(run.deflated);
      at += run.deflated.length;
      length += run.length;
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    out.push(FINAL_BLOCK, trailer);
    return { nonceLength, bytes: Buffer.concat(out), slots, runs: runs.map((r) => ({ crc: r.crc, factor: x2nModP(r.length, 3) })), spare: [] };
  }

  /** The parts between the nonces, each run as deflate segments (static parts) and stored blocks (request parts). */
  private deflateRuns(): Run[] {
    const runs: Run[] = [];
    let run: Buffer[] = [];
    let crc = 0;
    let length = 0;
    const endRun = () => {
      runs.push({ deflated: Buffer.concat(run), crc, length });
      run = [];
      crc = 0;
      length = 0;
    };
    for (const p of this.parts) {
      if (p === NONCE) endRun();
      else if (p instanceof StaticPart) {
        run.push(p.deflate());
        crc = crc32Combine(crc, p.crc, p.bytes.length);
        length += p.bytes.length;
      } else {
        if (p.length >= DEFLATE_REQUEST_PARTS_FROM) run.push(deflateSegment(p));
        else storedBlocks(p, run);
        crc = crc32(p, crc);
        length += p.length;
      }
    }
    endRun();
    return runs;
  }
}

export interface AssembledHtmlOptions {
  /** The response's nonce (filled in for NONCE, and in the policy). */
  policy: SecurityPolicy;
  /**
   * ETag and `private, no-cache` (a browser may keep the page and ask again with If-None-Match:
   * 304 when nothing changed); otherwise `no-store` like every other page (sendHtml).
   */
  revalidate: boolean;
}

/** Sends an assembled HTML page: gzip when accepted, 304 when If-None-Match names it (revalidate only). */
export function sendAssembledHtml(req: FastifyRequest, reply: FastifyReply, status: number, page: AssembledPage, o: AssembledHtmlOptions): FastifyReply {
  let gzip: boolean;
  if (o.revalidate && status === 200) {
    const n = negotiate(req, reply, page.etag);
    // No Content-Security-Policy on a 304: the stored page's own (with its nonce) stays in force.
    if (n === 'notModified') return reply.code(304).send();
    gzip = n;
  } else gzip = representationHeaders(req, reply, o.revalidate ? page.etag : undefined);
  pageHeaders(reply.code(status), o.policy, o.revalidate ? 'private, no-cache' : 'no-store');
  if (!gzip) return reply.send(page.identity(o.policy.nonce));
  // The buffer is lent to this response until it is finished: 'finish' comes once every byte is
  // with the OS (a response that never finishes, a closed connection, keeps it: the GC takes it).
  const lent = page.lendGzip(o.policy.nonce);
  reply.raw.once('finish', lent.giveBack);
  return reply.header('content-encoding', 'gzip').send(lent.body);
}
