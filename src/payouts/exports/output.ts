/**
 * Byte plumbing shared by the writers: a Writable wrapped so that writing respects
 * backpressure (await 'drain' when write() returns false) and fails fast on sink errors, and a
 * text buffer that batches many small strings into ~64 KB chunks before they reach a sink.
 */
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';

/** Something that accepts bytes; a returned promise means "wait before writing more". */
export interface ByteTarget {
  write(chunk: Buffer): Promise<void> | undefined;
}

/** Characters (UTF-16 code units) gathered before one write to the target. */
export const CHUNK_CHARS = 64 * 1024;

/** Waits for 'drain', failing if the stream errors or closes first (so nothing hangs). */
export function waitDrain(stream: NodeJS.EventEmitter & { destroyed: boolean; errored?: Error | null }): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.destroyed) {
      reject(stream.errored ?? new Error('stream destroyed before drain'));
      return;
    }
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onClose = () => {
      cleanup();
      reject(stream.errored ?? new Error('stream closed before drain'));
    };
    stream.on('drain', onDrain);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/** A Writable as a ByteTarget; counts bytes. Holds an 'error' listener until release(). */
export class WritableTarget implements ByteTarget {
  bytes = 0;
  private failure: Error | null = null;
  private readonly onError = (err: Error) => {
    this.failure ??= err;
  };

  constructor(private readonly sink: Writable) {
    sink.on('error', this.onError);
  }

  write(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    if (this.sink.destroyed || this.sink.writableEnded) {
      throw this.sink.errored ?? new Error('export sink is closed');
    }
    this.bytes += chunk.length;
    return this.sink.write(chunk) ? undefined : waitDrain(this.sink);
  }

  /** Ends the sink and waits until everything is flushed (its 'finish'). */
  async end(): Promise<void> {
    if (this.failure) throw this.failure;
    this.sink.end();
    await finished(this.sink, { readable: false });
  }

  release(): void {
    this.sink.off('error', this.onError);
  }
}

/**
 * Gathers strings and hands them to the target as UTF-8 Buffers of ~CHUNK_CHARS characters.
 * `write` returns a promise only when it flushed into a target that asked to wait; callers use
 * `const p = out.write(s); if (p) await p;` so the common path costs no microtask.
 */
export class TextChunker {
  private text = '';

  constructor(
    private readonly target: ByteTarget,
    private readonly chunkChars = CHUNK_CHARS,
  ) {}

  write(s: string): Promise<void> | undefined {
    this.text += s;
    return this.text.length >= this.chunkChars ? this.flush() : undefined;
  }

  flush(): Promise<void> | undefined {
    if (this.text.length === 0) return undefined;
    const chunk = Buffer.from(this.text, 'utf8');
    this.text = '';
    return this.target.write(chunk);
  }
}
