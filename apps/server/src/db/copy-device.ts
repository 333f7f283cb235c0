import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * Where a `COPY … TO` on PGlite can write (`copyToBuffer`): a device of the database's file
 * system whose writes land in one growing buffer. PGlite's own `/dev/blob` keeps a copy of each
 * write (COPY writes about a kilobyte at a time) and joins them into a Blob, read back into an
 * ArrayBuffer: three copies of the output and a hundred thousand small arrays per hundred
 * megabytes, where this device makes one.
 */
export const COPY_DEVICE = '/dev/copy-buffer';

/** The Emscripten file system calls this needs (`PGlite.Module.FS`). */
type DeviceFs = {
  makedev(major: number, minor: number): number;
  registerDevice(
    device: number,
    operations: {
      open(): void;
      close(): void;
      write(stream: unknown, heap: Int8Array, offset: number, length: number): number;
    },
  ): void;
  mkdev(path: string, device: number): void;
};

/** PGlite's `/dev/blob` is device 64:0. */
const DEVICE_MAJOR = 64;
const DEVICE_MINOR = 1;
const INITIAL_BYTES = 4 * 1024 * 1024;

/** One COPY's output: a buffer grown as the writes come, handed over whole by `take`. */
class CopySink {
  private buffer: Buffer | undefined;
  private length = 0;

  append(heap: Int8Array, offset: number, length: number): void {
    const needed = this.length + length;
    if (!this.buffer || needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(INITIAL_BYTES, 2 * needed));
      this.buffer?.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.buffer.set(new Uint8Array(heap.buffer, heap.byteOffset + offset, length), this.length);
    this.length = needed;
  }

  /** What was written since the last take; the sink starts again empty. */
  take(): Buffer {
    const written = this.buffer ? this.buffer.subarray(0, this.length) : Buffer.alloc(0);
    this.buffer = undefined;
    this.length = 0;
    return written;
  }
}

const sinks = new WeakMap<PGlite, CopySink>();

function sinkOf(client: PGlite): CopySink {
  const known = sinks.get(client);
  if (known) return known;
  const sink = new CopySink();
  const fs = client.Module.FS as unknown as DeviceFs;
  const device = fs.makedev(DEVICE_MAJOR, DEVICE_MINOR);
  fs.registerDevice(device, {
    open: () => undefined,
    close: () => undefined,
    write: (_stream, heap, offset, length) => {
      sink.append(heap, offset, length);
      return length;
    },
  });
  fs.mkdev(COPY_DEVICE, device);
  sinks.set(client, sink);
  return sink;
}

/**
 * Runs `statement`, a `COPY … TO '${COPY_DEVICE}'`, in `tx`, a transaction of `client`, and
 * returns what it wrote. PGlite runs one transaction at a time, so no other COPY writes to the
 * device between the two takes.
 */
export async function copyToBuffer(
  client: PGlite,
  tx: Transaction,
  statement: string,
): Promise<Buffer> {
  const sink = sinkOf(client);
  sink.take();
  await tx.query(statement);
  return sink.take();
}
